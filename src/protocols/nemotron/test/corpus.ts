/**
 * NVIDIA Nemotron (Nano v2, Llama-3.3-Nemotron-Super v1.5): `<TOOLCALL>[{"name", "arguments"}]</TOOLCALL>`.
 * Synthetic texts written to each named source's pattern; the dynamo cases are that server's own parity
 * fixtures for the same format (its `nemotron_deci` family), whose expectations differ from ours where noted.
 */
import { call, corpusCase } from '../../../test/corpus/make.ts';
import { D_NEMOTRON, LCPP_TEST_OLD, T_NEMOTRON_NANO_V2, V_NEMOTRON_JSON } from '../../../test/corpus/sources.ts';
import { typedTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

const P = ['nemotron'];
const typed = { tools: typedTools };
const block = (calls: string) => `<TOOLCALL>[${calls}]</TOOLCALL>`;
const LCPP_NEMO = `${LCPP_TEST_OLD}, NVIDIA-Nemotron-Nano-v2 block`;

export const nemotronCorpus: CorpusCase[] = [
  corpusCase(
    P,
    'prose right before the block, no space between',
    `${V_NEMOTRON_JSON}, test_extract_tool_calls_from_nemotron_array`,
    `I will look that up.${block('{"name": "get_weather", "arguments": {"location": "Lyon", "unit": "celsius"}}')}`,
    [call('get_weather', { location: 'Lyon', unit: 'celsius' })],
    'I will look that up.',
  ),
  corpusCase(
    P,
    'nested objects inside an object argument, a list beside it',
    `${V_NEMOTRON_JSON}, test_streaming_handles_nested_json_arguments`,
    block(
      '{"name": "set_config", "arguments": {"config": {"retry": {"max": 3}, "regions": [{"id": "eu", "primary": true}]}, "tags": ["a", "b"]}}',
    ),
    [call('set_config', { config: { retry: { max: 3 }, regions: [{ id: 'eu', primary: true }] }, tags: ['a', 'b'] })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'thinking right before the block, no line breaks',
    `${LCPP_NEMO} ("Test parsing tool calls with thinking")`,
    `<think>The user wants\nrain data.</think>${block('{"name": "search", "arguments": {"query": "rain", "limit": 3}}')}`,
    [call('search', { query: 'rain', limit: 3 })],
    '',
    { reasoning: 'The user wants rain data.' },
  ),
  corpusCase(
    P,
    'text after the block',
    `${LCPP_NEMO} ("Test tool calls with extra content")`,
    `${block('{"name": "search", "arguments": {"query": "tides"}}')}Searching now.\nOne moment.`,
    [call('search', { query: 'tides' })],
    'Searching now. One moment.',
  ),
  corpusCase(
    P,
    'thinking, the block, then text',
    `${LCPP_NEMO} ("Test tool calls with extra content AND thinking")`,
    `<think>Need both.</think>${block('{"name": "get_weather", "arguments": {"location": "Kyiv"}}')}Checking Kyiv.`,
    [call('get_weather', { location: 'Kyiv' })],
    'Checking Kyiv.',
    { reasoning: 'Need both.' },
  ),
  corpusCase(
    P,
    'the template opened the thinking: only </think> appears',
    `${T_NEMOTRON_NANO_V2} (the generation prompt ends "<think>\\n" unless /no_think)`,
    `The user asked about Oslo.\n</think>\n${block('{"name": "get_weather", "arguments": {"location": "Oslo"}}')}`,
    [call('get_weather', { location: 'Oslo' })],
    '',
    { reasoning: 'The user asked about Oslo.', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    P,
    'narration on both sides of a two-call block',
    `${D_NEMOTRON('PARSER.batch.2.yaml')}, PARSER.batch.2.c (dynamo keeps the text before only; toolshim keeps both)`,
    `Both at once: ${block('{"name": "get_weather", "arguments": {"location": "Quito"}}, {"name": "search", "arguments": {"query": "Quito time"}}')} Done.`,
    [call('get_weather', { location: 'Quito' }), call('search', { query: 'Quito time' })],
    'Both at once: Done.',
  ),
  corpusCase(
    P,
    'two blocks back to back',
    `${D_NEMOTRON('PARSER.batch.2.yaml')}, PARSER.batch.2.b (dynamo's parser gives no call here, a limitation its fixture notes)`,
    `${block('{"name": "get_weather", "arguments": {"location": "Lima"}}')}${block('{"name": "search", "arguments": {"query": "Lima flights"}}')}`,
    [call('get_weather', { location: 'Lima' }), call('search', { query: 'Lima flights' })],
  ),
  corpusCase(
    P,
    'unicode and escaped quotes in a value',
    `${D_NEMOTRON('PARSER.batch.7.yaml')}, PARSER.batch.7.b`,
    block('{"name": "get_weather", "arguments": {"location": "Kōbe \\"port side\\""}}'),
    [call('get_weather', { location: 'Kōbe "port side"' })],
  ),
  corpusCase(
    P,
    'an integer written as a string is coerced to the schema',
    `${D_NEMOTRON('PARSER.batch.7.yaml')}, PARSER.batch.7.c (dynamo passes "20" through; toolshim coerces to the schema's type)`,
    block('{"name": "search", "arguments": {"query": "pubs", "limit": "20"}}'),
    [call('search', { query: 'pubs', limit: 20 })],
  ),
  corpusCase(
    P,
    'a call with no arguments',
    `${D_NEMOTRON('PARSER.batch.yaml')}, PARSER.batch.6`,
    block('{"name": "list_files", "arguments": {}}'),
    [call('list_files', {})],
    '',
    typed,
  ),
  corpusCase(
    P,
    'the output ends before </TOOLCALL>',
    `${D_NEMOTRON('PARSER.batch.5.yaml')}, PARSER.batch.5.a`,
    '<TOOLCALL>[{"name": "get_weather", "arguments": {"location": "Nairobi"}}]',
    [call('get_weather', { location: 'Nairobi' })],
  ),
  corpusCase(
    P,
    "the list's ] left out before </TOOLCALL>",
    `${D_NEMOTRON('PARSER.batch.4.yaml')}, PARSER.batch.4.d ("Mismatched JSON brackets": the call, no text)`,
    '<TOOLCALL>[{"name": "get_weather", "arguments": {"location": "Accra"}}</TOOLCALL>',
    [call('get_weather', { location: 'Accra' })],
    '',
    {
      errors: ['malformed-tool-call'],
    },
  ),
  corpusCase(
    P,
    'a string left open, the end token inside it: stays text',
    `${D_NEMOTRON('PARSER.batch.4.yaml')}, PARSER.batch.4.b (dynamo recovers a call); ${V_NEMOTRON_JSON}, test_extract_tool_calls_returns_original_for_malformed (the text stays)`,
    '<TOOLCALL>[{"name": "get_weather", "arguments": {"location": "Dakar</TOOLCALL>',
    [],
    '<TOOLCALL>[{"name": "get_weather", "arguments": {"location": "Dakar</TOOLCALL>',
    { errors: ['unclosed-tool-call'] },
  ),
  corpusCase(
    P,
    'no JSON in the block: stays text, reported',
    `${D_NEMOTRON('PARSER.batch.4.yaml')}, PARSER.batch.4.a`,
    '<TOOLCALL>no list here</TOOLCALL>',
    [],
    '<TOOLCALL>no list here</TOOLCALL>',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    P,
    'the tokens named in prose stay text, reported',
    'synthetic (no report found): an answer explaining the format; <TOOLCALL> is a special token, so each is reported',
    'Wrap calls in <TOOLCALL> tags, like <TOOLCALL>[...]</TOOLCALL>.',
    [],
    'Wrap calls in <TOOLCALL> tags, like <TOOLCALL>[...]</TOOLCALL>.',
    { errors: ['malformed-tool-call', 'malformed-tool-call'] },
  ),
];
