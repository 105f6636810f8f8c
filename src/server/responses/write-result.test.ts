/**
 * The whole `response` object from a toolshim-wrapped mock model's generate
 * result: items in the order the model wrote them, call items as Codex CLI and
 * the openai SDK read them, the status for a token limit.
 */
import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { hermesToolMiddleware } from '../../middleware/presets.ts';
import { functionTool, generateContent, usage } from '../../test/harness.ts';
import { responseFrame } from './response-object.ts';
import { customInput, toResponse } from './write-result.ts';

const tools = [
  functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } }),
  functionTool('apply_patch', { type: 'object', properties: { input: { type: 'string' } } }),
];
const run = { middleware: hermesToolMiddleware, tools };
const frame = responseFrame('my-model', { store: true, tools: [], tool_choice: 'auto', parallel_tool_calls: true });

describe('the whole response', () => {
  it('thinking, text and calls in order, with usage and the echoed request fields', async () => {
    const text =
      '<think>\nParis, then a patch.\n</think>\n\nOn it.\n' +
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n' +
      '<tool_call>\n{"name": "apply_patch", "arguments": {"input": "*** Begin Patch\\n*** End Patch"}}\n</tool_call>';
    const response = toResponse(await generateContent(run, text), frame, {
      custom: new Set(['apply_patch']),
      namespaced: new Map(),
    });
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'my-model',
      error: null,
      incomplete_details: null,
      store: true,
      tool_choice: 'auto',
      parallel_tool_calls: true,
      usage: {
        input_tokens: 10,
        output_tokens: 20,
        total_tokens: 30,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    });
    expect(response.id).toMatch(/^resp_[0-9a-f]{32}$/);
    expect(typeof response.completed_at).toBe('number');
    const [reasoning, message, call, patch] = response.output;
    expect(response.output).toHaveLength(4);
    expect(reasoning).toMatchObject({ type: 'reasoning', summary: [], status: 'completed' });
    expect(reasoning?.id).toMatch(/^rs_/);
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'On it.\n', annotations: [] }],
    });
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    expect(call?.id).toMatch(/^fc_/);
    expect((call as { call_id: string }).call_id).toMatch(/^call_/);
    expect(JSON.parse((call as { arguments: string }).arguments)).toEqual({ city: 'Paris' });
    expect(patch).toMatchObject({
      type: 'custom_tool_call',
      name: 'apply_patch',
      input: '*** Begin Patch\n*** End Patch',
      status: 'completed',
    });
  });

  it('a token limit leaves the response incomplete, and the item it cut off', () => {
    const result: LanguageModelV4GenerateResult = {
      content: [{ type: 'text', text: 'A long ans' }],
      finishReason: { unified: 'length', raw: 'length' },
      usage,
      warnings: [],
    };
    const response = toResponse(result, frame, { custom: new Set(), namespaced: new Map() });
    expect(response).toMatchObject({
      status: 'incomplete',
      completed_at: null,
      incomplete_details: { reason: 'max_output_tokens' },
      output: [{ type: 'message', status: 'incomplete' }],
    });
  });

  it('a custom tool input: the `input` string, else a lone string argument, else the JSON as written', () => {
    expect(customInput('{"input":"a\\nb"}')).toBe('a\nb');
    expect(customInput('{"patch":"p"}')).toBe('p');
    expect(customInput('{"a":"1","b":"2"}')).toBe('{"a":"1","b":"2"}');
    expect(customInput('not json')).toBe('not json');
  });
});
