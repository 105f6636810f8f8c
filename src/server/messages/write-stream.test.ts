/**
 * The Messages stream writer, fed the parts the real toolshim middleware
 * makes of scripted model text (Hermes format), and hand-made parts for what
 * only a native upstream does (calls that overlap, malformed arguments).
 */
import type { JSONSchema7, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { applyMiddleware } from '../core/apply-middleware.ts';
import { middlewareForProtocol } from '../core/protocol-middleware.ts';
import { announcesCall } from '../core/whole-calls.ts';
import { eventNames, eventsOf, type SseEvent } from './test/events.ts';
import { THINKING_SIGNATURE } from './write-result.ts';
import { createMessageStreamWriter, errorEvent } from './write-stream.ts';

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } satisfies JSONSchema7,
};
const usage = {
  inputTokens: { total: 120, noCache: 100, cacheRead: 20, cacheWrite: undefined },
  outputTokens: { total: 30, text: 30, reasoning: undefined },
};
const call = (id: string, city: string) =>
  `<tool_call>\n{"name": "get_weather", "arguments": {"city": "${city}"}}\n</tool_call>`.replace('get_weather', id);

/** A call as the middleware streams it: announced, its input in `pieces`, ended, then whole. */
const streamedCall = (id: string, toolName: string, pieces: string[]): LanguageModelV4StreamPart[] => [
  { type: 'tool-input-start', id, toolName },
  ...pieces.map((delta) => ({ type: 'tool-input-delta' as const, id, delta })),
  { type: 'tool-input-end', id },
  { type: 'tool-call', toolCallId: id, toolName, input: pieces.join('') },
];

/** The middleware's parts for model text streamed in pieces of `size` characters. */
async function partsOf(text: string, size = 3): Promise<LanguageModelV4StreamPart[]> {
  const chunks: LanguageModelV4StreamPart[] = [{ type: 'text-start', id: 't' }];
  for (let i = 0; i < text.length; i += size)
    chunks.push({ type: 'text-delta', id: 't', delta: text.slice(i, i + size) });
  chunks.push({ type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
  const model = applyMiddleware(
    new MockLanguageModelV4({ doStream: async () => ({ stream: convertArrayToReadableStream(chunks) }) }),
    middlewareForProtocol('hermes'),
  );
  const { stream } = await model.doStream({ prompt: [], tools: [weatherTool] });
  const parts: LanguageModelV4StreamPart[] = [];
  for await (const part of stream as unknown as AsyncIterable<LanguageModelV4StreamPart>) parts.push(part);
  return parts;
}

type WriterCall = Parameters<typeof createMessageStreamWriter>[0];
const defaults: WriterCall = {
  model: 'claude-x',
  stopSequences: [],
  disableParallelToolUse: false,
  omitThinking: false,
  inputTokensEstimate: 42,
};

/** The writer fed as the core feeds it: without the parts that announce a call (core/whole-calls.ts). */
function run(parts: LanguageModelV4StreamPart[], options: Partial<WriterCall> = {}) {
  const writer = createMessageStreamWriter({ ...defaults, ...options });
  const frames = [...writer.start()];
  for (const part of parts) if (!announcesCall(part)) frames.push(...writer.write(part));
  frames.push(...writer.end());
  return { events: eventsOf(frames), done: writer.done };
}

const deltasOf = (events: SseEvent[], index: number, field: 'text' | 'partial_json' | 'thinking') =>
  events
    .filter((e) => e.event === 'content_block_delta' && e.data.index === index)
    .map((e) => (e.data.delta as Record<string, string>)[field] ?? '')
    .join('');
const stopOf = (events: SseEvent[]) => events.find((e) => e.event === 'message_delta')?.data;

describe('the Messages event stream', () => {
  it('text only: the whole sequence, with usage and the estimate up front', async () => {
    const { events } = run(await partsOf('Hello there, friend.'));
    const names = eventNames(events);
    expect(names[0]).toBe('message_start');
    expect(names[1]).toBe('content_block_start');
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(events[0]?.data.message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [],
      stop_reason: null,
      usage: { input_tokens: 42, output_tokens: 0 },
    });
    expect(events[0]?.data.message).toMatchObject({ id: expect.stringMatching(/^msg_/) });
    expect(events[1]?.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    expect(deltasOf(events, 0, 'text')).toBe('Hello there, friend.');
    expect(stopOf(events)).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { input_tokens: 100, output_tokens: 30, cache_creation_input_tokens: 0, cache_read_input_tokens: 20 },
    });
  });

  it('text then two calls: a tool_use block each, its input whole in one delta', async () => {
    const { events } = run(
      await partsOf(`Let me check.\n${call('get_weather', 'Paris')}\n${call('get_weather', 'Rome')}`),
    );
    const starts = events.filter((e) => e.event === 'content_block_start').map((e) => e.data);
    expect(starts.map((s) => (s.content_block as { type: string }).type)).toEqual(['text', 'tool_use', 'tool_use']);
    const block = starts[1]?.content_block as { id: string; name: string; input: unknown };
    expect(block.id).toMatch(/^toolu_/);
    expect(block).toMatchObject({ name: 'get_weather', input: {} });
    expect(JSON.parse(deltasOf(events, 1, 'partial_json'))).toEqual({ city: 'Paris' });
    expect(JSON.parse(deltasOf(events, 2, 'partial_json'))).toEqual({ city: 'Rome' });
    expect(events.filter((e) => e.event === 'content_block_delta' && e.data.index === 1)).toHaveLength(1);
    expect(stopOf(events)?.delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null });
    // Blocks never overlap: each starts after the previous one stopped.
    const order = events.filter((e) => e.event.startsWith('content_block_') && e.event !== 'content_block_delta');
    expect(order.map((e) => `${e.event}:${e.data.index}`)).toEqual([
      'content_block_start:0',
      'content_block_stop:0',
      'content_block_start:1',
      'content_block_stop:1',
      'content_block_start:2',
      'content_block_stop:2',
    ]);
  });

  for (const raw of [
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par',
    // Broken right after the name: Claude Code ran the block it was sent for this with `{}`, and looped.
    '<tool_call>\n{"name": "get_weather", "argu',
  ]) {
    it(`a call cut off (${JSON.stringify(raw.slice(-8))}): no tool_use block, the raw text, end_turn`, async () => {
      const parts = await partsOf(`Sure. ${raw}`, 1);
      expect(parts.some((part) => part.type === 'tool-input-start')).toBe(true);
      const { events } = run(parts);
      const types = events
        .filter((e) => e.event === 'content_block_start')
        .map((e) => (e.data.content_block as { type: string }).type);
      // One text block: the prose and the broken call's text together, as the whole answer has them.
      expect(types).toEqual(['text']);
      const text = types.map((_, index) => deltasOf(events, index, 'text')).join('');
      expect(text).toBe(`Sure. ${raw}`);
      expect(stopOf(events)?.delta).toEqual({ stop_reason: 'end_turn', stop_sequence: null });
    });
  }

  it('thinking: a thinking block with thinking deltas, then the signature, then its stop', async () => {
    const { events } = run(await partsOf(`<think>\nParis, so a call.\n</think>\n\n${call('get_weather', 'Paris')}`));
    expect(events[1]?.data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    });
    expect(deltasOf(events, 0, 'thinking').trim()).toBe('Paris, so a call.');
    const block0 = eventNames(events.filter((e) => e.data.index === 0));
    expect(block0.slice(-2)).toEqual(['content_block_delta:signature_delta', 'content_block_stop']);
    const signature = events.find((e) => (e.data.delta as { type?: string } | undefined)?.type === 'signature_delta');
    expect(signature?.data.delta).toEqual({ type: 'signature_delta', signature: THINKING_SIGNATURE });
    expect(stopOf(events)?.delta).toMatchObject({ stop_reason: 'tool_use' });
  });

  it('thinking with display "omitted": the block comes, its text does not', async () => {
    const { events } = run(await partsOf('<think>secret plan</think>Answer.'), { omitThinking: true });
    expect(deltasOf(events, 0, 'thinking')).toBe('');
    expect(deltasOf(events, 1, 'text')).toBe('Answer.');
  });

  it('a stop sequence split across pieces ends the message there, and says which', async () => {
    const { events, done } = run(await partsOf('Count: one two STOP three', 2), { stopSequences: ['STOP', 'never'] });
    expect(deltasOf(events, 0, 'text')).toBe('Count: one two ');
    expect(stopOf(events)?.delta).toEqual({ stop_reason: 'stop_sequence', stop_sequence: 'STOP' });
    expect(eventNames(events).at(-1)).toBe('message_stop');
    expect(done).toBe(true);
  });

  it('text held back for a stop sequence that never comes is all sent', async () => {
    const { events } = run(await partsOf('no match here ST', 4), { stopSequences: ['STOP'] });
    expect(deltasOf(events, 0, 'text')).toBe('no match here ST');
    expect(stopOf(events)?.delta).toEqual({ stop_reason: 'end_turn', stop_sequence: null });
  });

  it('disable_parallel_tool_use: the message ends with its first completed call', async () => {
    const { events, done } = run(await partsOf(`${call('get_weather', 'Paris')}\n${call('get_weather', 'Rome')}`), {
      disableParallelToolUse: true,
    });
    const tools = events.filter((e) => e.event === 'content_block_start');
    expect(tools).toHaveLength(1);
    expect(JSON.parse(deltasOf(events, 0, 'partial_json'))).toEqual({ city: 'Paris' });
    expect(stopOf(events)?.delta).toMatchObject({ stop_reason: 'tool_use' });
    expect(done).toBe(true);
  });
});

describe('parts only a native upstream sends', () => {
  const finish: LanguageModelV4StreamPart = {
    type: 'finish',
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
  };

  it('overlapping calls (all ended at the finish) become sequential blocks, each with its whole input', () => {
    const { events } = run([
      { type: 'tool-input-start', id: 'a', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'a', delta: '{"city":' },
      { type: 'tool-input-delta', id: 'a', delta: '"Paris"}' },
      { type: 'tool-input-start', id: 'b', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'b', delta: '{"city":"Rome"}' },
      { type: 'tool-input-end', id: 'a' },
      { type: 'tool-call', toolCallId: 'a', toolName: 'get_weather', input: '{"city":"Paris"}' },
      { type: 'tool-input-end', id: 'b' },
      { type: 'tool-call', toolCallId: 'b', toolName: 'get_weather', input: '{"city":"Rome"}' },
      finish,
    ]);
    expect(JSON.parse(deltasOf(events, 0, 'partial_json'))).toEqual({ city: 'Paris' });
    expect(JSON.parse(deltasOf(events, 1, 'partial_json'))).toEqual({ city: 'Rome' });
    expect(stopOf(events)?.delta).toMatchObject({ stop_reason: 'tool_use' });
  });

  it('a call with no argument pieces gets its input at the end; one never announced comes whole', () => {
    const { events } = run([
      { type: 'tool-input-start', id: 'a', toolName: 'now' },
      { type: 'tool-input-end', id: 'a' },
      { type: 'tool-call', toolCallId: 'a', toolName: 'now', input: '' },
      { type: 'tool-call', toolCallId: 'z', toolName: 'get_weather', input: '{"city":"Oslo"}' },
      finish,
    ]);
    expect(JSON.parse(deltasOf(events, 0, 'partial_json'))).toEqual({});
    expect(JSON.parse(deltasOf(events, 1, 'partial_json'))).toEqual({ city: 'Oslo' });
  });

  it('arguments that are not a JSON object stay visible as text and make no call', () => {
    const { events } = run([
      { type: 'text-delta', id: 't', delta: 'Here: ' },
      ...streamedCall('a', 'get_weather', ['["Paris"]']),
      finish,
    ]);
    expect(events.some((e) => e.event === 'content_block_start' && e.data.index === 1)).toBe(false);
    expect(deltasOf(events, 0, 'text')).toBe('Here: \n\nget_weather ["Paris"]');
    expect(stopOf(events)?.delta).toMatchObject({ stop_reason: 'end_turn' });
  });

  it('a call whose input ends in a surrogate pair goes whole in one delta', () => {
    const { events } = run([...streamedCall('a', 'say', ['{"t":"😀', '"}']), finish]);
    const pieces = events
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => (e.data.delta as { partial_json: string }).partial_json);
    expect(pieces).toEqual(['{"t":"😀"}']);
  });

  it('a length stop is max_tokens; a stream that ends without finish still closes', () => {
    const length = run([
      { type: 'text-delta', id: 't', delta: 'Once upon' },
      { type: 'finish', finishReason: { unified: 'length', raw: 'length' }, usage },
    ]);
    expect(stopOf(length.events)?.delta).toMatchObject({ stop_reason: 'max_tokens' });
    const cut = run([{ type: 'text-delta', id: 't', delta: 'Once upon' }]);
    expect(eventNames(cut.events).slice(-4)).toEqual([
      'content_block_delta:text_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(stopOf(cut.events)?.usage).toMatchObject({ input_tokens: 42, output_tokens: 0 });
  });

  it("errorEvent writes Anthropic's error event (the core's driver sends it for an error part)", () => {
    const [event] = eventsOf([
      errorEvent({ type: 'error', error: { type: 'api_error', message: 'Upstream failed' }, request_id: null }),
    ]);
    expect(event).toEqual({
      event: 'error',
      data: { type: 'error', error: { type: 'api_error', message: 'Upstream failed' } },
    });
  });
});
