/**
 * toolshim for AI SDK 6 (`ai@6`, `@ai-sdk/provider@3`, `LanguageModelV3`):
 * `import { hermesToolMiddleware } from 'toolshim/v3'`. The same middleware as
 * the main entry, served with `specificationVersion: 'v3'`. Every preset of the
 * main entry has its V3 twin here (src/v3/v3.test.ts checks that none is missing).
 */
import type { LanguageModelV3Middleware } from '@ai-sdk/provider-v3';
import { createToolMiddleware as createV4ToolMiddleware } from '../middleware/create-tool-middleware.ts';
import type { ToolMiddlewareOptions } from '../middleware/options.ts';
import { gemmaToolMiddleware as gemmaV4, hermesToolMiddleware as hermesV4 } from '../middleware/presets.ts';
import { toV3Middleware } from './adapt.ts';

/** `createToolMiddleware` for AI SDK 6: the same options, a V3 middleware. */
export function createToolMiddleware(options: ToolMiddlewareOptions): LanguageModelV3Middleware {
  return toV3Middleware(createV4ToolMiddleware(options));
}

/** JSON in `<tool_call>` tags (Hermes, Qwen 2.5/3, many fine-tunes), for AI SDK 6. */
export const hermesToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(hermesV4);

/** JSON in a ```tool_call fenced block (Gemma 2/3), for AI SDK 6. */
export const gemmaToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(gemmaV4);

export type { ToolMiddlewareOptions } from '../middleware/options.ts';
