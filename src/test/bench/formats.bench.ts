/**
 * `npm run bench:formats`: CPU time, linearity and live heap of every format's
 * parser (from the registry) and of auto on the same text, at the parser
 * level (the middleware around it is the same for all formats; `npm run bench`
 * measures it through the AI SDK).
 *
 * Workloads per format, rendered by the format's own history renderer:
 *   prose+calls  prose with calls spread through it, 100 KB and 1 MB, in 4-character chunks
 *   argument     one call with one big string argument, 100 KB and 1 MB, in 4-character chunks
 *   one chunk    2,000 small calls in a single chunk (a whole generate result)
 *   heap         the 1 MB argument in 4 KB chunks; live heap after GC, sampled while it streams
 *   junk line    (hermes and auto) 8,000 and 128,000 tagged JSON calls, each with a word between the JSON
 *                and `</tool_call>`, all on one line, in one chunk: time per call at 128k over 8k
 *
 * Targets: linear (time per MB at 1 MB within 1.2x of 100 KB) and
 * live heap at most 1.5x the argument. Fastest of 5 runs after a warm-up;
 * GC before each run (node --expose-gc). Exits non-zero when a parser finds
 * the wrong number of calls or loses argument bytes.
 *
 *   npm run bench:formats                 every format
 *   npm run bench:formats -- hermes auto  only these formats (auto = auto on every format's text)
 */
import type { ParserCallbacks, ParserContext } from '../../parse/engine/events.ts';
import { autoProtocol } from '../../protocols/auto/auto.ts';
import { NATIVE_FORMATS } from '../../protocols/formats.ts';
import type { ToolCallProtocol } from '../../protocols/protocol.ts';
import { FORMATS } from '../../protocols/registry.ts';
import { seededRandom } from '../random.ts';
import {
  argv,
  canCollectGarbage,
  collectGarbage,
  heapUsed,
  machine,
  setExitCode,
  writeJson,
} from './node-host.bench.ts';

const KB = 1024;
const MB = 1024 * KB;
const RUNS = 5;

const context: ParserContext = {
  tools: new Map([
    [
      'write_file',
      {
        name: 'write_file',
        inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
      },
    ],
    [
      'search',
      {
        name: 'search',
        inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'number' } } },
      },
    ],
  ]),
  generateId: () => 'id',
};

interface Outcome {
  calls: number;
  /** Length of the last call's `content` argument, to check no byte was lost. */
  contentLength: number;
}

function callbacks(outcome: Outcome): ParserCallbacks {
  return {
    onText: () => {},
    onReasoning: () => {},
    onReasoningEnd: () => {},
    onToolCallStart: () => {},
    onToolCallDelta: () => {},
    onToolCallEnd: ({ toolName, input }) => {
      outcome.calls++;
      if (toolName === 'write_file') outcome.contentLength = (JSON.parse(input) as { content: string }).content.length;
    },
    onToolCallAbort: () => {},
    onError: () => {},
  };
}

function parse(protocol: ToolCallProtocol, chunks: string[], sample?: () => void): Outcome {
  const outcome: Outcome = { calls: 0, contentLength: 0 };
  const parser = protocol.createParser(context, callbacks(outcome));
  for (let i = 0; i < chunks.length; i++) {
    parser.feed(chunks[i] as string);
    if (sample !== undefined && i % 16 === 15) sample();
  }
  parser.flush();
  return outcome;
}

function split(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * Formats whose calls are a bare answer (no marker) count only at the start of
 * the answer, so their workloads are one batch of calls opening the answer.
 */
const BARE = new Set(['llama3-json', 'xlam', 'pythonic']);

type CallInput = { toolName: string; input: unknown };

/** Several calls as one answer in `format`: a list for xLAM and pythonic, one per line for Llama 3. */
function batch(format: string, protocol: ToolCallProtocol, calls: CallInput[]): string {
  const rendered = calls.map((c, i) => protocol.formatToolCall({ toolCallId: `c${i}`, ...c }));
  if (format === 'xlam' || format === 'pythonic') return `[${rendered.map((r) => r.slice(1, -1)).join(', ')}]`;
  return rendered.join('\n');
}

const WORDS = ['the', 'weather', 'is', 'fine', '[1]', '{a}', '<b>', 'and', 'so', 'on', '|', 'x', '\n'];

/** Prose with a call every ~600 characters, `size` characters in all (bare formats: calls, then prose). */
function proseWithCalls(format: string, protocol: ToolCallProtocol, size: number): { text: string; calls: number } {
  const random = seededRandom(size);
  if (BARE.has(format)) {
    const calls: CallInput[] = [];
    for (let length = 0; length < size; length += 80) {
      calls.push({ toolName: 'search', input: { query: `q${calls.length} "quoted" ü`, limit: calls.length } });
    }
    return { text: `${batch(format, protocol, calls)}\nDone.`, calls: calls.length };
  }
  const parts: string[] = ['Let me look.\n'];
  let length = 0;
  let calls = 0;
  while (length < size) {
    const words = Array.from({ length: 80 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    const call = protocol.formatToolCall({
      toolCallId: `c${calls}`,
      toolName: 'search',
      input: { query: `q${calls} "quoted" ü ${'x'.repeat(Math.floor(random() * 60))}`, limit: calls },
    });
    parts.push(`${words}\n${call}\n`);
    length += words.length + call.length + 2;
    calls++;
  }
  return { text: parts.join(''), calls };
}

/** One call whose `content` argument is `size` characters of code-like text. */
function bigArgument(format: string, protocol: ToolCallProtocol, size: number): { text: string; content: string } {
  const line = 'function f(a, b) { return a < b ? "x" : [a, b]; } // ok\n';
  const content = line.repeat(Math.ceil(size / line.length)).slice(0, size);
  const call = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input: { path: 'a.js', content } });
  const text = BARE.has(format) ? call : `Writing it.\n${call}`;
  return { text, content };
}

function fastest(protocol: ToolCallProtocol, chunks: string[]): { ms: number; outcome: Outcome } {
  let outcome = parse(protocol, chunks); // warm-up
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < RUNS; r++) {
    collectGarbage();
    const start = performance.now();
    outcome = parse(protocol, chunks);
    best = Math.min(best, performance.now() - start);
  }
  return { ms: best, outcome };
}

/** Highest live heap (after GC) above the baseline while `chunks` stream, as a multiple of `size`. */
function peakHeap(protocol: ToolCallProtocol, chunks: string[], size: number): number {
  collectGarbage();
  const base = heapUsed();
  let peak = 0;
  parse(protocol, chunks, () => {
    collectGarbage();
    peak = Math.max(peak, heapUsed() - base);
  });
  return peak / size;
}

interface Row {
  format: string;
  parser: string;
  proseMBs: number;
  proseLinearity: number;
  argumentMBs: number;
  argumentLinearity: number;
  oneChunkMs: number;
  heapX: number;
}

const failures: string[] = [];
function expectCalls(label: string, got: Outcome, calls: number, contentLength?: number): void {
  if (got.calls !== calls) failures.push(`${label}: found ${got.calls} calls, expected ${calls}`);
  if (contentLength !== undefined && got.contentLength !== contentLength) {
    failures.push(`${label}: the argument has ${got.contentLength} characters, expected ${contentLength}`);
  }
}

function measure(format: string, own: ToolCallProtocol, parser: ToolCallProtocol, parserName: string): Row {
  const label = `${format} (${parserName})`;
  const perMB = (ms: number, chars: number) => ms / (chars / MB);
  const small = proseWithCalls(format, own, 100 * KB);
  const large = proseWithCalls(format, own, MB);
  const p1 = fastest(parser, split(small.text, 4));
  const p10 = fastest(parser, split(large.text, 4));
  expectCalls(`${label} prose 100 KB`, p1.outcome, small.calls);
  expectCalls(`${label} prose 1 MB`, p10.outcome, large.calls);

  const a1 = bigArgument(format, own, 100 * KB);
  const a10 = bigArgument(format, own, MB);
  const t1 = fastest(parser, split(a1.text, 4));
  const t10 = fastest(parser, split(a10.text, 4));
  // XML formats drop the line break the template puts around a value; compare lengths within 2.
  expectCalls(`${label} argument 100 KB`, t1.outcome, 1);
  expectCalls(`${label} argument 1 MB`, t10.outcome, 1);
  if (Math.abs(t10.outcome.contentLength - a10.content.length) > 2) {
    failures.push(`${label}: the 1 MB argument came out as ${t10.outcome.contentLength} characters`);
  }

  const many = batch(
    BARE.has(format) ? format : 'lines',
    own,
    Array.from({ length: 2000 }, (_, i) => ({ toolName: 'search', input: { query: `q${i}`, limit: i } })),
  );
  const one = fastest(parser, [many]);
  expectCalls(`${label} 2,000 calls in one chunk`, one.outcome, 2000);

  return {
    format,
    parser: parserName,
    proseMBs: large.text.length / MB / (p10.ms / 1000),
    proseLinearity: perMB(p10.ms, large.text.length) / perMB(p1.ms, small.text.length),
    argumentMBs: a10.text.length / MB / (t10.ms / 1000),
    argumentLinearity: perMB(t10.ms, a10.text.length) / perMB(t1.ms, a1.text.length),
    oneChunkMs: one.ms,
    heapX: canCollectGarbage() ? peakHeap(parser, split(a10.text, 4 * KB), a10.content.length) : Number.NaN,
  };
}

const only = argv().filter((a) => !a.startsWith('--'));
const withAuto = only.length === 0 || only.includes('auto');
const rows: Row[] = [];
const started = performance.now();
if (!canCollectGarbage()) console.log('(no heap figures: run with --expose-gc, as `npm run bench:formats` does)');
const named = only.filter((name) => name !== 'auto');
for (const format of FORMATS.filter((f) => f.name !== 'auto')) {
  // `-- auto` alone: auto on every format's text; otherwise the named formats (and auto on them).
  if (named.length > 0 && !named.includes(format.name)) continue;
  const own = format.create();
  if (only.length === 0 || named.includes(format.name)) rows.push(measure(format.name, own, own, 'own'));
  // A format auto leaves out (yaml-xml) is read by auto prompting in it.
  const outOfAuto = NATIVE_FORMATS.find((f) => f.name === format.name)?.inAuto === false;
  if (withAuto) rows.push(measure(format.name, own, autoProtocol(outOfAuto ? { prompt: own } : {}), 'auto'));
  console.log(`  ${format.name}: done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

/**
 * Text after a call's JSON but before its closing marker is held until the
 * marker or a line break decides it: this once searched the rest of the chunk
 * for a line break per call, quadratic on one long line.
 */
function junkLine(calls: number): string {
  const one = (i: number) => `<tool_call>{"name": "search", "arguments": {"query": "q${i}"}} ok</tool_call>`;
  return Array.from({ length: calls }, (_, i) => one(i)).join('');
}

const junkRows: string[][] = [];
if (only.length === 0 || only.includes('hermes') || only.includes('junk')) {
  const hermes = FORMATS.find((f) => f.name === 'hermes')?.create() as ToolCallProtocol;
  for (const [name, parser] of [
    ['hermes', hermes],
    ['auto', autoProtocol()],
  ] as const) {
    const small = junkLine(8000);
    const large = junkLine(128000);
    parse(parser, [junkLine(1000)]); // warm-up
    collectGarbage();
    let start = performance.now();
    const a = parse(parser, [small]);
    const smallMs = performance.now() - start;
    collectGarbage();
    start = performance.now();
    const b = parse(parser, [large]);
    const largeMs = performance.now() - start;
    expectCalls(`${name} junk line 8k`, a, 8000);
    expectCalls(`${name} junk line 128k`, b, 128000);
    junkRows.push([name, smallMs.toFixed(0), largeMs.toFixed(0), (largeMs / 128000 / (smallMs / 8000)).toFixed(2)]);
  }
}

const header = [
  'format',
  'parser',
  'prose MB/s',
  'prose 1M/100K',
  'arg MB/s',
  'arg 1M/100K',
  '2k calls 1 chunk ms',
  'heap x arg',
];
const table = [
  header,
  ...rows.map((r) => [
    r.format,
    r.parser,
    r.proseMBs.toFixed(1),
    r.proseLinearity.toFixed(2),
    r.argumentMBs.toFixed(1),
    r.argumentLinearity.toFixed(2),
    r.oneChunkMs.toFixed(1),
    r.heapX.toFixed(2),
  ]),
];
const widths = header.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));

if (junkRows.length > 0) {
  const junkTable = [['junk line', '8k calls ms', '128k calls ms', 'per call 128k/8k'], ...junkRows];
  const junkWidths = junkTable[0]?.map((_, i) => Math.max(...junkTable.map((row) => (row[i] ?? '').length))) ?? [];
  console.log('');
  for (const row of junkTable) console.log(row.map((cell, i) => cell.padEnd(junkWidths[i] ?? 0)).join('  '));
}

const worstLinearity = Math.max(
  ...rows.flatMap((r) => [r.proseLinearity, r.argumentLinearity]),
  ...junkRows.map((r) => Number(r[3])),
);
const worstHeap = Math.max(...rows.map((r) => r.heapX));
console.log(
  `\nTargets: linear (1 MB vs 100 KB per MB <= 1.20): worst ${worstLinearity.toFixed(2)} ${worstLinearity <= 1.2 ? 'met' : 'NOT met'}; live heap <= 1.5x the argument: worst ${worstHeap.toFixed(2)} ${worstHeap <= 1.5 ? 'met' : 'NOT met'}.`,
);
const file = writeJson('.cache/bench', 'formats-latest.json', {
  date: new Date().toISOString(),
  machine: machine(),
  rows,
  junkRows,
  failures,
});
console.log(`JSON: ${file} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
if (failures.length > 0) {
  console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
  setExitCode(1);
}
