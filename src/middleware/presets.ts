/** Ready-made middlewares, one per protocol. */
import { gemmaProtocol, hermesProtocol } from '../protocols/json-mix.ts';
import { morphXmlProtocol } from '../protocols/morph-xml.ts';
import { qwen3CoderProtocol } from '../protocols/qwen3-coder.ts';
import { createToolMiddleware } from './create-tool-middleware.ts';

/** JSON in `<tool_call>` tags (Hermes, Qwen 2.5/3, many fine-tunes). */
export const hermesToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: hermesProtocol() });

/** JSON in a ```tool_call fenced block (Gemma 2/3 and models that like markdown). */
export const gemmaToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: gemmaProtocol() });

/** One XML element per call, named after the tool, one child per parameter (morph-XML; good for small models). */
export const xmlToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: morphXmlProtocol() });

/** `<tool_call><function=…><parameter=…>` blocks, the format Qwen3-Coder and Qwen3.5 are trained on. */
export const qwen3CoderToolMiddleware = /* @__PURE__ */ createToolMiddleware({ protocol: qwen3CoderProtocol() });
