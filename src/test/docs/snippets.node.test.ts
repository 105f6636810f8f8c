/// <reference types="node" />
/**
 * Every ```ts block in the READMEs type-checks against the package's own
 * entry points (`toolshim`, `toolshim/engines`, `toolshim/server`,
 * `toolshim/v3` mapped to src/). A block may reference things a reader
 * already has (their model, their tools): an HTML comment right before it,
 * `<!-- ts-preamble: declare const tools: ToolSet; -->`, supplies them. The
 * README quick start is also run, from src/ (quick-start.node.test.ts does
 * it from the packed tarball in a new folder, as the README says).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../runtimes/test-files.ts';
import { READMES, readmeBlock } from './readme-blocks.ts';

const dir = join(root, '.cache/snippets');

interface Snippet {
  file: string;
  line: number;
  code: string;
  preamble: string;
}

function snippets(): Snippet[] {
  const found: Snippet[] = [];
  for (const file of READMES) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/(?:<!-- ts-preamble: ([\s\S]*?) -->\s*\n)?```ts\n([\s\S]*?)```/g)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ file, line, code: match[2] as string, preamble: match[1] ?? '' });
    }
  }
  return found;
}

const all = snippets();

describe('README TypeScript snippets', () => {
  it('there are snippets to check (the extraction works)', () => {
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.some((s) => s.file === 'README.md')).toBe(true);
  });

  it(`all ${all.length} type-check against the package's entry points`, () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = all.map((snippet, i) => {
      const name = `${snippet.file.replace(/[/.]/g, '-')}-${snippet.line}-${i}.ts`;
      // A module of its own, so top-level names do not clash between snippets.
      writeFileSync(join(dir, name), `${snippet.preamble}\n${snippet.code}\nexport {};\n`);
      return { name, v3: snippet.code.includes("'toolshim/v3'") };
    });
    const src = (entry: string) => [join(root, 'src', entry)];
    // AI SDK 6 snippets (toolshim/v3) are checked against ai@6, installed here as ai-v6.
    const program = (config: string, names: string[], ai: string) =>
      writeFileSync(
        join(dir, config),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2023', 'DOM', 'DOM.Iterable'],
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            allowImportingTsExtensions: true,
            types: [],
            paths: {
              toolshim: src('index.ts'),
              'toolshim/engines': src('engines.ts'),
              'toolshim/server': src('server.ts'),
              'toolshim/v3': src('v3/index.ts'),
              ai: [join(root, 'node_modules', ai)],
            },
          },
          files: names,
        }),
      );
    program(
      'tsconfig.json',
      files.filter((f) => !f.v3).map((f) => f.name),
      'ai',
    );
    program(
      'tsconfig.v3.json',
      files.filter((f) => f.v3).map((f) => f.name),
      'ai-v6',
    );
    const run = (config: string) =>
      spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, config)], { encoding: 'utf8' });
    const v4 = run('tsconfig.json');
    const v3 = run('tsconfig.v3.json');
    const result = { status: v4.status || v3.status, stdout: v4.stdout + v3.stdout };
    // Name each failing snippet by its README and line.
    const report = result.stdout.replace(/^([\w-]+?)-(\d+)-\d+\.ts/gm, (_m, file: string, line: string) => {
      const readme = READMES.find((r) => r.replace(/[/.]/g, '-') === file) ?? file;
      return `${readme} (block at line ${line})`;
    });
    expect(result.status, report).toBe(0);
  }, 120_000);

  it("the README's Next.js route (three ways to run it) is src/examples/next-edge-route.ts, which runs in every runtime", () => {
    const example = readFileSync(join(root, 'src/examples/next-edge-route.ts'), 'utf8');
    const asInAnApp = example
      .slice(example.indexOf('// app/api/chat/route.ts'))
      .replace("from '../index.ts'; // in your app: from 'toolshim'", "from 'toolshim';");
    expect(readmeBlock('three-ways:next', 'ts', 'src/examples/README.md')).toBe(asInAnApp);
  });

  it('the README quick start runs as pasted and makes its call', () => {
    const block = readmeBlock('quick-start', 'ts');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'quick-start-run.ts');
    writeFileSync(
      file,
      block
        .replace("from 'toolshim'", `from '${join(root, 'src/index.ts')}'`)
        .replace("from 'toolshim/engines'", `from '${join(root, 'src/engines.ts')}'`),
    );
    const result = spawnSync(process.execPath, [file], { encoding: 'utf8', cwd: root });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(readmeBlock('quick-start-output', 'text'));
  }, 60_000);
});
