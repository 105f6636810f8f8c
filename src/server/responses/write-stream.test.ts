/**
 * The Responses event writer, fed the stream parts of a toolshim-wrapped mock
 * model (whole, one character at a time, random cuts), read back as SSE and
 * through the real openai client's stream accumulator.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { hermesToolMiddleware } from '../../middleware/presets.ts';
import { chunkings, functionTool, generateContent, streamParts, usage } from '../../test/harness.ts';
import { announcesCall } from '../core/whole-calls.ts';
import { framesText, parseEvents, type ResponsesEvent, throughSdk } from '../test/responses-events.ts';
import { responseFrame } from './response-object.ts';
import type { ToolRoutes } from './tool-routes.ts';
import type { OutputItem } from './wire-types.ts';
import { toResponse } from './write-result.ts';
import { createResponseEventWriter } from './write-stream.ts';

const weather = functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } });
const patch = functionTool('apply_patch', {
  type: 'object',
  properties: { input: { type: 'string' } },
  required: ['input'],
});
const tools = [weather, patch];
const run = { middleware: hermesToolMiddleware, tools };
const call = (name: string, args: unknown) => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

const routes = (custom: string[] = []): ToolRoutes => ({ custom: new Set(custom), namespaced: new Map() });

/** The writer fed as the core feeds it: without the parts that announce a call (core/whole-calls.ts). */
function write(parts: LanguageModelV4StreamPart[], custom: string[] = ['apply_patch']): Uint8Array[] {
  const writer = createResponseEventWriter({ frame: responseFrame('my-model', { tools: [] }), routes: routes(custom) });
  const sent = parts.filter((part) => !announcesCall(part));
  return [...writer.start(), ...sent.flatMap((part) => writer.write(part)), ...writer.end()];
}

/** The items' content without their generated ids, for comparing runs. */
function shapeOf(items: OutputItem[]) {
  return items.map((item) => {
    const { id: _id, ...rest } = item as OutputItem & { call_id?: string };
    if ('call_id' in rest) rest.call_id = 'call';
    return rest;
  });
}

const finished = (response: ResponsesEvent) => response.response as { output: OutputItem[]; status: string };

describe('the Responses event writer', () => {
  it('a text answer: the exact event sequence, numbered from 0', async () => {
    const frames = write(await streamParts(run, ['Hello', ' there.']));
    const events = parseEvents(framesText(frames));
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events[6]).toMatchObject({ text: 'Hello there.', output_index: 0, content_index: 0 });
    const done = finished(events.at(-1) as ResponsesEvent);
    expect(done).toMatchObject({
      status: 'completed',
      model: 'my-model',
      usage: { input_tokens: 10, output_tokens: 20, total_tokens: 30 },
    });
    const { response } = await throughSdk(frames);
    expect(response.output_text).toBe('Hello there.');
    expect(response.status).toBe('completed');
  });

  const text = `Let me check.\n${call('get_weather', { city: 'Paris' })}\n${call('get_weather', { city: 'Tokyo' })}`;
  for (const { name, chunks } of chunkings(text)) {
    it(`text and two calls, fed ${name}: each call whole in one delta, the items agree with the whole answer`, async () => {
      const frames = write(await streamParts(run, chunks));
      const events = parseEvents(framesText(frames));
      const deltas = events.filter((e) => e.type === 'response.function_call_arguments.delta');
      const dones = events.filter((e) => e.type === 'response.function_call_arguments.done');
      expect(dones.map((d) => JSON.parse(d.arguments as string))).toEqual([{ city: 'Paris' }, { city: 'Tokyo' }]);
      for (const done of dones) {
        const own = deltas.filter((d) => d.item_id === done.item_id).map((d) => d.delta);
        expect(own).toEqual([done.arguments]);
      }
      const streamed = finished(events.at(-1) as ResponsesEvent).output;
      expect(streamed.map((item) => item.type)).toEqual(['message', 'function_call', 'function_call']);
      const whole = toResponse(
        await generateContent(run, text),
        responseFrame('my-model', {}),
        routes(['apply_patch']),
      );
      expect(shapeOf(streamed)).toEqual(shapeOf(whole.output));
      const { response, events: sdkEvents } = await throughSdk(frames);
      expect(response.output.map((item) => item.type)).toEqual(['message', 'function_call', 'function_call']);
      expect(sdkEvents.length).toBe(events.length);
    });
  }

  it('thinking read from the text becomes a reasoning item with reasoning_text events', async () => {
    const frames = write(await streamParts(run, ['<think>\nThe user wants', ' Paris.\n</think>\n\n', 'Sunny.']));
    const events = parseEvents(framesText(frames));
    expect(events.filter((e) => e.type.startsWith('response.reasoning_text')).map((e) => e.type)).toContain(
      'response.reasoning_text.done',
    );
    const output = finished(events.at(-1) as ResponsesEvent).output;
    expect(output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(output[0]).toMatchObject({ summary: [], content: [{ type: 'reasoning_text' }] });
    expect((output[0] as { content: Array<{ text: string }> }).content[0]?.text.trim()).toBe('The user wants Paris.');
    const { response } = await throughSdk(frames);
    expect(response.output_text).toBe('Sunny.');
    expect(response.output[0]).toMatchObject({
      type: 'reasoning',
      content: [{ text: expect.stringContaining('Paris') }],
    });
  });

  for (const { name, chunks } of chunkings(
    call('apply_patch', { input: '*** Begin Patch\n*** Add File: a.txt\n+"hi"\n*** End Patch' }),
  )) {
    it(`a custom tool call, fed ${name}: a custom_tool_call item with its plain-text input`, async () => {
      const patchText = '*** Begin Patch\n*** Add File: a.txt\n+"hi"\n*** End Patch';
      const frames = write(await streamParts(run, chunks));
      const events = parseEvents(framesText(frames));
      const types = events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1]);
      expect(types).toEqual([
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.custom_tool_call_input.delta',
        'response.custom_tool_call_input.done',
        'response.output_item.done',
        'response.completed',
      ]);
      const deltas = events.filter((e) => e.type === 'response.custom_tool_call_input.delta').map((e) => e.delta);
      expect(deltas).toEqual([patchText]);
      expect(events.find((e) => e.type === 'response.custom_tool_call_input.done')).toMatchObject({ input: patchText });
      expect(finished(events.at(-1) as ResponsesEvent).output[0]).toMatchObject({
        type: 'custom_tool_call',
        name: 'apply_patch',
        input: patchText,
        status: 'completed',
      });
      const { response } = await throughSdk(frames);
      expect(response.output[0]).toMatchObject({ type: 'custom_tool_call', input: patchText });
    });
  }

  for (const { name, chunks } of chunkings(
    'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seo',
  )) {
    it(`a call the model broke after its name, fed ${name}: no call item at all, its raw text a message`, async () => {
      const parts = await streamParts(run, chunks);
      // The middleware did announce it: the core's hold is what keeps it from the client.
      expect(parts.some((part) => part.type === 'tool-input-start')).toBe(true);
      const frames = write(parts);
      const events = parseEvents(framesText(frames));
      expect(events.some((e) => e.type.startsWith('response.function_call'))).toBe(false);
      const output = finished(events.at(-1) as ResponsesEvent).output;
      expect(output.map((item) => [item.type, item.status])).toEqual([['message', 'completed']]);
      const { response } = await throughSdk(frames);
      expect(response.output_text).toMatch(/^Checking\.\n<tool_call>[\s\S]*"Seo$/);
    });
  }

  it('the token limit: the item being written is incomplete, the response ends response.incomplete', async () => {
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'A long ans' },
      { type: 'text-end', id: 't1' },
      { type: 'finish', finishReason: { unified: 'length', raw: 'length' }, usage },
    ];
    const events = parseEvents(framesText(write(parts)));
    expect(events.at(-1)?.type).toBe('response.incomplete');
    expect(events.at(-1)?.response).toMatchObject({
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [{ type: 'message', status: 'incomplete' }],
    });
    expect(events.find((e) => e.type === 'response.output_item.done')?.item).toMatchObject({ status: 'incomplete' });
  });

  it('a fault mid-stream: an error event, then response.failed with what came so far', async () => {
    const writer = createResponseEventWriter({ frame: responseFrame('m', {}), routes: routes() });
    const frames = [
      ...writer.start(),
      ...writer.write({ type: 'text-delta', id: 't', delta: 'Partial' }),
      ...writer.fail({ message: 'The upstream stream broke off.', code: 'upstream_unreachable' }),
    ];
    const events = parseEvents(framesText(frames));
    expect(events.slice(-2).map((e) => e.type)).toEqual(['error', 'response.failed']);
    expect(events.at(-2)).toMatchObject({ code: 'upstream_unreachable', message: 'The upstream stream broke off.' });
    expect(events.at(-1)?.response).toMatchObject({
      status: 'failed',
      error: { code: 'upstream_unreachable' },
      output: [{ type: 'message', status: 'incomplete', content: [{ text: 'Partial' }] }],
    });
    await expect(throughSdk(frames)).rejects.toThrow(/broke off/);
  });

  it('a call reported whole (no tool-input parts) is announced with all its arguments at once', async () => {
    const frames = write([
      { type: 'tool-call', toolCallId: 'call_9', toolName: 'get_weather', input: '{"city":"Oslo"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
    ]);
    const events = parseEvents(framesText(frames));
    expect(events.map((e) => e.type).slice(2, -1)).toEqual([
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
    ]);
    const { response } = await throughSdk(frames);
    expect(response.output[0]).toMatchObject({ call_id: 'call_9', arguments: '{"city":"Oslo"}', status: 'completed' });
  });
});
