/**
 * An `onError` callback that throws is the app's bug, but it runs in the
 * middle of a parse: the stream must not end there. The answer comes out in
 * full, and the throw is reported once per call on console.error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolMiddleware, hermesProtocol } from '../index.ts';
import {
  chunkings,
  functionTool,
  generateContent,
  normalizeIds,
  streamParts,
  summarize,
  summarizeContent,
} from '../test/harness.ts';

const tools = [functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } })];
// Two problems in one answer: a malformed call (kept as text) and a call to an undeclared tool.
const text =
  'Checking. <tool_call>{"name": "get_weather", "arguments": {"city": </tool_call> ' +
  '<tool_call>{"name": "get_time", "arguments": {}}</tool_call> ' +
  '<tool_call>{"name": "get_weather", "arguments": {"city": "Seoul"}}</tool_call>';

function throwingMiddleware() {
  const onError = vi.fn(() => {
    throw new Error('bug in the app');
  });
  return { onError, middleware: createToolMiddleware({ protocol: hermesProtocol(), onError }) };
}

describe('an onError callback that throws', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('does not end the stream: the text, the good call and the finish all arrive, in every chunking', async () => {
    const expected = summarize(
      normalizeIds(
        await streamParts({ middleware: createToolMiddleware({ protocol: hermesProtocol() }), tools }, [text]),
      ),
    );
    // The undeclared tool's call goes on to the AI SDK, which reports it as NoSuchToolError.
    expect(expected.calls.map((call) => call.toolName)).toEqual(['get_time', 'get_weather']);
    for (const { name, chunks } of chunkings(text)) {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { onError, middleware } = throwingMiddleware();
      const parts = normalizeIds(await streamParts({ middleware, tools }, chunks));
      expect(summarize(parts), name).toEqual(expected);
      expect(parts.at(-1)?.type, name).toBe('finish');
      expect(onError.mock.calls.length, name).toBeGreaterThanOrEqual(2);
      // Reported once for the call, naming the first problem it was told about.
      expect(logged, name).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0]), name).toMatch(
        /^toolshim: your onError callback threw while being told/,
      );
      expect(logged.mock.calls[0]?.[1], name).toEqual(new Error('bug in the app'));
      logged.mockRestore();
    }
  });

  it('does not fail generate either, and each call reports once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { middleware } = throwingMiddleware();
    const first = await generateContent({ middleware, tools }, text);
    const second = await generateContent({ middleware, tools }, text);
    for (const result of [first, second]) {
      expect(summarizeContent(result.content).calls).toEqual([
        { toolName: 'get_time', input: {} },
        { toolName: 'get_weather', input: { city: 'Seoul' } },
      ]);
    }
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
