/// <reference types="node" />
/**
 * Ship what is tested: `npm pack`, install the tarball into a fresh consumer
 * project (offline: toolshim has no dependencies; ai, ai@6 and the provider
 * types are linked from this checkout), then use it the way apps do — Node
 * ESM, Deno, a Vite production build, a Worker bundle from `wrangler deploy
 * --dry-run` run in workerd, and tsc against @ai-sdk/provider 4 and 3.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Miniflare } from 'miniflare';
import { beforeAll, describe, expect, it } from 'vitest';
import { listeningURL, runCli, stop } from '../../../worker/node/test-support.ts';
import { readmeBlock } from '../docs/readme-blocks.ts';
import { root } from '../runtimes/test-files.ts';
import { consumerProject, packTarball, sh } from './consumer-project.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';

const bin = (name: string) => join(root, 'node_modules/.bin', name);
const expectedV4 = {
  text: 'Checking.',
  toolCalls: [{ toolName: 'get_weather', input: { city: 'Seoul', days: 2 } }],
  finishReason: 'tool-calls',
};
const expectedV3 = { toolCalls: [{ toolName: 'get_weather', input: { city: 'Oslo' } }], finishReason: 'tool-calls' };

describe.skipIf(!packageChecks)(`the packed tarball in consumer projects (${packageChecksSkipReason})`, () => {
  let tarball = '';
  let app = '';
  beforeAll(() => {
    if (!existsSync(join(root, 'dist/index.js')))
      throw new Error('dist/ is missing: run `npm run build` (or `npm run check`, which builds first).');
    tarball = packTarball();
    app = consumerProject(tarball, { ai: 'ai', 'ai-v6': 'ai-v6', '@ai-sdk/provider': '@ai-sdk/provider' });
  });

  it('installs from the tarball with no dependencies of its own', () => {
    const installed = JSON.parse(readFileSync(join(app, 'node_modules/toolshim/package.json'), 'utf8'));
    expect(installed.dependencies ?? {}).toEqual({});
    expect(readdirSync(join(app, 'node_modules/toolshim'))).toEqual(expect.arrayContaining(['dist', 'package.json']));
  });

  it('Node ESM: toolshim under ai@7 and toolshim/v3 under ai@6', () => {
    const output = sh(process.execPath, ['main.mjs'], app);
    expect(JSON.parse(output)).toEqual({ v4: expectedV4, v3: expectedV3 });
  });

  // engines.node is the oldest Node the package runs on; these machines have it as the system node.
  const oldest = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines
    .node;
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => existsSync(path));
  it.skipIf(systemNode === undefined)(`Node ${oldest} (engines.node): the package runs on the system Node`, () => {
    const version = sh(systemNode as string, ['--version'], app).trim();
    expect(Number(version.slice(1).split('.')[0])).toBeGreaterThanOrEqual(Number(oldest.replace(/[^\d]/g, '')));
    const output = sh(systemNode as string, ['node20.mjs'], app);
    expect(JSON.parse(output)).toEqual(expectedV3);
  });

  it('Deno: the same entry, with no permission but --allow-sys=hostname (for ai@7)', () => {
    const output = sh(bin('deno'), ['run', '--no-prompt', '--allow-sys=hostname', 'main.mjs'], app, {
      DENO_DIR: join(root, '.cache/deno'),
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    });
    expect(JSON.parse(output)).toEqual({ v4: expectedV4, v3: expectedV3 });
  });

  it('Vite production build: the bundle runs and carries no Node built-in', async () => {
    writeFileSync(join(app, 'index.html'), '<!doctype html><script type="module" src="./browser-main.mjs"></script>');
    sh(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', 'vite-dist'], app);
    const assets = readdirSync(join(app, 'vite-dist/assets')).filter((file) => file.endsWith('.js'));
    expect(assets).toHaveLength(1);
    const code = readFileSync(join(app, 'vite-dist/assets', assets[0] as string), 'utf8');
    expect(code).not.toMatch(/["']node:/);
    await import(pathToFileURL(join(app, 'vite-dist/assets', assets[0] as string)).href);
    expect(await (globalThis as { toolshimSmoke?: Promise<unknown> }).toolshimSmoke).toEqual(expectedV4);
  });

  it('Worker: wrangler deploy --dry-run bundles it offline, and the bundle answers in workerd', async () => {
    writeFileSync(
      join(app, 'wrangler.jsonc'),
      JSON.stringify({ name: 'toolshim-consumer', main: 'worker.mjs', compatibility_date: '2026-07-01' }),
    );
    const output = sh(bin('wrangler'), ['deploy', '--dry-run', '--outdir', 'worker-dist'], app, {
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      XDG_CONFIG_HOME: join(app, '.config'),
    });
    const upload = output.match(/Total Upload: ([^\n]+)/)?.[1];
    console.log(`consumer Worker (toolshim + ai@7 streamText): Total Upload ${upload}`);
    expect(upload).toBeDefined();
    const mf = new Miniflare({
      modules: true,
      scriptPath: join(app, 'worker-dist/worker.js'),
      modulesRoot: join(app, 'worker-dist'),
      compatibilityDate: '2026-07-01',
    });
    try {
      const response = await mf.dispatchFetch('http://localhost/');
      expect(await response.json()).toEqual(expectedV4);
    } finally {
      await mf.dispose();
    }
  });

  it("the README's Worker (three ways to run it): wrangler bundles it as pasted, and it answers with tool_calls in workerd", async () => {
    const dir = join(app, 'readme-worker');
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src/index.ts'), readmeBlock('three-ways:worker', 'ts', 'src/examples/README.md'));
    writeFileSync(
      join(dir, 'wrangler.jsonc'),
      JSON.stringify({ name: 'readme-worker', main: 'src/index.ts', compatibility_date: '2026-07-01' }),
    );
    sh(bin('wrangler'), ['deploy', '--dry-run', '--outdir', 'dist'], dir, {
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      XDG_CONFIG_HOME: join(app, '.config'),
    });
    const mf = new Miniflare({
      modules: true,
      scriptPath: join(dir, 'dist/index.js'),
      modulesRoot: join(dir, 'dist'),
      compatibilityDate: '2026-07-01',
      // No UPSTREAM_BASE_URL: the scripted sample model, no delay between tokens.
      bindings: { REPLAY_DELAY_MS: '0' },
    });
    try {
      const response = await mf.dispatchFetch('http://localhost/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'toolshim-replay',
          messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
          tools: [
            {
              type: 'function',
              function: {
                name: 'get_weather',
                parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
              },
            },
          ],
        }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        choices: Array<{
          finish_reason: string;
          message: { tool_calls?: Array<{ function: { name: string; arguments: string } }> };
        }>;
      };
      expect(body.choices[0]?.finish_reason).toBe('tool_calls');
      const call = body.choices[0]?.message.tool_calls?.[0]?.function;
      expect(call?.name).toBe('get_weather');
      expect(JSON.parse(call?.arguments ?? '{}')).toMatchObject({ city: 'Paris' });
    } finally {
      await mf.dispose();
    }
  });

  // The bin runs the built dist/cli/cli.js, with nothing installed but the tarball (the consumer's links are not used).
  const commands = () => [
    ['node_modules/.bin/toolshim (shebang, PATH node)', [join(app, 'node_modules/.bin/toolshim')]],
    ...(systemNode
      ? [[`system Node (${systemNode})`, [systemNode, join(app, 'node_modules/toolshim/dist/cli/cli.js')]]]
      : []),
  ];
  it('the toolshim command (package.json "bin"): serve --port 0 reaches its listening line and gives a tool call, on this Node and the system Node', async () => {
    for (const [name, command] of commands() as Array<[string, string[]]>) {
      const cli = runCli(['serve', '--port', '0'], { cwd: app, command, env: { REPLAY_DELAY_MS: '0' } });
      try {
        const url = await listeningURL(cli);
        const response = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'toolshim-replay',
            messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
            tools: [
              {
                type: 'function',
                function: {
                  name: 'get_weather',
                  parameters: { type: 'object', properties: { city: { type: 'string' } } },
                },
              },
            ],
          }),
        });
        const body = (await response.json()) as { choices: Array<{ finish_reason: string }> };
        expect(body.choices[0]?.finish_reason, name).toBe('tool_calls');
      } finally {
        await stop(cli);
      }
    }
  });

  it('toolshim claude where Claude Code is not installed: exit 1 and how to install it', async () => {
    const cli = runCli(['claude'], {
      cwd: app,
      command: [process.execPath, join(app, 'node_modules/toolshim/dist/cli/cli.js')],
      env: { PATH: '/nonexistent' },
    });
    expect(await cli.exit).toBe(1);
    expect(cli.stderr()).toContain('Claude Code is not installed: npm install -g @anthropic-ai/claude-code');
  });

  // skipLibCheck stays on (as in most apps: ai's own .d.ts want @types/node); notAny() in the
  // consumer files catches any shipped type that failed to resolve and silently became `any`.
  const tsconfig = (files: string[]) =>
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        allowImportingTsExtensions: true,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      },
      files,
    });

  it('types: AI SDK 7 with @ai-sdk/provider 4 — the main entry, and toolshim/v3 against provider 4', () => {
    writeFileSync(join(app, 'tsconfig.json'), tsconfig(['types-v4.ts', 'types-v3-peer.ts']));
    sh(bin('tsc'), ['-p', 'tsconfig.json'], app);
  });

  it('types: AI SDK 6 with @ai-sdk/provider 3 — toolshim/v3 fits ai@6 wrapLanguageModel', () => {
    const v6App = consumerProject(tarball, { 'ai-v6': 'ai-v6', '@ai-sdk/provider': '@ai-sdk/provider-v3' });
    writeFileSync(join(v6App, 'tsconfig.json'), tsconfig(['types-v3-peer.ts', 'types-v3-ai6.ts']));
    sh(bin('tsc'), ['-p', 'tsconfig.json'], v6App);
  });

  it('types: a wrong use is rejected (the checks above can fail)', () => {
    writeFileSync(
      join(app, 'wrong.ts'),
      "import { hermesToolMiddleware } from 'toolshim/v3';\nexport const n: number = hermesToolMiddleware;\n",
    );
    writeFileSync(join(app, 'tsconfig.wrong.json'), tsconfig(['wrong.ts']));
    const result = spawnSync(bin('tsc'), ['-p', 'tsconfig.wrong.json'], { cwd: app, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain('TS2322');
  });
});
