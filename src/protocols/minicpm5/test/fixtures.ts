/**
 * Fixtures of the minicpm5 format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 * The source is vLLM tests/tool_parsers/test_minicpm5xml_tool_parser.py@08eaf4cf; where vLLM drops the text
 * around the calls (its `content` is None), toolshim keeps it.
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, functionTool } from '../../../test/fixtures/tools.ts';

const source = 'test_minicpm5xml_tool_parser.py@08eaf4cf';

export const minicpm5Fixtures: FormatFixture[] = [
  {
    name: `one call between text (${source}, test_single_call_with_surrounding_text)`,
    text: 'Intro before.\n<function name="get_weather"><param name="city">上海</param><param name="date">2024-06-27</param></function>\nOutro after.\n',
    calls: [{ toolName: 'get_weather', input: { city: '上海', date: '2024-06-27' } }],
    prose: 'Intro before. Outro after.',
  },
  {
    name: `a multiline value in CDATA (${source}, test_cdata_multiline)`,
    text: '<function name="get_weather"><param name="city"><![CDATA[北\n京]]></param><param name="date">2024-06-27</param></function>\n',
    calls: [{ toolName: 'get_weather', input: { city: '北\n京', date: '2024-06-27' } }],
    prose: '',
  },
  {
    name: `an array and a boolean, typed by the schema (${source}, test_non_string_types)`,
    text: '<function name="sum_values"><param name="nums">[1, 2, 3]</param><param name="exact">true</param></function>\n',
    calls: [{ toolName: 'sum_values', input: { nums: [1, 2, 3], exact: true } }],
    prose: '',
  },
  {
    name: `two calls with text between and around them (${source}, test_multiple_calls_interleaved_text)`,
    text: 'Head\n<function name="get_weather"><param name="city">北京</param></function>\nTXT\n<function name="sum_values"><param name="nums">[7,8,9]</param><param name="exact">false</param></function>\nTail\n',
    calls: [
      { toolName: 'get_weather', input: { city: '北京' } },
      { toolName: 'sum_values', input: { nums: [7, 8, 9], exact: false } },
    ],
    prose: 'Head TXT Tail',
  },
  {
    name: `a call with no parameters (${source}, test_no_required_and_zero_param_valid)`,
    text: '<function name="noop"></function>\n',
    calls: [{ toolName: 'noop', input: {} }],
    prose: '',
  },
  {
    name: `an undeclared tool stays text (${source}, test_unknown_tool_block_preserved)`,
    text: '<function name="unknown"><param name="x">1</param></function>\n',
    calls: [],
    prose: '<function name="unknown"><param name="x">1</param></function>',
  },
  // vLLM keeps this as text (test_incomplete_missing_function_end); toolshim, as in every XML family, lets a
  // missing close tag at the very end cost no call whose parameters are all closed.
  {
    name: `the close tag missing at the end of the output (${source}, test_incomplete_missing_function_end)`,
    text: '<function name="get_weather"><param name="city">北京</param>',
    calls: [{ toolName: 'get_weather', input: { city: '北京' } }],
    prose: '',
  },
  {
    name: 'a value the output ends inside stays text, reported',
    text: 'Sure.<function name="get_weather"><param name="city">北',
    calls: [],
    prose: 'Sure.<function name="get_weather"><param name="city">北',
    errors: ['unclosed-tool-call'],
  },
  // Scripted: code with a `<` and a line break, wrapped as the parsers' CDATA form has it, then thinking before.
  {
    name: 'thinking, then a call whose CDATA value holds markup',
    text: '<think>The user wants the file.</think>\n<function name="write_file"><param name="path">a.html</param><param name="content"><![CDATA[<p>\n  hi\n</p>]]></param></function>',
    calls: [{ toolName: 'write_file', input: { path: 'a.html', content: '<p>\n  hi\n</p>' } }],
    prose: '',
    reasoning: 'The user wants the file.',
  },
];

export const minicpm5Tools: LanguageModelV4FunctionTool[] = [
  functionTool('get_weather', {
    type: 'object',
    properties: { city: { type: 'string' }, date: { type: 'string' } },
    required: ['city'],
  }),
  functionTool('sum_values', {
    type: 'object',
    properties: { nums: { type: 'array' }, exact: { type: 'boolean' } },
    required: ['nums'],
  }),
  functionTool('noop', { type: 'object', properties: { note: { type: 'string' } }, required: [] }),
  functionTool('write_file', {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  }),
];
