/// <reference types="node" />
/**
 * Measured numbers live in a Markdown file beside the code that measures
 * them, rewritten by each full run (`npm run bench`, `npm run size`,
 * `npm run compare:browser-ai`), so the READMEs link to numbers that carry
 * their date, machine and command, instead of holding tables that go stale.
 * Each run replaces only its own section of the file.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from './runtimes/test-files.ts';

export interface ResultsSection {
  /** The Markdown file, e.g. src/test/bench/RESULTS.md. */
  file: string;
  /** The file's title, used when the file is new. */
  fileTitle: string;
  /** The section's id (its markers) and heading. */
  id: string;
  heading: string;
  /** The command that measures it, named in the section. */
  command: string;
  /** The section body, Markdown. */
  body: string;
}

/** Where and when: the date, the machine and how busy it was (other processes inflate wall times). */
function measuredOn(command: string): string {
  const cpu = cpus();
  const load = loadavg()[0] ?? 0;
  return `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\`: Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, load average ${load.toFixed(1)} when it ended.`;
}

/** Writes (or replaces) one section of a results file; returns the file's path. */
export function writeResults(section: ResultsSection): string {
  const start = `<!-- ${section.id}:start (written by ${section.command}; edits are overwritten) -->`;
  const end = `<!-- ${section.id}:end -->`;
  const block = `${start}\n## ${section.heading}\n\n${measuredOn(section.command)}\n\n${section.body.trim()}\n${end}`;
  const current = existsSync(section.file)
    ? readFileSync(section.file, 'utf8')
    : `# ${section.fileTitle}\n\nEach section is written by the command it names; run it to refresh the numbers.\n`;
  const from = current.indexOf(`<!-- ${section.id}:start`);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(section.file, next);
  // The tables are written unpadded; biome (which lints Markdown here) pads them, so a fresh run leaves
  // `npm test`'s lint green instead of failing on the file the benchmark just wrote.
  execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', section.file], { stdio: 'ignore' });
  return section.file;
}
