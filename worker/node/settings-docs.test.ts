/// <reference types="node" />
/**
 * The settings docs are generated from the rows (`npm run sync`): the flags
 * and variables tables of the proxy's manual and wrangler.jsonc's list of
 * variables must be what the rows say now. And the help lists every flag.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockOf } from '../../.ci/sync/generated-block.ts';
import { MODEL_NAMES_BLOCK, renderModelNameTable } from '../../.ci/sync/model-names-docs.ts';
import {
  COMMANDS_BLOCK,
  FLAGS_BLOCK,
  renderCommandsTable,
  renderFlagsTable,
  renderVariablesTable,
  renderWranglerComments,
  VARIABLES_BLOCK,
  WRANGLER_BLOCK,
} from '../../.ci/sync/settings-docs.ts';
import { PROXY_SETTINGS } from '../../src/server.ts';
import { USAGE } from './args.ts';
import { CLIENT_NAMES } from './clients/client-table.ts';
import { FLAG_SETTINGS } from './command-settings.ts';
import { root } from './test-support.ts';

const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** `text` as biome formats it for a file named `path` (the sync formats what it writes). */
function formatted(path: string, text: string): string {
  const result = spawnSync(join(root, 'node_modules/.bin/biome'), ['format', `--stdin-file-path=${path}`], {
    input: text,
    encoding: 'utf8',
    cwd: root,
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

describe('the settings docs (run `npm run sync` after changing a row)', () => {
  it('the commands table, a row per client of the client table', () => {
    const block = blockOf(read('worker/README.md'), COMMANDS_BLOCK);
    expect(block).toBe(formatted('t.md', renderCommandsTable()));
    for (const name of CLIENT_NAMES) expect(block).toContain(`\`toolshim ${name} [flags]`);
  });

  it('the flags table', () => {
    expect(blockOf(read('worker/README.md'), FLAGS_BLOCK)).toBe(formatted('t.md', renderFlagsTable()));
  });

  it('the variables table, every variable of the handler in it', () => {
    const block = blockOf(read('src/server/README.md'), VARIABLES_BLOCK);
    expect(block).toBe(formatted('t.md', renderVariablesTable()));
    for (const setting of PROXY_SETTINGS) expect(block).toContain(`\`${setting.variable}\``);
  });

  it("the model-name table (from the formats' declarations)", () => {
    expect(blockOf(read('worker/README.md'), MODEL_NAMES_BLOCK)).toBe(formatted('t.md', renderModelNameTable()));
  });

  it("wrangler.jsonc's list of variables", () => {
    expect(blockOf(read('worker/cloudflare/wrangler.jsonc'), WRANGLER_BLOCK)).toBe(renderWranglerComments());
  });

  it('the help names every flag and its variable', () => {
    for (const setting of FLAG_SETTINGS) {
      expect(USAGE).toContain(`--${setting.flag}`);
      if (setting.variable) expect(USAGE).toContain(`[${setting.variable}]`);
    }
  });
});
