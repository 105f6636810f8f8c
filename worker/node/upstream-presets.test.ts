/// <reference types="node" />
/** The upstream presets, and the docs that list them (the model names: src/protocols/model-names.test.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './test-support.ts';
import { PRESET_START_HINTS, UPSTREAM_PRESETS, upstreamURL } from './upstream-presets.ts';

describe('--upstream presets', () => {
  it('a preset name (any case) becomes its URL; anything else is the URL itself', () => {
    expect(upstreamURL('Ollama')).toEqual({ url: 'http://127.0.0.1:11434/v1', preset: 'ollama' });
    expect(upstreamURL('http://gpu-box:8080/v1')).toEqual({ url: 'http://gpu-box:8080/v1' });
  });

  it('each preset has a start hint for the warning', () => {
    expect(Object.keys(PRESET_START_HINTS).sort()).toEqual(Object.keys(UPSTREAM_PRESETS).sort());
  });
});

describe('worker/README.md, "One command: toolshim", lists the tables as the code has them', () => {
  const readme = readFileSync(join(root, 'worker/README.md'), 'utf8');
  const from = readme.indexOf('## One command: `toolshim`');
  const section = readme.slice(from, readme.indexOf('\n## ', from + 5));

  it('the presets, in order', () => {
    const rows = [...section.matchAll(/^\| `(\w+)`\s*\| `(http[^`]+)`/gm)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(Object.entries(UPSTREAM_PRESETS));
  });
});
