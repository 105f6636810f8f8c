/// <reference types="node" />
/**
 * src/protocols/SERVERS.md's counts are the table's: its rows, the ones
 * toolshim reads (a preset named in the last column), the ones declined. A row
 * added or a verdict changed without the paragraph fails here, and every
 * preset the table names is a format of the registry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../../protocols/registry.ts';
import { root } from '../runtimes/test-files.ts';

const page = readFileSync(join(root, 'src/protocols/SERVERS.md'), 'utf8');

/** The last cell of every body row of the first table. */
function verdicts(): string[] {
  const rows = page.split('\n').filter((line) => line.startsWith('| ') && !/^\|[\s|-]+$/.test(line));
  // The header comes first.
  return rows.slice(1).map((row) => {
    const cells = row.split(/(?<!\\)\|/);
    return (cells[cells.length - 2] ?? '').trim();
  });
}

describe('SERVERS.md', () => {
  const all = verdicts();
  const declined = all.filter((v) => v.startsWith('declined'));
  const read = all.filter((v) => v.startsWith('`'));

  it('says the counts its table holds', () => {
    const counts = /table has (\d+) rows\. toolshim reads\s+(\d+) of them[\s\S]*?declines (\d+)/.exec(page);
    expect(counts, 'the **Counts.** paragraph').not.toBeNull();
    expect(Number(counts?.[1])).toBe(all.length);
    expect(Number(counts?.[2])).toBe(read.length);
    expect(Number(counts?.[3])).toBe(declined.length);
    expect(read.length + declined.length + 1).toBe(all.length); // and the one-server row
  });

  it('names only formats of the registry as what reads a family', () => {
    for (const verdict of read) {
      const name = /^`([\w-]+)`/.exec(verdict)?.[1];
      expect(FORMAT_NAMES, verdict).toContain(name);
    }
  });
});
