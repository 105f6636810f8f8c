/**
 * ByteDance Seed-OSS tool calls (Seed-OSS-36B Base / Instruct):
 *   <seed:tool_call>
 *   <function=get_weather>
 *   <parameter=city>Paris</parameter>
 *   </function>
 *   </seed:tool_call>
 * Qwen3-Coder's `<function=…><parameter=…>` body in Seed's own block, one
 * block per call. Thinking is `<seed:think>…</seed:think>`, and the model
 * reports its thinking budget inside it as
 * `<seed:cot_budget_reflect>…</seed:cot_budget_reflect>` (kept in the
 * reasoning, as vLLM and llama.cpp keep it); every turn ends `<seed:eos>`.
 * The markers are special tokens of its tokenizer (llama.cpp keeps them as
 * preserved tokens): the engine must keep special tokens.
 * Source: ggml-org/llama.cpp models/templates/ByteDance-Seed-OSS.jinja@b1933d30.
 */
import type { ParserCallbacks } from '../../parse/engine/events.ts';
import { keepMarkerAsText, openSilentMarker } from '../../parse/engine/marker-sections.ts';
import type { Section, SectionEnv, Trigger } from '../../parse/engine/section.ts';
import { trimmedStage } from '../../parse/readers/xml-text.ts';
import { type InvokeTags, openXmlInvoke } from '../../parse/sections/xml-invoke.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ReasoningEffort, ReasoningSwitch, ToolCallProtocol, ToolCallRecord } from '../protocol.ts';
import { seedEnd, seedThinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText } from '../tool-list.ts';

const OPEN = '<seed:tool_call>';
const CLOSE = '</seed:tool_call>';

const tags = (close: string): InvokeTags => ({
  invoke: '<function=',
  invokeEnd: '</function>',
  param: '<parameter=',
  paramEnd: '</parameter>',
  close,
});
const TAGS = tags(CLOSE);

/** Per parse (keyed by its callbacks): the last block broke and went back as text, its end tag with it. */
const brokenBlock = /* @__PURE__ */ new WeakMap<object, true>();

/**
 * A `<seed:tool_call>` block. Values lose one line break at each end, as vLLM's and SGLang's seed_oss parsers
 * read them (the template writes none; llama.cpp's tests/chat-parsers/test-seed-oss.cpp@148a6053 writes
 * `<parameter=arg1>\n42\n</parameter>`). The model may start the next block without closing this one.
 */
function openBlock(env: SectionEnv, marker: string): Section {
  const { callbacks } = env;
  brokenBlock.delete(callbacks);
  const onError: ParserCallbacks['onError'] = (message, meta) => {
    if (meta.code === 'malformed-tool-call' || meta.code === 'unclosed-tool-call') brokenBlock.set(callbacks, true);
    callbacks.onError(message, meta);
  };
  // Values lose one line break at each end, as vLLM's and SGLang's Seed-OSS readers (and qwen3-coder's) trim them.
  return openXmlInvoke({ ...env, callbacks: { ...callbacks, onError } }, marker, TAGS, {
    reopen: [OPEN],
    valueStage: trimmedStage,
  });
}

/** @internal */
export const seedOssTriggers: readonly Trigger[] = [
  { marker: OPEN, open: openBlock },
  // An empty block (as the template opens one, with a line break) is no call and leaves no text.
  { marker: OPEN + CLOSE, open: openSilentMarker },
  { marker: `${OPEN}\n${CLOSE}`, open: openSilentMarker },
  // The end tag alone is markup (the engine dropped the opener, or the call came bare), except after a block
  // that broke: that block went back as text, and its end tag goes with it.
  {
    marker: CLOSE,
    open: (env, marker) =>
      brokenBlock.delete(env.callbacks) ? keepMarkerAsText(env, marker) : openSilentMarker(env, marker),
  },
  {
    // The call without its block (vLLM's seed_oss parser reads `<function=` alone too). The marker is
    // Qwen3-Coder's bare call, which auto reads with qwen3-coder's trigger (listed first); this one reads it the
    // same way, Qwen3-Coder's tags and all, so the preset and auto agree. An end tag after it is dropped above.
    marker: '<function=',
    open: (env, marker) =>
      openXmlInvoke(env, marker, tags('</tool_call>'), {
        reopen: ['<tool_call>'],
        openedAtInvoke: true,
        valueStage: trimmedStage,
      }),
  },
  ...seedThinkTriggers,
  ...seedEnd,
];

/**
 * A string as Python's `repr` writes it: single quotes unless the string holds one and no double quote,
 * backslashes, that quote and control characters escaped.
 */
function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let escaped = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === '\\' || c === quote) escaped += `\\${c}`;
    else if (c === '\n') escaped += '\\n';
    else if (c === '\r') escaped += '\\r';
    else if (c === '\t') escaped += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0xa0)) escaped += `\\x${code.toString(16).padStart(2, '0')}`;
    else escaped += c;
  }
  return quote + escaped + quote;
}

/**
 * A parameter value as the template writes it: a string raw, anything else `| string`, which is Python's
 * `str()` (jinja2): `True`, `False`, `None`, and lists and dicts in Python's notation. toolshim's parser
 * reads those back.
 */
function pythonStr(value: unknown, nested = false): string {
  if (typeof value === 'string') return nested ? pythonRepr(value) : value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map((item) => pythonStr(item, true)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${pythonRepr(k)}: ${pythonStr(v, true)}`);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}

/**
 * A value as the template writes it (no padding), except at a line break that starts or ends it: the reader
 * drops one there (above), so such a value gets one more to read back whole. Only those values differ from the
 * template's bytes.
 */
function paddedValue(value: unknown): string {
  const text = pythonStr(value);
  return `${/^[ \t]*\r?\n/.test(text) ? '\n' : ''}${text}${/\r?\n[ \t]*$/.test(text) ? '\n' : ''}`;
}

/** One call in its own block, as the template writes it: each parameter on a line. */
function seedCall({ toolName, input }: ToolCallRecord): string {
  const entries = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  const parameters = entries.map(([key, value]) => `<parameter=${key}>${paddedValue(value)}</parameter>\n`);
  return `${OPEN}\n<function=${toolName}>\n${parameters.join('')}</function>\n${CLOSE}`;
}

const defaultTemplate = (tools: string) =>
  [
    'You may call one or more functions to assist with the user query.',
    '',
    'Tool List:',
    'You are authorized to use the following tools (described in JSON Schema format). Before performing any task, you must decide how to call them based on the descriptions and parameters of these tools.',
    `[${tools.split('\n').join(', ')}]`,
    '',
    'To call a function, write:',
    OPEN,
    '<function=example_function_name>',
    '<parameter=example_parameter_1>value_1</parameter>',
    '<parameter=example_parameter_2>This is the value for the second parameter',
    'that can span',
    'multiple lines</parameter>',
    '</function>',
    CLOSE,
    'Write one block per call. The results come back in the next turn. When no function is needed, answer directly.',
  ].join('\n');

/**
 * The template's `thinking_budget` (default -1, no limit). At 0 it adds a system turn telling the model to skip
 * thinking and ends the generation prompt with `<seed:think><seed:cot_budget_reflect>`: the answer begins inside
 * the thinking block, so parse it with `reasoning: { startInside: true }`.
 */
export function seedOssSwitch(effort: ReasoningEffort): ReasoningSwitch {
  return { templateKwargs: { thinking_budget: effort === 'none' ? 0 : -1 } };
}

/** Seed-OSS: `<seed:tool_call><function=f><parameter=p>v</parameter></function></seed:tool_call>`. */
export function seedOssProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'seed-oss',
    reasoningSwitch: seedOssSwitch,
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: seedCall,
    // The template writes a turn's trimmed content and a line break, then each call after a line break of its
    // own. The server writes toolshim's text trimmed after the turn's header and its line break, the same bytes.
    formatToolCalls: (calls, text) => {
      const content = text.trim();
      return `${content === '' ? '' : `${content}\n\n`}${calls.map(seedCall).join('\n')}`;
    },
    // Each result is the content of a `tool` turn of its own, nothing around it.
    formatToolResponse: ({ result }) => resultText(result),
    // The template writes the trimmed reasoning in the block right after the turn's header, then a line break.
    formatReasoning: (reasoning) => `<seed:think>${reasoning.trim()}</seed:think>\n`,
    triggers: seedOssTriggers,
  });
}

/** @internal The `seed-oss` format in the registry (formats.ts). */
export const seedOssFormat: FormatDeclaration = {
  name: 'seed-oss',
  label: 'Seed-OSS <seed:tool_call>',
  models: 'ByteDance Seed-OSS-36B (Base, Instruct)',
  preset: 'seedOssToolMiddleware',
  modelNames: [/seed-?oss/i],
  create: seedOssProtocol,
  triggers: seedOssTriggers,
};
