/// <reference types="node" />
/** Fenced blocks of the README that tests run as written, found by the HTML comment before each. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../runtimes/test-files.ts';

/** The body of the ```lang block right after `<!-- marker -->` in README.md; throws naming the marker when missing. */
export function readmeBlock(marker: string, lang: string): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`<!-- ${escaped} -->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1];
  if (body === undefined) throw new Error(`README.md needs a \`\`\`${lang} block right after <!-- ${marker} -->.`);
  return body;
}

/** The commands of a ```sh block: one per line, comments and blank lines dropped. */
export function shellCommands(block: string): string[] {
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
