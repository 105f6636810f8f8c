/// <reference types="node" />
/**
 * The package checks (build output, packaging, size) spawn npm, esbuild, Deno,
 * Vite and wrangler and need dist/: they run in the `package` suite
 * (`npm run check`, vitest.package.config.ts sets TOOLSHIM_PACKAGE_CHECKS=1),
 * and are skipped, with this reason, when the plain Node suite picks them up.
 */
export const packageChecks = process.env.TOOLSHIM_PACKAGE_CHECKS === '1';
export const packageChecksSkipReason = 'runs in the package suite: npm run check';
