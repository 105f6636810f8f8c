/** Fixtures of the minimax-m2 format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const minimaxM2Fixtures: FormatFixture[] = [
  // The MiniMax-M2 template's form (llama.cpp models/templates/MiniMax-M2.jinja@1920345c).
  {
    name: 'one call',
    text: '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="metric">true</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', metric: true } }],
    prose: '',
  },
  // llama.cpp tests/test-chat.cpp@34df42f7, MiniMax-M2 block (content around the block); several invokes as the template writes them.
  {
    name: 'parallel invokes with prose before and after',
    text: 'Checking.\n<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">a</parameter>\n</invoke>\n<invoke name="search">\n<parameter name="query">b</parameter>\n<parameter name="tags">x, y</parameter>\n</invoke>\n</minimax:tool_call>\nDone.',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Checking. Done.',
  },
  // Synthetic edge case.
  {
    name: 'special characters and unicode in values',
    text: '<minimax:tool_call><invoke name="search"><parameter name="query">if a < b && "c" \\n 日本語 🎌</parameter></invoke></minimax:tool_call>',
    calls: [{ toolName: 'search', input: { query: 'if a < b && "c" \\n 日本語 🎌' } }],
    prose: '',
  },
  // https://github.com/hiyouga/LlamaFactory/pull/10607 (MiniMax-M2 fine-tunes taught bare <invoke> blocks).
  {
    name: '<invoke> without the <minimax:tool_call> block around it',
    text: '<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: '',
  },
  {
    // llama.cpp models/templates/MiniMax-M2.jinja writes `<parameter name="k">` + v + `</parameter>`, no padding.
    name: 'a value keeps the line breaks at its ends (the template adds none)',
    text: '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">\nline one\nline two\n</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [{ toolName: 'search', input: { query: '\nline one\nline two\n' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated stays text',
    text: '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">ab',
    calls: [],
    prose: '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">ab',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed stays text',
    text: '<minimax:tool_call>\n<call name="search">x</call>\n</minimax:tool_call>',
    calls: [],
    prose: '<minimax:tool_call>\n<call name="search">x</call>\n</minimax:tool_call>',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case: Qwen3-Coder's forgotten close tag (vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py@049d8df2,
  // test_extract_tool_calls_missing_closing_parameter_tag) in MiniMax-M2's tags; no MiniMax report found.
  {
    name: '</parameter> missing before the next <parameter name=…>',
    text: '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris\n<parameter name="days">2</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris', days: 2 } }],
    prose: '',
  },
  // Synthetic edge case: parameter tags in a value that are not the next parameter stay in it (one names
  // the parameter being written, one no parameter of the tool, one is not at a line start).
  {
    name: 'parameter tags inside a value that are not the next parameter stay in it',
    text: '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">a\n<parameter name="query">b\n<parameter name="city">c <parameter name="tags">d</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [
      {
        toolName: 'search',
        input: { query: 'a\n<parameter name="query">b\n<parameter name="city">c <parameter name="tags">d' },
      },
    ],
    prose: '',
  },
  // The MiniMax-M2 template's own example (llama.cpp models/templates/MiniMax-M2.jinja@1920345c), quoted back.
  {
    name: "the template's tool-name-1 example quoted back stays text",
    text: 'Use XML:\n<minimax:tool_call>\n<invoke name="tool-name-1">\n<parameter name="param-key-1">param-value-1</parameter>\n</invoke>\n</minimax:tool_call>',
    calls: [],
    prose:
      'Use XML:\n<minimax:tool_call>\n<invoke name="tool-name-1">\n<parameter name="param-key-1">param-value-1</parameter>\n</invoke>\n</minimax:tool_call>',
    errors: ['malformed-tool-call'],
  },
];

export const minimaxM2Tools: LanguageModelV4FunctionTool[] = fixtureTools;
