/** Qwen3-Coder `<function=…>` XML. Synthetic texts written to each named source's pattern. */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, T_QWEN3_CODER, V_QWEN3_CODER } from './sources.ts';
import type { CorpusCase } from './types.ts';

// The template writes `<parameter=NAME>\n` + value + `\n</parameter>` (Qwen/Qwen3-Coder-30B-A3B-Instruct ships it).
const T = `${T_QWEN3_CODER}; ${LCPP_TEST}, Qwen3-Coder block`;
const P = ['qwen3-coder'];

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
    'issue 13 §1 (Qwen3-Coder values holding tag-like text: XML, code); no peer test with </function> inside a value found',
    '<tool_call>\n<function=write_file>\n<parameter=path>\nx.xml\n</parameter>\n<parameter=content>\n<function=a>b</function>\n</parameter>\n</function>\n</tool_call>',
    [call('write_file', { path: 'x.xml', content: '<function=a>b</function>' })],
  ),
];
