/** Fixtures of the qwen3-coder format: fed whole, one char at a time and at random splits, through its preset and through auto. */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, functionTool } from '../../../test/fixtures/tools.ts';

export const weather = functionTool('get_weather', {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'number' }, metric: { type: 'boolean' } },
  required: ['city'],
});
export const writeFile = functionTool('write_file', {
  type: 'object',
  properties: { path: { type: 'string' }, content: { type: 'string' } },
});
export const search = functionTool('search', {
  type: 'object',
  properties: {
    query: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    filter: { type: 'object', properties: { minStars: { type: 'integer' } } },
  },
});
export const qwen3CoderTools: LanguageModelV4FunctionTool[] = [weather, writeFile, search];

const call = (name: string, params: Record<string, string>) =>
  `<tool_call>\n<function=${name}>\n${Object.entries(params)
    .map(([k, v]) => `<parameter=${k}>\n${v}\n</parameter>\n`)
    .join('')}</function>\n</tool_call>`;

/** Code that contains the format's own close tags, as a parser for this format would. */
export const trickyCode = [
  'def close_tags():',
  '    a = "</parameter>"',
  '    b = "</function>" if x < y and y > 2 else "&&"',
  '</parameter></parameter>',
  '    return a + b',
].join('\n');

export const qwen3CoderFixtures: FormatFixture[] = [
  // The Qwen3-Coder template's form (llama.cpp models/templates/Qwen3-Coder.jinja@566059a2).
  {
    name: 'one call between prose',
    text: `Let me check.\n${call('get_weather', { city: 'Seoul' })}\nOne moment.`,
    calls: [{ toolName: 'get_weather', input: { city: 'Seoul' } }],
    prose: 'Let me check. One moment.',
  },
  // vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py@049d8df2, test_extract_tool_calls_type_conversion.
  {
    name: 'numbers, booleans, JSON arrays and objects typed by the schema',
    text:
      call('get_weather', { city: 'Paris', days: '3', metric: 'false' }) +
      call('search', { tags: '["a", "b"]', filter: '{"minStars": "10"}' }),
    calls: [
      { toolName: 'get_weather', input: { city: 'Paris', days: 3, metric: false } },
      { toolName: 'search', input: { tags: ['a', 'b'], filter: { minStars: 10 } } },
    ],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'a code value with literal </parameter> and </function> inside',
    text: call('write_file', { path: 'tags.py', content: trickyCode }),
    calls: [{ toolName: 'write_file', input: { path: 'tags.py', content: trickyCode } }],
    prose: '',
  },
  // The template writes <parameter=k>\n value \n</parameter> (llama.cpp models/templates/Qwen3-Coder.jinja@566059a2).
  {
    name: 'only one leading and one trailing newline are removed',
    text: call('write_file', { path: 'a', content: '\n  indented\n' }),
    calls: [{ toolName: 'write_file', input: { path: 'a', content: '\n  indented\n' } }],
    prose: '',
  },
  // ollama model/parsers/qwen3coder_test.go@cc90a035 ("names with spaces", "names with quotes").
  {
    name: 'quoted and spaced names',
    text: '<tool_call>\n<function="get weather">\n<parameter= "city" >\nRome\n</parameter>\n</function>\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Rome' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'missing </tool_call> at the very end',
    text: 'Ok.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>\n</function>\n',
    calls: [{ toolName: 'get_weather', input: { city: 'Lima' } }],
    prose: 'Ok.',
  },
  // Synthetic edge case.
  {
    name: 'missing </function> and </tool_call> at the very end',
    text: '<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>',
    calls: [{ toolName: 'get_weather', input: { city: 'Lima' } }],
    prose: '',
  },
  // https://github.com/vllm-project/vllm/issues/57699 (the last </parameter> left out).
  {
    name: '</function> where </parameter> was forgotten',
    text: '<tool_call>\n<function=get_weather>\n<parameter=city>\nKyiv\n</function>\n</tool_call> done',
    calls: [{ toolName: 'get_weather', input: { city: 'Kyiv' } }],
    prose: 'done',
  },
  // llama.cpp tests/test-chat.cpp@f534da26, Qwen3-Coder block (parallel calls).
  {
    name: 'parallel calls with prose between',
    text: `First:\n${call('get_weather', { city: 'A' })}\nthen\n${call('get_weather', { city: 'B' })}\nend`,
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
    ],
    prose: 'First: then end',
  },
  // Synthetic edge case.
  {
    name: 'two functions in one block',
    text: '<tool_call>\n<function=get_weather>\n<parameter=city>\nA\n</parameter>\n</function>\n<function=search>\n<parameter=query>\nq\n</parameter>\n</function>\n</tool_call>',
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'q' } },
    ],
    prose: '',
  },
  // https://github.com/ollama/ollama/issues/16686; vLLM test_qwen3coder_tool_parser.py@049d8df2, test_extract_tool_calls_fallback_no_tags.
  {
    name: '<function=…> without the <tool_call> opener (and without its closer)',
    text: 'Checking.\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\nDone.',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: 'Checking. Done.',
  },
  // vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py@049d8df2, test_extract_tool_calls_missing_closing_parameter_tag.
  {
    name: '</parameter> missing before the next <parameter=…>',
    text: 'Let me check:\n<tool_call>\n<function=get_weather>\n<parameter=city>\nDallas\n<parameter=days>\n3\n</parameter>\n<parameter=metric>\ntrue\n</parameter>\n</function>\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Dallas', days: 3, metric: true } }],
    prose: 'Let me check:',
  },
  // Synthetic edge case: the same slip in every value but the last, then the whole call without its opener.
  {
    name: 'every </parameter> but the last missing, no <tool_call> opener',
    text: 'Ok.\n<function=write_file>\n<parameter=path>\na.md\n\n<parameter=content>\n# A\n\nbody\n</parameter>\n</function>',
    calls: [{ toolName: 'write_file', input: { path: 'a.md', content: '# A\n\nbody' } }],
    prose: 'Ok.',
  },
  // Synthetic edge case: an undeclared tool has no schema, so any parameter name not given yet goes on.
  {
    name: '</parameter> missing in a call to an undeclared tool',
    text: '<tool_call>\n<function=launch_rocket>\n<parameter=when>\nnow\n<parameter=where>\nmoon\n</parameter>\n</function>\n</tool_call>',
    calls: [{ toolName: 'launch_rocket', input: { when: 'now', where: 'moon' } }],
    prose: '',
    errors: ['unknown-tool'],
  },
  // Synthetic edge case: a doc about this very format as a value. Its parameter tags stay text: one
  // names a parameter already given, one no parameter of the tool, one is not at a line start.
  {
    name: 'parameter tags inside a value that are not the next parameter stay in it',
    text: call('write_file', {
      path: 'doc.md',
      content: 'Write:\n<parameter=path>\nx\n<parameter=mode>\nfast\nor <parameter=content> inline.',
    }),
    calls: [
      {
        toolName: 'write_file',
        input: {
          path: 'doc.md',
          content: 'Write:\n<parameter=path>\nx\n<parameter=mode>\nfast\nor <parameter=content> inline.',
        },
      },
    ],
    prose: '',
  },
  // The example in toolshim's own qwen3-coder prompt (qwen3-coder.ts), quoted back: a placeholder name, no call.
  {
    name: "the prompt's function_name example quoted back stays text",
    text: 'Reply with:\n<tool_call>\n<function=function_name>\n<parameter=parameter_name>\nvalue\n</parameter>\n</function>\n</tool_call>',
    calls: [],
    prose:
      'Reply with:\n<tool_call>\n<function=function_name>\n<parameter=parameter_name>\nvalue\n</parameter>\n</function>\n</tool_call>',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a bare <function=…> naming no declared tool is prose',
    text: 'Write <function=name> then <parameter=key> lines.',
    calls: [],
    prose: 'Write <function=name> then <parameter=key> lines.',
  },
  // llama.cpp tests/test-chat.cpp@f534da26, Qwen3-Coder block ("Test with HTML tag content").
  {
    name: 'a value holding HTML and XML tags',
    text: call('write_file', { path: 'a.html', content: '<div class="x"><parameter>not a tag</parameter></div>' }),
    calls: [
      {
        toolName: 'write_file',
        input: { path: 'a.html', content: '<div class="x"><parameter>not a tag</parameter></div>' },
      },
    ],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'prose with HTML and near-miss tags stays text',
    text: 'Use <b>x</b>, <tool or <tool_ca, <function=get_weather> and </tool_call> freely.',
    calls: [],
    prose: 'Use <b>x</b>, <tool or <tool_ca, <function=get_weather> and </tool_call> freely.',
  },
  // Synthetic edge case.
  {
    name: 'a block that is not a function call stays text, verbatim',
    text: 'Hmm <tool_call>\nget_weather(city="Seoul")\n</tool_call> ok',
    calls: [],
    prose: 'Hmm <tool_call>\nget_weather(city="Seoul")\n</tool_call> ok',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a call cut off inside a value stays text, verbatim',
    text: 'x <tool_call>\n<function=write_file>\n<parameter=content>\nprint("unfinis',
    calls: [],
    prose: 'x <tool_call>\n<function=write_file>\n<parameter=content>\nprint("unfinis',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a prototype key is dropped',
    text: call('get_weather', { city: 'A', __proto__x: 'y' }).replace('__proto__x', '__proto__'),
    calls: [{ toolName: 'get_weather', input: { city: 'A' } }],
    prose: '',
    errors: ['unsafe-key'],
  },
  // Synthetic edge case.
  {
    name: 'an undeclared function is still surfaced',
    text: call('launch_rocket', { when: 'now' }),
    calls: [{ toolName: 'launch_rocket', input: { when: 'now' } }],
    prose: '',
    errors: ['unknown-tool'],
  },
  // vLLM tests/tool_parsers/test_pythonic_tool_parser.py, test_non_finite_argument_rejected (the same number as an XML value).
  {
    name: 'a number no JSON number can hold (1e999) stays its text and is reported; its sibling stands',
    text: '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n<parameter=days>\n1e999\n</parameter>\n</function>\n</tool_call>',
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo', days: '1e999' } }],
    prose: '',
    errors: ['invalid-argument'],
  },
];
