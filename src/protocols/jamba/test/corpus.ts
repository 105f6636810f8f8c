/**
 * AI21 Jamba (and ServiceNow Apriel 1.5): `<tool_calls>[{"name", "arguments"}]</tool_calls>`. Synthetic texts
 * written to each named source's pattern; the dynamo cases are that server's own parity fixtures for the
 * family, whose expectations differ from ours where noted.
 */
import { call, corpusCase } from '../../../test/corpus/make.ts';
import { D_JAMBA, LCPP_TEST_2026, V_HUNYUAN_A13B, V_JAMBA } from '../../../test/corpus/sources.ts';
import { typedTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

const P = ['jamba'];
const typed = { tools: typedTools };
const block = (calls: string) => `<tool_calls>[${calls}]</tool_calls>`;

export const jambaCorpus: CorpusCase[] = [
  corpusCase(
    P,
    'a leading space, one call per line, the same tool twice',
    `${V_JAMBA}, parallel_tools (the form AI21-Jamba-Mini-1.7's template writes)`,
    ' <tool_calls>[\n    {"name": "get_weather", "arguments": {"location": "Austin, TX", "unit": "fahrenheit"}},\n    {"name": "get_weather", "arguments": {"location": "Tampa, FL", "unit": "fahrenheit"}}\n]</tool_calls>',
    [
      call('get_weather', { location: 'Austin, TX', unit: 'fahrenheit' }),
      call('get_weather', { location: 'Tampa, FL', unit: 'fahrenheit' }),
    ],
  ),
  corpusCase(
    P,
    'Apriel 1.5: the block alone on one line',
    `${LCPP_TEST_2026}, Apriel 1.5 block`,
    block('{"name": "search", "arguments": {"query": "apriel"}}'),
    [call('search', { query: 'apriel' })],
  ),
  corpusCase(
    P,
    'narration on both sides of a two-call block',
    `${D_JAMBA('PARSER.batch.2.yaml')}, PARSER.batch.2.c (vLLM drops the text after the block; toolshim keeps it)`,
    `Both: ${block('{"name": "get_weather", "arguments": {"location": "Porto"}}, {"name": "search", "arguments": {"query": "Porto time"}}')} Done.`,
    [call('get_weather', { location: 'Porto' }), call('search', { query: 'Porto time' })],
    'Both: Done.',
  ),
  corpusCase(
    P,
    'string, integer and boolean arguments',
    `${D_JAMBA('PARSER.batch.7.yaml')}, PARSER.batch.7.a`,
    block('{"name": "add_user", "arguments": {"name": "Ines", "age": 2, "verified": true}}'),
    [call('add_user', { name: 'Ines', age: 2, verified: true })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'unicode and escaped quotes in a value',
    `${D_JAMBA('PARSER.batch.7.yaml')}, PARSER.batch.7.b`,
    block('{"name": "get_weather", "arguments": {"location": "Zürich \\"Altstadt\\""}}'),
    [call('get_weather', { location: 'Zürich "Altstadt"' })],
  ),
  corpusCase(
    P,
    'an integer written as a string is coerced to the schema',
    `${D_JAMBA('PARSER.batch.7.yaml')}, PARSER.batch.7.c (dynamo passes "20" through; toolshim coerces to the schema's type)`,
    block('{"name": "search", "arguments": {"query": "cafes", "limit": "20"}}'),
    [call('search', { query: 'cafes', limit: 20 })],
  ),
  corpusCase(
    P,
    'a nested object and a list',
    `${D_JAMBA('PARSER.batch.7.yaml')}, PARSER.batch.7.d`,
    block('{"name": "set_config", "arguments": {"tags": ["x", "y"], "config": {"cache": {"ttl": 60}}}}'),
    [call('set_config', { tags: ['x', 'y'], config: { cache: { ttl: 60 } } })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'a value holding the end tag',
    'synthetic (no report found): the end tag inside a JSON string is part of the value',
    block('{"name": "write_file", "arguments": {"path": "notes.md", "content": "close with </tool_calls> here"}}'),
    [call('write_file', { path: 'notes.md', content: 'close with </tool_calls> here' })],
  ),
  corpusCase(
    P,
    'the output ends before </tool_calls>',
    `${D_JAMBA('PARSER.batch.5.yaml')}, PARSER.batch.5.a (vLLM keeps the text; dynamo and toolshim read the call)`,
    '<tool_calls>[{"name": "get_weather", "arguments": {"location": "Cusco"}}]',
    [call('get_weather', { location: 'Cusco' })],
  ),
  corpusCase(
    P,
    'the engine dropped <tool_calls>: the list, then </tool_calls>',
    `${D_JAMBA('PARSER.batch.5.yaml')}, PARSER.batch.5.b (dynamo and vLLM keep the text; toolshim reads the list as auto and the nemotron preset do, <tool_calls> being a special token an engine may strip)`,
    '[{"name": "get_weather", "arguments": {"location": "Riga"}}]</tool_calls>',
    [call('get_weather', { location: 'Riga' })],
  ),
  corpusCase(
    P,
    'cut off inside the arguments: stays text',
    `${D_JAMBA('PARSER.batch.5.yaml')}, PARSER.batch.5.c`,
    '<tool_calls>[{"name": "get_weather", "arguments": {"loc',
    [],
    '<tool_calls>[{"name": "get_weather", "arguments": {"loc',
    { errors: ['unclosed-tool-call'] },
  ),
  corpusCase(
    P,
    'a ] where a } belongs: stays text, reported',
    `${D_JAMBA('PARSER.batch.4.yaml')}, PARSER.batch.4.b`,
    '<tool_calls>[{"name": "get_weather", "arguments": {"location": "Baku"]</tool_calls>',
    [],
    '<tool_calls>[{"name": "get_weather", "arguments": {"location": "Baku"]</tool_calls>',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    P,
    'a call object without "name": stays text, reported',
    `${D_JAMBA('PARSER.batch.4.yaml')}, PARSER.batch.4.c (dynamo drops it silently; vLLM keeps the text, as toolshim does)`,
    '<tool_calls>[{"arguments": {"location": "Baku"}}]</tool_calls>',
    [],
    '<tool_calls>[{"arguments": {"location": "Baku"}}]</tool_calls>',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    P,
    'no JSON in the block: stays text, unreported',
    `${D_JAMBA('PARSER.batch.4.yaml')}, PARSER.batch.4.a (<tool_calls> also names other projects' XML wrappers, so a body that is no JSON is prose)`,
    '<tool_calls>not a json array</tool_calls>',
    [],
    '<tool_calls>not a json array</tool_calls>',
  ),
  corpusCase(
    P,
    'the tags named in prose stay text, unreported',
    'synthetic (no report found): an answer explaining the format',
    'Jamba writes its calls between <tool_calls> and </tool_calls>.',
    [],
    'Jamba writes its calls between <tool_calls> and </tool_calls>.',
  ),
  corpusCase(
    P,
    'Hunyuan-A13B: text before a block, nested arguments, CJK kept as written',
    `${V_HUNYUAN_A13B}, test_hunyuan_a13b_tool_parser_extract and _non_ascii (the jamba preset reads Hunyuan-A13B)`,
    `I will look it up. ${block('{"name": "get_weather", "arguments": {"location": "北京"}}, {"name": "search", "arguments": {"query": "天气", "limit": 3}}')}`,
    [call('get_weather', { location: '北京' }), call('search', { query: '天气', limit: 3 })],
    'I will look it up.',
  ),
  corpusCase(
    P,
    'Hunyuan-A13B: a call with empty arguments first costs the next call nothing',
    `${V_HUNYUAN_A13B}, test_hunyuan_a13b_tool_parser_streaming_one_empty_args_tool`,
    block('{"name": "search", "arguments": {}}, {"name": "get_weather", "arguments": {"location": "Lhasa"}}'),
    [call('search', {}), call('get_weather', { location: 'Lhasa' })],
  ),
];
