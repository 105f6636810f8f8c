/**
 * More pythonic (Llama 3.2/4, LFM2) and OLMo 3 patterns from named peer tests
 * and reports: Python values, LFM2's quirks, bad arguments beside good ones.
 * Synthetic texts written to each source's pattern.
 */
import { call, corpusCase } from './make.ts';
import { LCPP_TEST, O_LFM2, O_OLMO3, T_LFM25, V_LFM2, V_LLAMA4, V_OLMO3, V_PYTHONIC } from './sources.ts';
import { typedTools } from './tools.ts';
import type { CorpusCase } from './types.ts';

const PY = ['pythonic'];
const typed = { tools: typedTools };
const lfm = (body: string) => `<|tool_call_start|>${body}<|tool_call_end|>`;

export const pythonicMoreCorpus: CorpusCase[] = [
  corpusCase(
    PY,
    'Python values: dict, None, True, list',
    `${V_PYTHONIC}, test_tool_call[more_types]`,
    "[add_user(name='Ana Lima', age=41, address={'city': 'Porto', 'zip': '4000'}, role=None, verified=True, aliases=['Ana', 'AL'])]",
    [
      call('add_user', {
        name: 'Ana Lima',
        age: 41,
        address: { city: 'Porto', zip: '4000' },
        role: null,
        verified: true,
        aliases: ['Ana', 'AL'],
      }),
    ],
    '',
    typed,
  ),
  corpusCase(
    PY,
    'escaped quotes in single-quoted strings',
    `${V_PYTHONIC}, test_tool_call[escaped_string]`,
    "[search(query='Rock\\'n\\'roll \\\"hall\\\"')]",
    [call('search', { query: 'Rock\'n\'roll "hall"' })],
  ),
  corpusCase(
    PY,
    'a call with no arguments and one with an empty list',
    `${V_PYTHONIC}, test_tool_call[parameterless] and [empty_list]`,
    '[list_files(), label(tags=[])]',
    [call('list_files', {}), call('label', { tags: [] })],
    '',
    typed,
  ),
  corpusCase(
    PY,
    '1e999 is an error for that argument only; the sibling call stands',
    `${V_PYTHONIC}, test_non_finite_argument_rejected (1e999 overflows to inf, which JSON cannot hold)`,
    "[calc(x=1e999, note='big'), search(query='ok')]",
    [call('calc', { x: '1e999', note: 'big' }), call('search', { query: 'ok' })],
    '',
    {
      ...typed,
      errors: ['invalid-argument'],
    },
  ),
  corpusCase(
    PY,
    'a bytes argument is passed as its text; its siblings and the next call stand',
    `${V_PYTHONIC}, test_bad_sibling_call_does_not_drop_good_calls (bad(x=b'z'))`,
    "[calc(x=b'z', note='n'), search(query='ok')]",
    [call('calc', { x: "b'z'", note: 'n' }), call('search', { query: 'ok' })],
    '',
    { ...typed, errors: ['invalid-argument'] },
  ),
  corpusCase(
    PY,
    'quotes that no reading can close stay text',
    `${V_PYTHONIC}, test_unrecoverable_block_still_reports_no_tool_call`,
    "[run_shell(command='x 'y' 'z), search(query='p 'q' 'r)]",
    [],
    "[run_shell(command='x 'y' 'z), search(query='p 'q' 'r)]",
    { errors: ['unclosed-tool-call'] },
  ),
  corpusCase(
    PY,
    'LFM2: unescaped inner quotes in a shell command',
    `${V_LFM2}, test_tool_call[nested_quote] (sed -n '360,450p' inside '…')`,
    lfm("[run_shell(command='sed -n '10,20p' src/main.py')]"),
    [call('run_shell', { command: "sed -n '10,20p' src/main.py" })],
  ),
  corpusCase(
    PY,
    'LFM2: a set and a tuple become lists',
    `${V_LFM2}, test_tool_call[set_arg] (label(tags={'urgent', 'bug'}))`,
    lfm("[label(tags={'red', 'blue'}, pair=(3, 4))]"),
    [call('label', { tags: ['red', 'blue'], pair: [3, 4] })],
    '',
    typed,
  ),
  corpusCase(
    PY,
    'LFM2: zero-padded integers',
    `${V_LFM2}, test_tool_call[leading_zero_int]`,
    lfm('[set_date(month=07, day=05)]'),
    [call('set_date', { month: 7, day: 5 })],
    '',
    typed,
  ),
  corpusCase(
    PY,
    'LFM2: a raw newline inside a string',
    `${V_LFM2}, test_tool_call[multiline_string_arg]`,
    lfm("[run_shell(command='cat > a.py << EOF\nprint(1)\nEOF')]"),
    [call('run_shell', { command: 'cat > a.py << EOF\nprint(1)\nEOF' })],
  ),
  corpusCase(
    PY,
    'LFM2: text after the call block',
    `${V_LFM2}, test_tool_call[content_after_tool_call]`,
    `${lfm("[search(query='order 12345')]")}\nLooking up the order now.`,
    [call('search', { query: 'order 12345' })],
    'Looking up the order now.',
  ),
  corpusCase(
    PY,
    'LFM2: the call body echoed as text after the call gives no second call',
    `LFM2 echoes the call body; the text-after-the-block shape of ${V_LFM2}, test_streaming_full_block_and_trailing_in_single_delta`,
    `${lfm("[search(query='tea')]")}search(query='tea')`,
    [call('search', { query: 'tea' })],
    "search(query='tea')",
  ),
  corpusCase(
    PY,
    'LFM2.5: a call drafted in thinking is reasoning; the real one after it runs',
    `${T_LFM25}; ${LCPP_TEST}, LFM2.5-8B-A1B block ("Fake tool call marker inside reasoning is not parsed as a call")`,
    `<think>Maybe ${lfm("[search(query='no')]")} hmm</think>${lfm("[search(query='yes')]")}`,
    [call('search', { query: 'yes' })],
    '',
    { reasoning: "Maybe <|tool_call_start|>[search(query='no')]<|tool_call_end|> hmm" },
  ),
  corpusCase(
    PY,
    'LFM2: a bracket inside a string argument',
    `${V_LFM2}, test_tool_call[bracket_in_string]`,
    lfm('[run_shell(command=\'grep -F "]" app.log\')]'),
    [call('run_shell', { command: 'grep -F "]" app.log' })],
  ),
  corpusCase(
    PY,
    'LFM2: the engine dropped <|tool_call_start|> but kept the end marker',
    `${O_LFM2}, "single_call_with_orphan_end_tag"`,
    "[run_shell(command='pwd')]<|tool_call_end|>",
    [call('run_shell', { command: 'pwd' })],
    '',
  ),
  corpusCase(
    PY,
    'Llama 4: two calls in <|python_start|> without a space after the comma',
    `${V_LLAMA4}, test_tool_call[parallel_calls]`,
    "<|python_start|>[get_weather(location='LA', unit='celsius'),search(query='Doe', limit=9)]<|python_end|>",
    [call('get_weather', { location: 'LA', unit: 'celsius' }), call('search', { query: 'Doe', limit: 9 })],
  ),
  corpusCase(
    PY,
    'Python False and a tuple',
    `None/True/False; tuples as arrays; ${LCPP_TEST}, test_lfm2_parser ("Python literals become JSON")`,
    "[set_config(enabled=False, tags=('a', 'b'))]",
    [call('set_config', { enabled: false, tags: ['a', 'b'] })],
    '',
    typed,
  ),
];

const O = ['olmo3'];
const fc = (body: string) => `<function_calls>${body}</function_calls>`;

export const olmo3MoreCorpus: CorpusCase[] = [
  corpusCase(
    O,
    'one call, no newlines inside the block',
    `${V_OLMO3}, test_tool_call[simple]`,
    fc("get_weather(location='San Jose', unit='celsius')"),
    [call('get_weather', { location: 'San Jose', unit: 'celsius' })],
  ),
  corpusCase(
    O,
    'JSON literals null and true',
    `${V_OLMO3}, test_tool_call[more_types_json_literals]`,
    fc("add_user(name='Bo', age=9, role=null, verified=true, aliases=['B'])"),
    [call('add_user', { name: 'Bo', age: 9, role: null, verified: true, aliases: ['B'] })],
    '',
    typed,
  ),
  corpusCase(
    O,
    'no arguments, and an empty dict',
    `${V_OLMO3}, test_tool_call[parameterless] and [empty_dict]; ${O_OLMO3}, "tool call with no arguments"`,
    '<function_calls>\nlist_files()\nadd_user(address={})\n</function_calls>',
    [call('list_files', {}), call('add_user', { address: {} })],
    '',
    typed,
  ),
  corpusCase(
    O,
    'escaped quotes',
    `${V_OLMO3}, test_tool_call[escaped_string]; ${O_OLMO3}, "tool call with escaped quotes"`,
    fc("search(query='Martha\\'s \\\"place\\\"')"),
    [call('search', { query: 'Martha\'s "place"' })],
  ),
  corpusCase(
    O,
    '1e999 is an error for that argument only; the next call stands',
    `${V_OLMO3}, test_non_finite_argument_rejected`,
    fc("calc(x=1e999)\nsearch(query='ok')"),
    [call('calc', { x: '1e999' }), call('search', { query: 'ok' })],
    '',
    {
      ...typed,
      errors: ['invalid-argument'],
    },
  ),
  corpusCase(
    O,
    'a bytes argument beside a good call',
    `${V_OLMO3}, test_bad_sibling_call_does_not_drop_good_calls`,
    fc("calc(x=b'z')\nsearch(query='ok')"),
    [call('calc', { x: "b'z'" }), call('search', { query: 'ok' })],
    '',
    { ...typed, errors: ['invalid-argument'] },
  ),
  corpusCase(
    O,
    'mismatched brackets stay text',
    `${V_OLMO3}, test_streaming_mismatched_brackets_reported_once (foo(x=1]))`,
    fc('search(query=1])'),
    [],
    fc('search(query=1])'),
    { errors: ['malformed-tool-call'] },
  ),
];
