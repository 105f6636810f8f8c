/**
 * A base URL's user and password leave the URL and go as basic auth: the
 * Fetch API refuses a URL with credentials (and its error quotes the URL),
 * so the proxy once answered every request with the password in a 502.
 * Through the handler, with a fake upstream whose fetch refuses such URLs as
 * the real one does, and whose errors quote what it was sent.
 */
import { describe, expect, it } from 'vitest';
import { chatRequest, proxyOver } from '../server/test/fake-upstream.ts';
import { proxyOptionsFromEnv } from '../server.ts';
import { upstreamAuth } from './upstream-auth.ts';

const PASSWORD = 'p@ss wörd:42';
const encoded = encodeURIComponent(PASSWORD);
const basic = btoa(String.fromCharCode(...new TextEncoder().encode(`alice:${PASSWORD}`)));

describe('upstreamAuth', () => {
  it('moves user and password into a Basic header, decoded, and names every form of the secret', () => {
    const auth = upstreamAuth(`http://alice:${encoded}@127.0.0.1:8080/v1?x=1`, undefined);
    expect(auth.baseURL).toBe('http://127.0.0.1:8080/v1?x=1');
    expect(auth.authorization).toBe(`Basic ${basic}`);
    expect(auth.secrets).toEqual(expect.arrayContaining([basic, PASSWORD, encoded]));
  });

  it('a plain URL keeps the key as a bearer token; no key, no header', () => {
    expect(upstreamAuth('http://127.0.0.1:8080/v1', 'sk-1')).toEqual({
      baseURL: 'http://127.0.0.1:8080/v1',
      authorization: 'Bearer sk-1',
      secrets: ['sk-1'],
    });
    expect(upstreamAuth('http://127.0.0.1:8080/v1', undefined)).toEqual({
      baseURL: 'http://127.0.0.1:8080/v1',
      secrets: [],
    });
  });

  it('credentials and a key both: a TypeError that says to keep one and quotes neither', () => {
    let message = '';
    try {
      upstreamAuth(`http://alice:${encoded}@127.0.0.1/v1`, 'sk-1');
    } catch (error) {
      message = (error as Error).message;
      expect(error).toBeInstanceOf(TypeError);
    }
    expect(message).toContain('keep one');
    expect(message).not.toContain('alice');
    expect(message).not.toContain(encoded);
  });

  it('proxyOptionsFromEnv refuses the pair at startup, naming the variables', () => {
    expect(() =>
      proxyOptionsFromEnv({ UPSTREAM_BASE_URL: 'http://a:b@127.0.0.1/v1', UPSTREAM_API_KEY: 'sk-1' }),
    ).toThrow(/UPSTREAM_API_KEY/);
  });
});

describe('through the handler', () => {
  it('the upstream gets the URL without credentials and a Basic header; its quotes of them are redacted', async () => {
    const { handler, requests } = proxyOver(
      (request) =>
        Response.json(
          { error: { message: `refused ${request.headers.get('authorization')} password=${PASSWORD} (${encoded})` } },
          { status: 401 },
        ),
      {},
      { baseURL: `http://alice:${encoded}@upstream.test/v1` },
    );
    const response = await handler(chatRequest({ messages: [{ role: 'user', content: 'hi' }] }));
    const text = await response.text();
    expect(response.status).toBe(401);
    expect(requests[0]?.url).toBe('http://upstream.test/v1/chat/completions');
    expect(requests[0]?.headers.get('authorization')).toBe(`Basic ${basic}`);
    for (const secret of [PASSWORD, encoded, basic, basic.slice(0, 8)]) expect(text).not.toContain(secret);
  });
});
