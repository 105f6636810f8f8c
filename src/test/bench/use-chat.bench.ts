/**
 * `npm run bench` (third part), `npm run bench:use-chat`: one big tool
 * argument read the way `useChat` reads a response, `streamText` →
 * `toUIMessageStream()` → `readUIMessageStream`, whose reader re-parses the
 * whole partial input on every `tool-input-delta`.
 *
 * Rows, for a `write_file` call whose `content` is 10 KB, 100 KB and 1 MB of
 * code (4-character chunks, a pull-based mock model):
 * - text: the same bytes (the Hermes call as the model writes it) as plain
 *   text, no tools: what the page pays for the bytes alone;
 * - native: a provider with tool calling streaming the JSON input as one
 *   `tool-input-delta` per chunk, no middleware;
 * - toolshim, grouping off (`coalesceToolInput: false`, one delta per parser
 *   piece) and toolshim as shipped (the default grouping).
 * Targets: toolshim <= 2x text, and faster than native.
 *
 * Then `streamText` alone at 1 MB, each way of reading the result (reading
 * `fullStream`; awaiting `result.toolCalls` or `result.text` without reading
 * the stream), against the same text through `streamText` with no
 * middleware. Target <= 1.2x.
 *
 * A run that passes the cap (default 60 s; `--cap-s N`) is stopped and
 * reported with how far it got. `--quick`: 10 KB and 100 KB, one round.
 * Exits non-zero when a finished run lost argument bytes.
 */
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { jsonSchema, readUIMessageStream, streamText, tool, type UIMessage, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createToolMiddleware, hermesProtocol, hermesToolMiddleware } from '../../index.ts';
import { writeResults } from '../results-file.ts';
import { argv, loadAverage, machine, setExitCode, writeJson } from './node-host.bench.ts';
import { median } from './timing.bench.ts';
import { chunk, codeText, sizeLabel } from './workloads.bench.ts';

const args = argv();
const quick = args.includes('--quick');
const capArg = args.indexOf('--cap-s');
const capMs = (capArg >= 0 ? Number(args[capArg + 1]) : 60) * 1000;
const KB = 1024;
const sizes = quick ? [10 * KB, 100 * KB] : [10 * KB, 100 * KB, 1024 * KB];

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** How far a provider stream got: parts pulled of all, and whether the cap stopped it. */
interface Progress {
  pulled: number;
  total: number;
  stopped: boolean;
}

/** A provider stream yielding one part per pull (like a socket read); errors out past the cap. */
function pullStream(parts: LanguageModelV4StreamPart[], progress: Progress, started: number) {
  progress.total = parts.length;
  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      pull(controller) {
        if ((progress.pulled & 1023) === 0 && performance.now() - started > capMs) {
          progress.stopped = true;
          controller.error(new Error('time cap'));
          return;
        }
        const part = parts[progress.pulled++];
        if (part === undefined) controller.close();
        else controller.enqueue(part);
      },
    },
    { highWaterMark: 0 },
  );
}

function textParts(chunks: string[]): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...chunks.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

/** A provider with native tool calling: the JSON input streamed one chunk per delta. */
function nativeParts(input: string): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-input-start', id: 'call_1', toolName: 'write_file' },
    ...chunk(input).map((delta): LanguageModelV4StreamPart => ({ type: 'tool-input-delta', id: 'call_1', delta })),
    { type: 'tool-input-end', id: 'call_1' },
    { type: 'tool-call', toolCallId: 'call_1', toolName: 'write_file', input },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
  ];
}

const writeFile = tool({
  description: 'Write a file.',
  inputSchema: jsonSchema<{ path: string; content: string }>({
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  }),
});

const ungrouped = createToolMiddleware({ protocol: hermesProtocol(), coalesceToolInput: false });

interface Subject {
  name: string;
  /** The provider's parts; `middleware` wraps it when given. */
  parts: LanguageModelV4StreamPart[];
  middleware?: typeof hermesToolMiddleware;
  tools: boolean;
}

function subjects(size: number): { list: Subject[]; content: string } {
  const content = codeText(size);
  const input = JSON.stringify({ path: 'big.js', content });
  const callText = `<tool_call>\n${JSON.stringify({ name: 'write_file', arguments: { path: 'big.js', content } })}\n</tool_call>`;
  const asText = textParts(chunk(callText));
  return {
    content,
    list: [
      { name: 'text (same bytes)', parts: asText, tools: false },
      { name: 'native, delta per chunk', parts: nativeParts(input), tools: true },
      { name: 'toolshim, grouping off', parts: asText, middleware: ungrouped, tools: true },
      { name: 'toolshim (default)', parts: asText, middleware: hermesToolMiddleware, tools: true },
    ],
  };
}

interface Run {
  ms: number;
  progress: Progress;
  /** The argument's `content` as the last UI message holds it (or the text part's length for the text row). */
  got: number;
}

function modelOf(subject: Subject, progress: Progress, started: number): LanguageModelV4 {
  const model = new MockLanguageModelV4({
    doStream: async () => ({ stream: pullStream(subject.parts, progress, started) }),
  });
  return subject.middleware ? wrapLanguageModel({ model, middleware: subject.middleware }) : model;
}

/** What useChat does with a response: every UI message snapshot, to the end. */
async function readAsUseChat(subject: Subject): Promise<Run> {
  const progress: Progress = { pulled: 0, total: 0, stopped: false };
  const started = performance.now();
  const result = streamText({
    model: modelOf(subject, progress, started),
    prompt: 'Write the file.',
    ...(subject.tools ? { tools: { write_file: writeFile } } : {}),
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: result.toUIMessageStream(), onError: () => {} })) {
    last = message;
  }
  const ms = performance.now() - started;
  let got = 0;
  for (const part of last?.parts ?? []) {
    if (part.type === 'text') got += part.text.length;
    if (part.type === 'tool-write_file' && part.state === 'input-available')
      got = (part.input as { content: string }).content.length;
  }
  return { ms, progress, got };
}

type ReadMode = 'fullStream' | 'await toolCalls' | 'await text';

/** streamText alone, read one way; `got` is the argument's length from the tool call. */
async function readStreamText(subject: Subject, mode: ReadMode): Promise<Run> {
  const progress: Progress = { pulled: 0, total: 0, stopped: false };
  const started = performance.now();
  const result = streamText({
    model: modelOf(subject, progress, started),
    prompt: 'Write the file.',
    tools: { write_file: writeFile },
  });
  let got = 0;
  const contentOf = (input: unknown) => String((input as { content?: unknown }).content ?? '').length;
  if (mode === 'fullStream') {
    for await (const part of result.fullStream) {
      if (part.type === 'tool-call') got = contentOf(part.input);
      if (part.type === 'text-delta') got += part.text.length;
    }
  } else if (mode === 'await toolCalls') {
    const calls = await result.toolCalls;
    got = calls[0] ? contentOf(calls[0].input) : 0;
  } else {
    // No middleware: the text is the call's bytes; with toolshim the text is empty and the call is checked.
    got = (await result.text).length || contentOf((await result.toolCalls)[0]?.input);
  }
  return { ms: performance.now() - started, progress, got };
}

function roundsFor(size: number): number {
  if (quick) return 1;
  return size <= 10 * KB ? 7 : size <= 100 * KB ? 3 : 1;
}

interface Row {
  label: string;
  size: number;
  ms?: number;
  /** Set when the cap stopped the run: the share of the stream read by then. */
  stoppedAt?: number;
}

const failures: string[] = [];

/** Runs each subject `rounds` times, alternating; a subject that hit the cap is not run again. */
async function measure(
  size: number,
  list: Array<{ label: string; run: () => Promise<Run>; expect: number }>,
  rounds: number,
): Promise<Row[]> {
  const times = new Map<string, number[]>();
  const stopped = new Map<string, number>();
  // One untimed warm-up at the small size, where a run is cheap.
  if (size <= 10 * KB) for (const entry of list) await entry.run();
  for (let round = 0; round < rounds; round++) {
    for (const entry of list) {
      if (stopped.has(entry.label)) continue;
      const run = await entry.run();
      if (run.progress.stopped) {
        stopped.set(entry.label, run.progress.pulled / run.progress.total);
        continue;
      }
      if (run.got !== entry.expect) failures.push(`${entry.label} ${sizeLabel(size)}: ${run.got} of ${entry.expect}`);
      times.set(entry.label, [...(times.get(entry.label) ?? []), run.ms]);
    }
  }
  return list.map(({ label }) => {
    const at = stopped.get(label);
    const ms = times.get(label);
    return at !== undefined ? { label, size, stoppedAt: at } : { label, size, ms: median(ms ?? [Number.NaN]) };
  });
}

const show = (row: Row | undefined) =>
  row === undefined
    ? ''
    : row.stoppedAt !== undefined
      ? `> ${capMs / 1000} s (stopped at ${(row.stoppedAt * 100).toFixed(0)}%)`
      : `${((row.ms ?? 0) / 1000).toFixed(2)} s`;

const started = performance.now();
const loadAtStart = loadAverage();
const useChatRows: Row[] = [];
for (const size of sizes) {
  const { list, content } = subjects(size);
  const callText = list[0]?.parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('').length;
  const rows = await measure(
    size,
    list.map((subject) => ({
      label: subject.name,
      run: () => readAsUseChat(subject),
      expect: subject.tools ? content.length : (callText ?? 0),
    })),
    roundsFor(size),
  );
  useChatRows.push(...rows);
  console.log(`  useChat ${sizeLabel(size)}: ${rows.map((r) => `${r.label} ${show(r)}`).join('; ')}`);
}

const streamTextRows: Row[] = [];
const streamTextSize = quick ? 100 * KB : 1024 * KB;
{
  const { list, content } = subjects(streamTextSize);
  const [text, , off, shipped] = list as [Subject, Subject, Subject, Subject];
  const modes: ReadMode[] = ['fullStream', 'await toolCalls', 'await text'];
  for (const mode of modes) {
    const callText = text.parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('').length;
    const rows = await measure(
      streamTextSize,
      [
        // With no middleware the bytes are text: no call (0) when awaiting toolCalls, all of them otherwise.
        {
          label: `${mode}: no middleware (floor)`,
          run: () => readStreamText(text, mode),
          expect: mode === 'await toolCalls' ? 0 : callText,
        },
        { label: `${mode}: toolshim, grouping off`, run: () => readStreamText(off, mode), expect: content.length },
        { label: `${mode}: toolshim (default)`, run: () => readStreamText(shipped, mode), expect: content.length },
      ],
      quick ? 1 : 3,
    );
    streamTextRows.push(...rows);
    console.log(`  streamText ${mode}: ${rows.map((r) => `${r.label} ${show(r)}`).join('; ')}`);
  }
}

const ratio = (a: Row | undefined, b: Row | undefined) =>
  a?.ms !== undefined && b?.ms !== undefined ? `${(a.ms / b.ms).toFixed(2)}x` : '-';
const find = (rows: Row[], label: string, size: number) => rows.find((r) => r.label === label && r.size === size);
const lines = [
  '',
  `useChat's reading (streamText -> toUIMessageStream -> readUIMessageStream), one write_file argument in 4-character chunks, median (npm run bench:use-chat${quick ? ' -- --quick' : ''}):`,
  '',
  '| argument | text (same bytes) | native, delta per chunk | toolshim, grouping off | toolshim (default) | default / text |',
  '|---|---:|---:|---:|---:|---:|',
  ...sizes.map((size) => {
    const cells = subjects(0).list.map((s) => show(find(useChatRows, s.name, size)));
    return `| ${sizeLabel(size)} | ${cells.join(' | ')} | ${ratio(find(useChatRows, 'toolshim (default)', size), find(useChatRows, 'text (same bytes)', size))} |`;
  }),
  '',
  `streamText alone, ${sizeLabel(streamTextSize)} argument, median:`,
  '',
  '| read | no middleware | toolshim, grouping off | toolshim (default) | default / floor |',
  '|---|---:|---:|---:|---:|',
  ...(['fullStream', 'await toolCalls', 'await text'] as const).map((mode) => {
    const [floor, off, shipped] = [
      `${mode}: no middleware (floor)`,
      `${mode}: toolshim, grouping off`,
      `${mode}: toolshim (default)`,
    ].map((label) => find(streamTextRows, label, streamTextSize));
    return `| ${mode} | ${show(floor)} | ${show(off)} | ${show(shipped)} | ${ratio(shipped, floor)} |`;
  }),
  '',
  `Load average ${loadAtStart.toFixed(2)} at start, ${loadAverage().toFixed(2)} at end; ${((performance.now() - started) / 1000).toFixed(0)} s.`,
];
console.log(lines.join('\n'));
if (!quick) {
  // The full run's tables replace their section of the results file the READMEs link (the quick run writes none).
  const results = writeResults({
    file: 'src/test/bench/RESULTS.md',
    fileTitle: 'Benchmark results',
    id: 'use-chat',
    heading: 'Through useChat: one big argument, read as useChat reads it',
    command: 'npm run bench:use-chat',
    body: lines.join('\n'),
  });
  console.log(`Results: ${results}`);
}
writeJson('.cache/bench', `use-chat${quick ? '-quick' : ''}-latest.json`, {
  date: new Date().toISOString(),
  machine: machine(),
  capMs,
  useChatRows,
  streamTextRows,
  failures,
});
if (failures.length > 0) {
  console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
  setExitCode(1);
}
