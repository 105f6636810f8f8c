/**
 * `npm run bench`: toolshim's streaming parsers side by side with
 * @ai-sdk-tool/parser 4.1.26 and a pass-through floor, on the same 4-character
 * chunks, in one process, alternating implementations, medians after warm-up.
 *
 *   npm run bench                 the full run (a few minutes on 2 cores)
 *   npm run bench -- --quick      small sizes only, reference up to 10 KB (a smoke run)
 *   npm run bench -- --no-reference   toolshim and the floor only
 *
 * Prints tables and writes .cache/bench/stream-latest.json (`stream-quick-…`
 * for --quick) and a dated copy, for comparing runs; a full run also rewrites
 * the chart and its section of src/test/bench/RESULTS.md. Exits non-zero when any
 * implementation finds the wrong number of calls or loses argument bytes.
 */

import { writeFileSync } from 'node:fs';
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import * as reference from '@ai-sdk-tool/parser';
import {
  createToolMiddleware,
  hermesProtocol,
  hermesToolMiddleware,
  morphXmlProtocol,
  morphXmlToolMiddleware,
  qwen3CoderProtocol,
  qwen3CoderToolMiddleware,
} from '../../index.ts';
import { writeResults } from '../results-file.ts';
import { streamChart } from './chart.bench.ts';
import { type Implementation, middlewareImplementation, passThrough, type StreamMiddleware } from './drive.bench.ts';
import { measureLatency } from './measure.bench.ts';
import {
  argv,
  canCollectGarbage,
  loadAverage,
  machine,
  nextMacrotask,
  setExitCode,
  writeJson,
} from './node-host.bench.ts';
import { formatReport, type Report, targetsOf } from './report.bench.ts';
import { runWorkload, type WorkloadResult } from './timing.bench.ts';
import {
  bigArgumentWorkload,
  Format,
  formats,
  KB,
  proseWithCallsWorkload,
  proseWorkload,
  standardWorkloads,
  type Workload,
} from './workloads.bench.ts';

const args = argv();
const quick = args.includes('--quick');
const withReference = !args.includes('--no-reference');
/**
 * The reference's runs stop after 45 s (a stopped run still proves the >100x target, as a bound);
 * sizes predicted to take over ten times that are not run at all. Keeps the whole run near 5 minutes.
 */
const capMs = 45_000;

const toolshimMiddleware: Record<Format, LanguageModelV4Middleware> = {
  [Format.Hermes]: hermesToolMiddleware,
  [Format.MorphXml]: morphXmlToolMiddleware,
  [Format.Qwen3Coder]: qwen3CoderToolMiddleware,
};

/**
 * The latency pass measures the parser: how soon a delta leaves after the chunk
 * that brought it. The default middleware groups a big argument's deltas on
 * purpose (coalesceToolInput, measured by `npm run bench:use-chat`), so this
 * pass runs with grouping off.
 */
const parserMiddleware: Record<Format, LanguageModelV4Middleware> = {
  [Format.Hermes]: createToolMiddleware({ protocol: hermesProtocol(), coalesceToolInput: false }),
  [Format.MorphXml]: createToolMiddleware({ protocol: morphXmlProtocol(), coalesceToolInput: false }),
  [Format.Qwen3Coder]: createToolMiddleware({ protocol: qwen3CoderProtocol(), coalesceToolInput: false }),
};

const referenceMiddleware: Record<Format, StreamMiddleware> = {
  [Format.Hermes]: reference.hermesToolMiddleware as unknown as StreamMiddleware,
  [Format.MorphXml]: reference.morphXmlToolMiddleware as unknown as StreamMiddleware,
  [Format.Qwen3Coder]: reference.qwen3CoderToolMiddleware as unknown as StreamMiddleware,
};

function workloadsFor(format: Format): Workload[] {
  if (!quick) return standardWorkloads(format);
  return [
    bigArgumentWorkload(format, 10 * KB),
    proseWithCallsWorkload(format, 20 * KB),
    proseWorkload(format, 100 * KB),
  ];
}

const started = performance.now();
const loadAtStart = loadAverage();
const results: WorkloadResult[] = [];
const latency: Report['latency'] = [];
const failures: string[] = [];

if (!canCollectGarbage()) console.log('(no heap figures: run with --expose-gc, as `npm run bench` does)');

for (const format of formats) {
  const ours = middlewareImplementation('toolshim', toolshimMiddleware[format]);
  const theirs = withReference
    ? middlewareImplementation('@ai-sdk-tool/parser', referenceMiddleware[format])
    : undefined;
  /** The reference's last measured time per shape, to predict (and skip) hopeless sizes. */
  const previous = new Map<string, { size: number; ms: number }>();

  for (const workload of workloadsFor(format)) {
    const referenceLimit = quick ? 10 * KB : Number.POSITIVE_INFINITY;
    const result = await runWorkload(workload, {
      floor: passThrough,
      ours,
      theirs: theirs && workload.size <= referenceLimit ? theirs : undefined,
      previous: previous.get(workload.shape),
      capMs,
    });
    const measured = result.implementations['@ai-sdk-tool/parser'];
    if (measured?.medianMs !== undefined) previous.set(workload.shape, { size: workload.size, ms: measured.medianMs });
    failures.push(...result.failures);
    results.push(result);
    console.log(`  ${workload.name}: done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }

  // Latency: untimed passes, one chunk per macrotask turn.
  const latencyWorkloads = [
    bigArgumentWorkload(format, 10 * KB),
    proseWithCallsWorkload(format, quick ? 20 * KB : 100 * KB),
  ];
  for (const workload of latencyWorkloads) {
    const entry: Report['latency'][number] = { workload: workload.name, format, shape: workload.shape, results: {} };
    const oursParser = middlewareImplementation('toolshim', parserMiddleware[format]);
    for (const implementation of [oursParser, theirs].filter((x): x is Implementation => x !== undefined)) {
      const measuredLatency = await measureLatency(implementation, workload, nextMacrotask);
      if (measuredLatency.calls !== workload.expectedCalls) {
        failures.push(
          `${implementation.name} ${workload.name} (latency pass): found ${measuredLatency.calls} calls, expected ${workload.expectedCalls}`,
        );
      }
      entry.results[implementation.name] = measuredLatency;
    }
    latency.push(entry);
  }
}

const report: Report = {
  date: new Date().toISOString(),
  command: `npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`,
  machine: machine(),
  loadAverage: { start: loadAtStart, end: loadAverage() },
  chunkSize: 4,
  referenceCapMs: capMs,
  workloads: results,
  latency,
  targets: [],
  failures,
  seconds: Math.round((performance.now() - started) / 1000),
};
report.targets = targetsOf(report);

console.log(formatReport(report));
// Quick runs are smoke runs: keep them from replacing the last full result.
const name = quick ? 'stream-quick' : 'stream';
const file = writeJson('.cache/bench', `${name}-latest.json`, report);
writeJson('.cache/bench', `${name}-${report.date.replace(/[:.]/g, '-')}.json`, report);
console.log(`\nJSON: ${file}`);
if (!quick) {
  // The README shows this chart and links the results file; a full run rewrites both.
  writeFileSync('src/test/bench/stream-chart.svg', streamChart(report));
  console.log('Chart: src/test/bench/stream-chart.svg');
  const results = writeResults({
    file: 'src/test/bench/RESULTS.md',
    fileTitle: 'Benchmark results',
    id: 'stream',
    heading: 'Streaming parsers against @ai-sdk-tool/parser and a pass-through floor',
    command: report.command,
    body: `![Median time of one streamed argument against its size](stream-chart.svg)\n\n\`\`\`text\n${formatReport(report)}\n\`\`\``,
  });
  console.log(`Results: ${results}`);
}

if (failures.length > 0) {
  console.log(`\nFAILED: ${failures.length} wrong result(s):\n  ${failures.join('\n  ')}`);
  setExitCode(1);
}
