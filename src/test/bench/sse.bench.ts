/**
 * `npm run bench:sse`: the upstream SSE reader on one long `data:` line (a
 * huge argument or content delta an upstream sends in one event), 1 to 8 MB,
 * arriving in 16 KB network chunks. Linear reading keeps the time per MB flat.
 */
import { readSseData } from '../../wire/sse.ts';
import { argv } from './node-host.bench.ts';

const quick = argv().includes('--quick');
const encoder = new TextEncoder();

function body(size: number): ReadableStream<Uint8Array> {
  const line = encoder.encode(`data: {"x":"${'a'.repeat(size)}"}\n\n`);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= line.length) return controller.close();
      controller.enqueue(line.subarray(at, at + 16 * 1024));
      at += 16 * 1024;
    },
  });
}

const rows: string[] = [];
let perMb1 = 0;
for (const mb of quick ? [1, 2] : [1, 2, 4, 8]) {
  const size = mb * 1024 * 1024;
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    let length = 0;
    for await (const data of readSseData(body(size))) length += data.length;
    times.push(performance.now() - start);
    if (length !== size + 8) throw new Error(`read ${length} characters, expected ${size + 8}`);
  }
  const ms = times.sort((a, b) => a - b)[1] as number;
  if (mb === 1) perMb1 = ms;
  rows.push(`| ${mb} MB | ${ms.toFixed(0)} ms | ${(ms / mb / perMb1).toFixed(2)}x |`);
}
console.log(['| one data line | time | per MB vs 1 MB |', '|---|---:|---:|', ...rows].join('\n'));
