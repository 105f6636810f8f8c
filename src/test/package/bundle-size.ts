/// <reference types="node" />
/**
 * Bundle size of each preset as an app would ship it: `import { x } from
 * 'toolshim'` bundled by esbuild for the browser, minified, then gzipped.
 * Built from dist/ through the package's own exports (run `npm run build`
 * first), so tree-shaking is measured on what ships.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { root } from '../runtimes/test-files.ts';

/** The goal for every preset import, min+gzip: the size of a small dependency. Presets over it are listed by the size test. */
export const presetGoalBytes = 10 * 1024;
/**
 * The enforced ceiling, min+gzip: the size test fails when a preset import
 * grows past it. Since every format runs on the one scanner,
 * each preset carries the shared core: scanner, call sink, JSON reader,
 * argument streamer, coercion, tool choice with its forced-answer reader,
 * reasoning blocks, end-of-turn tokens and history rendering. That core is
 * nearly all of the smallest preset (phi4-mini, 14.96 KB), so the 10 KB goal
 * is not met. Code only an option turns on (the option checks, droppedCalls'
 * router, toolResultFiles' attachment) is reached from createToolMiddleware
 * alone, so no preset carries it. The ceilings sit 2-4% above what was
 * measured (npm run size, 2026-12-03: the largest single-format import is
 * Seed-OSS's toolshim/v3 twin at 19.84 KB, after the typed-value switch and
 * the raw block's piece give-back, which every preset carries) to catch growth.
 */
export const presetBudgetBytes = 20.2 * 1024;
/**
 * Tighter or looser ceilings for some presets. autoToolMiddleware detects the
 * format among all protocols, so it carries every format's parser (not their
 * prompts: 27.89 KB measured, 28.17 KB for its toolshim/v3 twin). Hermes, the
 * preset most people start with, measured 15.36 KB (15.55 KB as toolshim/v3);
 * its ceiling keeps it from drifting up to the general one. DeepSeek reads two
 * syntaxes, the special-token calls of V3/V3.1 and V3.2's DSML invokes (the
 * invoke reader MiniMax uses), so it carries both readers: 20.29 KB measured,
 * 20.47 KB for its toolshim/v3 twin (npm run size, 2026-11-25, slim branch).
 */
export const presetBudgets: Record<string, number> = {
  // Measured by npm run size on 2026-11-27, after seed-oss (auto carries its parser), issue 27's markup rules
  // (empty blocks, lone end markers), the parsers in named steps and the proxy's part sources and trigger-table
  // cache (about 0.19 KB, for the proxy's CPU per request): auto 29.26 KB (29.49 as toolshim/v3), hermes 16.01
  // (16.25), deepseek 20.45 (20.67); the largest other preset is qwen3-coder's v3 twin, 19.01, then seed-oss's, 19.18.
  // Re-measured on 2026-12-03, after values typed by the model keep their type (coerce.ts typedValues) and
  // a broken element of a JSON call list costs only itself (json-calls-list.ts, shipped only by the list
  // formats and auto): auto 31.00 KB (31.29), hermes 16.72 (16.94), qwen3-coder 19.49 (19.69), seed-oss 19.64
  // (19.84), deepseek 21.07 (21.29). Hermes is
  // above the 16 KB it is meant to return to (issue 37): what it gained is the raw block's piece give-back,
  // the typed-value switch and the list hooks in json-calls.ts.
  // Re-measured on 2026-12-03 after those moved out of what every preset ships (the list give-back into
  // json-calls-broken.ts, a custom protocol's forced-answer reader into forced-lead.ts, the coercion options'
  // reading) and three formats (internlm, gigachat, apertus) with Command R's Action block and Apriel 1.6's
  // answer marker joined auto: auto 31.21 KB (31.48), hermes 16.34 (16.56), the largest other preset
  // seed-oss 19.38 (19.57), deepseek 20.86 (21.05). Then the per-call reasoning option and the response
  // parser made at the first text (issue 37, item 4): auto 31.30 (31.57), hermes 16.42 (16.64), seed-oss
  // 19.46 (19.65), deepseek 20.94 (21.15). Then the pythonic list recovery (pythonic-list.ts, in the pythonic,
  // gemma and olmo3 presets and auto): auto 31.62 (31.90), pythonic 19.49 (19.66). Auto's ceiling is issue 37's
  // hard limit, 32 KB, so it has almost no room left: the next format that joins auto must pay for itself.
  autoToolMiddleware: 32.0 * 1024,
  hermesToolMiddleware: 16.9 * 1024,
  deepseekToolMiddleware: 21.8 * 1024,
};
export const budgetFor = (name: string) => presetBudgets[name] ?? presetBudgetBytes;

export interface BundleSize {
  entry: string;
  minified: number;
  gzip: number;
  code: string;
  /** The dist/ modules that made it into the bundle. */
  modules: string[];
}

/** Bundles `source` (an ES module importing from 'toolshim' or 'toolshim/v3') for the browser. */
export async function bundle(source: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // 'toolshim' resolves to dist/ through package.json "exports" (package self-reference).
    external: ['@ai-sdk/provider'],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const output = Object.values(result.metafile.outputs)[0];
  const modules = Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path)
    .sort();
  return { entry: source, minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, code, modules };
}

/** The presets exported by the package's main entry, read from dist so new ones are measured automatically. */
export async function presetNames(entry = 'index'): Promise<string[]> {
  const main = (await import(`${root}dist/${entry}.js`)) as Record<string, unknown>;
  return Object.keys(main)
    .filter((name) => name.endsWith('ToolMiddleware') && name !== 'createToolMiddleware')
    .sort();
}

export async function presetSizes(specifier = 'toolshim'): Promise<Array<BundleSize & { name: string }>> {
  const sizes = [];
  for (const name of await presetNames(specifier === 'toolshim/v3' ? 'v3/index' : 'index')) {
    sizes.push({ name, ...(await bundle(`export { ${name} } from '${specifier}';`)) });
  }
  return sizes;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
