/**
 * Test harness: drives a middleware exactly as the AI SDK does, through
 * wrapLanguageModel and the ai/test mock model, with the model's text cut
 * into chunks three ways (whole, one character at a time, seeded random).
 */
import type {
  JSONSchema7,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { seededRandom } from './random.ts';

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

export { seededRandom } from './random.ts';

/** Splits text at random points (1–maxSize characters per chunk). */
export function randomChunks(text: string, seed: number, maxSize = 7): string[] {
  const random = seededRandom(seed);
  const chunks: string[] = [];
  let i = 0;
  while (i < text.length) {
    const size = 1 + Math.floor(random() * maxSize);
    chunks.push(text.slice(i, i + size));
    i += size;
  }
  return chunks;
}

/** The three chunkings every fixture is fed in. */
export function chunkings(text: string, seed = 42): Array<{ name: string; chunks: string[] }> {
  return [
    { name: 'whole', chunks: [text] },
    { name: 'one char at a time', chunks: Array.from(text) },
    { name: `random (seed ${seed})`, chunks: randomChunks(text, seed) },
  ];
}

/** A function tool in the shape the SDK passes to models. */
export function functionTool(
  name: string,
  inputSchema: JSONSchema7 | Record<string, unknown>,
  description?: string,
): LanguageModelV4FunctionTool {
  return { type: 'function', name, inputSchema, ...(description ? { description } : {}) };
}

export function textStream(chunks: string[], extra: LanguageModelV4StreamPart[] = []): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't0' },
    ...chunks.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't0', delta })),
    { type: 'text-end', id: 't0' },
    ...extra,
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

/** A mock model that streams `chunks` and, for generate, answers with their concatenation. */
export function mockModel(chunks: string[]): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: async () => ({ stream: convertArrayToReadableStream(textStream(chunks)) }),
    doGenerate: async () => ({
      content: [{ type: 'text', text: chunks.join('') }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
}

export async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

export interface RunOptions {
  middleware: LanguageModelV4Middleware;
  tools: LanguageModelV4FunctionTool[];
  toolChoice?: LanguageModelV4CallOptions['toolChoice'];
  providerOptions?: LanguageModelV4CallOptions['providerOptions'];
}

function callOptions({ tools, toolChoice, providerOptions }: RunOptions): LanguageModelV4CallOptions {
  return {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    tools,
    ...(toolChoice ? { toolChoice } : {}),
    ...(providerOptions ? { providerOptions } : {}),
  };
}

/** The stream parts the wrapped model emits for the given chunks. */
export async function streamParts(options: RunOptions, chunks: string[]): Promise<LanguageModelV4StreamPart[]> {
  const model = wrapLanguageModel({ model: mockModel(chunks), middleware: options.middleware });
  const { stream } = await model.doStream(callOptions(options));
  return collect(stream);
}

/** The generate result of the wrapped model for the given text. */
export async function generateContent(options: RunOptions, text: string) {
  const model = wrapLanguageModel({ model: mockModel([text]), middleware: options.middleware });
  return model.doGenerate(callOptions(options));
}

/** Replaces generated ids by their order of appearance, so runs can be compared. */
export function normalizeIds<T>(parts: T[]): T[] {
  const ids = new Map<string, string>();
  const stable = (id: string) => {
    if (!ids.has(id)) ids.set(id, `${id.startsWith('txt_') ? 'text' : 'call'}-${ids.size}`);
    return ids.get(id) as string;
  };
  return parts.map((part) => {
    const copy = { ...part } as Record<string, unknown>;
    for (const key of ['id', 'toolCallId']) {
      if (typeof copy[key] === 'string') copy[key] = stable(copy[key] as string);
    }
    return copy as T;
  });
}

export interface StreamSummary {
  /** All text deltas joined. */
  text: string;
  /** All reasoning deltas joined. */
  reasoning: string;
  /** Each completed call, with the deltas of its input joined. */
  calls: Array<{ toolName: string; input: unknown; deltas: string }>;
  /** Part types with consecutive deltas of one id collapsed, e.g. text-start, text-delta, text-end. */
  shape: string[];
}

export function summarize(parts: LanguageModelV4StreamPart[]): StreamSummary {
  let text = '';
  let reasoning = '';
  const deltas = new Map<string, string>();
  const calls: StreamSummary['calls'] = [];
  const shape: string[] = [];
  for (const part of parts) {
    if (part.type === 'text-delta') text += part.delta;
    if (part.type === 'reasoning-delta') reasoning += part.delta;
    if (part.type === 'tool-input-delta') deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta);
    if (part.type === 'tool-call') {
      calls.push({ toolName: part.toolName, input: JSON.parse(part.input), deltas: deltas.get(part.toolCallId) ?? '' });
    }
    const last = shape[shape.length - 1];
    if (!(part.type.endsWith('-delta') && last === part.type)) shape.push(part.type);
  }
  return { text, reasoning, calls, shape };
}

/** Text and calls from a generate result, in the same form as summarize(). */
export function summarizeContent(content: Array<{ type: string; text?: string; toolName?: string; input?: string }>) {
  return {
    text: content.map((c) => (c.type === 'text' ? c.text : '')).join(''),
    reasoning: content.map((c) => (c.type === 'reasoning' ? c.text : '')).join(''),
    calls: content
      .filter((c) => c.type === 'tool-call')
      .map((c) => ({ toolName: c.toolName as string, input: JSON.parse(c.input as string) as unknown })),
  };
}
