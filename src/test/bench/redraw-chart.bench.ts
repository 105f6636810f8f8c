/**
 * Redraws the README's benchmark chart from a saved run:
 *   node src/test/bench/redraw-chart.bench.ts [.cache/bench/stream-latest.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { streamChart } from './chart.bench.ts';
import { argv } from './node-host.bench.ts';
import type { Report } from './report.bench.ts';

const file = argv()[0] ?? '.cache/bench/stream-latest.json';
writeFileSync('src/test/bench/stream-chart.svg', streamChart(JSON.parse(readFileSync(file, 'utf8')) as Report));
console.log(`src/test/bench/stream-chart.svg drawn from ${file}`);
