/**
 * A failed fetch's cause, found on its cause chain as undici and workerd
 * nest it, in words with the fix: each code the proxy and the command name.
 */
import { describe, expect, it } from 'vitest';
import { describeFetchFailure } from './fetch-failure.ts';

const failed = (cause: Error) => new TypeError('fetch failed', { cause });
const coded = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('describeFetchFailure', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused (ECONNREFUSED)', /^Is the model server running\? Start it, or check X\.$/],
    ['ENOTFOUND', 'its host name does not resolve (ENOTFOUND)', /host name in X/],
    ['EAI_AGAIN', 'its host name does not resolve (EAI_AGAIN)', /host name in X/],
    ['EHOSTUNREACH', 'no route to its host (EHOSTUNREACH)', /network/],
    ['ECONNRESET', 'the connection was cut (ECONNRESET)', /HTTP server/],
    ['UND_ERR_CONNECT_TIMEOUT', 'connecting timed out (UND_ERR_CONNECT_TIMEOUT)', /port open/],
    ['CERT_HAS_EXPIRED', 'its TLS certificate was refused (CERT_HAS_EXPIRED)', /certificate this machine trusts/],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'its TLS certificate was refused (DEPTH_ZERO_SELF_SIGNED_CERT)', /http:\/\//],
  ])('%s', (code, cause, fix) => {
    const failure = describeFetchFailure(failed(coded(code)), 'X');
    expect(failure.cause).toBe(cause);
    expect(failure.fix).toMatch(fix);
  });

  it('a code nested two causes down (undici wraps the socket error)', () => {
    const nested = failed(new Error('outer', { cause: coded('ECONNREFUSED') }));
    expect(describeFetchFailure(nested).cause).toBe('connection refused (ECONNREFUSED)');
    expect(describeFetchFailure(nested).fix).toContain('UPSTREAM_BASE_URL');
  });

  it('no code: the innermost message, and a blocked port said so', () => {
    expect(describeFetchFailure(failed(new Error('bad port')))).toEqual({
      cause: 'fetch refuses to connect to that port (bad port)',
      fix: 'Serve the model on another port.',
    });
    expect(describeFetchFailure(new TypeError('Network connection lost.')).cause).toBe('Network connection lost.');
  });
});
