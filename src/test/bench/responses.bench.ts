/**
 * `npm run bench:responses`: the Responses event writer on one long answer,
 * fed in 4-character stream parts as the parser emits them: text, a call's
 * JSON arguments, and a custom tool's input. The writers ignore the parts
 * that announce a call (the core holds them back: core/whole-calls.ts) and
 * write the call whole, so the call rows measure that one write. The time
 * per KB must stay flat as the answer grows; the chat-completions writer on
 * the same parts is the reference.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { createChunkWriter } from '../../server/chat-completions/write-stream.ts';
import type { StreamWriter } from '../../server/core/front-door.ts';
import { responseFrame } from '../../server/responses/response-object.ts';
import { createResponseEventWriter } from '../../server/responses/write-stream.ts';
import { argv } from './node-host.bench.ts';

const quick = argv().includes('--quick');
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const finish: LanguageModelV4StreamPart = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage };

/** `size` characters of answer as 4-character parts of one kind. */
function parts(kind: 'text' | 'arguments' | 'custom input', size: number): LanguageModelV4StreamPart[] {
  const pieces: string[] = [];
  // Valid inside a JSON string, escapes included, so the custom input decodes to the end.
  const body = 'lorem ipsum \\"dolor\\" sit amet\\n'
    .repeat(Math.ceil(size / 32))
    .slice(0, size)
    .replace(/\\$/, '');
  for (let i = 0; i < body.length; i += 4) pieces.push(body.slice(i, i + 4));
  if (kind === 'text')
    return [...pieces.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })), finish];
  const name = kind === 'arguments' ? 'write_file' : 'apply_patch';
  const key = kind === 'arguments' ? 'content' : 'input';
  const json = [`{"${key}":"`, ...pieces, '"}'];
  return [
    { type: 'tool-input-start', id: 'call_1', toolName: name },
    ...json.map((delta): LanguageModelV4StreamPart => ({ type: 'tool-input-delta', id: 'call_1', delta })),
    { type: 'tool-input-end', id: 'call_1' },
    { type: 'tool-call', toolCallId: 'call_1', toolName: name, input: json.join('') },
    finish,
  ];
}

/** The bytes a stream writer writes for the parts, driven as the core drives it. */
function writtenBytes(writer: StreamWriter, list: LanguageModelV4StreamPart[]): number {
  let bytes = 0;
  for (const frame of writer.start()) bytes += frame.length;
  for (const part of list) for (const frame of writer.write(part)) bytes += frame.length;
  for (const frame of writer.end()) bytes += frame.length;
  return bytes;
}

async function responsesBytes(list: LanguageModelV4StreamPart[]): Promise<number> {
  const routes = { custom: new Set(['apply_patch']), namespaced: new Map() };
  return writtenBytes(createResponseEventWriter({ frame: responseFrame('m', {}), routes }), list);
}

async function chatBytes(list: LanguageModelV4StreamPart[]): Promise<number> {
  return writtenBytes(createChunkWriter({ model: 'm', includeUsage: true }), list);
}

async function median(run: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let round = 0; round < 5; round++) {
    // A collection between rounds, so a round does not pay for the garbage of the one before (--expose-gc).
    gc?.();
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2] as number;
}

const sizes = quick ? [50, 100] : [100, 200, 400, 800];
const rows: string[] = [];
for (const kind of ['text', 'arguments', 'custom input'] as const) {
  // Warm-up, so the first row does not measure the JIT.
  await responsesBytes(parts(kind, sizes[0] as number));
  if (kind !== 'custom input') await chatBytes(parts(kind, sizes[0] as number));
  let perKbFirst = 0;
  for (const kb of sizes) {
    const list = parts(kind, kb * 1024);
    const ms = await median(() => responsesBytes(list));
    const chat = kind === 'custom input' ? Number.NaN : await median(() => chatBytes(list));
    if (kb === sizes[0]) perKbFirst = ms / kb;
    rows.push(
      `| ${kind} | ${kb} KB | ${list.length} | ${ms.toFixed(0)} ms | ${(ms / kb / perKbFirst).toFixed(2)}x | ${Number.isNaN(chat) ? 'n/a' : `${chat.toFixed(0)} ms`} |`,
    );
  }
}
console.log(
  [
    '| answer | size | parts | Responses writer | per KB vs smallest | chat writer |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
