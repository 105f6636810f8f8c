/** `PROTOCOL` names → toolshim middlewares, for emulated mode. */
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import {
  gemmaToolMiddleware,
  hermesToolMiddleware,
  qwen3CoderToolMiddleware,
  xmlToolMiddleware,
} from '../middleware/presets.ts';
import type { ProtocolName } from './options.ts';

const PRESETS: Record<ProtocolName, LanguageModelV4Middleware> = {
  hermes: hermesToolMiddleware,
  gemma: gemmaToolMiddleware,
  xml: xmlToolMiddleware,
  qwen3coder: qwen3CoderToolMiddleware,
};

/** The names that work in this build. */
export const PROTOCOL_NAMES = Object.keys(PRESETS) as ProtocolName[];

export function middlewareForProtocol(name: string): LanguageModelV4Middleware {
  const preset = PRESETS[name as ProtocolName];
  if (preset === undefined) {
    throw new TypeError(`Unknown PROTOCOL "${name}". Use one of: ${PROTOCOL_NAMES.join(', ')}.`);
  }
  return preset;
}
