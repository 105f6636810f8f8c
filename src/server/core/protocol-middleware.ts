/**
 * `PROTOCOL` names → toolshim middlewares, for emulated mode. Every format in
 * the registry (and its aliases, such as `xml` and `qwen3coder`) and `auto`.
 */
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { cachingToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { resolveDebug } from '../../middleware/debug.ts';
import { FORMAT_ALIASES, FORMAT_NAMES, findFormat } from '../../protocols/registry.ts';

// The format `toolshim --model NAME` picks, by the formats' declared model names.
export { formatForModel, type ModelFormat } from '../../protocols/model-names.ts';

/** The names to offer (aliases work too). */
export const PROTOCOL_NAMES: readonly string[] = FORMAT_NAMES;

const made = new Map<string, LanguageModelV4Middleware>();

/** The middleware for a format name; throws with the list of names for any other string. */
export function middlewareForProtocol(
  name: string,
  toolResultFiles: 'placeholder' | 'attach' = 'placeholder',
  history: 'text' | 'native' = 'text',
): LanguageModelV4Middleware {
  const format = findFormat(name);
  if (format === undefined) {
    throw new TypeError(
      `Unknown PROTOCOL. Use one of: ${PROTOCOL_NAMES.join(', ')} (or the aliases ${FORMAT_ALIASES.join(', ')}).`,
    );
  }
  const key = `${format.name} ${toolResultFiles} ${history}`;
  let middleware = made.get(key);
  if (middleware === undefined) {
    // The caching variant: the proxy gets the same tools with every request of an agent. DEBUG_PARSER_MW is
    // read once here, with the proxy's other settings, not per request: on Node each read of the
    // environment is a lookup in the OS environment (12 us of an agent request in bench:proxy's profile).
    const debug = resolveDebug(undefined);
    middleware = cachingToolMiddleware({ protocol: format.create(), toolResultFiles, history, debug });
    made.set(key, middleware);
  }
  return middleware;
}
