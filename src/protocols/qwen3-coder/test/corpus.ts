/** Qwen3-Coder `<function=…>` XML. Synthetic texts written to each named source's pattern. */
import { call, corpusCase } from '../../../test/corpus/make.ts';
import { LCPP_TEST, T_QWEN3_CODER, V_QWEN3_CODER } from '../../../test/corpus/sources.ts';
import { typedTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

// The template writes `<parameter=NAME>\n` + value + `\n</parameter>` (Qwen/Qwen3-Coder-30B-A3B-Instruct ships it).
const T = `${T_QWEN3_CODER}; ${LCPP_TEST}, Qwen3-Coder block`;
const P = ['qwen3-coder'];
const typed = { tools: typedTools };

export const qwen3CoderCorpus: CorpusCase[] = [
  corpusCase(
    P,
    'template form',
    T,
    '<tool_call>\n<function=get_weather>\n<parameter=location>\nTurin\n</parameter>\n</function>\n</tool_call>',
    [call('get_weather', { location: 'Turin' })],
  ),
  corpusCase(
    P,
    'without the <tool_call> opener',
    `https://github.com/ollama/ollama/issues/18530 (qwen3-coder:30b omits <tool_call> after a sentence of reasoning); ${V_QWEN3_CODER}, test_extract_tool_calls_fallback_no_tags`,
    'Writing it.\n<function=write_file>\n<parameter=path>\na.txt\n</parameter>\n<parameter=content>\nhi\n</parameter>\n</function>',
    [call('write_file', { path: 'a.txt', content: 'hi' })],
    'Writing it.',
  ),
  corpusCase(
    P,
    '</parameter> missing before </function>',
    'https://github.com/vllm-project/vllm/issues/57699 (raw output: the last </parameter> left out before </function>)',
    '<tool_call>\n<function=run_shell>\n<parameter=command>\nls -la\n</function>\n</tool_call>',
    [call('run_shell', { command: 'ls -la' })],
  ),
  corpusCase(
    P,
    'value containing HTML tags',
    `${LCPP_TEST}, Qwen3-Coder block ("Test with HTML tag content")`,
    '<tool_call>\n<function=write_file>\n<parameter=path>\ni.html\n</parameter>\n<parameter=content>\n<div><p>Hi</p></div>\n</parameter>\n</function>\n</tool_call>',
    [call('write_file', { path: 'i.html', content: '<div><p>Hi</p></div>' })],
  ),
  corpusCase(
    P,
    'value with inner blank lines kept',
    T,
    '<tool_call>\n<function=write_file>\n<parameter=path>\nm.py\n</parameter>\n<parameter=content>\nimport os\n\n\nprint(os.sep)\n</parameter>\n</function>\n</tool_call>',
    [call('write_file', { path: 'm.py', content: 'import os\n\n\nprint(os.sep)' })],
  ),
  corpusCase(
    P,
    'two calls',
    T,
    '<tool_call>\n<function=search>\n<parameter=query>\na\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=search>\n<parameter=query>\nb\n</parameter>\n<parameter=limit>\n2\n</parameter>\n</function>\n</tool_call>',
    [call('search', { query: 'a' }), call('search', { query: 'b', limit: 2 })],
  ),
  corpusCase(
    P,
    'value containing </function> and <function=…> text',
    'Qwen3-Coder values holding tag-like text: XML, code; no peer test with </function> inside a value found',
    '<tool_call>\n<function=write_file>\n<parameter=path>\nx.xml\n</parameter>\n<parameter=content>\n<function=a>b</function>\n</parameter>\n</function>\n</tool_call>',
    [call('write_file', { path: 'x.xml', content: '<function=a>b</function>' })],
  ),
  corpusCase(
    P,
    'no opener, an orphan </tool_call> after a preamble',
    'https://github.com/ollama/ollama/issues/16686 (qwen3-coder:30b: preamble, <function=…>…</function>, then </tool_call> with no opener)',
    "I'll list the markdown files.\n\n<function=run_shell>\n<parameter=command>\nls *.md\n</parameter>\n</function>\n</tool_call>",
    [call('run_shell', { command: 'ls *.md' })],
    "I'll list the markdown files.",
  ),
  corpusCase(
    P,
    '</parameter> missing before the next <parameter=',
    `${V_QWEN3_CODER}, test_extract_tool_calls_missing_closing_parameter_tag`,
    'Checking:\n<tool_call>\n<function=get_weather>\n<parameter=location>\nLeeds\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>',
    [call('get_weather', { location: 'Leeds', unit: 'celsius' })],
    'Checking:',
  ),
  corpusCase(
    P,
    'JSON object value with its </parameter> left out',
    'https://github.com/vllm-project/vllm/issues/57699 (BFCL live_simple_40-17-0: a JSON body value, then </function>)',
    '<tool_call>\n<function=set_config>\n<parameter=config>\n{"mode": "eco", "fan": 2, "night": true}\n</function>\n</tool_call>',
    [call('set_config', { config: { mode: 'eco', fan: 2, night: true } })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'object and boolean values typed by the schema',
    `${V_QWEN3_CODER}, test_extract_tool_calls_type_conversion`,
    '<tool_call>\n<function=set_config>\n<parameter=config>\n{"mode": "eco",\n "fan": 2}\n</parameter>\n<parameter=enabled>\ntrue\n</parameter>\n</function>\n</tool_call>',
    [call('set_config', { config: { mode: 'eco', fan: 2 }, enabled: true })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'nullable anyOf properties (Pydantic v2 Optional): null stays null',
    `${V_QWEN3_CODER}, test_extract_tool_calls_anyof_type_conversion`,
    '<tool_call>\n<function=update_note>\n<parameter=id>\n7\n</parameter>\n<parameter=note>\nnull\n</parameter>\n<parameter=tags>\n["ops", "db"]\n</parameter>\n</function>\n</tool_call>',
    [call('update_note', { id: 7, note: null, tags: ['ops', 'db'] })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'code value with inner quotes and a blank line',
    `${LCPP_TEST}, Qwen3-Coder block ("Test with code content (multiline)")`,
    '<tool_call>\n<function=write_file>\n<parameter=path>\ngreet.py\n</parameter>\n<parameter=content>\ndef greet():\n    print("Hi, you!")\n\ngreet()\n</parameter>\n</function>\n</tool_call>',
    [call('write_file', { path: 'greet.py', content: 'def greet():\n    print("Hi, you!")\n\ngreet()' })],
  ),
  corpusCase(
    P,
    'CJK value',
    `${LCPP_TEST}, Qwen3-Coder block ("Test with code content (asian unicode chars)")`,
    '<tool_call>\n<function=search>\n<parameter=query>\n東京の天気\n</parameter>\n</function>\n</tool_call>',
    [call('search', { query: '東京の天気' })],
  ),
  corpusCase(
    P,
    'text right before <tool_call>, no newline',
    `${V_QWEN3_CODER}, test_extract_tool_calls[single_tool_with_content]`,
    'Sure! Checking the trams.<tool_call>\n<function=search>\n<parameter=query>\ntram times\n</parameter>\n</function>\n</tool_call>',
    [call('search', { query: 'tram times' })],
    'Sure! Checking the trams.',
  ),
  corpusCase(
    P,
    "the template's own example block, quoted back, stays text",
    `a template placeholder quoted in prose stays text; ${T_QWEN3_CODER} shows exactly this example_function_name block; https://github.com/QwenLM/Qwen3-Coder/issues/475 quotes it`,
    'The call format is:\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n</function>\n</tool_call>',
    [],
    'The call format is:\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n</function>\n</tool_call>',
    { errors: ['malformed-tool-call'] },
  ),
];
