/**
 * More MiniMax-M2, GLM and morph-XML patterns from named peer tests and
 * templates. Synthetic texts written to each pattern.
 */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, LCPP_TEST_OLD, O_GLM46, T_GLM46, T_GLM47, T_MINIMAX_M2 } from './sources.ts';
import { typedTools } from './tools.ts';
import type { CorpusCase } from './types.ts';

const typed = { tools: typedTools };
const MM = ['minimax-m2'];
const MM_OLD = `${LCPP_TEST_OLD}, MiniMax-M2 block`;

export const minimaxMoreCorpus: CorpusCase[] = [
  corpusCase(
    MM,
    'template-opened thinking, then an invoke with no parameters',
    `${LCPP_TEST}, MiniMax-M2 block ("Let's call a tool:\\n</think>…empty_args")`,
    'Calling it:\n</think>\n\n<minimax:tool_call>\n<invoke name="list_files">\n</invoke>\n</minimax:tool_call>',
    [call('list_files', {})],
    '',
    { ...typed, reasoning: 'Calling it:', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    MM,
    'the whole block on one line',
    `${MM_OLD} ("Test parsing tool calls")`,
    '<minimax:tool_call><invoke name="search"><parameter name="query">kiwi</parameter></invoke></minimax:tool_call>',
    [call('search', { query: 'kiwi' })],
  ),
  corpusCase(
    MM,
    'text after the block',
    `${MM_OLD} ("Test tool calls with extra content")`,
    '<minimax:tool_call><invoke name="search"><parameter name="query">kiwi</parameter></invoke></minimax:tool_call>Back soon.',
    [call('search', { query: 'kiwi' })],
    'Back soon.',
  ),
  corpusCase(
    MM,
    'thinking, text, then the block',
    `${MM_OLD} (streaming "<think>…</think>\\n\\nHello…\\n\\n<minimax:tool_call>…")`,
    '<think>Need the weather.\n</think>\n\nOne moment.\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Gent</parameter>\n<parameter name="unit">celsius</parameter>\n</invoke>\n</minimax:tool_call>\n',
    [call('get_weather', { location: 'Gent', unit: 'celsius' })],
    'One moment.',
    { reasoning: 'Need the weather.' },
  ),
  corpusCase(
    MM,
    'indented invoke and parameters',
    'https://github.com/MiniMax-AI/MiniMax-M2.5/issues/10 (raw MiniMax output with the invoke indented inside the block)',
    '<minimax:tool_call>\n  <invoke name="run_shell">\n    <parameter name="command">ls</parameter>\n  </invoke>\n</minimax:tool_call>',
    [call('run_shell', { command: 'ls' })],
  ),
  corpusCase(
    MM,
    'the [e~[ end token after the block',
    `end-of-turn tokens; ${T_MINIMAX_M2} ends assistant turns with [e~[; ${MM_OLD} (end_tokens "[e~[")`,
    '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">a</parameter>\n</invoke>\n</minimax:tool_call>[e~[',
    [call('search', { query: 'a' })],
  ),
  corpusCase(
    MM,
    'a multi-line value with quotes, kept verbatim',
    `${T_MINIMAX_M2} (<parameter name="k"> + value + </parameter>, no padding)`,
    '<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">a.py</parameter>\n<parameter name="content">print("a")\nprint("b")</parameter>\n</invoke>\n</minimax:tool_call>',
    [call('write_file', { path: 'a.py', content: 'print("a")\nprint("b")' })],
  ),
];

const G = ['glm'];

export const glmMoreCorpus: CorpusCase[] = [
  corpusCase(
    G,
    'GLM-4.7: no newlines between the parts',
    `${T_GLM47}; ${LCPP_TEST}, GLM-4.7-Flash block ("Tool call without reasoning")`,
    '<tool_call>search<arg_key>query</arg_key><arg_value>ramen</arg_value></tool_call>',
    [call('search', { query: 'ramen' })],
  ),
  corpusCase(
    G,
    'GLM-4.7: template-opened thinking, then a call with no arguments',
    `${LCPP_TEST}, GLM-4.7-Flash block (#20650: "<tool_call>read_file_diff_md</tool_call>")`,
    'Let me list them.</think><tool_call>list_files</tool_call>',
    [call('list_files', {})],
    '',
    { ...typed, reasoning: 'Let me list them.', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    G,
    'GLM-4.7: two calls, no newlines',
    `${LCPP_TEST}, GLM-4.7-Flash block (parallel calls)`,
    '<tool_call>search<arg_key>query</arg_key><arg_value>a</arg_value></tool_call><tool_call>search<arg_key>query</arg_key><arg_value>b</arg_value><arg_key>limit</arg_key><arg_value>2</arg_value></tool_call>',
    [call('search', { query: 'a' }), call('search', { query: 'b', limit: 2 })],
  ),
  corpusCase(
    G,
    'a value holding double quotes',
    `${LCPP_TEST_OLD}, GLM-4.6 block ("web_search" with a quoted album title)`,
    '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>"Blue Train" liner notes</arg_value>\n<arg_key>limit</arg_key>\n<arg_value>4</arg_value>\n</tool_call>',
    [call('search', { query: '"Blue Train" liner notes', limit: 4 })],
  ),
  corpusCase(
    G,
    'a leading newline, then the call and text after it',
    `${LCPP_TEST_OLD}, GLM-4.6 block ("\\n<tool_call>…</tool_call>Hello, world!")`,
    '\n<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>tea</arg_value>\n</tool_call>Done.',
    [call('search', { query: 'tea' })],
    'Done.',
  ),
  corpusCase(
    G,
    'a value keeps its inner and edge whitespace (the template adds none)',
    `whitespace; ${T_GLM46} writes <arg_value>{{ v }}</arg_value> with no padding`,
    '<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>n.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>\n  indented\n\nline\n</arg_value>\n</tool_call>',
    [call('write_file', { path: 'n.txt', content: '\n  indented\n\nline\n' })],
  ),
  corpusCase(
    G,
    'backslashes in a value',
    'https://github.com/sgl-project/sglang/pull/28370 (GLM string values like "\\C|\\." must keep their backslashes)',
    '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>C:\\Users\\a|\\.</arg_value>\n</tool_call>',
    [call('search', { query: 'C:\\Users\\a|\\.' })],
  ),
  corpusCase(
    G,
    '</arg_value> missing before the next <arg_key>',
    `${O_GLM46}, "missing </arg_value> before next arg_key"`,
    '<tool_call>search<arg_key>query</arg_key><arg_value>tea<arg_key>limit</arg_key><arg_value>2</arg_value></tool_call>',
    [call('search', { query: 'tea', limit: 2 })],
  ),
];

const MX = ['morph-xml'];
const MORPH = "@ai-sdk-tool/parser morph-xml protocol (npm 4.1.26; the format's only other implementation)";

export const morphXmlMoreCorpus: CorpusCase[] = [
  corpusCase(
    MX,
    'text, then two calls',
    MORPH,
    'Both:\n<search>\n<query>a</query>\n</search>\n<get_weather>\n<location>Oslo</location>\n<unit>celsius</unit>\n</get_weather>',
    [call('search', { query: 'a' }), call('get_weather', { location: 'Oslo', unit: 'celsius' })],
    'Both:',
  ),
  corpusCase(
    MX,
    'an undeclared tool tag stays text',
    `${MORPH}: only a declared tool's tag opens a call`,
    '<launch_rocket>\n<target>moon</target>\n</launch_rocket>',
    [],
    '<launch_rocket>\n<target>moon</target>\n</launch_rocket>',
  ),
  corpusCase(
    MX,
    'entities in a value are decoded',
    MORPH,
    '<run_shell>\n<command>make &amp;&amp; ./run &lt; in.txt</command>\n</run_shell>',
    [call('run_shell', { command: 'make && ./run < in.txt' })],
  ),
];
