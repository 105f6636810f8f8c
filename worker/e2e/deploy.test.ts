/** `wrangler deploy --dry-run` bundles the Worker offline; the size is printed for the report. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { config, quietEnv, root, wranglerBin } from './wrangler.ts';

describe('wrangler deploy --dry-run', () => {
  it('bundles offline, with no node: imports', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'toolshim-worker-'));
    try {
      const run = spawnSync(
        process.execPath,
        [wranglerBin, 'deploy', '--dry-run', '--config', config, '--outdir', outdir],
        { cwd: root, env: quietEnv(), encoding: 'utf8', timeout: 120_000 },
      );
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.status, output).toBe(0);
      const size = /Total Upload:\s*([\d.]+ KiB)\s*\/\s*gzip:\s*([\d.]+ KiB)/.exec(output);
      expect(size, output).not.toBeNull();
      console.log(`worker bundle: ${size![1]} (gzip ${size![2]})`);
      const bundle = readdirSync(outdir).find((f) => f.endsWith('.js'));
      expect(bundle).toBeDefined();
      const code = readFileSync(join(outdir, bundle!), 'utf8');
      expect(code).not.toMatch(/from\s*["']node:/);
      expect(code).toContain('/v1/chat/completions');
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
