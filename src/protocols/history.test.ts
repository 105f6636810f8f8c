/**
 * Earlier calls written back as the model's official chat template writes
 * them. The expected strings were rendered from the templates (Jinja, with
 * Hugging Face's trim_blocks/lstrip_blocks and tojson) outside this project
 * and are the assistant turn's text between the turn header and its
 * end-of-turn token; the templates themselves are not copied here. Source:
 * llama.cpp models/templates/ at ye-NX/llama.cpp@1eeb523c3e0c7ffbd59469f5463dcbdecba3535e.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { functionTool, mockModel } from '../test/harness.ts';
import { protocolByName } from './registry.ts';

const tools = [
  functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } }),
  functionTool('search', { type: 'object', properties: { query: { type: 'string' } } }),
];
const paris = { name: 'get_weather', input: { city: 'Paris' } };
const rain = { name: 'search', input: { query: 'rain' } };

type Scenario = 'one call' | 'two calls' | 'text and a call';
const scenarios: Record<Scenario, { text?: string; calls: Array<{ name: string; input: Record<string, unknown> }> }> = {
  'one call': { calls: [paris] },
  'two calls': { calls: [paris, rain] },
  'text and a call': { text: 'Checking.', calls: [paris] },
};

/** What each template writes (see the header); a scenario left out is one the template cannot write. */
const expected: Array<{ format: string; template: string; cases: Partial<Record<Scenario, string>> }> = [
  {
    format: 'hermes',
    template: 'Qwen-Qwen3-0.6B.jinja',
    cases: {
      'one call': '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      'two calls':
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "search", "arguments": {"query": "rain"}}\n</tool_call>',
      'text and a call':
        'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
    },
  },
  {
    format: 'kimi-k2',
    template: 'moonshotai-Kimi-K2.jinja',
    cases: {
      'one call':
        '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>',
      'two calls':
        '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_call_begin|>functions.search:1<|tool_call_argument_begin|>{"query": "rain"}<|tool_call_end|><|tool_calls_section_end|>',
      'text and a call':
        'Checking.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>',
    },
  },
  {
    format: 'deepseek',
    template: 'deepseek-ai-DeepSeek-V3.1.jinja (arguments given as json.dumps text)',
    cases: {
      'one call':
        '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      'two calls':
        '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query": "rain"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      'text and a call':
        'Checking.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    },
  },
  {
    // GLM-4.6.jinja (ggml-org/llama.cpp models/templates@afefa651): every assistant turn starts
    // '\n<think></think>\n' (or the thinking) before its content; that preamble is the template's own
    // wrapping of the content, which is what toolshim sends.
    format: 'glm',
    template: 'GLM-4.6.jinja',
    cases: {
      'one call': '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>',
      'two calls':
        '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>rain</arg_value>\n</tool_call>',
      'text and a call':
        'Checking.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>',
    },
  },
  {
    // MiniMax-M2.jinja (pwilkin/llama.cpp models/templates@773abba7).
    format: 'minimax-m2',
    template: 'MiniMax-M2.jinja',
    cases: {
      'one call':
        '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>',
      'two calls':
        '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n<invoke name="search">\n<parameter name="query">rain</parameter>\n</invoke>\n</minimax:tool_call>',
      'text and a call':
        'Checking.<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>',
    },
  },
  {
    format: 'llama3-json',
    template: 'meta-llama-Llama-3.1-8B-Instruct.jinja (one call per turn; the text of a turn with a call is dropped)',
    cases: {
      'one call': '{"name": "get_weather", "parameters": {"city": "Paris"}}',
      'text and a call': '{"name": "get_weather", "parameters": {"city": "Paris"}}',
    },
  },
  {
    format: 'mistral',
    template: 'unsloth-mistral-Devstral-Small-2507.jinja',
    cases: { 'text and a call': 'Checking.[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}' },
  },
  {
    // The template's generation prompt already wrote `<|start|>assistant`; toolshim's text carries it, so the
    // turn reads as a whole message: the expected string is the template's with that header in front.
    format: 'harmony',
    template: 'openai-gpt-oss-120b.jinja (one call per message)',
    cases: {
      'one call':
        '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Paris"}<|call|>',
    },
  },
];

async function assistantText(format: string, scenario: Scenario): Promise<string> {
  const { text, calls } = scenarios[scenario];
  const prompt: LanguageModelV4Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
    {
      role: 'assistant',
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: `c${i}`, toolName: c.name, input: c.input })),
      ],
    },
    {
      role: 'tool',
      content: calls.map((c, i) => ({
        type: 'tool-result' as const,
        toolCallId: `c${i}`,
        toolName: c.name,
        output: { type: 'json' as const, value: { ok: true } },
      })),
    },
  ];
  const inner = mockModel(['ok']);
  const model = wrapLanguageModel({
    model: inner,
    middleware: createToolMiddleware({ protocol: protocolByName(format) }),
  });
  await model.doGenerate({ prompt, tools });
  const assistant = inner.doGenerateCalls[0]?.prompt.find((m) => m.role === 'assistant');
  if (assistant === undefined) throw new Error('the model got no assistant turn');
  return (assistant.content as Array<{ type: string; text?: string }>).map((p) => p.text ?? '').join('');
}

describe('history is written as the official template writes it', () => {
  for (const { format, template, cases } of expected) {
    for (const [scenario, text] of Object.entries(cases) as Array<[Scenario, string]>) {
      it(`${format}: ${scenario} (${template})`, async () => {
        expect(await assistantText(format, scenario)).toBe(text);
      });
    }
  }
});
