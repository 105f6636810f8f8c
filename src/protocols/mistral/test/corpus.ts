/** Mistral `[TOOL_CALLS]` in its list and v11+ forms. Synthetic texts written to the named sources' patterns. */
import { LCPP_TEST, O_MINISTRAL, T_DEVSTRAL, T_NEMO, T_SMALL32, V_MISTRAL } from '../../../test/corpus/sources.ts';
import { typedTools, weatherTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

// The list form `[TOOL_CALLS][{"name", "arguments", "id"}]` as the Nemo template writes it (llama.cpp tests it
// in its Mistral Nemo block). The earlier source, a Mistral-Small-3.1 file at 9190da22, is not in llama.cpp's history.
const SMALL31 = `${T_NEMO}; ${LCPP_TEST}, Mistral Nemo block`;
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
    source: `${T_DEVSTRAL}; ${LCPP_TEST}, Devstral block`,
    text: '[TOOL_CALLS]get_weather[ARGS]{"location": "Brest"}',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Brest' } }],
    text_out: '',
  },
  {
    name: 'v11 name{json} without [ARGS], two blocks',
    source: `${V_MISTRAL}, test_extract_tool_calls[multiple_tool_calls] (v11 tokenizer, no [ARGS])`,
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
    source: `${T_SMALL32}; ${LCPP_TEST}, Mistral Small 3.2 block`,
    text: '[TOOL_CALLS]search[CALL_ID]a1B2c3D4e[ARGS]{"query": "calanques"}',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'calanques' } }],
    text_out: '',
  },
  {
    name: 'list with "arguments" before "name"',
    source: `${V_MISTRAL}, test_extract_tool_calls_pre_v11_tokenizer[argument_before_name]`,
    text: '[TOOL_CALLS] [{"arguments": {"location": "Dijon", "unit": "celsius"}, "name": "get_weather"}]',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'get_weather', input: { location: 'Dijon', unit: 'celsius' } }],
    text_out: '',
  },
  {
    name: 'list, then a line of text',
    source: `${V_MISTRAL}, test_extract_tool_calls_streaming_pre_v11_tokenizer[trailing_data_after_json]`,
    text: '[TOOL_CALLS] [{"name": "search", "arguments": {"query": "tgv times"}}]\nI will wait for the result.',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'tgv times' } }],
    text_out: 'I will wait for the result.',
  },
  {
    name: 'list padded with spaces inside and out',
    source: `${V_MISTRAL}, test_extract_tool_calls_streaming_pre_v11_tokenizer[single_tool_add]`,
    text: '[TOOL_CALLS]  [ {"name":"search" , "arguments" : {"query": "loire"} } ]',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'loire' } }],
    text_out: '',
  },
  {
    name: 'v11: text holding a brace before, braces inside the JSON string',
    source: `${V_MISTRAL}, test_extract_tool_calls[wrong_json]`,
    text: 'ok{so[TOOL_CALLS]run_shell{"command": "printf \\"%s\\\\n\\" x; grep -E \'a{2}\' f"}',
    tools: typedTools,
    presets: P,
    calls: [{ toolName: 'run_shell', input: { command: 'printf "%s\\n" x; grep -E \'a{2}\' f' } }],
    text_out: 'ok{so',
  },
  {
    name: 'two v11 calls, each with [CALL_ID]',
    source: `${LCPP_TEST}, Mistral Small 3.2 block (parallel calls 000000001, 000000002)`,
    text: '[TOOL_CALLS]search[CALL_ID]000000001[ARGS]{"query": "a"}[TOOL_CALLS]get_weather[CALL_ID]000000002[ARGS]{"location": "Metz", "unit": "celsius"}',
    tools: weatherTools,
    presets: P,
    calls: [
      { toolName: 'search', input: { query: 'a' } },
      { toolName: 'get_weather', input: { location: 'Metz', unit: 'celsius' } },
    ],
    text_out: '',
  },
  {
    name: 'Devstral: text, then name[ARGS]{json}',
    source: `${LCPP_TEST}, Devstral block (content before the call)`,
    text: 'Looking into it.[TOOL_CALLS]search[ARGS]{"query": "gare du nord"}',
    tools: weatherTools,
    presets: P,
    calls: [{ toolName: 'search', input: { query: 'gare du nord' } }],
    text_out: 'Looking into it.',
  },
  {
    name: 'v11 with a nested object argument',
    source: `${O_MINISTRAL}, "tool call with nested object"`,
    text: '[TOOL_CALLS]set_config[ARGS]{"config": {"user": {"name": "Ines", "age": 30}, "theme": "dark"}, "tags": ["a"]}',
    tools: typedTools,
    presets: P,
    calls: [
      { toolName: 'set_config', input: { config: { user: { name: 'Ines', age: 30 }, theme: 'dark' }, tags: ['a'] } },
    ],
    text_out: '',
  },
];
