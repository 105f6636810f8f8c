/**
 * The middleware factory: `wrapLanguageModel({ model, middleware: createToolMiddleware({ protocol }) })`.
 *
 * A preset is made by `presetMiddleware` with no options, so the code that only
 * an option turns on (the option checks, `droppedCalls: 'invalid-tool-call'`,
 * `toolResultFiles: 'attach'`, `history: 'native'`) is reached from `createToolMiddleware` alone and
 * a bundler leaves it out of an app that imports only a preset. So is the reading
 * of a forced answer by a custom protocol (forced-lead.ts): a preset's format is built in.
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import { type CallSetup, type CallState, recallCallState } from './call-state.ts';
import { attachedFiles } from './convert-prompt.ts';
import { DEFAULT_COALESCING, resolveCoalescing } from './delta-coalescer.ts';
import { routeDroppedCalls } from './dropped-calls.ts';
import { leadChoiceParser } from './forced-lead.ts';
import type { ToolshimMiddleware } from './middleware-type.ts';
import { nativeHistory } from './native-history.ts';
import type { ToolMiddlewareOptions } from './options.ts';
import { cachedToolPrompt, joinedSystem } from './tool-prompt.ts';
import { callState, combineOnError, functionToolsOf, transformParams } from './transform-params.ts';
import { wrapGenerate } from './wrap-generate.ts';
import { wrapStream } from './wrap-stream.ts';

/** The protocol object, from the object or its factory; a missing or wrong one is explained with the fix. */
function resolveProtocol(protocol: ToolMiddlewareOptions['protocol'] | undefined): ToolCallProtocol {
  const resolved: unknown = typeof protocol === 'function' ? protocol() : protocol;
  const candidate = resolved as Partial<ToolCallProtocol> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.createParser !== 'function' ||
    typeof candidate.formatTools !== 'function'
  ) {
    throw new TypeError(
      `createToolMiddleware needs a protocol object such as hermesProtocol() (or use a preset such as hermesToolMiddleware), got ${JSON.stringify(String(resolved)).slice(0, 60)}. To pick a format by name ("hermes", "qwen3-coder", …), use protocolByName(name) from toolshim.`,
    );
  }
  return candidate as ToolCallProtocol;
}

/**
 * Throws, naming what is allowed, when an option has a value it does not take.
 * `value` is the option's value, or undefined when it was found valid.
 */
export function checkOption(name: string, value: unknown, allowed: string): void {
  if (value !== undefined && !allowed.includes(`'${String(value)}'`)) {
    throw new TypeError(`createToolMiddleware: \`${name}\` must be ${allowed}, got ${JSON.stringify(value)}.`);
  }
}

export function createToolMiddleware(options: ToolMiddlewareOptions): ToolshimMiddleware {
  return toolMiddleware(setupFor(options));
}

/**
 * `createToolMiddleware` that renders the tool prompt once per tool set
 * (tool-prompt.ts): the proxy's, which gets the same tools with every request.
 * Not on a public entry, so an app's bundle does not carry the cache.
 */
export function cachingToolMiddleware(options: ToolMiddlewareOptions): ToolshimMiddleware {
  return toolMiddleware({ ...setupFor(options), cachePrompt: cachedToolPrompt, joinSystem: joinedSystem });
}

function setupFor(options: ToolMiddlewareOptions): CallSetup {
  const protocol = resolveProtocol(options?.protocol);
  const { reasoning } = options;
  // Checked here so that a wrong value fails when the middleware is made, not on the first call.
  checkOption('droppedCalls', options.droppedCalls, "'text' or 'invalid-tool-call'");
  checkOption('toolResultFiles', options.toolResultFiles, "'placeholder' or 'attach'");
  checkOption('history', options.history, "'text' or 'native'");
  checkOption(
    'reasoning',
    reasoning !== 'text' && (typeof reasoning !== 'object' || reasoning === null || Array.isArray(reasoning))
      ? reasoning
      : undefined,
    "'text' or { startInside: true }",
  );
  return {
    protocol,
    options,
    coalescing: resolveCoalescing(options.coalesceToolInput),
    readLead: leadChoiceParser,
    ...(options.droppedCalls === 'invalid-tool-call' ? { routeDrops: routeDroppedCalls } : {}),
    ...(options.toolResultFiles === 'attach' ? { attachFiles: attachedFiles } : {}),
    ...(options.history === 'native' ? { nativeHistory } : {}),
  };
}

/** A preset: the protocol with every option at its default. */
export function presetMiddleware(protocol: ToolCallProtocol): ToolshimMiddleware {
  return toolMiddleware({ protocol, options: { protocol }, coalescing: DEFAULT_COALESCING });
}

function toolMiddleware(setup: CallSetup): ToolshimMiddleware {
  /**
   * The state transformParams left for these params (found even if a middleware in between
   * shallow-copied them). If transformParams never ran, e.g. a caller drives wrapStream
   * directly with the original params, parse as `auto` with the params' own tools.
   */
  function stateFor(params: LanguageModelV4CallOptions): CallState {
    return (
      recallCallState(params) ??
      callState(setup, functionToolsOf(params), { type: 'auto' }, combineOnError(setup.options.onError))
    );
  }

  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => transformParams(params, setup),
    wrapGenerate: async ({ doGenerate, params }) => wrapGenerate(doGenerate, stateFor(params)),
    wrapStream: async ({ doStream, params }) => wrapStream(doStream, stateFor(params)),
  };
}
