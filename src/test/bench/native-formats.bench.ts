/**
 * `npm run bench:formats`: throughput and linearity of every native format's
 * parser (issue 8) and of the auto-detecting parser on the same text.
 *
 * For each format, a seeded text of prose with N calls (rendered by the
 * format's own formatToolCall) is parsed whole and in 4-character chunks, at
 * N and 8N calls. A linear parser takes about 8x the time for 8x the text;
 * the `8x/1x` column shows the measured ratio (fastest of 7 runs after a
 * warm-up, garbage collected before each when node runs with --expose-gc). Exits non-zero when a parser finds the wrong number of calls.
 */
import { autoProtocol } from '../../protocols/auto.ts';
import { deepseekProtocol } from '../../protocols/deepseek.ts';
import { functionGemmaProtocol } from '../../protocols/function-gemma.ts';
import { gemma4Protocol } from '../../protocols/gemma4.ts';
import { glmProtocol } from '../../protocols/glm.ts';
import { graniteProtocol } from '../../protocols/granite.ts';
import { harmonyProtocol } from '../../protocols/harmony.ts';
import { kimiK2Protocol } from '../../protocols/kimi-k2.ts';
import { minimaxM2Protocol } from '../../protocols/minimax-m2.ts';
import { mistralProtocol } from '../../protocols/mistral.ts';
import { phi4MiniProtocol } from '../../protocols/phi4-mini.ts';
import type { ParserEvent, ToolCallProtocol } from '../../protocols/protocol.ts';
import { pythonicProtocol } from '../../protocols/pythonic.ts';
import { seededRandom } from '../random.ts';
import { canCollectGarbage, collectGarbage, setExitCode } from './node-host.bench.ts';

const tools = [
  {
    name: 'search',
    inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'number' } } },
  },
];

// Formats whose calls may sit anywhere in prose (bare-JSON formats only count at the start of an answer).
const protocols: ToolCallProtocol[] = [
  mistralProtocol(),
  graniteProtocol(),
  phi4MiniProtocol(),
  deepseekProtocol(),
  kimiK2Protocol(),
  harmonyProtocol(),
  glmProtocol(),
  minimaxM2Protocol(),
  gemma4Protocol(),
  functionGemmaProtocol(),
  pythonicProtocol({ wrapper: 'lfm2' }),
];

const WORDS = ['the', 'weather', 'is', 'fine', '[1]', '{a}', '<b>', 'and', 'so', 'on', '|', 'x'];

function workload(protocol: ToolCallProtocol, calls: number, seed: number): string {
  const random = seededRandom(seed);
  const parts: string[] = [];
  for (let c = 0; c < calls; c++) {
    const words = Array.from({ length: 20 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    const query = `q${c} "quoted" ü ${'x'.repeat(Math.floor(random() * 80))}`;
    parts.push(
      `${words}\n${protocol.formatToolCall({ toolCallId: `c${c}`, toolName: 'search', input: { query, limit: c } })}\n`,
    );
  }
  return parts.join('');
}

function chunk(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Runs the parser over the chunks; returns the number of calls found. */
function parse(protocol: ToolCallProtocol, chunks: string[]): number {
  let calls = 0;
  const onEvent = (event: ParserEvent) => {
    if (event.type === 'tool-call-end') calls++;
  };
  const parser = protocol.createParser(
    { tools: new Map(tools.map((t) => [t.name, t])), generateId: () => 'id' },
    {
      onText: () => {},
      onReasoning: () => {},
      onReasoningEnd: () => {},
      onToolCallStart: (e) => onEvent({ type: 'tool-call-start', ...e }),
      onToolCallDelta: () => {},
      onToolCallEnd: (e) => onEvent({ type: 'tool-call-end', ...e }),
      onToolCallAbort: () => {},
      onError: () => {},
    },
  );
  for (const piece of chunks) parser.feed(piece);
  parser.flush();
  return calls;
}

function time(protocol: ToolCallProtocol, chunks: string[], expected: number): number {
  const runs: number[] = [];
  parse(protocol, chunks); // warm-up
  for (let r = 0; r < 7; r++) {
    collectGarbage();
    const start = performance.now();
    const found = parse(protocol, chunks);
    runs.push(performance.now() - start);
    if (found !== expected) {
      console.error(`${protocol.name}: found ${found} calls, expected ${expected}`);
      setExitCode(1);
    }
  }
  // The fastest run: on a shared machine the others mostly measure the neighbours.
  return Math.min(...runs);
}

const quick = process.argv.includes('--quick');
if (!canCollectGarbage()) console.warn('Run with node --expose-gc for steadier numbers.');
const base = quick ? 100 : 500;
const auto = autoProtocol();
const rows: string[][] = [['format', 'parser', 'chunks', 'KB (1x)', 'MB/s (8x)', '8x/1x time']];
for (const protocol of protocols) {
  const small = workload(protocol, base, 1);
  const large = workload(protocol, base * 8, 1);
  for (const parser of [protocol, auto]) {
    for (const size of [0, 4]) {
      const pieces = (text: string) => (size === 0 ? [text] : chunk(text, size));
      const t1 = time(parser, pieces(small), base);
      const t8 = time(parser, pieces(large), base * 8);
      rows.push([
        protocol.name,
        parser === auto ? 'auto' : 'own',
        size === 0 ? 'whole' : `${size} chars`,
        (small.length / 1024).toFixed(0),
        (large.length / 1024 / 1024 / (t8 / 1000)).toFixed(1),
        (t8 / t1).toFixed(1),
      ]);
    }
  }
}
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
