/**
 * The README's benchmark chart: time against argument size (one call, hermes,
 * 4-character chunks) for toolshim, @ai-sdk-tool/parser and the pass-through
 * floor, on log-log axes, as a small self-contained SVG. `npm run bench`
 * writes it from its own results; `node src/test/bench/chart.bench.ts FILE`
 * redraws it from a saved .cache/bench/stream-*.json.
 */
import type { Report } from './report.bench.ts';

const W = 640;
const H = 360;
const M = { left: 70, right: 170, top: 30, bottom: 50 };
const SERIES = [
  { name: 'toolshim', color: '#1f6feb' },
  { name: '@ai-sdk-tool/parser', color: '#d1242f' },
  { name: 'pass-through', color: '#6e7781' },
] as const;

const log = Math.log10;

export function streamChart(report: Report): string {
  const rows = report.workloads.filter((w) => w.format === 'hermes' && w.shape === 'argument');
  const points = SERIES.map((series) => ({
    ...series,
    values: rows
      .map((row) => ({ kb: row.size / 1024, ms: row.implementations[series.name]?.medianMs }))
      .filter((p): p is { kb: number; ms: number } => typeof p.ms === 'number' && p.ms > 0),
  }));
  const all = points.flatMap((p) => p.values);
  const [x0, x1] = [log(Math.min(...all.map((p) => p.kb))), log(Math.max(...all.map((p) => p.kb)))];
  const [y0, y1] = [
    Math.floor(log(Math.min(...all.map((p) => p.ms)))),
    Math.ceil(log(Math.max(...all.map((p) => p.ms)))),
  ];
  const x = (kb: number) => M.left + ((log(kb) - x0) / (x1 - x0 || 1)) * (W - M.left - M.right);
  const y = (ms: number) => H - M.bottom - ((log(ms) - y0) / (y1 - y0 || 1)) * (H - M.top - M.bottom);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12" role="img">`,
    '<title>Median time of one streamed argument against its size, for toolshim, @ai-sdk-tool/parser and the pass-through floor</title>',
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M.left}" y="18" font-weight="bold">One streamed argument, 4-character chunks (hermes): median time</text>`,
  ];
  for (let e = y0; e <= y1; e++) {
    const ms = 10 ** e;
    out.push(
      `<line x1="${M.left}" x2="${W - M.right}" y1="${y(ms)}" y2="${y(ms)}" stroke="#eee"/>`,
      `<text x="${M.left - 8}" y="${y(ms) + 4}" text-anchor="end">${ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}</text>`,
    );
  }
  for (const row of rows) {
    const kb = row.size / 1024;
    out.push(
      `<text x="${x(kb)}" y="${H - M.bottom + 18}" text-anchor="middle">${kb >= 1024 ? `${kb / 1024} MB` : `${kb} KB`}</text>`,
    );
  }
  out.push(`<text x="${(M.left + W - M.right) / 2}" y="${H - 10}" text-anchor="middle">argument size (log)</text>`);
  points.forEach((series, i) => {
    const path = series.values
      .map((p, j) => `${j === 0 ? 'M' : 'L'}${x(p.kb).toFixed(1)},${y(p.ms).toFixed(1)}`)
      .join(' ');
    out.push(`<path d="${path}" fill="none" stroke="${series.color}" stroke-width="2"/>`);
    for (const p of series.values)
      out.push(`<circle cx="${x(p.kb).toFixed(1)}" cy="${y(p.ms).toFixed(1)}" r="3" fill="${series.color}"/>`);
    out.push(
      `<rect x="${W - M.right + 14}" y="${M.top + i * 22}" width="14" height="3" fill="${series.color}"/>`,
      `<text x="${W - M.right + 34}" y="${M.top + i * 22 + 5}">${series.name}</text>`,
    );
  });
  out.push(
    `<text x="${W - M.right + 14}" y="${M.top + 80}" fill="#6e7781">${report.date.slice(0, 10)}</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}
