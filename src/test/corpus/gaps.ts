/**
 * Patterns toolshim gets wrong today (found while building the corpus). Each
 * stays a real assertion; `known` says what comes out instead, and the test
 * runs those presets as `it.fails`. Synthetic texts written to the sources' patterns.
 */
import { call, corpusCase } from './make.ts';
import type { CorpusCase } from './types.ts';

const V32 = 'ggml-org/llama.cpp models/templates/DeepSeek-V3.2.jinja@708653def250076cc56382f9c524af9db855542c';
const PHI4 =
  'ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja@6d7822c18b5bc43c0053f09cf0eba66bd7e78a93';
const DSML = (inner: string) => `\n\n<｜DSML｜function_calls>\n${inner}\n</｜DSML｜function_calls>`;
const dsmlInvoke = (name: string, params: Array<[string, string, boolean]>) =>
  `<｜DSML｜invoke name="${name}">\n${params
    .map(([k, v, s]) => `<｜DSML｜parameter name="${k}" string="${s}">${v}</｜DSML｜parameter>`)
    .join('\n')}\n</｜DSML｜invoke>`;

export const deepseekGaps: CorpusCase[] = [
  // KNOWN: deepseek and auto give no call; the whole DSML block comes out as text.
  corpusCase(
    ['deepseek'],
    'V3.2 DSML function_calls block',
    V32,
    `Looking.${DSML(dsmlInvoke('get_weather', [['location', 'Pune', true]]))}`,
    [call('get_weather', { location: 'Pune' })],
    'Looking.',
    {
      known: { deepseek: 'no call; DSML block as text', auto: 'no call; DSML block as text' },
    },
  ),
  // KNOWN: as above; string="false" values are JSON per the template.
  corpusCase(
    ['deepseek'],
    'V3.2 DSML two invokes, string="false" integer',
    V32,
    DSML(
      `${dsmlInvoke('search', [
        ['query', 'chai', true],
        ['limit', '2', false],
      ])}\n${dsmlInvoke('run_shell', [['command', 'ls', true]])}`,
    ),
    [call('search', { query: 'chai', limit: 2 }), call('run_shell', { command: 'ls' })],
    '',
    {
      known: { deepseek: 'no call; DSML block as text', auto: 'no call; DSML block as text' },
    },
  ),
  // KNOWN: thinking is read (startInside) but the DSML call after it stays text.
  corpusCase(
    ['deepseek'],
    'V3.2 template-opened thinking then DSML',
    V32,
    `Need weather.</think>${DSML(dsmlInvoke('get_weather', [['location', 'Goa', true]]))}`,
    [call('get_weather', { location: 'Goa' })],
    '',
    {
      reasoning: 'Need weather.',
      reasoningOption: { startInside: true },
      known: { deepseek: 'no call; DSML block as text', auto: 'no call; DSML block as text' },
    },
  ),
];

export const phi4Gaps: CorpusCase[] = [
  // KNOWN: phi4-mini gives no call (whole text kept); auto gives the call but leaks "<|/tool_call|>" as text.
  corpusCase(
    ['phi4-mini'],
    'template form <|tool_call|>{json}<|/tool_call|>',
    PHI4,
    '<|tool_call|>{"name": "get_weather", "arguments": {"location": "Cork"}}<|/tool_call|>',
    [call('get_weather', { location: 'Cork' })],
    '',
    {
      known: { 'phi4-mini': 'no call; text kept whole', auto: 'call, but text "<|/tool_call|>"' },
    },
  ),
  // KNOWN: as above, for two tags in a row.
  corpusCase(
    ['phi4-mini'],
    'two template-form calls',
    PHI4,
    'Sure.<|tool_call|>{"name": "search", "arguments": {"query": "a"}}<|/tool_call|><|tool_call|>{"name": "search", "arguments": {"query": "b"}}<|/tool_call|><|end|>',
    [call('search', { query: 'a' }), call('search', { query: 'b' })],
    'Sure.',
    {
      known: { 'phi4-mini': 'no call; text kept whole', auto: 'calls, but text "<|/tool_call|>" twice' },
    },
  ),
];

export const xlamGaps: CorpusCase[] = [
  // KNOWN: xlam and auto give no call; the object stays text.
  corpusCase(
    ['xlam'],
    'xLAM v1 {"tool_calls": [...]} object',
    'Salesforce/xLAM-1b-fc-r model card format instruction; https://registry.ollama.com/allenporter/xlam template writes {"tool_calls": [...]}',
    '{"tool_calls": [{"name": "search", "arguments": {"query": "lam"}}]}',
    [call('search', { query: 'lam' })],
    '',
    {
      known: { xlam: 'no call; object as text', auto: 'no call; object as text' },
    },
  ),
];
