/**
 * The guards in front of the model: content
 * type, request framing and size, the echoed model name, and CORS headers.
 * Each case checks that nothing reached the upstream when it was refused.
 */
import { describe, expect, it } from 'vitest';
import { chatRequest, proxyOver } from '../test/fake-upstream.ts';
import { readBodyLimited } from './guards.ts';
import type { ProxyHandlerOptions } from './options.ts';

const proxy = (extra: Partial<ProxyHandlerOptions> = {}) => proxyOver(undefined, extra);

const messages = [{ role: 'user', content: 'hi' }];

describe('content type', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''])(
    '%s is refused with 415 and the fix, before anything is sent upstream',
    async (type) => {
      const { handler, requests } = proxy();
      const response = await handler(
        new Request('http://proxy.test/v1/chat/completions', {
          method: 'POST',
          body: JSON.stringify({ messages }),
          headers: type === '' ? {} : { 'content-type': type },
        }),
      );
      expect(response.status).toBe(415);
      expect((await response.json()).error).toMatchObject({ code: 'unsupported_media_type' });
      expect(requests).toHaveLength(0);
    },
  );

  it('application/json with a charset is accepted', async () => {
    const { handler, requests } = proxy();
    const response = await handler(
      new Request('http://proxy.test/v1/chat/completions', {
        method: 'POST',
        body: JSON.stringify({ messages }),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
    expect(response.status).toBe(200);
    expect(requests).toHaveLength(1);
  });
});

describe('framing and size', () => {
  /** A body of `size` bytes in 64 KiB chunks, then `end`; counts the bytes read. */
  function sized(size: number, end: 'close' | 'stall' = 'close') {
    const state = { read: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.read >= size) {
            if (end === 'close') controller.close();
            return end === 'stall' ? new Promise<void>(() => {}) : undefined;
          }
          const piece = new Uint8Array(Math.min(65536, size - state.read)).fill(120);
          state.read += piece.byteLength;
          controller.enqueue(piece);
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { state, body };
  }

  it('a declared Content-Length above the limit: the body is read to its end and dropped, then 413', async () => {
    // Clients that write the whole body before reading (undici's fetch, the openai SDK) would get a reset otherwise.
    const { state, body } = sized(5 * 1024 * 1024);
    const request = { headers: new Headers({ 'content-length': String(5 * 1024 * 1024) }), body } as unknown as Request;
    await expect(readBodyLimited(request, 1024)).rejects.toMatchObject({ status: 413 });
    expect(state.read).toBe(5 * 1024 * 1024);
  });

  it('a body past the limit without Content-Length is drained too, up to drainBytes more, then cut off', async () => {
    const { state, body } = sized(10 * 1024 * 1024);
    const request = { headers: new Headers(), body } as unknown as Request;
    await expect(readBodyLimited(request, 1024, { drainBytes: 1024 * 1024 })).rejects.toMatchObject({ status: 413 });
    expect(state.read).toBeGreaterThan(1024 * 1024);
    expect(state.read).toBeLessThan(2 * 1024 * 1024);
    expect(state.cancelled).toBe(true);
  });

  it('a too-large body that stalls while drained is given up after drainMs', async () => {
    const { body } = sized(2048, 'stall');
    const request = { headers: new Headers({ 'content-length': '1000000' }), body } as unknown as Request;
    const started = Date.now();
    await expect(readBodyLimited(request, 1024, { drainMs: 50 })).rejects.toMatchObject({ status: 413 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a declared Content-Length beyond the limit plus drainBytes is refused at once, without reading', async () => {
    let pulled = false;
    const request = {
      headers: new Headers({ 'content-length': String(100 * 1024 * 1024) }),
      body: new ReadableStream<Uint8Array>(
        {
          pull() {
            pulled = true;
            return new Promise(() => {}); // a client that sends slowly, or never
          },
        },
        { highWaterMark: 0 },
      ),
    } as unknown as Request;
    await expect(readBodyLimited(request, 1024)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBe(false);
  });

  it('a body that breaks while it is read is 400 invalid_body, not 500', async () => {
    const { handler, requests } = proxy();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('invalid chunked encoding'));
      },
    });
    const response = await handler(
      new Request('http://proxy.test/v1/chat/completions', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { 'content-type': 'application/json' },
      } as RequestInit),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 'invalid_body' });
    expect(requests).toHaveLength(0);
  });

  describe('a body of declared length, which the runtime reads in one go', () => {
    /** A request as workerd and Node's http server give one: Content-Length set, the body readable whole. */
    const declared = (length: number, text: () => Promise<string>) =>
      ({ headers: new Headers({ 'content-length': String(length) }), body: new ReadableStream(), text }) as Request;

    it('is read through text()', async () => {
      expect(
        await readBodyLimited(
          declared(11, async () => '{"a":"é"} '),
          1024,
        ),
      ).toBe('{"a":"é"} ');
    });

    it('that breaks while read is 400 invalid_body', async () => {
      const broken = declared(100, () => Promise.reject(new TypeError('the client cut the body off')));
      await expect(readBodyLimited(broken, 1024)).rejects.toMatchObject({ status: 400, code: 'invalid_body' });
    });

    it('that runs past its declared length and the limit is 413', async () => {
      const lying = declared(10, async () => 'x'.repeat(2048));
      await expect(readBodyLimited(lying, 1024)).rejects.toMatchObject({ status: 413 });
    });
  });
});

describe('the model name, echoed in every chunk, is capped', () => {
  it('a name over 256 characters is 400 on `model`, with the limit in the message', async () => {
    const { handler, requests } = proxy();
    const response = await handler(chatRequest({ model: 'm'.repeat(257), messages }));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toMatchObject({ param: 'model' });
    expect(error.message).toMatch(/256 characters/);
    expect(requests).toHaveLength(0);
  });

  it('256 characters pass', async () => {
    const { handler } = proxy();
    expect((await handler(chatRequest({ model: 'm'.repeat(256), messages }))).status).toBe(200);
  });
});

describe('CORS', () => {
  const withOrigin = (origin: string) => new Request('http://proxy.test/v1/models', { headers: { origin } });

  it('an allowed origin is reflected, with Vary: Origin and Retry-After readable', async () => {
    const { handler } = proxy({ allowedOrigins: ['https://app.example'] });
    const response = await handler(withOrigin('https://app.example'));
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('vary')).toMatch(/Origin/);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/retry-after/i);
  });

  it('another origin gets no CORS allowance, and still Vary: Origin (the answer depends on it)', async () => {
    const { handler } = proxy({ allowedOrigins: ['https://app.example'] });
    const response = await handler(withOrigin('https://evil.example'));
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/Origin/);
  });

  it('"*" allows any origin and exposes Retry-After', async () => {
    const { handler } = proxy({ allowedOrigins: '*' });
    const response = await handler(withOrigin('https://any.example'));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/retry-after/i);
  });
});

describe('the Host allow-list (allowedHosts, against DNS rebinding)', () => {
  const ask = (handler: (request: Request) => Promise<Response>, host: string) =>
    handler(
      new Request(`http://${host}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages }),
        headers: { 'content-type': 'application/json' },
      }),
    );

  it.each([
    ['rebind.attacker.example', []],
    ['localhost.attacker.example', []],
    ['attacker-localhost', []],
    ['evil.example', ['example']],
    ['badexample.test', ['.example.test']],
  ])('%s (allowed: %j): 403 host_not_allowed, nothing sent upstream', async (host, allowedHosts) => {
    const { handler, requests } = proxy({ allowedHosts });
    const response = await ask(handler, host);
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: 'host_not_allowed', type: 'permission_error' });
    expect(body.error.message).toContain('ALLOWED_HOSTS');
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['127.0.0.1:8787', []],
    ['10.0.0.7', []],
    ['[::1]:8787', []],
    ['localhost:8787', []],
    ['app.localhost', []],
    ['box.lan', ['box.lan']],
    ['a.b.example.test', ['.example.test']],
    ['example.test', ['.example.test']],
    ['anything.example', ['*']],
  ])('%s (allowed: %j): answered', async (host, allowedHosts) => {
    const { handler } = proxy({ allowedHosts });
    expect((await ask(handler, host)).status).toBe(200);
  });

  it('unset: any host (a Worker at its own domain)', async () => {
    const { handler } = proxy();
    expect((await ask(handler, 'toolshim.example.workers.dev')).status).toBe(200);
  });
});
