/**
 * The thinking switches: each effort's mapping, and the table in
 * protocols/README.md ("The `reasoning` call option") matches which formats
 * declare a switch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../test/runtimes/test-files.ts';
import type { ReasoningEffort } from './protocol.ts';
import { deepseekSwitch, gemma4Switch, glmSwitch, harmonySwitch, qwen3Switch } from './reasoning-switches.ts';
import { FORMATS } from './registry.ts';

const EFFORTS: ReasoningEffort[] = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

describe('thinking switches', () => {
  it('on/off switches read none as off and every other effort as on', () => {
    for (const effort of EFFORTS) {
      const on = effort !== 'none';
      expect(qwen3Switch(effort)).toEqual({
        userSuffix: on ? ' /think' : ' /no_think',
        templateKwargs: { enable_thinking: on },
      });
      expect(deepseekSwitch(effort).templateKwargs).toEqual({ thinking: on });
      expect(glmSwitch(effort).userSuffix).toBe(on ? undefined : '/nothink');
      expect(gemma4Switch(effort).systemPrefix).toBe(on ? '<|think|>' : undefined);
    }
  });

  it('gpt-oss gets the nearest of its three levels, and a note when it is not the one asked for', () => {
    const levels = EFFORTS.map((effort) => harmonySwitch(effort).templateKwargs?.reasoning_effort);
    expect(levels).toEqual(['low', 'low', 'low', 'medium', 'high', 'high', 'high']);
    expect(EFFORTS.filter((effort) => harmonySwitch(effort).approximated !== undefined)).toEqual([
      'none',
      'minimal',
      'xhigh',
      'max',
    ]);
  });

  it("the README's list names exactly the formats that have a switch", () => {
    const readme = readFileSync(join(root, 'src/protocols/README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### The `reasoning` call option'), readme.indexOf('## End-of-turn'));
    const rows = [...section.matchAll(/^- `([\w.-]+)`:/gm)].map((match) => match[1]);
    const withSwitch = FORMATS.filter((format) => format.create().reasoningSwitch !== undefined).map((f) => f.name);
    expect(rows.sort()).toEqual([...withSwitch].sort());
    expect(section).toContain('- the others:');
  });
});
