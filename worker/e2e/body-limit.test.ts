/**
 * A body over MAX_BODY_BYTES gets its 413 through to real clients, in
 * workerd. undici's fetch (and with it the openai SDK) writes the whole body
 * before it reads the answer: when the 413 went out at once, the connection
 * closed under the writer and these clients reported a reset ("fetch
 * failed", ECONNRESET) in about half the tries. The proxy now drains the
 * rest of the body first (src/server/core/guards.ts). curl, which stops
 * writing when the answer comes, got the 413 either way.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkerd } from './heap.ts';

let server: Awaited<ReturnType<typeof startWorkerd>>;
beforeAll(async () => {
  server = await startWorkerd({ REPLAY_DELAY_MS: '0' });
});
afterAll(() => server?.stop());

const content = 'x'.repeat(5 * 1024 * 1024);
const TRIES = 8;

/** The status, or how the client failed. */
async function outcome(send: () => Promise<number>): Promise<string> {
  try {
    return String(await send());
  } catch (error) {
    const { status, message, cause } = error as { status?: number; message: string; cause?: { message?: string } };
    return status ? String(status) : `failed: ${cause?.message ?? message}`;
  }
}

describe('a 5 MB body with Content-Length, MAX_BODY_BYTES 1 MB', () => {
  it(`fetch gets the 413 every time (${TRIES} tries)`, async () => {
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] });
    const results: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      results.push(
        await outcome(async () => {
          const response = await fetch(`${server.base}/v1/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          expect((await response.json()).error.code).toBe('request_too_large');
          return response.status;
        }),
      );
    }
    expect(results).toEqual(Array(TRIES).fill('413'));
  });

  it(`the openai SDK gets an APIError with status 413 every time (${TRIES} tries)`, async () => {
    const client = new OpenAI({ baseURL: `${server.base}/v1`, apiKey: 'x', maxRetries: 0 });
    const results: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      results.push(
        await outcome(async () => {
          await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content }] });
          return 200;
        }),
      );
    }
    expect(results).toEqual(Array(TRIES).fill('413'));
  });
});
