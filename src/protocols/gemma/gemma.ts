/**
 * Gemma 2/3: JSON calls in a ```tool_call fence (toolshim's prompt), results
 * in a ```tool_response fence. Gemma 3's own function-calling prompt (Google's
 * "function calling with Gemma" guide) asks for a ```tool_code fence holding a
 * Python call instead, or for a bare Python call list or JSON object as the
 * whole answer, so those are read too.
 */
import type { Trigger } from '../../parse/engine/section.ts';
import { openPythonic } from '../../parse/sections/pythonic.ts';
import type { FormatDeclaration } from '../builtin-format.ts';
import { jsonMixWith } from '../hermes/hermes.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import {
  bareCallListTrigger,
  bareJsonCallTrigger,
  gemmaEnd,
  jsonCallTrigger,
  thinkTriggers,
} from '../shared-triggers.ts';

/** @internal */
export const gemmaTriggers: readonly Trigger[] = [
  jsonCallTrigger('```tool_call', '```'),
  { marker: '```tool_code', open: (env, marker) => openPythonic(env, marker, { end: '```' }) },
  // Google's Gemma 3 function-calling guide (ai.google.dev/gemma/docs/capabilities/function-calling) also
  // prompts for a bare Python call list or a bare {"name", "parameters"} object as the whole answer.
  bareCallListTrigger,
  bareJsonCallTrigger,
  ...thinkTriggers,
  ...gemmaEnd,
];

/** Gemma style: a ```tool_call fenced block, results in a ```tool_response block. */
export function gemmaProtocol(): ToolCallProtocol {
  return {
    ...jsonMixWith(
      {
        name: 'gemma',
        toolCallStart: '```tool_call',
        toolCallEnd: '```',
        toolResponseStart: '```tool_response',
        toolResponseEnd: '```',
      },
      gemmaTriggers,
    ),
    // Gemma 2's template (llama.cpp models/templates/google-gemma-2-2b-it.jinja) raises an error unless user
    // and model turns alternate, so tool results and the next user message share one user turn.
    mergeUserTurns: true,
  };
}

/** @internal The `gemma` format in the registry (formats.ts). */
export const gemmaFormat: FormatDeclaration = {
  name: 'gemma',
  label: 'Gemma ```tool_call fence',
  models: 'Gemma 2/3, models that like markdown',
  preset: 'gemmaToolMiddleware',
  modelNames: [/gemma/i],
  create: gemmaProtocol,
  triggers: gemmaTriggers,
};
