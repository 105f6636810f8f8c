/** Fixtures of the kimi-k2 format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const K = {
  open: '<|tool_calls_section_begin|>',
  close: '<|tool_calls_section_end|>',
  call: (name: string, args: string) =>
    `<|tool_call_begin|>${name}<|tool_call_argument_begin|>${args}<|tool_call_end|>`,
};

export const kimiK2Fixtures: FormatFixture[] = [
  // The Kimi-K2 template's form (llama.cpp models/templates/moonshotai-Kimi-K2.jinja@566059a2; llama.cpp tests/test-chat.cpp@f534da26, Kimi-K2 block).
  {
    name: 'one call',
    text: `${K.open}${K.call('functions.get_weather:0', '{"city": "Beijing"}')}${K.close}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Beijing' } }],
    prose: '',
  },
  // llama.cpp tests/test-chat.cpp@f534da26, Kimi-K2-Thinking block (parallel calls, content before a call).
  {
    name: 'parallel calls with prose before and after',
    text: `I'll check.${K.open}\n${K.call('functions.get_weather:0', '{"city": "A", "days": "2"}')}\n${K.call('functions.search:1', '{"query": "b"}')}\n${K.close}Waiting.`,
    calls: [
      { toolName: 'get_weather', input: { city: 'A', days: 2 } },
      { toolName: 'search', input: { query: 'b' } },
    ],
    prose: "I'll check.Waiting.",
  },
  // Synthetic edge case.
  {
    name: 'escaped and unicode strings',
    text: `${K.open}${K.call('functions.search:0', '{"query": "x\\ty \\"z\\" 北京 🌧"}')}${K.close}`,
    calls: [{ toolName: 'search', input: { query: 'x\ty "z" 北京 🌧' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated at the end stays text',
    text: `${K.open}<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "par`,
    calls: [],
    prose:
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "par',
    errors: ['unclosed-tool-call'],
  },
  // llama.cpp tests/test-chat.cpp@f534da26, Kimi-K2-Thinking block (calls with no end markers).
  {
    name: 'a missing end marker at the very end still counts',
    text: `${K.open}<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "p"}`,
    calls: [{ toolName: 'search', input: { query: 'p' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'malformed arguments stay text',
    text: `${K.open}${K.call('functions.search:0', '{"query": "p"')}${K.close}`,
    calls: [],
    prose:
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "p"<|tool_call_end|><|tool_calls_section_end|>',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a malformed call keeps its section markers and the space after them',
    text: `A ${K.open}${K.call('functions.get_weather:0', '{"city": Seoul}')}${K.close} B`,
    calls: [],
    prose: `A ${K.open}${K.call('functions.get_weather:0', '{"city": Seoul}')}${K.close} B`,
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a good call then a malformed one: the markers belong to the good call',
    text: `${K.open}${K.call('functions.search:0', '{"query": "a"}')}${K.call('functions.search:1', '{"query": b}')}${K.close} B`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: `${K.call('functions.search:1', '{"query": b}')}B`,
    errors: ['malformed-tool-call'],
  },
  // Scripted (issue 27: an empty section left its markers in the text). An empty section is markup and leaves
  // no text; a section followed by prose stays text, its end marker with it.
  {
    name: 'an empty section leaves no text; a section followed by prose stays text',
    text: `x ${K.open} ${K.close} y ${K.open}\nhello ${K.close} z`,
    calls: [],
    prose: `x y ${K.open}\nhello ${K.close} z`,
    errors: ['malformed-tool-call'],
  },
  // Scripted (issue 27: an end marker that comes alone stayed in the text).
  {
    name: 'a call without the begin marker drops the end marker after it, and a lone end marker',
    text: `Now ${K.call('functions.search:0', '{"query": "a"}')}${K.close} then ${K.close} x`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: 'Now then x',
  },
  // Scripted after vllm-project/vllm tests/tool_use/test_kimi_k2_tool_parser.py, which reads the singular
  // section markers of Kimi's tokenizer too (and ggml-org/llama.cpp#17376, which followed it).
  {
    name: 'the singular section markers',
    text: `I'll check.<|tool_call_section_begin|>${K.call('functions.get_weather:0', '{"city": "A"}')}<|tool_call_section_end|>Done.`,
    calls: [{ toolName: 'get_weather', input: { city: 'A' } }],
    prose: "I'll check.Done.",
  },
  // Scripted: either spelling of the end closes either spelling of the begin marker, as vLLM reads them.
  {
    name: 'mixed spellings, an empty singular section and a lone singular end marker',
    text: `${K.open}${K.call('functions.search:0', '{"query": "a"}')}<|tool_call_section_end|> a <|tool_call_section_begin|><|tool_calls_section_end|> b <|tool_call_section_end|> c`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: 'a b c',
  },
  // Scripted: a malformed call's end marker still stays with its text, in the singular spelling too.
  {
    name: 'a malformed call in a singular section keeps its markers',
    text: `A <|tool_call_section_begin|>${K.call('functions.get_weather:0', '{"city": Seoul}')}<|tool_call_section_end|> B`,
    calls: [],
    prose: `A <|tool_call_section_begin|>${K.call('functions.get_weather:0', '{"city": Seoul}')}<|tool_call_section_end|> B`,
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a section marker at the very end stays text',
    text: `Done. ${K.open}\n`,
    calls: [],
    prose: `Done. ${K.open}`,
    errors: ['unclosed-tool-call'],
  },
];

export const kimiK2Tools: LanguageModelV4FunctionTool[] = fixtureTools;
