/** Mistral `[TOOL_CALLS]` in its list and v11+ forms. Synthetic texts written to the named sources' patterns. */
import { weatherTools } from './tools.ts';
import type { CorpusCase } from './types.ts';

const SMALL31 =
  'ggml-org/llama.cpp models/templates/mistralai-Mistral-Small-3.1-24B-Instruct-2503.jinja@9190da2208fbaa161e10f5f0f9ab437faeacba13';
const P = ['mistral'];

export const mistralCorpus: CorpusCase[] = [
  {
    name: 'list form [TOOL_CALLS][{…}]',
    source: SMALL31,
    text: '[TOOL_CALLS][{"name": "get_weather", "arguments": {"location": "Nice"}}]</s>',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Nice' } }],
    text_out: '',
  },
  {
    name: 'list form with two calls and ids',
    source: SMALL31,
    text: '[TOOL_CALLS][{"name": "get_weather", "arguments": {"location": "Nice"}, "id": "abcDEF123"}, {"name": "search", "arguments": {"query": "nice beaches"}, "id": "xyzXYZ789"}]',
    tools: weatherTools,
    presets: P,
    calls: [
      { toolName: 'get_weather', input: { location: 'Nice' } },
      { toolName: 'search', input: { query: 'nice beaches' } },
    ],
    text_out: '',
  },
  {
    name: 'v11 name[ARGS]{json}',
    source: 'issue 13 (Mistral v11+ [TOOL_CALLS]name[ARGS]{json}); mistral-common v11 tokenizer',
    text: '[TOOL_CALLS]get_weather[ARGS]{"location": "Brest"}',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Brest' } }],
    text_out: '',
  },
  {
    name: 'v11 name{json} without [ARGS], two blocks',
    source: 'issue 13 (Mistral: [TOOL_CALLS]name{json}; several [TOOL_CALLS] blocks in one answer)',
    text: '[TOOL_CALLS]get_weather{"location": "Lille"}[TOOL_CALLS]search{"query": "lille museums"}',
    tools: weatherTools,
    presets: P,
    calls: [
      { toolName: 'get_weather', input: { location: 'Lille' } },
      { toolName: 'search', input: { query: 'lille museums' } },
    ],
    text_out: '',
  },
  {
    name: 'text before the call',
    source: SMALL31,
    text: 'Let me look that up. [TOOL_CALLS][{"name": "search", "arguments": {"query": "brie"}}]',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'brie' } }],
    text_out: 'Let me look that up.',
  },
];

/** v11 with [CALL_ID] between name and [ARGS]. */
export const mistralMoreCorpus: CorpusCase[] = [
  {
    name: 'v11 name[CALL_ID]id[ARGS]{json}',
    source: 'issue 13 (Mistral [TOOL_CALLS]name[ARGS]{json} with [CALL_ID]); mistral-common v11 tokenizer',
    text: '[TOOL_CALLS]search[CALL_ID]a1B2c3D4e[ARGS]{"query": "calanques"}',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'calanques' } }],
    text_out: '',
  },
];
