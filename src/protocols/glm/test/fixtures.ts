/** Fixtures of the glm format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools, functionTool } from '../../../test/fixtures/tools.ts';

export const glmFixtures: FormatFixture[] = [
  // The GLM-4.6 template's form (llama.cpp models/templates/GLM-4.6.jinja@1920345c; llama.cpp tests/test-chat.cpp@34df42f7, GLM-4.6 block, typed values).
  {
    name: 'one call, values coerced by the schema',
    text: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Beijing', days: 3 } }],
    prose: '',
  },
  // llama.cpp tests/test-chat.cpp@34df42f7, GLM-4.6 block (content around the calls).
  {
    name: 'parallel calls with prose around',
    text: 'Let me check.\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>a</arg_value>\n</tool_call>\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>b</arg_value>\n<arg_key>tags</arg_key>\n<arg_value>["x", "y"]</arg_value>\n</tool_call>\nOK.',
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Let me check. OK.',
  },
  // ollama model/parsers/glm46_test.go@b517b9bd (special characters, quotes and unicode in values).
  {
    name: 'raw special characters and unicode in values',
    text: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>a "quoted" \\ back <b> 北京 😀</arg_value>\n</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'a "quoted" \\ back <b> 北京 😀' } }],
    prose: '',
  },
  // Synthetic edge case: a GLM answer drifting to Hermes JSON inside its own tag; no report found.
  {
    name: 'Hermes-style JSON in the same tag',
    text: '<tool_call>\n{"name": "search", "arguments": {"query": "j"}}\n</tool_call>',
    calls: [{ toolName: 'search', input: { query: 'j' } }],
    prose: '',
  },
  // Synthetic edge case after GLM-4's older name-then-JSON form; not checked against a template here.
  {
    name: 'GLM-4 name then JSON arguments',
    text: '<tool_call>get_weather\n{"city": "Xi\'an"}\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: "Xi'an" } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated inside a value stays text',
    text: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>abc',
    calls: [],
    prose: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>abc',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed structure stays text',
    text: '<tool_call>search\n<arg_value>abc</arg_value>\n</tool_call> after',
    calls: [],
    prose: '<tool_call>search\n<arg_value>abc</arg_value>\n</tool_call> after',
    errors: ['malformed-tool-call'],
  },
  {
    // The GLM-4.6 template writes `<arg_value>{{ v }}</arg_value>`: no padding, so nothing is trimmed.
    name: 'a value keeps its own blanks and line breaks',
    text: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>  def f():\n    return 1\n</arg_value>\n</tool_call>',
    calls: [{ toolName: 'search', input: { query: '  def f():\n    return 1\n' } }],
    prose: '',
  },
  // ollama model/parsers/glm46_test.go@b517b9bd, TestRepairGLM46XML "missing </arg_value> before next arg_key",
  // with the line breaks the GLM-4.6 template writes between the tags.
  {
    name: '</arg_value> missing before the next <arg_key>',
    text: 'Checking.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', days: 2 } }],
    prose: 'Checking.',
  },
  // Synthetic edge case: a value quoting the format keeps the key tags that are not the next argument:
  // one names an argument already given, one no parameter of the tool, one has no <arg_value> after it.
  {
    name: 'key tags inside a value that are not the next argument stay in it',
    text: '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>see <arg_key>query</arg_key><arg_value> and\n<arg_key>city</arg_key>\n<arg_value> or <arg_key>tags</arg_key> alone</arg_value>\n</tool_call>',
    calls: [
      {
        toolName: 'search',
        input: {
          query:
            'see <arg_key>query</arg_key><arg_value> and\n<arg_key>city</arg_key>\n<arg_value> or <arg_key>tags</arg_key> alone',
        },
      },
    ],
    prose: '',
  },
  // The example in toolshim's own glm prompt (glm.ts), quoted back: a placeholder name, no call.
  {
    name: "the prompt's function_name example quoted back stays text",
    text: 'Like this:\n<tool_call>function_name\n<arg_key>parameter</arg_key>\n<arg_value>value</arg_value>\n</tool_call>',
    calls: [],
    prose:
      'Like this:\n<tool_call>function_name\n<arg_key>parameter</arg_key>\n<arg_value>value</arg_value>\n</tool_call>',
    errors: ['malformed-tool-call'],
  },
  // The GLM-4.6 template's own example (llama.cpp models/templates/GLM-4.6.jinja@1920345c), quoted back.
  {
    name: "the template's {function-name} example quoted back stays text",
    text: 'Format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n...\n</tool_call>',
    calls: [],
    prose:
      'Format:\n<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n...\n</tool_call>',
    errors: ['malformed-tool-call'],
  },
  // Poolside's Laguna models write GLM's block (vLLM's poolside_v1 parser); scripted after vLLM
  // tests/tool_parsers/test_poolside_v1_tool_parser.py@2a8137f6, test_string_arg_preserves_whitespace.
  {
    name: 'Poolside Laguna: a string value kept verbatim, indent and trailing newline',
    text: '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>    def f():\n        return 1\n</arg_value>\n</tool_call>',
    calls: [{ toolName: 'write_file', input: { content: '    def f():\n        return 1\n' } }],
    prose: '',
  },
  // Scripted after the same test, test_non_string_arg_still_deserialized: a padded integer is the integer.
  {
    name: 'Poolside Laguna: a padded integer value',
    text: '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>hi</arg_value>\n<arg_key>mode</arg_key>\n<arg_value> 420 </arg_value>\n</tool_call>',
    calls: [{ toolName: 'write_file', input: { content: 'hi', mode: 420 } }],
    prose: '',
  },
  // Scripted after the same test, test_no_newline_after_name_non_streaming.
  {
    name: 'Poolside Laguna: no line break after the name',
    text: '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Paris' } }],
    prose: '',
  },
];

export const glmTools: LanguageModelV4FunctionTool[] = [
  ...fixtureTools,
  functionTool('write_file', {
    type: 'object',
    properties: { content: { type: 'string' }, mode: { type: 'integer' } },
    required: ['content'],
  }),
];
