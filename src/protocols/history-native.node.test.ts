/**
 * `history: 'native'` against a server-like renderer: each conversation goes
 * through the middleware, then fromChatEngine's message mapping (OpenAI
 * `tool_calls` and `role: "tool"`), then the family's official chat template
 * (src/test/chat-templates.ts says where each comes from) with no `tools`,
 * as a templating server (vLLM, llama.cpp `--jinja`) would render it. That is
 * compared with the template's own rendering of the same conversation sent
 * natively, with the tools in the template's `tools` variable. The system part
 * differs by design (the tools are taught by toolshim's prompt, not by the
 * template's tool list), so the comparison starts at the first user message's
 * text: the assistant calls, the results and what follows.
 *
 * The text form (`history: 'text'`, the default) is measured the same way, for
 * the before/after counts the test prints.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { toChatMessages } from '../engines/chat-messages.ts';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import {
  type ChatTool,
  historyPortion,
  REFUSED,
  renderChat,
  TEMPLATE_ROWS,
  type TemplateRow,
} from '../test/chat-templates.ts';
import { functionTool, mockModel } from '../test/harness.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { findFormat } from './registry.ts';

const weather = { type: 'object', properties: { city: { type: 'string' } } };
const search = { type: 'object', properties: { query: { type: 'string' } } };
const tools = [functionTool('get_weather', weather), functionTool('search', search)];
const chatTools: ChatTool[] = [
  { type: 'function', function: { name: 'get_weather', description: 'Weather of a city', parameters: weather } },
  { type: 'function', function: { name: 'search', description: 'Searches the web', parameters: search } },
];
const paris = { name: 'get_weather', input: { city: 'Paris' } };
const rain = { name: 'search', input: { query: 'rain' } };

/**
 * Call ids as clients send them: toolshim's own parser and OpenAI's (`call_` and 20-24 letters and digits),
 * Anthropic's (`toolu_01…`). Mistral's templates raise on any id but 9 letters and digits.
 */
const AI_SDK_IDS = ['call_8fZ2kQ0pL7xW3nB5vR1tYc9d', 'toolu_01A09q90qw90lq917835lq9'];

/** The harness's scenarios (src/test/history-harness.ts), each answered by its results; the last adds a user turn. */
const conversations = {
  'one call': { calls: [paris] },
  'two calls': { calls: [paris, rain] },
  'text and a call': { text: 'Checking.', calls: [paris] },
  'two calls, results, then a new user turn': { calls: [paris, rain], next: 'Thanks.' },
} as const;
type Conversation = keyof typeof conversations;

function promptOf(name: Conversation): LanguageModelV4Prompt {
  const conversation: { text?: string; calls: ReadonlyArray<typeof paris | typeof rain>; next?: string } =
    conversations[name];
  const id = (i: number) => AI_SDK_IDS[i] ?? `call_${i}`;
  return [
    { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
    {
      role: 'assistant',
      content: [
        ...(conversation.text ? [{ type: 'text' as const, text: conversation.text }] : []),
        ...conversation.calls.map((c, i) => ({
          type: 'tool-call' as const,
          toolCallId: id(i),
          toolName: c.name,
          input: c.input,
        })),
      ],
    },
    {
      role: 'tool',
      content: conversation.calls.map((c, i) => ({
        type: 'tool-result' as const,
        toolCallId: id(i),
        toolName: c.name,
        output: { type: 'json' as const, value: { ok: true } },
      })),
    },
    ...(conversation.next
      ? [{ role: 'user' as const, content: [{ type: 'text' as const, text: conversation.next }] }]
      : []),
  ];
}

/** The prompt with every call id and result id renamed. */
function withIds(prompt: LanguageModelV4Prompt, rename: (id: string) => string): LanguageModelV4Prompt {
  return prompt.map((message) =>
    message.role === 'assistant' || message.role === 'tool'
      ? ({
          ...message,
          content: message.content.map((part) =>
            'toolCallId' in part ? { ...part, toolCallId: rename(part.toolCallId) } : part,
          ),
        } as typeof message)
      : message,
  );
}

/** The prompt as the upstream receives it through toolshim in `history` mode, as OpenAI messages. */
async function sentThroughToolshim(row: TemplateRow, prompt: LanguageModelV4Prompt, history: 'text' | 'native') {
  const format = findFormat(row.format);
  if (format === undefined) throw new Error(`no format ${row.format}`);
  const create = format.create as (options?: Record<string, string>) => ToolCallProtocol;
  const inner = mockModel(['ok']);
  const middleware = createToolMiddleware({ protocol: create(row.variant), history });
  await wrapLanguageModel({ model: inner, middleware }).doGenerate({ prompt, tools });
  return toChatMessages(inner.doGenerateCalls[0]?.prompt ?? [], []);
}

interface Outcome {
  row: TemplateRow;
  conversation: Conversation;
  reference: string;
  text: string;
  native: string;
}

async function outcome(row: TemplateRow, conversation: Conversation): Promise<Outcome> {
  const prompt = promptOf(conversation);
  const portion = (messages: ReturnType<typeof toChatMessages>, withTools: boolean) =>
    historyPortion(renderChat(row, messages, withTools ? chatTools : undefined), 'Weather?');
  return {
    row,
    conversation,
    reference: portion(toChatMessages(row.nineCharIds ? withIds(prompt, (id) => id.slice(-9)) : prompt, []), true),
    text: portion(await sentThroughToolshim(row, prompt, 'text'), false),
    native: portion(await sentThroughToolshim(row, prompt, 'native'), false),
  };
}

const label = (row: TemplateRow) => `${[row.format, ...Object.values(row.variant ?? {})].join(' ')} (${row.file})`;

const outcomes: Outcome[] = [];
for (const row of TEMPLATE_ROWS) {
  for (const conversation of Object.keys(conversations) as Conversation[]) {
    outcomes.push(await outcome(row, conversation));
  }
}

describe("history: 'native' through the official chat templates", () => {
  // A conversation the template itself refuses (Llama 3.1: two calls in a turn; Mistral Small 3.2, Nemo and
  // Ministral 3: a user turn right after tool results) has no rendering to match: native is refused the same way,
  // text is not counted.
  const comparable = outcomes.filter((o) => !o.reference.startsWith(REFUSED));
  const same = (mode: 'text' | 'native') => comparable.filter((o) => o[mode] === o.reference).length;
  const files = new Set(TEMPLATE_ROWS.map((row) => row.file)).size;
  console.log(
    `history through ${files} chat templates: ${outcomes.length} conversations, ${comparable.length} the template writes; the same as its own rendering from the first user message on: text ${same('text')}, native ${same('native')}`,
  );

  it('the counts: native matches every conversation, text (the default) only Qwen3 and Qwen3-Coder (results as a user turn)', () => {
    expect([files, comparable.length, same('native'), same('text')]).toEqual([28, 107, 107, 8]);
    expect(comparable.filter((o) => o.text === o.reference).map((o) => o.row.file)).toEqual([
      ...Array(4).fill('Qwen-Qwen3-0.6B.jinja'),
      ...Array(4).fill('Qwen3-Coder.jinja'),
    ]);
  });

  for (const o of outcomes) {
    const refused = o.reference.startsWith(REFUSED);
    it(`${label(o.row)}: ${o.conversation}: ${refused ? 'the template refuses it, and native the same way' : "native renders as the template's own"}`, () => {
      expect(o.native).toBe(o.reference);
    });
  }

  // Two renderings that both lost the calls would match too: the call's argument must be in the native one.
  for (const o of outcomes.filter((o) => o.conversation === 'one call')) {
    const { dropsCalls } = o.row;
    it(`${label(o.row)}: ${dropsCalls ? `the template drops the calls (${dropsCalls})` : 'the call reaches the model'}`, () => {
      expect(o.native.includes('Paris')).toBe(dropsCalls === undefined);
    });
  }
});
