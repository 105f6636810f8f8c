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

/** Protocol modules in dist/ and the preset(s) allowed to pull each in. */
function protocolModules(modules: string[]): string[] {
  return modules.filter(
    (path) => path.startsWith('dist/protocols/') && !/\/(protocol|define-protocol|tool-list)\.js$/.test(path),
  );
}

describe.skipIf(!packageChecks)(`bundle size and tree-shaking of dist/ (${packageChecksSkipReason})`, () => {
  let sizes: Array<BundleSize & { name: string }> = [];
  let v3Sizes: Array<BundleSize & { name: string }> = [];
  beforeAll(async () => {
    sizes = await presetSizes('toolshim');
    v3Sizes = await presetSizes('toolshim/v3');
    const over = [...sizes, ...v3Sizes].filter((s) => s.gzip > presetGoalBytes);
    console.log(
      [...sizes, ...v3Sizes.map((s) => ({ ...s, name: `${s.name} (v3)` }))]
        .map((s) => `${s.name}: ${kb(s.minified)} min, ${kb(s.gzip)} min+gzip`)
        .join('\n'),
    );
    if (over.length > 0) console.log(`Over the ${kb(presetGoalBytes)} goal: ${over.map((s) => s.name).join(', ')}`);
  }, 120_000);

  it('hermes alone pulls in no XML code', async () => {
    const hermes = await bundle("export { hermesToolMiddleware } from 'toolshim';");
    expect(hermes.modules.filter((path) => /xml/i.test(path))).toEqual([]);
    expect(hermes.code).not.toContain('<parameter=');
  });

  it('each preset pulls in at most its own protocol module (the others tree-shake away)', () => {
    expect(sizes.length).toBeGreaterThan(1);
    const single = sizes.filter((s) => s.name !== 'autoToolMiddleware');
    const pulled = Object.fromEntries(single.map((s) => [s.name, protocolModules(s.modules)]));
    for (const [name, modules] of Object.entries(pulled)) {
      expect(modules.length, `${name} pulls in ${modules.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });

  it(`every preset import stays under its min+gzip budget (${kb(presetBudgetBytes)}; hermes and gemma ${kb(budgetFor('hermesToolMiddleware'))}; auto ${kb(budgetFor('autoToolMiddleware'))}), main entry and toolshim/v3`, () => {
    for (const s of [...sizes, ...v3Sizes]) {
      expect(s.gzip, `${s.name} is ${kb(s.gzip)} min+gzip`).toBeLessThanOrEqual(budgetFor(s.name));
    }
  });

  it('importing one preset is smaller than importing everything', async () => {
    const everything = await bundle("export * from 'toolshim';");
    const hermes = sizes.find((s) => s.name === 'hermesToolMiddleware');
    expect(hermes).toBeDefined();
    expect(hermes!.gzip).toBeLessThan(everything.gzip);
  });
});
