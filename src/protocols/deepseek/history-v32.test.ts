/**
 * DeepSeek V3.2's DSML calls written back as its template writes argument
 * values (the conversation-level rows are in history-tokens.test.ts). The
 * expected strings were rendered outside this project, with jinja2 and Hugging
 * Face's settings, from ggml-org/llama.cpp
 * models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081fd2c83bd221c157728a8cf0124cd4e27;
 * the template is not copied here.
 */
import { describe, expect, it } from 'vitest';
import { parseGeneratedText } from '../parse-text.ts';
import { deepseekProtocol } from './deepseek.ts';

const D = '｜DSML｜';
const v32 = deepseekProtocol({ variant: 'v3.2' });
const searchSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer' },
    exact: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    filter: { type: 'object' },
    none: { type: 'null' },
  },
};
const typed = {
  query: 'a <b>\nc',
  limit: 3,
  exact: true,
  tags: ['x', 'y'],
  filter: { lang: 'ü', min: 1.5 },
  none: null,
};
const typedBlock = `<${D}function_calls>\n<${D}invoke name="search">\n<${D}parameter name="query" string="true">a <b>\nc</${D}parameter>\n<${D}parameter name="limit" string="false">3</${D}parameter>\n<${D}parameter name="exact" string="false">true</${D}parameter>\n<${D}parameter name="tags" string="false">["x", "y"]</${D}parameter>\n<${D}parameter name="filter" string="false">{"lang": "ü", "min": 1.5}</${D}parameter>\n<${D}parameter name="none" string="false">null</${D}parameter>\n</${D}invoke>\n</${D}function_calls>`;

describe('deepseek v3.2: argument values as DeepSeek-V3.2.jinja writes them', () => {
  it('strings as they are with string="true", everything else as tojson with string="false"', () => {
    expect(v32.formatToolCall({ toolCallId: 'c0', toolName: 'search', input: typed })).toBe(typedBlock);
  });

  it('a call without arguments closes its invoke on the next line', () => {
    expect(v32.formatToolCall({ toolCallId: 'c0', toolName: 'list_files', input: {} })).toBe(
      `<${D}function_calls>\n<${D}invoke name="list_files">\n</${D}invoke>\n</${D}function_calls>`,
    );
  });

  it('what it writes parses back to the same input', () => {
    const parsed = parseGeneratedText(v32, {
      text: typedBlock,
      tools: [{ name: 'search', inputSchema: searchSchema }],
    });
    expect(parsed.map((p) => (p.type === 'tool-call' ? [p.toolName, JSON.parse(p.input)] : p))).toEqual([
      ['search', typed],
    ]);
  });

  it('the system prompt teaches the DSML block', () => {
    const prompt = v32.formatTools({ tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] });
    expect(prompt).toContain(`<${D}function_calls>\n<${D}invoke name="tool_name">`);
    expect(prompt).toContain('string="false">3</');
    expect(prompt).toContain('"name":"get_weather"');
  });
});
