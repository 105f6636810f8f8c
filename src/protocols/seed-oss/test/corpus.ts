/**
 * ByteDance Seed-OSS: `<seed:tool_call>\n<function=f>\n<parameter=p>v</parameter>\n</function>\n</seed:tool_call>`,
 * thinking in `<seed:think>` with `<seed:cot_budget_reflect>` budget notes, turns ended by `<seed:eos>`.
 * Synthetic texts written to each named source's pattern.
 */
import { call, corpusCase } from '../../../test/corpus/make.ts';
import {
  LCPP_TEST,
  LCPP_TEST_2026,
  LCPP_TEST_OLD,
  T_SEED_OSS,
  T_SEED_OSS_FIRST,
  V_SEED_OSS,
} from '../../../test/corpus/sources.ts';
import { typedTools } from '../../../test/corpus/tools.ts';
import type { CorpusCase, ToolSchemas } from '../../../test/corpus/types.ts';

const P = ['seed-oss'];
const typed = { tools: typedTools };
const LCPP_SEED = `${LCPP_TEST_2026}, ByteDance-Seed-OSS block`;

/** A call as the template writes it: its own block, each parameter on a line. */
const seedCall = (name: string, params: Record<string, string>) =>
  `<seed:tool_call>\n<function=${name}>\n${Object.entries(params)
    .map(([k, v]) => `<parameter=${k}>${v}</parameter>\n`)
    .join('')}</function>\n</seed:tool_call>`;

/** llama.cpp's test tools of the same shapes (todo_list, edit), our names for their fields. */
const testTools: ToolSchemas = {
  todo_list: {
    type: 'object',
    properties: {
      todos: {
        type: 'array',
        items: { type: 'object', properties: { item: { type: 'string' }, done: { type: 'boolean' } } },
      },
    },
  },
  edit_file: {
    type: 'object',
    properties: { file: { type: 'string' }, before: { type: 'string' }, after: { type: 'string' } },
  },
};

export const seedOssCorpus: CorpusCase[] = [
  corpusCase(
    P,
    'thinking, a line break, then the answer',
    `${LCPP_SEED} ("<seed:think>…</seed:think>\\nHello, world!")`,
    '<seed:think>The user greets me.</seed:think>\nHi there!',
    [],
    'Hi there!',
    { reasoning: 'The user greets me.' },
  ),
  corpusCase(
    P,
    'two blocks, the second with two integer parameters',
    `${LCPP_SEED} (parallel calls: special_function, then special_function_with_opt)`,
    `${seedCall('search', { query: 'holidays' })}\n${seedCall('set_date', { month: '12', day: '24' })}`,
    [call('search', { query: 'holidays' }), call('set_date', { month: 12, day: 24 })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'a JSON list of objects as an array parameter',
    `${LCPP_SEED} (todo_list with a list of {"item", "selected"} objects)`,
    seedCall('todo_list', {
      todos: '[{"item": "Pack bags", "done": false}, {"item": "Book taxi", "done": true}]',
    }),
    [
      call('todo_list', {
        todos: [
          { item: 'Pack bags', done: false },
          { item: 'Book taxi', done: true },
        ],
      }),
    ],
    '',
    { tools: testTools },
  ),
  corpusCase(
    P,
    'code with inner quotes; one line break dropped at each end of a value',
    `${LCPP_SEED} ("tool call with inside quotes": edit with a value padded by line breaks and code ending in a blank line)`,
    '<seed:tool_call>\n<function=edit_file>\n<parameter=file>\napp.py\n</parameter>\n<parameter=before>def greet(name = "you"):\n    return "hi " + name\n\n</parameter>\n<parameter=after>def greet(name = "all"):\n    pass\n\n</parameter>\n</function>\n</seed:tool_call>',
    [
      call('edit_file', {
        file: 'app.py',
        before: 'def greet(name = "you"):\n    return "hi " + name\n',
        after: 'def greet(name = "all"):\n    pass\n',
      }),
    ],
    '',
    { tools: testTools },
  ),
  corpusCase(
    P,
    'cut off inside an array value: stays text',
    `${LCPP_TEST_OLD}, Seed-OSS block ("Test partial parsing for incomplete tool call": "<parameter=numbers>[1,\\n")`,
    '<seed:tool_call>\n<function=label>\n<parameter=pair>[4,\n',
    [],
    '<seed:tool_call>\n<function=label>\n<parameter=pair>[4,',
    { ...typed, errors: ['unclosed-tool-call'] },
  ),
  corpusCase(
    P,
    'thinking budget 0 (the first template): the answer begins inside the budget note',
    `${T_SEED_OSS_FIRST} (at thinking_budget 0 the generation prompt ends "<seed:think><seed:cot_budget_reflect>"); ${V_SEED_OSS}, tool_call_0_thinking_budget`,
    `The current thinking budget is 0, so I will directly start answering the question.</seed:cot_budget_reflect>\n</seed:think>\n${seedCall('search', { query: 'ferry times' })}`,
    [call('search', { query: 'ferry times' })],
    '',
    {
      reasoningOption: { startInside: true },
      reasoning:
        'The current thinking budget is 0, so I will directly start answering the question.</seed:cot_budget_reflect>',
    },
  ),
  corpusCase(
    P,
    'budget notes inside the thinking, the block right after </seed:think>',
    `${V_SEED_OSS}, tool_call_512_thinkg_budget and tool_call_unlimited_thinking_budget`,
    `<seed:think>Find the ferry.\n<seed:cot_budget_reflect>I have used 40 tokens, and there are 472 tokens remaining for use.</seed:cot_budget_reflect>\nOne search is enough.</seed:think>${seedCall('search', { query: 'ferry' })}`,
    [call('search', { query: 'ferry' })],
    '',
    {
      reasoning:
        'Find the ferry. <seed:cot_budget_reflect>I have used 40 tokens, and there are 472 tokens remaining for use.</seed:cot_budget_reflect> One search is enough.',
    },
  ),
  corpusCase(
    P,
    'thinking, text, a blank line, then the block',
    `${T_SEED_OSS} (an assistant turn: the thinking block, the content, then each call after a line break)`,
    `<seed:think>Plan it.</seed:think>I will check São Paulo.\n\n${seedCall('get_weather', { location: 'São Paulo', unit: 'celsius' })}`,
    [call('get_weather', { location: 'São Paulo', unit: 'celsius' })],
    'I will check São Paulo.',
    { reasoning: 'Plan it.' },
  ),
  corpusCase(
    P,
    'the end-of-turn token right after the block',
    `${T_SEED_OSS} (every turn ends with eos_token, <seed:eos>)`,
    `${seedCall('search', { query: 'museum hours' })}<seed:eos>`,
    [call('search', { query: 'museum hours' })],
  ),
  corpusCase(
    P,
    'HTML with < and & in a value',
    `${LCPP_TEST}, Qwen3-Coder block ("Test with HTML tag content"): Seed-OSS writes the same <function=…><parameter=…> body (https://github.com/vllm-project/vllm/pull/46314)`,
    seedCall('write_file', { path: 'a.html', content: '<p class="n">1 < 2 & 3</p>' }),
    [call('write_file', { path: 'a.html', content: '<p class="n">1 < 2 & 3</p>' })],
  ),
  corpusCase(
    P,
    'JSON object, list and boolean values',
    `${LCPP_SEED} (a JSON value in a parameter, read by the schema's type)`,
    seedCall('set_config', { enabled: 'true', config: '{"retry": {"max": 2}}', tags: '["blue"]' }),
    [call('set_config', { enabled: true, config: { retry: { max: 2 } }, tags: ['blue'] })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'None for a nullable parameter',
    `${T_SEED_OSS} (a value that is no string goes through "| string": Python's None)`,
    seedCall('update_note', { id: '7', note: 'None' }),
    [call('update_note', { id: 7, note: null })],
    '',
    typed,
  ),
  corpusCase(
    P,
    'the block tag named in prose stays text, reported',
    'synthetic (no report found): an answer explaining the format; <seed:tool_call> is a token of its tokenizer, so it is reported',
    'Seed writes its calls inside <seed:tool_call> tags.',
    [],
    'Seed writes its calls inside <seed:tool_call> tags.',
    { errors: ['malformed-tool-call'] },
  ),
];
