/**
 * Tests that cannot run in a given runtime, each with the reason. The vitest
 * configs turn these into a testNamePattern (the tests show as skipped) and
 * the Deno and edge runners skip them by name; every runner prints the list,
 * so nothing is dropped silently.
 */
export type Runtime = 'workerd' | 'chromium' | 'deno' | 'edge-runtime' | 'ai6';

export interface Skip {
  runtimes: Runtime[];
  /** Part of the full test name ("describe it"); empty matches every test of `file`. */
  test: string;
  /** Limits the skip to one test file (the Deno and edge runners only; vitest configs match names). */
  file?: string;
  reason: string;
}

export const skips: Skip[] = [
  {
    runtimes: ['chromium', 'edge-runtime', 'deno'],
    test: 'the level can come from DEBUG_PARSER_MW',
    reason:
      'vi.stubEnv writes process.env / import.meta.env, which browsers and edge-runtime lack; in Deno readEnv reads Deno.env only with env permission, which the Deno run does not grant',
  },
  {
    runtimes: ['deno'],
    test: 'readEnv reads a variable from process.env where there is one',
    reason: 'in Deno readEnv asks Deno.env (not the process.env stub) and the Deno run grants no env permission',
  },
  {
    runtimes: ['chromium'],
    test: 'answers a preflight from an allowed origin',
    reason:
      'browsers drop the Origin header from a script-made Request (a forbidden header), so the handler never sees it',
  },
  {
    runtimes: ['chromium'],
    test: 'adds the allow-origin header to real responses',
    reason:
      'browsers drop the Origin header from a script-made Request (a forbidden header), so the handler never sees it',
  },
  {
    runtimes: ['chromium'],
    test: 'an allowed origin is reflected, with Vary: Origin and Retry-After readable',
    reason:
      'browsers drop the Origin header from a script-made Request (a forbidden header), so the handler never sees it',
  },
  {
    runtimes: ['chromium'],
    test: "a CORS preflight allows Anthropic's headers",
    reason:
      'browsers drop the Origin and Access-Control-Request-Headers headers from a script-made Request (forbidden headers), so the handler never sees them',
  },
  {
    runtimes: ['chromium'],
    test: '"*" allows any origin and exposes Retry-After',
    reason:
      'browsers drop the Origin header from a script-made Request (a forbidden header), so the handler never sees it',
  },
];

export function skipsFor(runtime: Runtime): Skip[] {
  return skips.filter((skip) => skip.runtimes.includes(runtime));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A testNamePattern that matches every test except the skipped ones. */
export function testNamePatternFor(runtime: Runtime): RegExp | undefined {
  const list = skipsFor(runtime).filter((skip) => skip.file === undefined);
  if (list.length === 0) return undefined;
  return new RegExp(`^(?!.*(?:${list.map((skip) => escapeRegExp(skip.test)).join('|')}))`);
}

export function describeSkips(runtime: Runtime): string {
  const list = skipsFor(runtime);
  if (list.length === 0) return `[${runtime}] no tests skipped`;
  return list
    .map(
      (skip) =>
        `[${runtime}] skipped ${[skip.file, skip.test && `"${skip.test}"`].filter(Boolean).join(' > ')}: ${skip.reason}`,
    )
    .join('\n');
}

/** Why `fullName` is skipped in `runtime`, or undefined when it runs there. */
/** @public Called from the generated runtime entry (entry.ts writes the import as text). */
export function skipReasonFor(runtime: Runtime, fullName: string, file: string): string | undefined {
  return skipsFor(runtime).find(
    (skip) => (skip.file === undefined || skip.file === file) && fullName.includes(skip.test),
  )?.reason;
}
