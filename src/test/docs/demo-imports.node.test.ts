/// <reference types="node" />
/**
 * The demo is built on toolshim's public entries only (`toolshim`,
 * `toolshim/engines`, `toolshim/server`, mapped to src/ by its Vite config
 * and tsconfig), so it proves the public API is enough for an app like it.
 * And it type-checks against them, as do the e2e specs that drive it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';

const PUBLIC = new Set(['toolshim', 'toolshim/engines', 'toolshim/server']);
const demoFiles = readdirSync(join(root, 'demo/src')).filter((name) => name.endsWith('.ts'));

describe('the demo uses toolshim as an app does', () => {
  it('imports toolshim only through its public entries, and nothing outside demo/', () => {
    expect(demoFiles.length).toBeGreaterThan(3);
    const wrong: string[] = [];
    for (const file of demoFiles) {
      const text = readFileSync(join(root, 'demo/src', file), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const spec = specifier as string;
        const outside = spec.startsWith('../') || spec.startsWith('/');
        const internal = spec.startsWith('toolshim/') && !PUBLIC.has(spec);
        if (outside || internal) wrong.push(`demo/src/${file}: '${spec}'`);
      }
    }
    expect(wrong, 'import from toolshim, toolshim/engines or toolshim/server instead').toEqual([]);
  });

  for (const project of ['demo', 'e2e']) {
    it(`${project}/ type-checks`, () => {
      const result = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', `${project}/tsconfig.json`, '--noEmit'], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(result.status, result.stdout).toBe(0);
    }, 60_000);
  }
});
