/// <reference types="node" />
/** Fenced blocks of the README that tests run as written, found by the HTML comment before each. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../runtimes/test-files.ts';

/** Every README of the repository, for the tests that read them all. */
export const READMES = [
  'README.md',
  'src/CONTRIBUTING.md',
  ...readmesUnder('src'),
  ...readmesUnder('worker'),
  'worker/e2e/RESULTS.md',
  'demo/README.md',
  'demo/next/README.md',
];

/** Every README.md under `folder` (the package's docs beside their code: the formats' folders, the doors, ...). */
function readmesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('README.md') && !path.includes('node_modules'))
    .map((path) => `${folder}/${path}`)
    .sort();
}

/** The body of the ```lang block right after `<!-- marker -->` in README.md; throws naming the marker when missing. */
export function readmeBlock(marker: string, lang: string, file = 'README.md'): string {
  const readme = readFileSync(join(root, file), 'utf8');
  const escaped = marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`<!-- ${escaped} -->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1];
  if (body === undefined) throw new Error(`${file} needs a \`\`\`${lang} block right after <!-- ${marker} -->.`);
  return body;
}

/** The commands of a ```sh block: one per line, comments and blank lines dropped. */
export function shellCommands(block: string): string[] {
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
