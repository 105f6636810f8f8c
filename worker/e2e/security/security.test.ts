/// <reference types="node" />
/**
 * The proxy's security properties, checked from outside as an attacker would
 * meet them: over a bare socket, against `toolshim serve` on Node and the
 * Worker under `wrangler dev` in workerd alike.
 *
 * - DNS rebinding: a request whose Host names another domain is refused on
 *   every route, in that API's error shape; localhost and IP addresses pass.
 * - Methods the Fetch API cannot represent (TRACE) get the route's 405.
 * - A client that half-closes after its request still gets the answer.
 * - A password in the upstream URL goes upstream as basic auth and never
 *   reaches a client, whatever a hostile upstream quotes back, nor the log.
 * - The proxy token: absent, empty or wrong is a 401 on every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_SAMPLES, sampleBody } from '../../../src/server/test/routes.ts';
import { HOSTILE_CASES, type HostileUpstream, hostileUpstream } from './hostile-upstream.ts';
import { type ProxyRuntime, type RunningProxy, startProxy } from './proxies.ts';
import { rawRequest, requestText } from './raw-http.ts';

const RUNTIMES: ProxyRuntime[] = ['node', 'workerd'];
const ATTACKER = 'rebind.attacker.example';

/** Each door's error shape: Anthropic's `{"type":"error","error":{...}}`, OpenAI's `{"error":{...}}`. */
function doorShape(path: string): RegExp {
  return path === '/v1/messages' ? /^\{"type":"error","error":\{"type":"[a-z_]+"/ : /^\{"error":\{"message":/;
}

/** What names the failure: OpenAI's `code`; Anthropic's shape has its `type` only. */
function failure(path: string, code: string, anthropicType: string): string {
  return path === '/v1/messages' ? `"type":"${anthropicType}"` : `"code":"${code}"`;
}

function post(sample: (typeof ROUTE_SAMPLES)[number], host: string, stream = false, tag = '', extra = {}) {
  return requestText('POST', sample.path, {
    host,
    headers: { ...sample.headers, ...extra },
    body: sampleBody(sample, stream, tag),
  });
}

describe.each(RUNTIMES)('%s: Host, methods, half-close (offline sample model)', (runtime) => {
  let proxy: RunningProxy;
  let local: string;
  beforeAll(async () => {
    proxy = await startProxy(runtime, { REPLAY_DELAY_MS: '0' });
    local = `127.0.0.1:${proxy.port}`;
  }, 120_000);
  afterAll(() => proxy?.stop());

  it.each(ROUTE_SAMPLES)(
    'a rebinding page ($name, Host of its own domain): 403 in the door’s shape',
    async (sample) => {
      const answer = await rawRequest(proxy.port, post(sample, `${ATTACKER}:${proxy.port}`));
      expect(answer.status).toBe(403);
      expect(answer.body).toMatch(doorShape(sample.path));
      expect(answer.body).toContain(failure(sample.path, 'host_not_allowed', 'permission_error'));
      expect(answer.body).toContain('ALLOWED_HOSTS');
    },
  );

  it('a rebinding page on the GET routes and the preflight: 403', async () => {
    for (const [method, target] of [
      ['GET', '/v1/models'],
      ['GET', '/health'],
      ['OPTIONS', '/v1/chat/completions'],
    ]) {
      const answer = await rawRequest(proxy.port, requestText(method as string, target as string, { host: ATTACKER }));
      expect(answer.status, `${method} ${target}`).toBe(403);
    }
  });

  it('an absolute-form target naming localhost does not get past a foreign Host', async () => {
    const sample = ROUTE_SAMPLES[0]!;
    const text = requestText('POST', `http://localhost:${proxy.port}${sample.path}`, {
      host: ATTACKER,
      body: sampleBody(sample, false),
    });
    expect((await rawRequest(proxy.port, text)).status).toBe(403);
  });

  it.each(['127.0.0.1', 'localhost', 'LOCALHOST', 'app.localhost', '[::1]'])(
    'Host %s:PORT is this machine: answered',
    async (name) => {
      const sample = ROUTE_SAMPLES[0]!;
      const answer = await rawRequest(proxy.port, post(sample, `${name}:${proxy.port}`));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ object: 'chat.completion' });
    },
  );

  it.each(ROUTE_SAMPLES)('TRACE $path: 405 in the door’s shape, with Allow, and nothing logged', async (sample) => {
    const before = proxy.output().length;
    const answer = await rawRequest(proxy.port, requestText('TRACE', sample.path, { host: local }));
    expect(answer.status).toBe(405);
    expect(answer.head).toMatch(/\r\nallow: POST, OPTIONS/i);
    expect(answer.body).toMatch(doorShape(sample.path));
    expect(answer.body).toContain(failure(sample.path, 'method_not_allowed', 'invalid_request_error'));
    expect(answer.body).toContain('accepts POST, not TRACE');
    expect(proxy.output().slice(before)).not.toMatch(/threw|TypeError/);
  });

  it('TRACE on a path no door serves: 404', async () => {
    const answer = await rawRequest(proxy.port, requestText('TRACE', '/nowhere', { host: local }));
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('unknown_route');
  });

  it.each(
    ROUTE_SAMPLES.flatMap((sample) => [
      { ...sample, stream: false },
      { ...sample, stream: true },
    ]),
  )('a client that half-closes after its request ($path, stream $stream) gets the whole answer', async (sample) => {
    const answer = await rawRequest(proxy.port, post(sample, local, sample.stream), { halfClose: true });
    expect(answer.status).toBe(200);
    if (sample.stream) expect(answer.body).toMatch(sample.done);
    else expect(JSON.parse(answer.body)).toBeTypeOf('object');
  });
});

describe.each(RUNTIMES)('%s: a password in the upstream URL, a hostile upstream', (runtime) => {
  const PASSWORD = 'pw-S3cret-9f7Q2x';
  const basic = Buffer.from(`alice:${PASSWORD}`).toString('base64');
  let upstream: HostileUpstream;
  let proxy: RunningProxy;
  beforeAll(async () => {
    upstream = await hostileUpstream(PASSWORD);
    proxy = await startProxy(runtime, {
      UPSTREAM_BASE_URL: upstream.url.replace('//', `//alice:${PASSWORD}@`),
      UPSTREAM_MODEL: 'm',
      UPSTREAM_TIMEOUT_MS: '5000',
    });
  }, 120_000);
  afterAll(async () => {
    await proxy?.stop();
    await upstream?.close();
  });

  const cases = ROUTE_SAMPLES.flatMap((sample) =>
    HOSTILE_CASES.map((hostile) => ({ ...sample, hostile, stream: hostile.startsWith('stream') })),
  );
  it.each(cases)('$path, upstream answers $hostile: the client never sees the password', async (sample) => {
    const answer = await rawRequest(
      proxy.port,
      post(sample, `127.0.0.1:${proxy.port}`, sample.stream, `case=${sample.hostile}`),
    );
    expect(answer.status).toBeGreaterThanOrEqual(200);
    const seen = answer.head + answer.body;
    for (const secret of [PASSWORD, basic, basic.slice(4, 16), encodeURIComponent(PASSWORD)]) {
      expect(seen).not.toContain(secret);
    }
    // The request went out: its credentials as basic auth, the URL without them.
    const last = upstream.seen.at(-1);
    expect(last?.headers.authorization).toBe(`Basic ${basic}`);
    expect(last?.url).toBe('/v1/chat/completions');
  });

  it('nor does the log or banner', () => {
    expect(proxy.output()).not.toContain(PASSWORD);
    expect(proxy.output()).not.toContain(basic);
  });
});

describe.each(RUNTIMES)('%s: the proxy token', (runtime) => {
  let proxy: RunningProxy;
  beforeAll(async () => {
    proxy = await startProxy(runtime, { REPLAY_DELAY_MS: '0', PROXY_TOKEN: 'tok-Security-1' });
  }, 120_000);
  afterAll(() => proxy?.stop());

  it.each(ROUTE_SAMPLES)('$path: no token, an empty one or a wrong one is 401; the right one 200', async (sample) => {
    const host = `127.0.0.1:${proxy.port}`;
    const header = sample.path === '/v1/messages' ? 'x-api-key' : 'authorization';
    const given = (token: string) => ({ [header]: header === 'authorization' ? `Bearer ${token}` : token });
    expect((await rawRequest(proxy.port, post(sample, host))).status).toBe(401);
    expect((await rawRequest(proxy.port, post(sample, host, false, '', given('')))).status).toBe(401);
    expect((await rawRequest(proxy.port, post(sample, host, false, '', given('tok-Security-2')))).status).toBe(401);
    expect((await rawRequest(proxy.port, post(sample, host, false, '', given('tok-Security-1')))).status).toBe(200);
  });
});
