/**
 * DeepSeek V3.2 history (`deepseekProtocol({ variant: 'v3.2' })`) as its chat
 * template writes it. The expected strings were rendered outside this project
 * from ggml-org/llama.cpp models/templates/DeepSeek-V3.2.jinja@708653def250076cc56382f9c524af9db855542c
 * (Jinja with Hugging Face's trim_blocks/lstrip_blocks and a tojson that is
 * json.dumps with ensure_ascii=False), for the messages user, assistant with
 * tool_calls, user: each is the assistant turn's text between the template's
 * `<｜Assistant｜></think>` and its `<｜end▁of▁sentence｜>`. The template is
 * not copied here. The parsed-back check makes sure what is written is read.
 */
import { describe, expect, it } from 'vitest';
import { functionTool } from '../test/harness.ts';
import { assistantTurnText } from '../test/history-turn.ts';
import { deepseekProtocol } from './deepseek.ts';
import { parseGeneratedText } from './parse-text.ts';

const tools = [
  functionTool('get_weather', { type: 'object', properties: { city: { type: 'string' } } }),
  functionTool('search', {
    type: 'object',
    properties: {
      query: { type: 'string' },
      limit: { type: 'integer' },
      exact: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      filter: { type: 'object' },
      none: { type: 'null' },
    },
  }),
  functionTool('list_files', { type: 'object', properties: {} }),
];

type Call = { name: string; input: Record<string, unknown> };
const paris: Call = { name: 'get_weather', input: { city: 'Paris' } };
const rain: Call = { name: 'search', input: { query: 'rain' } };
const typed: Call = {
  name: 'search',
  input: { query: 'a <b>\nc', limit: 3, exact: true, tags: ['x', 'y'], filter: { lang: 'ü', min: 1.5 }, none: null },
};

const D = '｜DSML｜';
const weatherInvoke = `<${D}invoke name="get_weather">\n<${D}parameter name="city" string="true">Paris</${D}parameter>\n</${D}invoke>`;

const rows: Array<{ scenario: string; text?: string; calls: Call[]; expected: string }> = [
  {
    scenario: 'one call',
    calls: [paris],
    expected: `\n\n<${D}function_calls>\n${weatherInvoke}\n</${D}function_calls>`,
  },
  {
    scenario: 'two calls',
    calls: [paris, rain],
    expected: `\n\n<${D}function_calls>\n${weatherInvoke}\n<${D}invoke name="search">\n<${D}parameter name="query" string="true">rain</${D}parameter>\n</${D}invoke>\n</${D}function_calls>`,
  },
  {
    scenario: 'text and a call',
    text: 'Checking.',
    calls: [paris],
    expected: `Checking.\n\n<${D}function_calls>\n${weatherInvoke}\n</${D}function_calls>`,
  },
  {
    scenario: 'typed values: strings as they are, everything else as tojson',
    calls: [typed],
    expected: `\n\n<${D}function_calls>\n<${D}invoke name="search">\n<${D}parameter name="query" string="true">a <b>\nc</${D}parameter>\n<${D}parameter name="limit" string="false">3</${D}parameter>\n<${D}parameter name="exact" string="false">true</${D}parameter>\n<${D}parameter name="tags" string="false">["x", "y"]</${D}parameter>\n<${D}parameter name="filter" string="false">{"lang": "ü", "min": 1.5}</${D}parameter>\n<${D}parameter name="none" string="false">null</${D}parameter>\n</${D}invoke>\n</${D}function_calls>`,
  },
  {
    scenario: 'no arguments: an empty line',
    calls: [{ name: 'list_files', input: {} }],
    expected: `\n\n<${D}function_calls>\n<${D}invoke name="list_files">\n\n</${D}invoke>\n</${D}function_calls>`,
  },
];

describe('deepseek v3.2: history as DeepSeek-V3.2.jinja writes it', () => {
  for (const { scenario, text, calls, expected } of rows) {
    it(scenario, async () => {
      expect(await assistantTurnText(deepseekProtocol({ variant: 'v3.2' }), { text, calls }, tools)).toBe(expected);
    });
  }

  it('what it writes parses back to the same calls', () => {
    const { expected, calls } = rows[3] as (typeof rows)[number];
    const parsed = parseGeneratedText(deepseekProtocol({ variant: 'v3.2' }), {
      text: expected,
      tools: tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })),
    });
    const got = parsed
      .filter((p) => p.type === 'tool-call')
      .map((p) => ({ name: p.toolName, input: JSON.parse(p.input) }));
    expect(got).toEqual(calls);
  });

  it('the system prompt teaches the DSML block', () => {
    const prompt = deepseekProtocol({ variant: 'v3.2' }).formatTools({
      tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
    });
    expect(prompt).toContain(`<${D}function_calls>\n<${D}invoke name="tool_name">`);
    expect(prompt).toContain('string="false">3</');
    expect(prompt).toContain('"name":"get_weather"');
  });
});
