/**
 * Fixtures of the seed-oss format: fed whole, one char at a time and at random splits, through its preset and
 * through auto. Every text is scripted (written here after the named source), none recorded from a model.
 * Sources: ggml-org/llama.cpp models/templates/ByteDance-Seed-OSS.jinja@b1933d30 (the template);
 * vllm-project/vllm tests/tool_use/test_seed_oss_tool_parser.py@181b452c (vLLM);
 * ochafik/llama.cpp tests/chat-parsers/test-seed-oss.cpp@148a6053 (llama.cpp's Seed-OSS parser tests).
 */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools, functionTool } from '../../../test/fixtures/tools.ts';

/** llama.cpp's test tools (test-chat.cpp's special_function and process_data). */
const specialFunction = functionTool('special_function', {
  type: 'object',
  properties: { arg1: { type: 'integer' } },
  required: ['arg1'],
});
const processData = functionTool('process_data', {
  type: 'object',
  properties: { input: { type: 'string' }, format: { type: 'string' } },
});

export const seedOssTools: LanguageModelV4FunctionTool[] = [...fixtureTools, specialFunction, processData];

const OPEN = '<seed:tool_call>';
const CLOSE = '</seed:tool_call>';

/** A call as the template writes it: its own block, each parameter on a line, values unpadded. */
const call = (name: string, params: Record<string, string>) =>
  `${OPEN}\n<function=${name}>\n${Object.entries(params)
    .map(([k, v]) => `<parameter=${k}>${v}</parameter>\n`)
    .join('')}</function>\n${CLOSE}`;

export const seedOssFixtures: FormatFixture[] = [
  // Scripted in the form the template writes a call.
  {
    name: 'one call, as the template writes it',
    text: call('get_weather', { city: 'Tokyo', days: '2' }),
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo', days: 2 } }],
    prose: '',
  },
  // Scripted after the template: the content, a blank line, then one block per call joined by a line break.
  {
    name: 'content, a blank line, then two blocks',
    text: `Let me check.\n\n${call('get_weather', { city: 'Tokyo' })}\n${call('search', { query: 'rain' })}`,
    calls: [
      { toolName: 'get_weather', input: { city: 'Tokyo' } },
      { toolName: 'search', input: { query: 'rain' } },
    ],
    prose: 'Let me check.',
  },
  // Scripted after the template: values that are no string go through `| string` (Python's str()).
  {
    name: "values as the template's `| string` writes them",
    text: `${call('get_weather', { city: "Xi'an", days: '3', metric: 'True' })}\n${call('search', { tags: "['a', \"b's\"]" })}`,
    calls: [
      { toolName: 'get_weather', input: { city: "Xi'an", days: 3, metric: true } },
      { toolName: 'search', input: { tags: ['a', "b's"] } },
    ],
    prose: '',
  },
  // Scripted after vLLM, tool_call_0_thinking_budget: the budget-0 note inside the thinking block.
  {
    name: 'thinking budget 0: the note in the thinking block, then the call',
    text: `<seed:think>\n</seed:cot_budget_reflect>\n</seed:cot_budget_reflect>\nThe current thinking budget is 0, so I will directly start answering the question.\n</seed:think>\n${call('get_weather', { city: 'Barcelona, Spain' })}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Barcelona, Spain' } }],
    prose: '',
    reasoning:
      '</seed:cot_budget_reflect> </seed:cot_budget_reflect> The current thinking budget is 0, so I will directly start answering the question.',
  },
  // Scripted after vLLM, tool_call_512_thinkg_budget: budget reports inside the thinking stay in the reasoning.
  {
    name: 'thinking budget 512: budget reports inside the thinking',
    text: `<seed:think>The current thinking budget is 512.</seed:cot_budget_reflect>\nThe user wants the weather in Barcelona.\n<seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect>\nThe unit can be left out.</seed:think>\n${call('get_weather', { city: 'Barcelona, Spain' })}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Barcelona, Spain' } }],
    prose: '',
    reasoning:
      'The current thinking budget is 512.</seed:cot_budget_reflect> The user wants the weather in Barcelona. <seed:cot_budget_reflect>I have used 131 tokens, and there are 381 tokens remaining for use.</seed:cot_budget_reflect> The unit can be left out.',
  },
  // Scripted after vLLM, tool_call_unlimited_thinking_budget: a drafted call inside the thinking is no call, and
  // the block follows </seed:think> directly.
  {
    name: 'a call drafted in the thinking is no call; the real one follows it directly',
    text: `<seed:think>\nThe format is ${call('get_weather', { city: 'Barcelona, Spain', metric: 'true' })}. Let me go with that.</seed:think>${call('get_weather', { city: 'Barcelona, Spain', metric: 'true' })}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Barcelona, Spain', metric: true } }],
    prose: '',
    reasoning: `The format is ${call('get_weather', { city: 'Barcelona, Spain', metric: 'true' })}. Let me go with that.`,
  },
  // Scripted after llama.cpp's Seed-OSS tests (tool call, multiple parameters): values padded with line breaks.
  {
    name: 'values padded with line breaks lose one at each end',
    text: `${OPEN}\n<function=special_function>\n<parameter=arg1>\n42\n</parameter>\n</function>\n${CLOSE}\n${OPEN}\n<function=process_data>\n<parameter=input>\ntest\n</parameter>\n<parameter=format>\njson\n</parameter>\n</function>\n${CLOSE}`,
    calls: [
      { toolName: 'special_function', input: { arg1: 42 } },
      { toolName: 'process_data', input: { input: 'test', format: 'json' } },
    ],
    prose: '',
  },
  // Scripted after llama.cpp's Seed-OSS tests (reasoning + tool call).
  {
    name: 'reasoning, then the call',
    text: `<seed:think>I need to call the special function</seed:think>${call('special_function', { arg1: '42' })}`,
    calls: [{ toolName: 'special_function', input: { arg1: 42 } }],
    prose: '',
    reasoning: 'I need to call the special function',
  },
  // Scripted after llama.cpp's Seed-OSS tests (simple reasoning).
  {
    name: 'reasoning, then the answer',
    text: "<seed:think>I'm thinking about the answer</seed:think>Hello, world!",
    calls: [],
    prose: 'Hello, world!',
    reasoning: "I'm thinking about the answer",
  },
  // Scripted after llama.cpp's Seed-OSS tests (budget reflection tags): a budget report after the thinking is
  // answer text there, and here.
  {
    name: 'a budget report after the thinking stays in the answer',
    text: '<seed:think>Token usage: 45/1000</seed:think><seed:cot_budget_reflect>Token usage: 45/1000</seed:cot_budget_reflect>I need to calculate this step by step.',
    calls: [],
    prose:
      '<seed:cot_budget_reflect>Token usage: 45/1000</seed:cot_budget_reflect>I need to calculate this step by step.',
    reasoning: 'Token usage: 45/1000',
  },
  // Scripted after llama.cpp's Seed-OSS tests (incomplete reasoning tag).
  {
    name: 'cut off inside the thinking: reasoning',
    text: '<seed:think>I was thinking',
    calls: [],
    prose: '',
    reasoning: 'I was thinking',
  },
  // Scripted (issue 27): several calls in one block.
  {
    name: 'two calls in one block',
    text: `${OPEN}\n<function=get_weather>\n<parameter=city>A</parameter>\n</function>\n<function=search>\n<parameter=query>q</parameter>\n</function>\n${CLOSE}`,
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'q' } },
    ],
    prose: '',
  },
  // Scripted: the next block opened before the last one was closed.
  {
    name: 'a block left unclosed before the next one',
    text: `${OPEN}\n<function=get_weather>\n<parameter=city>A</parameter>\n</function>\n${call('get_weather', { city: 'B' })}`,
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'get_weather', input: { city: 'B' } },
    ],
    prose: '',
  },
  // Scripted (issue 27): empty blocks are no call and leave no text.
  {
    name: 'empty blocks leave nothing behind',
    text: `No tool needed.\n${OPEN}${CLOSE}\nReally.${OPEN}\n${CLOSE}`,
    calls: [],
    prose: 'No tool needed. Really.',
  },
  // Scripted (issue 27): a lone end tag in the answer is markup, not prose.
  {
    name: 'the end tag alone in the answer is dropped',
    text: `It is sunny.${CLOSE}`,
    calls: [],
    prose: 'It is sunny.',
  },
  // Scripted after vLLM's seed_oss parser, which reads `<function=` without the block; its end tag is dropped.
  {
    name: 'the call without its opener, and the end tag after it',
    text: `Checking.\n<function=get_weather>\n<parameter=city>Oslo</parameter>\n</function>\n${CLOSE}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }],
    prose: 'Checking.',
  },
  // Scripted: a block that breaks goes back as text with its end tag; a later lone end tag is dropped.
  {
    name: 'a malformed block keeps its end tag, a later lone one is dropped',
    text: `A ${OPEN}\n<call name="search">x</call>\n${CLOSE} B ${CLOSE} C`,
    calls: [],
    prose: `A ${OPEN}\n<call name="search">x</call>\n${CLOSE} B C`,
    errors: ['malformed-tool-call'],
  },
  // Scripted: the template ends every turn with <seed:eos>; the output may keep it, here after a missing end tag.
  {
    name: 'a missing end tag and the end-of-turn token at the end',
    text: `${OPEN}\n<function=search>\n<parameter=query>a</parameter>\n</function>\n<seed:eos>`,
    calls: [{ toolName: 'search', input: { query: 'a' } }],
    prose: '',
  },
  // Scripted edge case.
  {
    name: 'cut off inside a value stays text',
    text: `${OPEN}\n<function=search>\n<parameter=query>ab`,
    calls: [],
    prose: `${OPEN}\n<function=search>\n<parameter=query>ab`,
    errors: ['unclosed-tool-call'],
  },
];
