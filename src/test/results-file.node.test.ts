/// <reference types="node" />
/** The results files the READMEs link: each run replaces its own section, dated, and leaves the others. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeResults } from './results-file.ts';

it('writes a dated section, replaces it on the next run, and keeps the other sections', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'toolshim-results-')), 'RESULTS.md');
  const section = (id: string, body: string) => ({
    file,
    fileTitle: 'Benchmark results',
    id,
    heading: `The ${id} part`,
    command: `npm run ${id}`,
    body,
  });
  writeResults(section('first', '| a |\n|---|\n| 1 |'));
  writeResults(section('second', 'second body'));
  writeResults(section('first', '| a |\n|---|\n| 2 |'));
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('# Benchmark results\n')).toBe(true);
  expect(text).toMatch(/^\| 2 +\|$/m);
  expect(text).not.toMatch(/^\| 1 +\|$/m);
  // Tables come out as biome formats them, so `npm test`'s lint passes on a freshly written file.
  expect(text).toContain('| --- |');
  expect(text).toContain('second body');
  expect(text.match(/## The first part/g)).toHaveLength(1);
  expect(text).toMatch(/Measured \d{4}-\d{2}-\d{2} with `npm run first`: Node v\d+/);
  // The first section stays first.
  expect(text.indexOf('The first part')).toBeLessThan(text.indexOf('The second part'));
});
