// The test suites `npm test` runs, in order. Each writes a JSON report that
// .ci/test-all.mjs reads to print per-suite and total pass/fail counts.
// A suite: { name, command: [bin, ...args], report: path, format: 'vitest' | 'playwright', needs?: 'chromium' }
export const suites = [
  {
    name: 'node (vitest)',
    command: ['vitest', 'run', '--config', 'vitest.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=.cache/reports/node.json'],
    report: '.cache/reports/node.json',
    format: 'vitest',
  },
  {
    name: 'ai@6 (vitest, toolshim/v3 adapter)',
    command: ['vitest', 'run', '--config', 'vitest.ai6.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=.cache/reports/ai6.json'],
    report: '.cache/reports/ai6.json',
    format: 'vitest',
  },
  {
    name: 'worker (workerd)',
    command: ['vitest', 'run', '--config', 'worker/vitest.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=.cache/reports/worker.json'],
    report: '.cache/reports/worker.json',
    format: 'vitest',
  },
  {
    name: 'worker e2e (wrangler dev + deploy --dry-run)',
    command: ['vitest', 'run', '--config', 'worker/vitest.e2e.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=.cache/reports/worker-e2e.json'],
    report: '.cache/reports/worker-e2e.json',
    format: 'vitest',
  },
];
