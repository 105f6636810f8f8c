/**
 * The proxy's streamed answer goes from the upstream client's parts through
 * the middleware's parser to the door's driver without a `ReadableStream`
 * read between them: each stage takes over the source behind the stream it is
 * given (util/part-source.ts). This was a cost measured in workerd (a read
 * request, a pull and their promises per part per stage); nothing else fails
 * if a stage stops finding the source and falls back to a reader, so this
 * test watches every reader's reads and asserts that only bytes (the upstream
 * body, the client's answer) pass through one, never a stream part. (Chat
 * completions in native mode forwards the upstream's chunks and makes no
 * parts; it is here so that stays true.) Each case fails when sourceOf
 * always reads through a reader.
 */
import { describe, expect, it } from 'vitest';
import { chunk, proxyOver, sseResponse, textChunks } from '../test/fake-upstream.ts';
import { ROUTE_SAMPLES, sampleBody } from '../test/routes.ts';

const hermesCall = 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const nativeCall = [
  chunk({ role: 'assistant', content: '' }),
  chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }),
  chunk({}, 'tool_calls'),
];

/**
 * What every reader read while `run` ran: the kinds of the values (bytes, or
 * a part's `type`). The prototype is patched by hand and restored in
 * `finally`: the Deno and edge shims run every file in one process, where a
 * wrapper left behind would wrap itself on the next test.
 */
async function kindsRead(run: () => Promise<void>): Promise<string[]> {
  const kinds: string[] = [];
  const prototype = ReadableStreamDefaultReader.prototype;
  const read = prototype.read;
  prototype.read = async function (this: ReadableStreamDefaultReader) {
    const result = await read.call(this);
    if (!result.done) {
      const value = result.value as unknown;
      kinds.push(value instanceof Uint8Array ? 'bytes' : String((value as { type?: unknown }).type ?? typeof value));
    }
    return result;
  };
  try {
    await run();
  } finally {
    prototype.read = read;
  }
  return kinds;
}

describe('stream parts reach the door without a reader in between', () => {
  for (const sample of ROUTE_SAMPLES) {
    for (const mode of ['emulated', 'native'] as const) {
      it(`${sample.path}, ${mode}`, async () => {
        const answer = () => sseResponse(mode === 'emulated' ? textChunks(hermesCall, 5) : nativeCall);
        const { handler } = proxyOver(answer, { toolMode: mode });
        let text = '';
        const kinds = await kindsRead(async () => {
          const response = await handler(
            new Request(`http://proxy.test${sample.path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...sample.headers },
              body: sampleBody(sample, true),
            }),
          );
          text = await response.text();
        });
        expect(text).toContain('get_weather');
        expect(kinds.length).toBeGreaterThan(0);
        expect(kinds.filter((kind) => kind !== 'bytes')).toEqual([]);
      });
    }
  }
});
