/** Fixtures of the gemma4 format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

const Q = '<|"|>';

export const gemma4Fixtures: FormatFixture[] = [
  // The Gemma 4 template's form (llama.cpp models/templates/google-gemma-4-31B-it.jinja@3fc65063; llama.cpp tests/test-chat.cpp@f534da26, Google Gemma 4 block).
  {
    name: 'one call with a string, a number and a boolean',
    text: `<|tool_call>call:get_weather{city:${Q}London${Q},days:3,metric:true}<tool_call|>`,
    calls: [{ toolName: 'get_weather', input: { city: 'London', days: 3, metric: true } }],
    prose: '',
  },
  // llama.cpp tests/test-chat.cpp@f534da26, Google Gemma 4 block (parallel calls, content before a call, array argument).
  {
    name: 'parallel calls, prose, a list value',
    text: `Sure.<|tool_call>call:search{query:${Q}a${Q}}<tool_call|><|tool_call>call:search{query:${Q}b${Q},tags:[${Q}x${Q},${Q}y${Q}]}<tool_call|>Thanks.`,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Sure.Thanks.',
  },
  // ollama model/parsers/gemma4_test.go@8a0016f8 (unescaped double quotes and Windows backslashes inside <|"|> strings).
  {
    name: 'raw quotes, backslashes, braces and unicode in a string',
    text: `<|tool_call>call:search{query:${Q}say "hi" \\o/ {x} — 東京 🗼${Q}}<tool_call|>`,
    calls: [{ toolName: 'search', input: { query: 'say "hi" \\o/ {x} — 東京 🗼' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated inside a string stays text',
    text: `<|tool_call>call:search{query:${Q}abc`,
    calls: [],
    prose: `<|tool_call>call:search{query:${Q}abc`,
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed stays text',
    text: `<|tool_call>search(${Q}x${Q})<tool_call|>`,
    calls: [],
    prose: `<|tool_call>search(${Q}x${Q})<tool_call|>`,
    errors: ['malformed-tool-call'],
  },
  // Real drift, each reported with the model's raw text (our own fixtures, written to the pattern):
  {
    // vllm-project/vllm#53657: `call:terminal(command:<|"|>ls -a<|"|>)` under heavy prompts.
    name: 'arguments in parentheses with ":"',
    text: `<|tool_call>call:search(query:${Q}ls -a${Q},tags:[${Q}x${Q}])<tool_call|>`,
    calls: [{ toolName: 'search', input: { query: 'ls -a', tags: ['x'] } }],
    prose: '',
  },
  {
    // jundot/omlx#1886: Gemma 4 26B degrades to Python kwargs `call:name(key=value, ...)`.
    name: 'arguments in parentheses with "=", a bracket inside a string',
    text: `Checking.<|tool_call>call:get_weather(city=${Q}Rome (IT)${Q}, days=2)<tool_call|>`,
    calls: [{ toolName: 'get_weather', input: { city: 'Rome (IT)', days: 2 } }],
    prose: 'Checking.',
  },
  {
    // vllm-project/vllm#53431: the bare `<|tool_call>:name{…}` opener.
    name: 'the call: prefix shortened to ":"',
    text: `<|tool_call>:get_weather{city:${Q}London${Q}}<tool_call|>`,
    calls: [{ toolName: 'get_weather', input: { city: 'London' } }],
    prose: '',
  },
  {
    // vllm-project/vllm#54778: the opener without the `call:` marker.
    name: 'the call: prefix left out',
    text: `<|tool_call>get_weather{city:${Q}Paris${Q}}<tool_call|>`,
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: '',
  },
  // Synthetic edge case: an answer that stops before <tool_call|> (no report with raw text found).
  {
    name: 'no closing token at the end of the answer',
    text: `<|tool_call>call:search{query:${Q}a${Q}}`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: '',
  },
  {
    // google/gemma-4 chat template: the thought channel, then the call, with no text between.
    name: 'a call right after the thought channel',
    text: `<|channel>thought\nThe user wants Oslo.<channel|><|tool_call>call:get_weather{city:${Q}Oslo${Q}}<tool_call|>`,
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
    reasoning: 'The user wants Oslo.',
  },
  // vllm-project/vllm#54256: the call right after the thought channel, its <|tool_call> opener left out.
  {
    name: 'call: without its opener, opening the answer',
    text: `call:get_weather{city:${Q}Oslo${Q}}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  // Synthetic edge case: the opener-less form counts only for a declared tool at the start of the answer.
  {
    name: 'call: in prose, or naming no declared tool, stays text without a report',
    text: 'call: me maybe. And call:get_weather{city:1}',
    calls: [],
    prose: 'call: me maybe. And call:get_weather{city:1}',
  },
  // Synthetic edge case.
  {
    name: 'call: naming an undeclared tool stays text without a report',
    text: `call:launch_rocket{when:${Q}now${Q}}`,
    calls: [],
    prose: `call:launch_rocket{when:${Q}now${Q}}`,
  },
  // ollama/ollama#15370: an extra closing token after a complete call is dropped. Issue 27: so is one in prose,
  // a special token met alone (src/protocols/lone-markers-named.test.ts).
  {
    name: 'a doubled <tool_call|> after a call is dropped, and one in prose',
    text: `<|tool_call>call:search{query:${Q}x${Q}}<tool_call|><tool_call|>\nSee <tool_call|> here.`,
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: 'See here.',
  },
];

export const gemma4Tools: LanguageModelV4FunctionTool[] = fixtureTools;
