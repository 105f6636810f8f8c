/**
 * Cohere Command R7B / Command A: `<|START_ACTION|>[{"tool_call_id", "tool_name", "parameters"}]<|END_ACTION|>`,
 * thinking in `<|START_THINKING|>`, the answer in `<|START_RESPONSE|>` (Command A 2026 / North: `<|START_TEXT|>`).
 * Synthetic texts written to each named source's pattern.
 */
import { call, corpusCase } from '../../../test/corpus/make.ts';
import { LCPP_TEST_2026, O_COHERE, T_COMMAND_R7B, V_COHERE } from '../../../test/corpus/sources.ts';
import { typedTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

const P = ['cohere'];
const LCPP_R7B = `${LCPP_TEST_2026}, CohereForAI Command-R 7B block`;
/** Ollama's Command A template ends the generation prompt with <|START_THINKING|> when thinking is on. */
const inside = { reasoningOption: { startInside: true } as const };

export const cohereCorpus: CorpusCase[] = [
  corpusCase(
    P,
    'thinking with a leading space, the list on lines of its own, two calls',
    `${V_COHERE}, cmd3-multiple_tool_calls`,
    '<|START_THINKING|> first the search, then the sum<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "rent"}},\n    {"tool_call_id": "1", "tool_name": "calc", "parameters": {"x": 42}}\n]\n<|END_ACTION|>',
    [call('search', { query: 'rent' }), call('calc', { x: 42 })],
    '',
    { tools: typedTools, reasoning: 'first the search, then the sum' },
  ),
  corpusCase(
    P,
    'an answer in <|START_RESPONSE|>, no thinking',
    `${LCPP_R7B} ("<|START_RESPONSE|>Hello, world!\\nWhat's up?<|END_RESPONSE|>")`,
    '<|START_RESPONSE|>It will rain.\nTake a coat.<|END_RESPONSE|>',
    [],
    'It will rain. Take a coat.',
  ),
  corpusCase(
    P,
    'thinking over two lines, then the answer',
    `${LCPP_R7B} (thinking, then <|START_RESPONSE|>)`,
    '<|START_THINKING|>Short\nquestion.<|END_THINKING|><|START_RESPONSE|>Yes, it is open.<|END_RESPONSE|>',
    [],
    'Yes, it is open.',
    { reasoning: 'Short question.' },
  ),
  corpusCase(
    P,
    'cut off inside the action: the thinking stays reasoning, the action text',
    `${LCPP_R7B} (partial: "<|START_ACTION|>[\\n    {\\"tool_call_id\\": \\"0\\", \\"tool_name\\": \\"special_function\\", ")`,
    '<|START_THINKING|>Look it up.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "sea',
    [],
    '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "sea',
    { reasoning: 'Look it up.', errors: ['unclosed-tool-call'] },
  ),
  corpusCase(
    P,
    'the template form: an empty thinking block, the action, the end of turn; unicode and escaped quotes',
    `${T_COMMAND_R7B} (an assistant turn with tool_calls: "<|START_THINKING|>…<|END_THINKING|><|START_ACTION|>[" … "]<|END_ACTION|><|END_OF_TURN_TOKEN|>")`,
    '<|START_THINKING|><|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "write_file", "parameters": {"path": "note.txt", "content": "Grüße, \\"Zoë\\" ✓"}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>',
    [call('write_file', { path: 'note.txt', content: 'Grüße, "Zoë" ✓' })],
  ),
  corpusCase(
    P,
    'Command A: template-opened thinking, then <|START_TEXT|>',
    `${O_COHERE}, TestCohereParseThinkingThenText`,
    'Weighing the question.<|END_THINKING|><|START_TEXT|>Here is the answer.<|END_TEXT|>',
    [],
    'Here is the answer.',
    { ...inside, reasoning: 'Weighing the question.' },
  ),
  corpusCase(
    P,
    'Command A: template-opened thinking, two calls, one with no parameters',
    `${O_COHERE}, TestCohereParseToolCall`,
    'Two lookups.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"location": "Perth"}},\n    {"tool_call_id": "1", "tool_name": "list_files", "parameters": {}}\n]<|END_ACTION|>',
    [call('get_weather', { location: 'Perth' }), call('list_files', {})],
    '',
    { ...inside, tools: typedTools, reasoning: 'Two lookups.' },
  ),
  corpusCase(
    P,
    'Command A: template-opened thinking, then plain text without a marker',
    `${O_COHERE}, TestCohereParseBareContent`,
    'Easy one.<|END_THINKING|>The museum opens at nine.',
    [],
    'The museum opens at nine.',
    { ...inside, reasoning: 'Easy one.' },
  ),
  corpusCase(
    P,
    'the end-of-turn token ends the answer, <|END_TEXT|> left out',
    `${O_COHERE}, TestCohereParseEndOfTurnWithoutEndText (here with its own <|START_THINKING|>)`,
    '<|START_THINKING|>Quick.<|END_THINKING|><|START_TEXT|>It is noon in Lagos.<|END_OF_TURN_TOKEN|>',
    [],
    'It is noon in Lagos.',
    { reasoning: 'Quick.' },
  ),
  corpusCase(
    P,
    'citations in the thinking and in the answer',
    `${V_COHERE}, cmd3-citations_no_tool_calls (the tags are dropped: "This is a rainbow emoji: 🌈", "foo bar"); ${T_COMMAND_R7B} asks for "<co>span</co: 0:[1,2],1:[0]>" around spans grounded on tool results`,
    '<|START_THINKING|>The forecast says <co>rain 🌧</co: 0:[0]><|END_THINKING|>\n<|START_RESPONSE|>Expect <co>rain</co: 0:[0,1],1:[2]> after noon.<|END_RESPONSE|>',
    [],
    'Expect rain after noon.',
    {
      reasoning: 'The forecast says rain 🌧',
      known: {
        cohere:
          'the citation tags stay: reasoning "The forecast says <co>rain 🌧</co: 0:[0]>", text "Expect <co>rain</co: 0:[0,1],1:[2]> after noon."',
        auto: 'the same as the preset',
      },
    },
  ),
  corpusCase(
    P,
    'two call objects without a comma between them',
    `${O_COHERE}, TestCohereParseMalformedActions ("a missing comma between calls must not drop either"; braces inside a string value do not split objects)`,
    '<|START_THINKING|>Both.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "list_files", "parameters": {}}{"tool_call_id": "1", "tool_name": "search", "parameters": {"query": "{not json}"}}]<|END_ACTION|>',
    [call('list_files', {}), call('search', { query: '{not json}' })],
    '',
    {
      tools: typedTools,
      reasoning: 'Both.',
    },
  ),
  corpusCase(
    P,
    'one call object with an unquoted value beside a good one',
    `${O_COHERE}, TestCohereParseMalformedActions ("one malformed call (unquoted value) must not drop its well-formed sibling")`,
    '<|START_THINKING|>Alarm and weather.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "set_date", "parameters": {"month": 15:30}},\n    {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"location": "Oslo"}}\n]<|END_ACTION|>',
    [call('get_weather', { location: 'Oslo' })],
    '{"tool_call_id": "0", "tool_name": "set_date", "parameters": {"month": 15:30}}',
    {
      tools: typedTools,
      reasoning: 'Alarm and weather.',
      errors: ['malformed-tool-call'],
    },
  ),
  corpusCase(
    P,
    'no JSON list in the action: stays text, reported',
    `${O_COHERE}, TestCohereParseMalformedActions ("[!!!]" gives no call)`,
    '<|START_THINKING|>Try.<|END_THINKING|><|START_ACTION|>[!!!]<|END_ACTION|>',
    [],
    '<|START_ACTION|>[!!!]<|END_ACTION|>',
    { reasoning: 'Try.', errors: ['malformed-tool-call'] },
  ),
];
