/** Ready-made middlewares, one per protocol. */
import { gemmaProtocol, hermesProtocol } from '../protocols/json-mix.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';

/** JSON in `<tool_call>` tags (Hermes, Qwen 2.5/3, many fine-tunes). */
export const hermesToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: hermesProtocol() });

/** JSON in a ```tool_call fenced block (Gemma 2/3 and models that like markdown). */
export const gemmaToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: gemmaProtocol() });
