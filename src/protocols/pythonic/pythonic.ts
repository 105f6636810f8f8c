/**
 * Pythonic tool calls: `[get_weather(city='SF', unit="c"), other()]`.
 * Llama 3.2 (1B/3B, pythonic prompt) and Llama 4 answer with the bare list,
 * Llama 4 may wrap it in `<|python_start|>…<|python_end|>`, LFM2 in
 * `<|tool_call_start|>[…]<|tool_call_end|>`; Gemma 3 follows this format when
 * prompted with it. A bare `[` only counts when a declared tool and `(`
 * follow it. The wrapper tokens are special: the engine must keep special
 * tokens (transformers.js `skip_special_tokens: false`).
 */

import { openByPrefix } from '../../parse/engine/marker-sections.ts';
import type { SectionEnv, Trigger } from '../../parse/engine/section.ts';
import { openJsonCalls } from '../../parse/sections/json-calls.ts';
import { openPythonic } from '../../parse/sections/pythonic.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { bareCallListTrigger, chatmlEnd, llamaEnd, strayCloser, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText } from '../tool-list.ts';

/** After the marker: `{…}` or `[{…}]` is JSON (Llama 4 writes both forms), anything else pythonic. */
function pythonOrJson(end: string) {
  return (env: SectionEnv, marker: string) =>
    openByPrefix(env, marker, (significant) => {
      if (significant === '{' || significant === '[{') {
        // The chosen section gets the brackets read so far as part of its marker.
        return (e: SectionEnv, m: string) => openJsonCalls(e, m, { markerIsValue: true, repeat: true, end });
      }
      if (significant === '[') return undefined; // one more character decides
      return (e: SectionEnv, m: string) => openPythonic(e, m, { end, listOpened: m.trimEnd().endsWith('[') });
    });
}

/** @internal */
export const pythonicWrapperTriggers: readonly Trigger[] = [
  { marker: '<|python_start|>', open: pythonOrJson('<|python_end|>') },
  {
    marker: '<|tool_call_start|>',
    open: (env, marker) => openPythonic(env, marker, { end: '<|tool_call_end|>' }),
  },
  strayCloser('<|tool_call_end|>'),
];

/** @internal Llama 3.2 / 4 end with their own tokens, LFM2 with ChatML's. What auto runs of the format. */
export const pythonicTriggers: readonly Trigger[] = [
  ...pythonicWrapperTriggers,
  ...thinkTriggers,
  bareCallListTrigger,
  ...llamaEnd,
  ...chatmlEnd,
];

/**
 * The preset's own triggers: a bare list counts anywhere in the answer, after prose or after another list,
 * still only when a declared tool and `(` follow its `[` (SGLang's streaming pythonic detector reads the first
 * `[` anywhere, python/sglang/srt/function_call/pythonic_detector.py@0813438c; vLLM's parser only a whole
 * answer). Auto keeps the bare list to the answer's start: there another family's `[THINK]` or a list
 * comprehension in prose is not taken for a call list.
 */
/** @internal */
export const pythonicPresetTriggers: readonly Trigger[] = /* @__PURE__ */ pythonicTriggers.map((trigger) =>
  trigger === bareCallListTrigger ? { ...trigger, atStart: false, quiet: true } : trigger,
);

/** A value as a Python literal, for history. */
function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}

function renderCall(toolName: string, input: unknown): string {
  const args = Object.entries((input ?? {}) as Record<string, unknown>)
    .map(([k, v]) => `${k}=${pythonLiteral(v)}`)
    .join(', ');
  return `${toolName}(${args})`;
}

const defaultTemplate = (tools: string) =>
  [
    'You are an expert in composing functions. Here is a list of functions in JSON format that you can invoke:',
    tools,
    '',
    'If you decide to invoke any of the functions, reply with only a Python list of calls in this format:',
    '[func_name1(param_name1=value1, param_name2=value2), func_name2(param=value)]',
    'Use keyword arguments with Python literals. Do not write any other text in a reply that calls functions.',
    'When no function is needed, answer normally.',
  ].join('\n');

export interface PythonicProtocolOptions {
  /** Wrap history calls like a model family does: none (default), `llama4` or `lfm2`. */
  wrapper?: 'none' | 'llama4' | 'lfm2';
}

/** Pythonic calls: `[name(key=value), …]`, bare or in Llama 4 / LFM2 wrapper tokens. */
export function pythonicProtocol(options: PythonicProtocolOptions = {}): ToolCallProtocol {
  const [open, close] =
    options.wrapper === 'llama4'
      ? ['<|python_start|>', '<|python_end|>']
      : options.wrapper === 'lfm2'
        ? ['<|tool_call_start|>', '<|tool_call_end|>']
        : ['', ''];
  return defineFormat({
    name: 'pythonic',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => `${open}[${renderCall(toolName, input)}]${close}`,
    // A turn's calls are one list, as vLLM's Llama 4 pythonic template (examples/tool_chat_template_llama4_pythonic.jinja)
    // writes them. A bare list drops the turn's text, as vLLM's Llama 3.2 pythonic template does; in a wrapper
    // the text goes first.
    formatToolCalls: (calls, text) =>
      `${open === '' ? '' : text}${open}[${calls.map((c) => renderCall(c.toolName, c.input)).join(', ')}]${close}`,
    // LFM2's template wraps a tool turn's content in <|tool_response_start|>…<|tool_response_end|>; Llama's
    // templates write the `ipython` content with `tojson`, so a string content is read as a JSON string literal.
    formatToolResponse: ({ result }) =>
      options.wrapper === 'lfm2'
        ? `<|tool_response_start|>${resultText(result)}<|tool_response_end|>`
        : JSON.stringify(resultText(result)),
    triggers: pythonicPresetTriggers,
  });
}

/** @internal The `pythonic` format in the registry (formats.ts). */
export const pythonicFormat: FormatDeclaration = {
  name: 'pythonic',
  label: 'Pythonic call list',
  models: 'Llama 3.2 1B/3B (pythonic prompt), Llama 4, LFM2, Gemma 3 so prompted',
  preset: 'pythonicToolMiddleware',
  modelNames: [/llama-?4/i, /lfm-?2/i],
  create: pythonicProtocol,
  triggers: pythonicPresetTriggers,
  autoTriggers: pythonicTriggers,
};
