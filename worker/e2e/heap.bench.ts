/**
 * `npm run bench:workerd-leak`: MiB of workerd JS heap left per 1,000
 * requests, for every route (heap.ts HEAP_ROUTES) in both tool modes, in two
 * scenarios: clients that disconnect mid-stream, and an upstream that cuts
 * the connection mid-stream (the client reads the error event to the end). The Worker runs in workerd under miniflare (bundled with
 * esbuild from `--entry`, default worker/cloudflare/index.ts) or, with `--wrangler`,
 * under `wrangler dev --config worker/cloudflare/wrangler.jsonc`.
 *
 *   npm run bench:workerd-leak
 *   npm run bench:workerd-leak -- --wrangler
 *   npm run bench:workerd-leak -- --entry=/path/to/other/worker/cloudflare/index.ts   (e.g. an older checkout)
 *   npm run bench:workerd-leak -- --n=2000 --scenario=upstream   (one scenario, by its first word(s))
 */
import { HEAP_ROUTES, heapPerThousand, startCuttingUpstream, startQuietUpstream, startWorkerd } from './heap.ts';
import { root } from './wrangler.ts';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const useWrangler = args.includes('--wrangler');
const entry = option('entry') ?? `${root}worker/cloudflare/index.ts`;
const n = Number(option('n') ?? 1000);
const only = option('route');
const scenario = option('scenario');

/** What each row measures: the upstream's behaviour and the client's. */
const SCENARIOS = [
  { name: 'client leaves mid-stream', start: startQuietUpstream, kind: 'leave' as const },
  { name: 'upstream cut mid-stream', start: startCuttingUpstream, kind: 'read' as const },
].filter((s) => scenario === undefined || s.name.startsWith(scenario));

const rows: string[] = [];
for (const { name, start, kind } of SCENARIOS) {
  const upstream = await start();
  try {
    for (const mode of ['emulated', 'native']) {
      for (const route of HEAP_ROUTES.filter((r) => only === undefined || r.path === only)) {
        const server = await startWorkerd(
          { UPSTREAM_BASE_URL: upstream.baseURL, TOOL_MODE: mode },
          { entry, useWrangler },
        );
        try {
          const { mibPerThousand, before, after } = await heapPerThousand(
            server.base,
            server.inspectorPort,
            route,
            n,
            kind,
          );
          rows.push(
            `| ${name} | ${route.name} | ${mode} | ${(before / 1048576).toFixed(2)} | ${(after / 1048576).toFixed(2)} | ${mibPerThousand.toFixed(2)} |`,
          );
          console.log(rows.at(-1));
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    upstream.close();
  }
}
console.log(
  [
    '',
    `${useWrangler ? 'wrangler dev --config worker/cloudflare/wrangler.jsonc' : `miniflare, ${entry}`}: ${n} requests per row; live JS heap after GC, via the inspector`,
    '',
    '| scenario | route | mode | heap before (MiB) | heap after (MiB) | MiB per 1,000 requests |',
    '|---|---|---|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
process.exit(0);
