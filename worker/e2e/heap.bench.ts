/**
 * `npm run bench:workerd-leak`: MiB of workerd JS heap left per 1,000 clients
 * that disconnect mid-stream, for every route (heap.ts HEAP_ROUTES) in both
 * tool modes. The Worker runs in workerd under miniflare (bundled with
 * esbuild from `--entry`, default worker/src/index.ts) or, with `--wrangler`,
 * under `wrangler dev --config worker/wrangler.jsonc`.
 *
 *   npm run bench:workerd-leak
 *   npm run bench:workerd-leak -- --wrangler
 *   npm run bench:workerd-leak -- --entry=/path/to/other/worker/src/index.ts   (e.g. an older checkout)
 *   npm run bench:workerd-leak -- --n=2000
 */
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { HEAP_ROUTES, heapPerThousand, startQuietUpstream } from './heap.ts';
import { freePort, root, startDev } from './wrangler.ts';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const useWrangler = args.includes('--wrangler');
const entry = option('entry') ?? `${root}worker/src/index.ts`;
const n = Number(option('n') ?? 1000);
const only = option('route');

async function workerd(
  vars: Record<string, string>,
): Promise<{ base: string; inspectorPort: number; stop: () => Promise<void> }> {
  const inspectorPort = await freePort();
  if (useWrangler) {
    const dev = await startDev(vars, ['--inspector-port', String(inspectorPort)]);
    return { base: dev.url, inspectorPort, stop: dev.stop };
  }
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
  });
  const mf = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0]?.text ?? '',
    compatibilityDate: '2026-07-01',
    compatibilityFlags: ['enable_request_signal'],
    bindings: vars,
    inspectorPort,
  });
  const url = await mf.ready;
  return { base: url.origin, inspectorPort, stop: () => mf.dispose() };
}

const upstream = await startQuietUpstream();
const rows: string[] = [];
try {
  for (const mode of ['emulated', 'native']) {
    for (const route of HEAP_ROUTES.filter((r) => only === undefined || r.path === only)) {
      const server = await workerd({ UPSTREAM_BASE_URL: upstream.baseURL, TOOL_MODE: mode });
      try {
        const { mibPerThousand, before, after } = await heapPerThousand(server.base, server.inspectorPort, route, n);
        rows.push(
          `| ${route.name} | ${mode} | ${(before / 1048576).toFixed(2)} | ${(after / 1048576).toFixed(2)} | ${mibPerThousand.toFixed(2)} |`,
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
console.log(
  [
    '',
    `${useWrangler ? 'wrangler dev --config worker/wrangler.jsonc' : `miniflare, ${entry}`}: ${n} clients per row leave mid-stream (after the first data frame); live JS heap after GC, via the inspector`,
    '',
    '| route | mode | heap before (MiB) | heap after (MiB) | MiB per 1,000 disconnects |',
    '|---|---|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
process.exit(0);
