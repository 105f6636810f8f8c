/** Fixtures of the llama3-json format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const llama3JsonFixtures: FormatFixture[] = [
  // The Llama 3.1 template's form (llama.cpp models/templates/meta-llama-Llama-3.1-8B-Instruct.jinja@8b576b6c; llama.cpp tests/test-chat.cpp@34df42f7, Llama 3.1 block).
  {
    name: 'a single bare call',
    text: '{"name": "get_weather", "parameters": {"city": "Paris", "days": "2"}}',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 2 } }],
    prose: '',
  },
  // meta-llama/llama-models models/llama3_1/prompt_format.md (<|python_tag|>); "arguments" as https://github.com/vllm-project/vllm/pull/46890 reads it.
  {
    name: 'after <|python_tag|>, with "arguments"',
    text: '<|python_tag|>{"name": "search", "arguments": {"query": "llamas"}}',
    calls: [{ toolName: 'search', input: { query: 'llamas' } }],
    prose: '',
  },
  // Synthetic edge case: Llama 3.x calls joined by "; " or line breaks.
  {
    name: 'parallel calls separated by ";" and by newlines',
    text: '<|python_tag|>{"name": "get_weather", "parameters": {"city": "A"}}; {"name": "get_weather", "parameters": {"city": "B"}}\n{"name": "search", "parameters": {"query": "c"}}',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
      { toolName: 'search', input: { query: 'c' } },
    ],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'prose before a python_tag call and after it',
    text: 'Let me look.<|python_tag|>{"name": "search", "parameters": {"query": "x"}}\nDone; thanks.',
    calls: [{ toolName: 'search', input: { query: 'x' } }],
    prose: 'Let me look.Done; thanks.',
  },
  // Synthetic edge case.
  {
    name: 'escaped and unicode strings',
    text: '{"name": "search", "parameters": {"query": "tab\\t\\"q\\" \\u00e9 😀 Ωmega"}}',
    calls: [{ toolName: 'search', input: { query: 'tab\t"q" é 😀 Ωmega' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a call truncated inside a string stays text',
    text: '<|python_tag|>{"name": "search", "parameters": {"query": "unfini',
    calls: [],
    prose: '<|python_tag|>{"name": "search", "parameters": {"query": "unfini',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed JSON after python_tag stays text',
    text: '<|python_tag|>brave_search.call(query="x")',
    calls: [],
    prose: '<|python_tag|>brave_search.call(query="x")',
    errors: ['malformed-tool-call'],
  },
  // https://github.com/ggml-org/llama.cpp/issues/18183 (JSON in an answer taken for a call).
  {
    name: 'JSON inside prose is not a call',
    text: 'Send {"name": "get_weather", "parameters": {"city": "A"}} to the API.',
    calls: [],
    prose: 'Send {"name": "get_weather", "parameters": {"city": "A"}} to the API.',
  },
  // Synthetic edge case.
  {
    name: 'a bare JSON answer naming an undeclared tool stays text, silently',
    text: '{"name": "Bob", "age": 3}',
    calls: [],
    prose: '{"name": "Bob", "age": 3}',
  },
  // Synthetic edge case.
  {
    name: 'a bare JSON answer that is not a call stays text',
    text: '{"temperature": 21, "unit": "C"}',
    calls: [],
    prose: '{"temperature": 21, "unit": "C"}',
  },
];

export const llama3JsonTools: LanguageModelV4FunctionTool[] = fixtureTools;
