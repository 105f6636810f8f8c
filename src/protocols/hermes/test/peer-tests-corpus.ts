/**
 * More Hermes / Qwen `<tool_call>` JSON patterns, each from a named peer test,
 * template or report. Our own texts written to the source's pattern
 * (synthetic, not recorded outputs).
 */
import { call, corpusCase } from '../../../test/corpus/make.ts';
import { LCPP_TEST_OLD, T_QWEN3, V_ERNIE45, V_HERMES } from '../../../test/corpus/sources.ts';
import { typedTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase } from '../../../test/corpus/types.ts';

const P = ['hermes'];
const typed = { tools: typedTools };

export const hermesSourcedCorpus: CorpusCase[] = [
  corpusCase(
    P,
    'boolean argument, newline before </tool_call>',
    `${V_HERMES}, test_hermes_parser_streaming_failure_case_bug_19056`,
    '<tool_call>\n{"name": "set_config", "arguments": {"enabled": true}}\n</tool_call>',
    [call('set_config', { enabled: true })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'text right before <tool_call>, no newline',
    `${V_HERMES}, test_hermes_streaming_content_then_tool_call_with_stream_interval`,
    'Let me look that up.<tool_call>{"name": "search", "arguments": {"query": "night ferries"}}</tool_call>',
    [call('search', { query: 'night ferries' })],
    'Let me look that up.',
  ),
  corpusCase(
    P,
    'a call missing its last brace stays text',
    `${V_HERMES}, test_hermes_parser_non_streaming_tool_call_invalid_json`,
    '<tool_call>\n{"name": "set_config", "arguments": {"enabled": false}',
    [],
    '<tool_call>\n{"name": "set_config", "arguments": {"enabled": false}',
    { ...typed, errors: ['unclosed-tool-call'] },
  ),
  corpusCase(
    P,
    'Jinja placeholder {{ tool_call.name }} as the name stays text',
    `a Jinja placeholder ({{ tc.name }}) as the name; the shape of the tool_call block of ${T_QWEN3} quoted back by a model`,
    'The template renders:\n<tool_call>\n{"name": "{{ tool_call.name }}", "arguments": {{ tool_call.arguments | tojson }}}\n</tool_call>',
    [],
    'The template renders:\n<tool_call>\n{"name": "{{ tool_call.name }}", "arguments": {{ tool_call.arguments | tojson }}}\n</tool_call>',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    P,
    "the system prompt's <function-name> placeholder quoted back stays text",
    `${T_QWEN3} (its system prompt shows {"name": <function-name>, "arguments": <args-json-object>})`,
    'Use this shape:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>',
    [],
    'Use this shape:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>',
    { errors: ['malformed-tool-call'] },
  ),
  corpusCase(
    P,
    'an undeclared but well-formed name follows the unknown-tool policy',
    `${V_HERMES}, test_hermes_parser_non_streaming_tool_call_between_tags (the request declares no tools; the call is still returned)`,
    '<tool_call>\n{"name": "book_table", "arguments": {"guests": 2}}\n</tool_call>',
    [call('book_table', { guests: 2 })],
    '',
    { errors: ['unknown-tool'] },
  ),
  corpusCase(
    P,
    'pretty-printed bare call object',
    'https://github.com/nicedreamzapp/claude-code-local/pull/43 (Qwen2.5-Coder-14B answers with a bare multi-line {"name", "arguments"} object)',
    '{\n  "name": "run_shell",\n  "arguments": {\n    "command": "ls /var/log"\n  }\n}',
    [call('run_shell', { command: 'ls /var/log' })],
  ),
  corpusCase(
    P,
    'call-shaped JSON after prose stays text',
    'https://github.com/ggml-org/llama.cpp/issues/18183 (the Hermes 2 Pro parser took unwrapped JSON in an answer for a call)',
    'Here is the object you asked about:\n{"name": "search", "arguments": {"query": "json basics"}}',
    [],
    'Here is the object you asked about:\n{"name": "search", "arguments": {"query": "json basics"}}',
  ),
  corpusCase(
    P,
    'code with escaped newlines in a string argument',
    'https://github.com/ollama/ollama/issues/6390 (Hermes 3: a code_interpreter call whose code holds \\n escapes)',
    '<tool_call>\n{"name": "write_file", "arguments": {"path": "rev.py", "content": "def rev(xs):\\n    return xs[::-1]\\n\\nprint(rev([1, 2]))"}}\n</tool_call>',
    [call('write_file', { path: 'rev.py', content: 'def rev(xs):\n    return xs[::-1]\n\nprint(rev([1, 2]))' })],
  ),
  corpusCase(
    P,
    'QwQ: template-opened thinking, then a call',
    `${LCPP_TEST_OLD}, Hermes 2 Pro block ("QwQ-32B's template adds a trailing <think>")`,
    'The user wants tide times, so I search.\n</think>\n<tool_call>{"name": "search", "arguments": {"query": "tide times"}}</tool_call>',
    [call('search', { query: 'tide times' })],
    '',
    { reasoning: 'The user wants tide times, so I search.', reasoningOption: { startInside: true } },
  ),
  corpusCase(
    P,
    'ERNIE-4.5: one block per call, each on lines of its own',
    `${V_ERNIE45}, test_extract_tool_calls multiple_tool_calls (the hermes preset reads ERNIE-4.5)`,
    '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Beijing"}}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Guangzhou", "unit": "celsius"}}\n</tool_call>\n',
    [call('get_weather', { location: 'Beijing' }), call('get_weather', { location: 'Guangzhou', unit: 'celsius' })],
  ),
];
