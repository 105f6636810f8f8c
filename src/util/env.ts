/**
 * The one place toolshim reads the environment. It must not crash or prompt
 * anywhere: Deno asks for permission on env access (so we query first, without
 * prompting), Workers and browsers have no `process` at all.
 */
interface DenoLike {
  env?: { get(name: string): string | undefined };
  permissions?: { querySync?(descriptor: { name: 'env'; variable: string }): { state: string } };
}

export function readEnv(name: string): string | undefined {
  try {
    const deno = Reflect.get(globalThis, 'Deno') as DenoLike | undefined;
    if (deno !== undefined) {
      const status = deno.permissions?.querySync?.({ name: 'env', variable: name });
      return status?.state === 'granted' ? deno.env?.get(name) : undefined;
    }
    const proc = Reflect.get(globalThis, 'process') as { env?: Record<string, string | undefined> } | undefined;
    const value = proc?.env?.[name];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
