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
import { type SentChatMessage, toChatMessages } from '../engines/chat-messages.ts';
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
const AI_SDK_IDS = ['call_8fZ2kQ0pL7xW3nB5vR1tYc9d', 'toolu_01A09q90qw90lq917835lq9', 'call_Jq7sX2mB9vL4nR8tY1wK5pZ3'];

type Call = typeof paris | typeof rain;
/** One assistant turn, answered by its results: its thinking (scripted), its text, its calls. */
interface Step {
  reasoning?: string;
  text?: string;
  calls: readonly Call[];
}
interface Script {
  steps: readonly Step[];
  /** A user turn after the last results. */
  next?: string;
}

/**
 * The harness's scenarios (src/test/history-harness.ts), each answered by its results; then the same with
 * the assistant's thinking (scripted): in the current tool loop, over two steps of it, and before a new user
 * turn, where most templates drop it.
 */
const conversations = {
  'one call': { steps: [{ calls: [paris] }] },
  'two calls': { steps: [{ calls: [paris, rain] }] },
  'text and a call': { steps: [{ text: 'Checking.', calls: [paris] }] },
  'two calls, results, then a new user turn': { steps: [{ calls: [paris, rain] }], next: 'Thanks.' },
  'thinking, text and a call': {
    steps: [{ reasoning: 'The user wants Paris.', text: 'Checking.', calls: [paris] }],
  },
  'a tool loop of two steps, each with its thinking': {
    steps: [
      { reasoning: 'First the weather in Paris.', calls: [paris] },
      { reasoning: 'Sunny there; now search for rain.', calls: [rain] },
    ],
  },
  'thinking and a call, results, then a new user turn': {
    steps: [{ reasoning: 'The user wants Paris.', calls: [paris] }],
    next: 'Thanks.',
  },
} as const satisfies Record<string, Script>;
type Conversation = keyof typeof conversations;

function promptOf(name: Conversation): LanguageModelV4Prompt {
  const script: Script = conversations[name];
  let calls = 0;
  const prompt: LanguageModelV4Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }];
  for (const step of script.steps) {
    const ids = step.calls.map((_, i) => AI_SDK_IDS[calls + i] ?? `call_${calls + i}`);
    calls += step.calls.length;
    prompt.push(
      {
        role: 'assistant',
        content: [
          ...(step.reasoning ? [{ type: 'reasoning' as const, text: step.reasoning }] : []),
          ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
          ...step.calls.map((c, i) => ({
            type: 'tool-call' as const,
            toolCallId: ids[i] as string,
            toolName: c.name,
            input: c.input,
          })),
        ],
      },
      {
        role: 'tool',
        content: step.calls.map((c, i) => ({
          type: 'tool-result' as const,
          toolCallId: ids[i] as string,
          toolName: c.name,
          output: { type: 'json' as const, value: { ok: true } },
        })),
      },
    );
  }
  if (script.next) prompt.push({ role: 'user', content: [{ type: 'text', text: script.next }] });
  return prompt;
}

/**
 * The conversation as a client sends it natively to a server: each assistant message with its thinking in
 * `reasoning_content`, the field llama.cpp's server and SGLang read (and vLLM's template receives).
 */
function sentNatively(name: Conversation, prompt: LanguageModelV4Prompt): SentChatMessage[] {
  const steps = conversations[name].steps as readonly Step[];
  let step = 0;
  return toChatMessages(prompt, []).map((message) => {
    if (message.role !== 'assistant') return message;
    const reasoning = steps[step++]?.reasoning;
    return reasoning ? { ...message, reasoning_content: reasoning } : message;
  });
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
  // A conversation with thinking is a request with thinking on: the switch of DeepSeek V3.1 and V3.2's templates
  // (which write earlier thinking only then) and of Qwen3's and GLM-4.6's.
  const thinking = (conversations[conversation].steps as readonly Step[]).some((step) => step.reasoning);
  const variables = thinking ? { thinking: true, enable_thinking: true } : {};
  const portion = (messages: ReturnType<typeof toChatMessages>, withTools: boolean) =>
    historyPortion(renderChat(row, messages, withTools ? chatTools : undefined, variables), 'Weather?');
  return {
    row,
    conversation,
    reference: portion(
      sentNatively(conversation, row.nineCharIds ? withIds(prompt, (id) => id.slice(-9)) : prompt),
      true,
    ),
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
    expect([files, comparable.length, same('native'), same('text')]).toEqual([28, 188, 188, 14]);
    expect(comparable.filter((o) => o.text === o.reference).map((o) => o.row.file)).toEqual([
      ...Array(7).fill('Qwen-Qwen3-0.6B.jinja'),
      ...Array(7).fill('Qwen3-Coder.jinja'),
    ]);
  });

  // Two renderings that both lost the thinking would match too: where the template writes it back, it must be
  // in the native one. The others drop it (Llama, Granite, Mistral's, DeepSeek V3.1 and R1, Kimi K2, Nemotron,
  // Command R7B, Qwen3-Coder, xLAM, Phi-4-mini, Jamba, LFM2), as the models were trained without it.
  const loopThinking = ['First the weather in Paris.', 'Sunny there; now search for rain.'];
  const writesThinking = (o: Outcome, thoughts: string[]) => thoughts.every((t) => o.native.includes(t));
  const filesWriting = (conversation: Conversation, thoughts: string[]) =>
    outcomes.filter((o) => o.conversation === conversation && writesThinking(o, thoughts)).map((o) => o.row.file);
  it('the thinking of the tool loop under way reaches the model through the 10 templates that write it back', () => {
    expect(filesWriting('a tool loop of two steps, each with its thinking', loopThinking)).toEqual([
      'Qwen-Qwen3-0.6B.jinja',
      'openai-gpt-oss-120b.jinja',
      'GLM-4.6.jinja',
      'MiniMax-M2.jinja',
      'deepseek-ai-DeepSeek-V3.2.jinja',
      'google-gemma-4-31B-it.jinja',
      'LFM2.5-8B-A1B.jinja',
      'mistralai-Ministral-3-14B-Reasoning-2512.jinja',
      'moonshotai-Kimi-K2-Thinking.jinja',
      'ByteDance-Seed-OSS.jinja',
    ]);
  });

  it('thinking before a new user turn: kept by gpt-oss (no final answer after it), Kimi K2 Thinking (no answer without calls after it) and Seed-OSS (every turn)', () => {
    expect(filesWriting('thinking and a call, results, then a new user turn', ['The user wants Paris.'])).toEqual([
      'openai-gpt-oss-120b.jinja',
      'moonshotai-Kimi-K2-Thinking.jinja',
      'ByteDance-Seed-OSS.jinja',
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
