/// <reference types="node" />
/**
 * The public types stay public: the main entry's .d.ts files (dist/, from
 * `npm run build`), followed through their relative imports, never reach the
 * parser's internals (the scanner, its triggers and sections), which a
 * protocol author does not need and which may change.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';

/** Every .d.ts file reachable from `entry` through relative imports and re-exports. */
function declarationClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      visit(join(dirname(file), (match[1] as string).replace(/\.(js|ts)$/, '.d.ts')));
    }
  };
  visit(join(root, entry));
  return [...seen].map((file) => relative(join(root, 'dist'), file));
}

describe.skipIf(!packageChecks)(`public types (${packageChecksSkipReason})`, () => {
  for (const entry of ['dist/index.d.ts', 'dist/v3/index.d.ts']) {
    it(`${entry} names no parser internals`, () => {
      const closure = declarationClosure(entry);
      expect(closure).toContain('protocols/protocol.d.ts');
      expect(closure.filter((file) => /^parse\/(section|scanner|sections\/)/.test(file))).toEqual([]);
    });
  }
});
