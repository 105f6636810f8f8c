/**
 * The upstream API key never reaches the client. A fake
 * upstream quotes the key everywhere it can: error bodies of every status,
 * JSON, HTML and plain text, 200 answers that are not completions, stream
 * error events and lines that are not events, and long messages with the key
 * at every offset around where messages are cut. The client's whole answer,
 * headers and body, must not contain the key, its URL-encoded form, or any
 * 8 characters of it in a row.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chatRequest, chunk, fakeUpstream, sseResponse } from '../test/fake-upstream.ts';

const KEY = 'sk-live-4f9A2b7C1d8E3f6G5h0J';
const slices = Array.from({ length: KEY.length - 7 }, (_, i) => KEY.slice(i, i + 8));

function leaks(text: string): string[] {
  return [KEY, encodeURIComponent(KEY), ...slices].filter((form) => text.includes(form));
}

const quoted = (around: number) => `${'x'.repeat(Math.max(0, around))}Authorization: Bearer ${KEY} was refused`;

const answers: Array<[string, () => Response]> = [
  ...[401, 403, 429, 400, 500, 502, 504].map((status): [string, () => Response] => [
    `${status} JSON error quoting the key`,
    () => Response.json({ error: { message: `bad key ${KEY}` } }, { status }),
  ]),
  [
    '500 HTML page',
    () =>
      new Response(`<html><body>key=${KEY}</body></html>`, { status: 500, headers: { 'content-type': 'text/html' } }),
  ],
  [
    '200 HTML page',
    () => new Response(`<html>${KEY}</html>`, { status: 200, headers: { 'content-type': 'text/html' } }),
  ],
  [
    '200 text that is not JSON',
    () => new Response(`oops ${KEY}`, { status: 200, headers: { 'content-type': 'application/json' } }),
  ],
  ['200 JSON that is not a completion', () => Response.json({ detail: KEY })],
  ['the key URL-encoded', () => Response.json({ error: { message: encodeURIComponent(KEY) } }, { status: 401 })],
  [
    'a stream error event',
    () => sseResponse([chunk({ content: 'Hi' }), { error: { message: `upstream said ${KEY}` } }]),
  ],
  [
    'a stream line that is not an event',
    () => sseResponse([chunk({ content: 'Hi' }), `not json ${KEY}` as unknown as Record<string, unknown>]),
  ],
  ...[280, 290, 295, 299, 300, 301, 305, 320].map((at): [string, () => Response] => [
    `a long message with the key at ${at}`,
    () => Response.json({ error: { message: quoted(at) } }, { status: 400 }),
  ]),
];

describe.each(['emulated', 'native'] as const)('%s mode: the key never reaches the client', (toolMode) => {
  for (const [name, answer] of answers) {
    for (const stream of [false, true]) {
      it(`${name} (${stream ? 'streaming' : 'not streaming'})`, async () => {
        const upstream = fakeUpstream(answer);
        const handler = createProxyHandler({
          toolMode,
          upstream: { baseURL: 'http://upstream.test/v1', apiKey: KEY, fetch: upstream.fetch },
        });
        const response = await handler(chatRequest({ messages: [{ role: 'user', content: 'hi' }], stream }));
        const body = await response.text();
        const headers = JSON.stringify([...response.headers]);
        expect(leaks(body + headers)).toEqual([]);
        // The upstream did get the key: the test would be empty otherwise.
        expect(upstream.requests[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
      });
    }
  }
});
