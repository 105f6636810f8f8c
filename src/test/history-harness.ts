/**
 * The history checks (src/protocols/history*.test.ts): an AI SDK prompt with an
 * earlier assistant turn of tool calls and the tool message answering it goes
 * through the middleware; the assistant text and the user text the model then
 * receives are compared with what the format's chat template writes for the
 * same conversation. How the expected strings were rendered is in the header
 * of history.test.ts.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { parseGeneratedText } from '../protocols/parse-text.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import { protocolByName } from '../protocols/registry.ts';
import { functionTool, mockModel } from './harness.ts';

const weatherSchema = { type: 'object', properties: { city: { type: 'string' } } };
const searchSchema = { type: 'object', properties: { query: { type: 'string' } } };
const tools = [functionTool('get_weather', weatherSchema), functionTool('search', searchSchema)];
/** The same tools as the history parsers read them. */
const specs = [
  { name: 'get_weather', inputSchema: weatherSchema },
  { name: 'search', inputSchema: searchSchema },
];
const paris = { name: 'get_weather', input: { city: 'Paris' } };
const rain = { name: 'search', input: { query: 'rain' } };

/** 'calls and results' is the 'two calls' turn, checked on the user turn holding its two results. */
export type Scenario = 'one call' | 'two calls' | 'text and a call' | 'calls and results';
const scenarios: Record<Scenario, { text?: string; calls: Array<{ name: string; input: Record<string, unknown> }> }> = {
  'one call': { calls: [paris] },
  'two calls': { calls: [paris, rain] },
  'text and a call': { text: 'Checking.', calls: [paris] },
  'calls and results': { calls: [paris, rain] },
};

/**
 * What the template writes for a scenario:
 * - a string: the turn's text, byte for byte (the assistant turn between its header and its end token; for
 *   results, the turn's content after its header);
 * - `each`: the template writes every result as a message in a role the AI SDK prompt cannot hold (Llama's
 *   `ipython`, a `tool` turn, …); these are the contents of those messages, and toolshim's user turn is them
 *   joined by line breaks;
 * - `differs`: the template writes something toolshim does not reproduce (`template`, null when the template
 *   cannot write the turn at all); toolshim writes `toolshim`, for the reason given in `why`.
 */
export type Expected =
  | string
  | { each: readonly string[]; why: string }
  | { differs: true; template: string | null; toolshim: string; why: string };

export interface HistoryRow {
  /** The registry name, or a label when `protocol` is given. */
  format: string;
  protocol?: () => ToolCallProtocol;
  /** The template the strings were rendered from: repository, path and commit. */
  template: string;
  cases: Partial<Record<Scenario, Expected>>;
}

/**
 * The assistant text and the following user text toolshim sends for a
 * scenario; with `next`, a user message after the results, and `after` holds
 * the texts of the messages sent after the assistant turn.
 */
export async function sentTurns(
  protocol: ToolCallProtocol,
  scenario: Scenario,
  next?: string,
): Promise<{ assistant: string; results: string; after: string[] }> {
  const { text, calls } = scenarios[scenario];
  const prompt: LanguageModelV4Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
    {
      role: 'assistant',
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...calls.map((c, i) => ({ type: 'tool-call' as const, toolCallId: `c${i}`, toolName: c.name, input: c.input })),
      ],
    },
    {
      role: 'tool',
      content: calls.map((c, i) => ({
        type: 'tool-result' as const,
        toolCallId: `c${i}`,
        toolName: c.name,
        output: { type: 'json' as const, value: { ok: true } },
      })),
    },
    ...(next === undefined ? [] : [{ role: 'user' as const, content: [{ type: 'text' as const, text: next }] }]),
  ];
  const inner = mockModel(['ok']);
  const model = wrapLanguageModel({ model: inner, middleware: createToolMiddleware({ protocol }) });
  await model.doGenerate({ prompt, tools });
  const sent = inner.doGenerateCalls[0]?.prompt ?? [];
  const at = sent.findIndex((m) => m.role === 'assistant');
  const textOf = (i: number) =>
    ((sent[i]?.content ?? []) as Array<{ type: string; text?: string }>).map((p) => p.text ?? '').join('');
  if (at < 0 || sent[at + 1]?.role !== 'user') throw new Error('the model got no assistant turn and results after it');
  const after = sent.slice(at + 1).map((m, i) => `${m.role}: ${textOf(at + 1 + i)}`);
  return { assistant: textOf(at), results: textOf(at + 1), after };
}

function label(expected: Expected): string {
  if (typeof expected === 'string') return 'as the template writes it';
  if ('each' in expected) return `the template's contents, in a user turn (${expected.why})`;
  return `differs from the template: ${expected.why}`;
}

/** The table-driven suite: one test per row and scenario, and the sent calls read back by the format's parser. */
export function historySuite(title: string, rows: readonly HistoryRow[]): void {
  describe(title, () => {
    for (const row of rows) {
      const protocol = row.protocol ?? (() => protocolByName(row.format));
      for (const [scenario, expected] of Object.entries(row.cases) as Array<[Scenario, Expected]>) {
        it(`${row.format}: ${scenario}, ${label(expected)} (${row.template})`, async () => {
          const turns = await sentTurns(protocol(), scenario);
          const actual = scenario === 'calls and results' ? turns.results : turns.assistant;
          if (typeof expected === 'string') expect(actual).toBe(expected);
          else if ('each' in expected) expect(actual).toBe(expected.each.join('\n'));
          else {
            expect(actual).toBe(expected.toolshim);
            expect(actual).not.toBe(expected.template);
          }
        });
      }
      // Every template writes the next user message as a user turn of its own after the results (rendered as in
      // history.test.ts: Qwen3 `</tool_response><|im_end|>\n<|im_start|>user\nThanks.`, Llama 3.1 `<|eot_id|>
      // <|start_header_id|>user…`, gpt-oss `<|end|><|start|>user…`, …), except the Mistral and Gemma 2 ones, which
      // raise an error unless user and assistant turns alternate: there the two share one user turn.
      it(`${row.format}: calls, results, then a new user turn`, async () => {
        const p = protocol();
        const { results, after } = await sentTurns(p, 'calls and results', 'Thanks.');
        expect(after).toEqual(p.mergeUserTurns === true ? [`user: ${results}`] : [`user: ${results}`, 'user: Thanks.']);
        if (p.mergeUserTurns === true) expect(results.endsWith('\nThanks.')).toBe(true);
      });
      it(`${row.format}: its own parser reads the calls toolshim sends back`, async () => {
        for (const scenario of ['two calls', 'text and a call'] as const) {
          const { assistant } = await sentTurns(protocol(), scenario);
          const content = parseGeneratedText(protocol(), { tools: specs, text: assistant });
          const read = content.filter((c) => c.type === 'tool-call').map((c) => [c.toolName, JSON.parse(c.input)]);
          const want = scenarios[scenario].calls.map((c) => [c.name, c.input]);
          expect(read, `${scenario}: ${assistant}`).toEqual(want);
        }
      });
    }
  });
}
