/** Fixtures of the harmony format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const H = (name: string, args: string) =>
  `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${args}<|call|>`;

export const harmonyFixtures: FormatFixture[] = [
  // The gpt-oss template's form (llama.cpp models/templates/openai-gpt-oss-120b.jinja@b204a5a2; openai/harmony docs/format.md).
  {
    name: 'one call',
    text: H('get_weather', '{"city": "SF"}'),
    calls: [{ toolName: 'get_weather', input: { city: 'SF' } }],
    prose: '',
  },
  // llama.cpp tests/test-chat.cpp@f534da26, GPT-OSS block ("Tool call with reasoning + content").
  {
    name: 'analysis message, then a call with the recipient before the channel',
    text: '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Oslo", "metric": true}<|call|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', metric: true } }],
    prose: '',
    reasoning: 'Need weather.',
  },
  // Synthetic edge case: two commentary calls in one answer (the format allows it; no report seen).
  {
    name: 'parallel calls',
    text: `${H('search', '{"query": "a"}')}${H('search', '{"query": "b"}')}`,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: '',
  },
  // https://github.com/kekzl/imp/pull/1719 (gpt-oss output ending after the JSON, the engine stopping on <|call|>).
  {
    name: 'a call the engine cut at <|call|>',
    text: '<|channel|>commentary to=functions.search <|constrain|>json<|message|>{"query": "ünï \\"q\\" 🦀"}',
    calls: [{ toolName: 'search', input: { query: 'ünï "q" 🦀' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated inside the arguments stays text',
    text: '<|channel|>commentary to=functions.search <|constrain|>json<|message|>{"query": "ab',
    calls: [],
    prose: '<|channel|>commentary to=functions.search <|constrain|>json<|message|>{"query": "ab',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed arguments stay text',
    text: '<|channel|>commentary to=functions.search<|message|>{query: ab cd}<|call|>',
    calls: [],
    prose: '<|channel|>commentary to=functions.search<|message|>{query: ab cd}<|call|>',
    errors: ['malformed-tool-call'],
  },
  // llama.cpp tests/test-chat.cpp@f534da26, GPT-OSS block ("Tool call with constraint": recipient in the role header).
  {
    name: 'the header continuing a <|start|>assistant the template wrote, with <|constrain|>json',
    text: ' to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city": "Oslo"}<|call|>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  // Synthetic edge case: the conversation recipients are no functions (llama.cpp tests/test-chat.cpp@f534da26, GPT-OSS block, shows to=assistant).
  {
    name: 'a commentary message to=user is answer text, not a call to "user"',
    text: '<|start|>assistant<|channel|>commentary to=user<|message|>On it.<|end|><|start|>assistant<|channel|>commentary to=functions.search<|message|>{"query": "a"}<|call|>',
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: 'On it.',
  },
  // openai/harmony src/tests.rs@1bd4d071, test_missing_message_token_requires_non_strict_mode: a header with no
  // <|message|> is read, in non-strict mode, as a message whose content follows the channel's name.
  {
    name: 'a commentary header with no <|message|>: its text is the answer',
    text: '<|channel|>commentary Hello<|end|>',
    calls: [],
    prose: 'Hello',
  },
];

export const harmonyTools: LanguageModelV4FunctionTool[] = fixtureTools;
