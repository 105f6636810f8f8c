/// <reference types="node" />
/**
 * `toolshim serve`'s socket limits (worker/node/server-limits.ts), from
 * outside: a client that sends nothing, dribbles its headers or its body is
 * cut off at its limit, not after Node's defaults (60 s headers, 300 s body,
 * checked every 30 s); connections past the cap are closed as they come,
 * and the proxy serves again once they are gone; a long answer is not cut by
 * the request timeout, which is for receiving the request only.
 * Set small here so the test is short; the defaults are in the banner test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_SAMPLES, sampleBody } from '../../../src/server/test/routes.ts';
import { type RunningProxy, startProxy } from './proxies.ts';
import { dribble, idleSocket, rawRequest, requestText } from './raw-http.ts';

const LIMITS = { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', IDLE_TIMEOUT_MS: '500', MAX_CONNECTIONS: '4' };
const chat = ROUTE_SAMPLES[0]!;

describe('toolshim serve: slow, idle and too many sockets', () => {
  let proxy: RunningProxy;
  let host: string;
  beforeAll(async () => {
    // 200 ms between the replay's tokens: a streamed answer takes several seconds, past REQUEST_TIMEOUT_MS.
    proxy = await startProxy('node', { ...LIMITS, REPLAY_DELAY_MS: '200' });
    host = `127.0.0.1:${proxy.port}`;
  });
  afterAll(() => proxy?.stop());

  it('the banner shows the limits in force', () => {
    expect(proxy.output()).toMatch(/limits\s+headers 1 s, request 2 s, idle 0\.5 s, 4 connections/);
  });

  it('a socket that sends nothing is closed at the headers timeout', async () => {
    const { closed } = await idleSocket(proxy.port);
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(900);
    expect(after).toBeLessThan(3000);
  });

  it('headers dribbled a byte every 200 ms: 408 and closed at the headers timeout', async () => {
    const answer = await dribble(proxy.port, requestText('GET', '/health', { host }), 200);
    expect(answer.closedAfterMs).toBeLessThan(3000);
    expect(answer.status).toBe(408);
  });

  it('headers at once, then the body a byte every 200 ms: cut at the request timeout', async () => {
    const text = requestText('POST', chat.path, { host, body: sampleBody(chat, false) });
    const answer = await dribble(proxy.port, text, 200, text.indexOf('\r\n\r\n') + 4);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(1900);
    expect(answer.closedAfterMs).toBeLessThan(4500);
  });

  it('an answer streamed for longer than the request timeout is not cut', async () => {
    const started = Date.now();
    const answer = await rawRequest(
      proxy.port,
      requestText('POST', chat.path, { host, body: sampleBody(chat, true) }),
      {
        waitMs: 20_000,
      },
    );
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(chat.done);
  });

  it('a kept-alive socket with no request is closed at the idle timeout', async () => {
    const text = requestText('GET', '/health', { host }).replace('Connection: close', 'Connection: keep-alive');
    const answer = await rawRequest(proxy.port, text, { waitMs: 5000 });
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeLessThan(2500);
  });

  it('past MAX_CONNECTIONS a new socket is closed at once; once the idle ones go, requests are served', async () => {
    const idle = await Promise.all(Array.from({ length: 4 }, () => idleSocket(proxy.port)));
    const refused = await rawRequest(proxy.port, requestText('GET', '/health', { host }), { waitMs: 3000 });
    expect(refused.status).toBe(0);
    expect(refused.closedAfterMs).toBeLessThan(500);
    await Promise.all(idle.map(({ closed }) => closed));
    const served = await rawRequest(proxy.port, requestText('GET', '/health', { host }));
    expect(served.status).toBe(200);
  });
});
