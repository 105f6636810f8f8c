/**
 * The README's browser snippet ("Three ways to run it"), as pasted, in
 * Chromium: bundled with esbuild, `toolshim` mapped to this checkout's
 * source and `@mlc-ai/web-llm` to a scripted stand-in (no weights offline),
 * and WebGPU reported present (headless Chromium has no GPU adapter).
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build, type Plugin } from 'esbuild';
import { readmeBlock } from '../src/test/docs/readme-blocks.ts';
import { root } from './dev-worker.ts';

const mapped: Record<string, string> = {
  toolshim: join(root, 'src/index.ts'),
  'toolshim/engines': join(root, 'src/engines.ts'),
  '@mlc-ai/web-llm': join(root, 'e2e/fixtures/scripted-web-llm.ts'),
};
const mapImports: Plugin = {
  name: 'map-imports',
  setup(b) {
    b.onResolve({ filter: /^(toolshim(\/engines)?|@mlc-ai\/web-llm)$/ }, (args) => ({ path: mapped[args.path] }));
  },
};

test("the README's browser snippet runs in a page: the tool runs and the answer uses its result", async ({ page }) => {
  const bundle = await build({
    stdin: {
      contents: readmeBlock('three-ways:browser', 'ts', 'src/examples/README.md'),
      loader: 'ts',
      resolveDir: root,
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    plugins: [mapImports],
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'gpu', { value: { requestAdapter: async () => ({}) } });
  });
  await page.goto('/');
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ type: 'module', content: bundle.outputFiles[0]?.text ?? '' });
  await expect(page.locator('body')).toContainText(
    'The weather service answered for Seoul: {"city":"Seoul","celsius":21}.',
  );
  expect(errors).toEqual([]);
});
