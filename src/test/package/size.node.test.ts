/// <reference types="node" />
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type BundleSize,
  budgetFor,
  bundle,
  kb,
  presetBudgetBytes,
  presetGoalBytes,
  presetSizes,
} from './bundle-size.ts';
import { packageChecks, packageChecksSkipReason } from './package-checks.ts';

/**
 * Modules every format may share: the protocol plumbing, the triggers several
 * families use (pipe-tool-call: Granite's and Phi-4-mini's `<|tool_call|>`),
 * and the thinking switches (one small function per family).
 */
const SHARED =
  /\/(protocol|define-protocol|builtin-format|tool-list|shared-triggers|pipe-tool-call|reasoning-switches)\.js$/;
/**
 * Formats built on another format's module: they read that family's calls
 * too (GLM, Granite and Qwen3-Coder read Hermes JSON; Gemma is JSON-mix (hermes.ts) with a
 * fence; Llama 4 writes Python calls in <|python_start|>).
 */
const BUILDS_ON: Record<string, string[]> = {
  gemmaToolMiddleware: ['hermes'],
  glmToolMiddleware: ['hermes'],
  graniteToolMiddleware: ['hermes'],
  qwen3CoderToolMiddleware: ['hermes'],
  llama3JsonToolMiddleware: ['pythonic'],
};

/** The formats whose modules a bundle pulled in (dist/protocols/<format>/…), by name. */
function formatModules(modules: string[]): string[] {
  const formats = modules
    .filter((path) => path.startsWith('dist/protocols/') && !SHARED.test(path))
    .map((path) => path.replace(/^dist\/protocols\/|\.js$/g, '').split('/')[0] as string);
  return [...new Set(formats)];
}

describe.skipIf(!packageChecks)(`bundle size and tree-shaking of dist/ (${packageChecksSkipReason})`, () => {
  let sizes: Array<BundleSize & { name: string }> = [];
  let v3Sizes: Array<BundleSize & { name: string }> = [];
  beforeAll(async () => {
    sizes = await presetSizes('toolshim');
    v3Sizes = await presetSizes('toolshim/v3');
    const over = [...sizes, ...v3Sizes].filter((s) => s.gzip > presetGoalBytes);
    const largest = [...sizes].sort((a, b) => b.gzip - a.gzip)[0];
    // One line: the table is `npm run size`.
    console.log(
      `${sizes.length} preset imports (+ toolshim/v3): ${over.length} over the ${kb(presetGoalBytes)} goal; largest single preset ${largest?.name} ${kb(largest?.gzip ?? 0)} min+gzip.`,
    );
  }, 120_000);

  it('hermes alone pulls in no XML code', async () => {
    const hermes = await bundle("export { hermesToolMiddleware } from 'toolshim';");
    expect(hermes.modules.filter((path) => /xml/i.test(path))).toEqual([]);
    expect(hermes.code).not.toContain('<parameter=');
  });

  it('a preset ships none of the code only an option turns on (option checks, droppedCalls, toolResultFiles: attach, history: native)', async () => {
    const hermes = await bundle("export { hermesToolMiddleware } from 'toolshim';");
    const factory = await bundle("export { createToolMiddleware } from 'toolshim';");
    for (const { modules, code } of [hermes, factory]) {
      const optionOnly = [
        modules.includes('dist/middleware/dropped-calls.js'),
        modules.includes('dist/middleware/native-history.js'),
        code.includes("'invalid-tool-call'"),
        code.includes('toolResultFiles'),
        code.includes('coalesceToolInput'),
        code.includes('filename'),
      ];
      expect(optionOnly).toEqual(optionOnly.map(() => code === factory.code));
    }
  });

  it('each preset pulls in its own format module and only the ones it builds on (the others tree-shake away)', () => {
    expect(sizes.length).toBeGreaterThan(1);
    for (const s of sizes.filter((size) => size.name !== 'autoToolMiddleware')) {
      const pulled = formatModules(s.modules);
      const allowed = BUILDS_ON[s.name] ?? [];
      const foreign = pulled.filter((module) => !allowed.includes(module));
      expect(foreign.length, `${s.name} pulls in ${pulled.join(', ')}`).toBe(1);
    }
  });

  it(`every preset import stays under its min+gzip budget (${kb(presetBudgetBytes)}; hermes ${kb(budgetFor('hermesToolMiddleware'))}; auto ${kb(budgetFor('autoToolMiddleware'))}), main entry and toolshim/v3`, () => {
    for (const s of [...sizes, ...v3Sizes]) {
      expect(s.gzip, `${s.name} is ${kb(s.gzip)} min+gzip`).toBeLessThanOrEqual(budgetFor(s.name));
    }
  });

  it('the main entry carries no engine or server code (they are toolshim/engines and toolshim/server)', async () => {
    const everything = await bundle("export * from 'toolshim';");
    expect(everything.modules.filter((path) => /^dist\/(engine|openai|wire)\//.test(path))).toEqual([]);
  });

  it('importing one preset is smaller than importing everything', async () => {
    const everything = await bundle("export * from 'toolshim';");
    const hermes = sizes.find((s) => s.name === 'hermesToolMiddleware');
    expect(hermes).toBeDefined();
    expect(hermes!.gzip).toBeLessThan(everything.gzip);
  });
});
