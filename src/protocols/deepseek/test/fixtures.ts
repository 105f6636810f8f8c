/** Fixtures of the deepseek format: fed whole, one char at a time and at random splits, through its preset and through auto. */

import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { type FormatFixture, fixtureTools } from '../../../test/fixtures/tools.ts';

export const D = {
  open: '<｜tool▁calls▁begin｜>',
  close: '<｜tool▁calls▁end｜>',
  v31: (name: string, args: string) => `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`,
  v3: (name: string, args: string) =>
    `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜>`,
  /** V3.2's DSML (ggml-org/llama.cpp models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081). */
  dsml: (invokes: string) => `<｜DSML｜function_calls>\n${invokes}\n</｜DSML｜function_calls>`,
  invoke: (name: string, ...params: string[]) =>
    `<｜DSML｜invoke name="${name}">\n${params.join('\n')}\n</｜DSML｜invoke>`,
  param: (name: string, value: string, string = true) =>
    `<｜DSML｜parameter name="${name}" string="${string}">${value}</｜DSML｜parameter>`,
};

export const deepseekFixtures: FormatFixture[] = [
  // The DeepSeek-V3.1 template's form (llama.cpp models/templates/deepseek-ai-DeepSeek-V3.1.jinja@5e54d51b; llama.cpp tests/test-chat.cpp@f534da26, DeepSeek V3.1 blocks).
  {
    name: 'V3.1: one call',
    text: `${D.open}${D.v31('get_weather', '{"city": "Tokyo"}')}${D.close}`,
    calls: [{ toolName: 'get_weather', input: { city: 'Tokyo' } }],
    prose: '',
  },
  // DeepSeek V3/R1's function<｜tool▁sep｜>name + ```json form (llama.cpp tests/test-chat.cpp@34df42f7, DeepSeek R1 blocks).
  {
    name: 'V3/R1: fenced JSON, parallel, prose before',
    text: `Let me see.\n${D.open}${D.v3('get_weather', '{"city": "A"}')}\n${D.v3('search', '{"query": "b", "tags": "x,y"}')}${D.close}`,
    calls: [
      { toolName: 'get_weather', input: { city: 'A' } },
      { toolName: 'search', input: { query: 'b', tags: ['x', 'y'] } },
    ],
    prose: 'Let me see.',
  },
  // Scripted after the begin-marker spellings llama.cpp's DeepSeek R1 parser accepts (ggml-org/llama.cpp
  // common/chat.cpp: `<｜tool▁calls▁begin｜>|<｜tool_calls_begin｜>|<｜tool calls begin｜>|<｜tool\\_calls\\_begin｜>|<｜tool▁calls｜>`);
  // issue 27: the other spellings stayed in the text.
  ...['<｜tool_calls_begin｜>', '<｜tool calls begin｜>', '<｜tool\\_calls\\_begin｜>', '<｜tool▁calls｜>'].map(
    (open): FormatFixture => ({
      name: `R1: the block opened as ${open}`,
      text: `Checking.\n${open}${D.v3('get_weather', '{"city": "A"}')}${D.close}`,
      calls: [{ toolName: 'get_weather', input: { city: 'A' } }],
      prose: 'Checking.',
    }),
  ),
  // Scripted (issue 27): an empty block and an end marker that comes alone are markup and leave no text.
  {
    name: 'an empty block and a lone end marker leave no text',
    text: `x ${D.open}\n${D.close} y ${D.close} z`,
    calls: [],
    prose: 'x y z',
  },
  // Scripted: the end marker of a block that went back as text stays with it, a later lone one is dropped.
  {
    name: 'a malformed block keeps its end marker, a later lone one is dropped',
    text: `A ${D.open}${D.v31('search', 'query=ab')}${D.close} B ${D.close} C`,
    calls: [],
    prose: `A ${D.open}${D.v31('search', 'query=ab')}${D.close} B C`,
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'escaped and unicode strings',
    text: `${D.open}${D.v31('search', '{"query": "\\u00e9\\n東京 ✓ \\\\"}')}${D.close}`,
    calls: [{ toolName: 'search', input: { query: 'é\n東京 ✓ \\' } }],
    prose: '',
  },
  // Synthetic edge case.
  {
    name: 'truncated at the end stays text',
    text: `${D.open}<｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query": "ab`,
    calls: [],
    prose: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>{"query": "ab',
    errors: ['unclosed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'malformed stays text',
    text: `${D.open}${D.v31('search', 'query=ab')}${D.close}`,
    calls: [],
    prose:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>search<｜tool▁sep｜>query=ab<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'a malformed call keeps its block markers and the space after them',
    text: `A ${D.open}${D.v31('get_weather', '{"city": Seoul}')}${D.close} B`,
    calls: [],
    prose: `A ${D.open}${D.v31('get_weather', '{"city": Seoul}')}${D.close} B`,
    errors: ['malformed-tool-call'],
  },
  // Synthetic edge case.
  {
    name: 'V3/R1: a malformed fenced call keeps its block markers',
    text: `A ${D.open}\n${D.v3('get_weather', '{"city": Seoul}')}\n${D.close}\nB`,
    calls: [],
    prose: `A ${D.open}\n${D.v3('get_weather', '{"city": Seoul}')}\n${D.close}\nB`,
    errors: ['malformed-tool-call'],
  },
  {
    name: 'V3.2 DSML: text, then two invokes with typed values',
    text: `On it.\n\n${D.dsml(
      `${D.invoke('get_weather', D.param('city', 'Oslo'), D.param('days', '3', false), D.param('metric', 'true', false))}\n${D.invoke('search', D.param('tags', '["a", "b"]', false))}`,
    )}`,
    calls: [
      { toolName: 'get_weather', input: { city: 'Oslo', days: 3, metric: true } },
      { toolName: 'search', input: { tags: ['a', 'b'] } },
    ],
    prose: 'On it.',
  },
  {
    name: 'V3.2 DSML: a string value is verbatim, markup and line breaks included',
    text: D.dsml(D.invoke('search', D.param('query', '\n<b>a</b> </｜DSML｜param\n'))),
    calls: [{ toolName: 'search', input: { query: '\n<b>a</b> </｜DSML｜param\n' } }],
    prose: '',
  },
  {
    name: 'V3.2 DSML cut off inside a value stays text',
    text: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Os',
    calls: [],
    prose:
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Os',
    errors: ['unclosed-tool-call'],
  },
  {
    name: 'V4 DSML <｜DSML｜tool_calls> block',
    text: '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Rome</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>',
    calls: [{ toolName: 'get_weather', input: { city: 'Rome' } }],
    prose: '',
  },
];

export const deepseekTools: LanguageModelV4FunctionTool[] = fixtureTools;
