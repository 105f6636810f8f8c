// The test suites `npm test` runs, in order. Each writes a JSON report that
// .ci/test-all.mjs reads to print per-suite and total pass/fail counts.
// A suite: { name, command: [bin, ...args], report: path, format: 'vitest' | 'playwright' | 'check' (exit code only), env?: {NAME: value},
//           browser?: true (needs Chromium; TOOLSHIM_SKIP_BROWSER=1 skips it) }
export const suites = [
  // Static checks first: they are fast and say the most about a broken change.
  { name: 'lint (biome)', command: ['biome', 'check', '.'], report: '', format: 'check' },
  // Exports nobody uses, files nothing imports, dependencies nothing needs (knip.json lists the entry points).
  { name: 'layers (imports point down)', command: ['node', '.ci/check-layers.mjs'], report: '', format: 'check' },
  // Named steps: no function in src/, worker/ or demo/ over 120 lines but three listed ones, which may not grow.
  {
    name: 'function length (at most 120 lines)',
    command: ['node', '.ci/check-function-length.mjs'],
    report: '',
    format: 'check',
  },
  { name: 'dead code (knip)', command: ['knip', '--no-progress'], report: '', format: 'check' },
  { name: 'typecheck (tsc)', command: ['tsc', '-p', 'tsconfig.json', '--noEmit'], report: '', format: 'check' },
  {
    name: 'node (vitest)',
    command: [
      'vitest',
      'run',
      '--config',
      'vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/node.json',
    ],
    report: '.cache/reports/node.json',
    format: 'vitest',
  },
  {
    name: 'ai@6 (vitest, toolshim/v3 adapter)',
    command: [
      'vitest',
      'run',
      '--config',
      'vitest.ai6.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/ai6.json',
    ],
    report: '.cache/reports/ai6.json',
    format: 'vitest',
  },
  // The same portable test files (src/**/*.test.ts minus *.node.test.ts) in the other runtimes; see README "Runtime matrix".
  {
    name: 'workerd (vitest, @cloudflare/vitest-plugin)',
    command: [
      'vitest',
      'run',
      '--config',
      'vitest.workerd.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/workerd.json',
    ],
    report: '.cache/reports/workerd.json',
    format: 'vitest',
    env: {
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      XDG_CONFIG_HOME: '.cache/xdg',
    },
  },
  {
    name: 'chromium (vitest browser mode)',
    command: [
      'vitest',
      'run',
      '--config',
      'vitest.browser.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/chromium.json',
    ],
    report: '.cache/reports/chromium.json',
    format: 'vitest',
    browser: true,
  },
  {
    name: 'deno (vitest shim)',
    command: ['node', 'src/test/runtimes/run-deno.ts', '.cache/reports/deno.json'],
    report: '.cache/reports/deno.json',
    format: 'vitest',
  },
  {
    name: 'edge-runtime (EdgeVM, vitest shim)',
    command: ['node', 'src/test/runtimes/run-edge.ts', '.cache/reports/edge.json'],
    report: '.cache/reports/edge.json',
    format: 'vitest',
  },
  // What ships: build, publint, attw, Node-free bundles, the tarball in Node/Deno/Vite/wrangler consumers, size budget.
  {
    name: 'package (npm run check)',
    command: [
      'npm',
      'run',
      '--silent',
      'check',
      '--',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/package.json',
    ],
    report: '.cache/reports/package.json',
    format: 'vitest',
  },
  {
    name: 'worker (workerd)',
    command: [
      'vitest',
      'run',
      '--config',
      'worker/cloudflare/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/worker.json',
    ],
    report: '.cache/reports/worker.json',
    format: 'vitest',
  },
  {
    name: 'worker e2e (wrangler dev + deploy --dry-run, the toolshim command)',
    command: [
      'vitest',
      'run',
      '--config',
      'worker/vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/worker-e2e.json',
    ],
    report: '.cache/reports/worker-e2e.json',
    format: 'vitest',
  },
  // The real agent CLIs (Codex, Claude Code, Qwen Code, pi, pinned devDependencies) through the proxy under
  // `wrangler dev` and `toolshim serve`, emulated (hermes, qwen3-coder) and native, the upstream a scripted model.
  {
    name: 'agents (real CLIs: codex, claude, gemini, qwen, pi)',
    command: [
      'vitest',
      'run',
      '--config',
      'worker/vitest.agents.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.cache/reports/agents.json',
    ],
    report: '.cache/reports/agents.json',
    format: 'vitest',
  },
  // The Next.js app (demo/next): tsc, `next build`, `next start` on a free port, its useChat page driven in Chromium.
  {
    name: 'next app (next build + start, playwright, chromium)',
    command: ['playwright', 'test', '--config', 'demo/next/playwright.config.ts'],
    report: '.cache/reports/next.json',
    format: 'playwright',
    browser: true,
  },
  // The built demo page (vite preview) in Debian's Chromium, replay engine; plus the proxy engine against wrangler dev.
  {
    name: 'demo e2e (playwright, chromium)',
    command: ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    report: '.cache/reports/e2e.json',
    format: 'playwright',
    browser: true,
  },
];
