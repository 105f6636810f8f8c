/** MiniMax-M2, GLM and morph-XML cases. Synthetic texts written to each named source's pattern. */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, LCPP_TEST_OLD, T_GLM46, T_MINIMAX_M2 } from './sources.ts';
import type { CorpusCase } from './types.ts';

// The earlier sources (unsloth-MiniMax-M2.jinja@a21f05af, GLM-4.6.jinja@afefa651, glm_4_5.jinja@623f3dd0) are
// not in llama.cpp's history; MiniMax-M2.jinja and GLM-4.6.jinja were added in 1920345c (#16932), unchanged since.
const MM2 = `${T_MINIMAX_M2}; ${LCPP_TEST}, MiniMax-M2 block`;
const GLM46 = `${T_GLM46}; ${LCPP_TEST}, GLM-4.6 block`;
const GLM45 = `${T_GLM46} (GLM-4.5 and 4.6 share it); ${LCPP_TEST_OLD}, GLM-4.6 block ("complex_function" typed values)`;

export const minimaxCorpus: CorpusCase[] = [
  corpusCase(
    ['minimax-m2'],
    'template form',
    MM2,
    '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Bonn</parameter>\n</invoke>\n</minimax:tool_call>',
    [call('get_weather', { location: 'Bonn' })],
  ),
  corpusCase(
    ['minimax-m2'],
    'two invokes in one block',
    MM2,
    '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">a</parameter>\n<parameter name="limit">4</parameter>\n</invoke>\n<invoke name="run_shell">\n<parameter name="command">pwd</parameter>\n</invoke>\n</minimax:tool_call>',
    [call('search', { query: 'a', limit: 4 }), call('run_shell', { command: 'pwd' })],
  ),
  corpusCase(
    ['minimax-m2'],
    '<invoke> without the block opener',
    'MiniMax: <invoke> without the opener; https://github.com/hiyouga/LlamaFactory/pull/10607 (MiniMax-M2 fine-tunes were taught bare <invoke> blocks with no wrapper)',
    'Sure.\n<invoke name="get_weather">\n<parameter name="location">Ulm</parameter>\n</invoke>',
    [call('get_weather', { location: 'Ulm' })],
    'Sure.',
  ),
];

export const glmCorpus: CorpusCase[] = [
  corpusCase(
    ['glm'],
    'GLM-4.6 template form',
    GLM46,
    "<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Xi'an</arg_value>\n</tool_call>",
    [call('get_weather', { location: "Xi'an" })],
  ),
  corpusCase(
    ['glm'],
    'GLM-4.5 two args and integer',
    GLM45,
    '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>tea</arg_value>\n<arg_key>limit</arg_key>\n<arg_value>7</arg_value>\n</tool_call>',
    [call('search', { query: 'tea', limit: 7 })],
  ),
  corpusCase(
    ['glm'],
    'two calls after text',
    GLM46,
    'Let me check both.\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Wuhan</arg_value>\n</tool_call>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Hefei</arg_value>\n</tool_call>',
    [call('get_weather', { location: 'Wuhan' }), call('get_weather', { location: 'Hefei' })],
    'Let me check both.',
  ),
];

export const morphXmlCorpus: CorpusCase[] = [
  corpusCase(
    ['morph-xml'],
    'element per tool and argument',
    '@ai-sdk-tool/parser morph-xml protocol (npm 4.1.26, README format section)',
    '<get_weather>\n<location>Riga</location>\n</get_weather>',
    [call('get_weather', { location: 'Riga' })],
  ),
  corpusCase(
    ['morph-xml'],
    'code with < in a value',
    '@ai-sdk-tool/parser morph-xml protocol (npm 4.1.26)',
    '<run_shell>\n<command>test 1 < 2 && echo ok</command>\n</run_shell>',
    [call('run_shell', { command: 'test 1 < 2 && echo ok' })],
  ),
];
