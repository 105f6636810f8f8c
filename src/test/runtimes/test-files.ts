/// <reference types="node" />
/**
 * Which test files each runtime runs: every `src/**\/*.test.ts`, except files
 * that are Node-only by nature (`*.node.test.ts`: packaging, size, build
 * checks that spawn npm, esbuild or wrangler). Used by the vitest configs of the
 * other runtimes and by the Deno and edge runners, so a new test file joins the
 * whole matrix without anyone listing it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('../../../', import.meta.url).pathname;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** Test files (paths relative to the repo root) that run in every runtime. */
export function portableTestFiles(): string[] {
  return walk(join(root, 'src'))
    .map((path) => relative(root, path))
    .filter((path) => path.endsWith('.test.ts') && !path.endsWith('.node.test.ts'))
    .sort();
}

/** Portable test files that drive the middleware through the test harness (the ai@6 suite runs these). */
export function harnessTestFiles(): string[] {
  return portableTestFiles().filter((path) =>
    /from ['"][./]*\/?test\/harness\.ts['"]|from ['"]\.\/harness\.ts['"]/.test(readFileSync(join(root, path), 'utf8')),
  );
}
