/// <reference types="node" />
/**
 * The READMEs' relative links resolve in the repository: every linked file
 * exists, and every `#anchor` names a heading of the linked README (as GitHub
 * derives it: lower case, punctuation dropped, spaces as hyphens, a repeat
 * numbered `-1`, `-2`). Links inside fenced blocks are code, not links. Which
 * linked files ship in the package is dist.node.test.ts's check.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';
import { READMES } from './readme-blocks.ts';

/** The text outside fenced blocks (``` or longer fences, closed by one at least as long). */
function prose(markdown: string): string {
  let fence: string | undefined;
  const kept: string[] = [];
  for (const line of markdown.split('\n')) {
    const open = /^\s*(`{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (open !== undefined && open.length >= fence.length && /^\s*`+\s*$/.test(line)) fence = undefined;
    } else if (open !== undefined) fence = open;
    else kept.push(line);
  }
  return kept.join('\n');
}

function githubSlug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(readFileSync(join(root, file), 'utf8')).matchAll(/^#{1,6}\s+(.*)$/gm)) {
    const slug = githubSlug(heading as string);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('README links', () => {
  let total = 0;
  it('GitHub-style anchors are derived as GitHub derives them', () => {
    expect(githubSlug('hermes — `hermesProtocol()`, `hermesToolMiddleware`')).toBe(
      'hermes--hermesprotocol-hermestoolmiddleware',
    );
    expect(githubSlug('Next.js and `useChat`')).toBe('nextjs-and-usechat');
  });

  for (const readme of READMES) {
    it(`${readme}: every relative link names a file that exists, and every anchor a heading`, () => {
      const broken: string[] = [];
      let links = 0;
      for (const [, target] of prose(readFileSync(join(root, readme), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target as string)) continue;
        links++;
        const [path = '', anchor] = (target as string).split('#');
        const file = path === '' ? readme : normalize(join(dirname(readme), path));
        if (!existsSync(join(root, file))) broken.push(`${target}: no file ${file}`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor))
          broken.push(`${target}: no heading #${anchor} in ${file}`);
      }
      expect(broken).toEqual([]);
      total += links;
    });
  }

  it('the links were found (the extraction works)', () => {
    expect(total).toBeGreaterThan(50);
  });
});
