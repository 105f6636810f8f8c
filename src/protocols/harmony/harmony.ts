/**
 * gpt-oss Harmony tool calls:
 *   <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>
 * The recipient (`to=functions.NAME`) may also come before `<|channel|>`.
 * Engines often stop on `<|call|>` and drop it; a call ending with the
 * output still counts. Messages to no function (analysis, final) are left as
 * text, untouched. The markers are special tokens: the engine must keep
 * special tokens (transformers.js `skip_special_tokens: false`).
 */
import { type Schema, schemaTypes, unwrapSchema } from '../../coerce/schema.ts';
import { openLoneEnd } from '../../parse/engine/give-back.ts';
import { openWrappedText } from '../../parse/engine/marker-sections.ts';
import type { Section, SectionEnv, SectionOpener, Trigger } from '../../parse/engine/section.ts';
import { type HeaderMeaning, openNamedJson } from '../../parse/sections/named-json.ts';

import type { ToolSpec } from '../../types.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocol.ts';
import { harmonySwitch } from '../reasoning-switches.ts';
import { harmonyEnd } from '../shared-triggers.ts';
import { resultText, sideBySide, templateJson } from '../tool-list.ts';

/**
 * A function recipient in a message header. `to=assistant` and `to=user` address the conversation, not a
 * tool (llama.cpp tests/test-chat.cpp, GPT-OSS block: `<|channel|>commentary to=assistant` before the
 * analysis), so the message is routed by its channel instead.
 */
const RECIPIENT = /\bto=(?:functions\.)?(?!(?:assistant|user|all)\b)([A-Za-z_][\w.-]{0,127})/;

/** The channel a message header names: `assistant<|channel|>analysis` → `analysis`. */
function channelOf(header: string): string {
  const at = header.lastIndexOf('<|channel|>');
  return (at < 0 ? header : header.slice(at + '<|channel|>'.length)).trim().split(/[\s<]/)[0] ?? '';
}

/**
 * A message ends at `<|end|>`, or at `<|return|>`, the stop token that ends
 * the model's last message (openai/harmony docs/format.md, special tokens);
 * an engine that does not stop there leaves it in the text, answer after it.
 */
const MESSAGE_END = ['<|return|>', '<|end|>'];

/**
 * A message that calls no function: `analysis` is thinking (unless reasoning
 * is read as text), `final` and a recipient-less `commentary` (a preamble) are
 * answer text whose markup is dropped; anything else stays text as written.
 */
function routeMessage(header: string, env: SectionEnv): SectionOpener | undefined {
  const channel = channelOf(header);
  if (channel === 'analysis' && env.context.reasoning !== 'text') {
    return (e, m) => openWrappedText(e, m, MESSAGE_END, true);
  }
  if (channel === 'final') return (e, m) => openWrappedText(e, m, MESSAGE_END);
  if (channel === 'commentary') return (e, m) => openWrappedText(e, m, ['<|end|>']);
  return undefined;
}

const MESSAGE = '<|message|>';
const START = '<|start|>';
/**
 * Tokens that cannot be inside a header, so that a broken `<|mesage|>` does not make the next message's
 * header this one's: `<|start|>` begins the next message, and the stop tokens end one (openai/harmony
 * src/registry.rs).
 */
const HEADER_STOPS = [START, '<|end|>', '<|call|>', '<|return|>'];
const CALL_ENDS = ['<|call|>', '<|end|>'];

/**
 * A header that ran into a stop token with no `<|message|>` (`<|channel|>commentary Hello<|end|>`) is a
 * message by itself, as harmony's own non-strict reader takes it (openai/harmony src/tests.rs@1bd4d071,
 * test_missing_message_token_requires_non_strict_mode): its text follows the channel's name, or it is empty
 * (src/encoding.rs, StreamableParser in its Header state). The text keeps its blanks: it is the header's
 * tail, told once, as text.
 */
const HEADER_ONLY = /\b\w+(?:\s+|$)([\s\S]*)$/;

/** Reads a stop token as markup: its characters, the part read in earlier chunks first, and nothing after it. */
function dropMarker(env: SectionEnv, marker: string): Section {
  let left = marker.length;
  return {
    write(text, from) {
      const took = Math.min(left, text.length - from);
      left -= took;
      if (took > 0) env.callbacks.onCallSegment?.(text.slice(from, from + took));
      return from + took;
    },
    get done() {
      return left === 0;
    },
    end() {},
  };
}

/**
 * What a message header says: a call to the function it names, or a message to no function, read as its
 * channel says. A message with no `<|message|>` is read at once; the stop token that ended it is its
 * markup, but `<|start|>` is the next message's.
 */
function messageHeader(header: string, end: string, env: SectionEnv): HeaderMeaning {
  const name = RECIPIENT.exec(header)?.[1];
  if (end === MESSAGE) return name ?? routeMessage(header, env);
  const message = name === undefined ? HEADER_ONLY.exec(header)?.[1] : undefined;
  const routed = message === undefined ? undefined : routeMessage(header, env);
  return (
    routed && {
      open: (e) => {
        const section = routed(e, '');
        section.write(message as string, 0);
        section.end();
        return dropMarker(e, end === START ? '' : end);
      },
      // The message's text is in the header: the routed section writes it, so it is no markup.
      ownText: (message as string).length,
    }
  );
}

function openHarmonyMessage(env: SectionEnv, marker: string) {
  return openNamedJson(env, marker, {
    headerEnd: MESSAGE,
    headerStops: HEADER_STOPS,
    toolName: messageHeader,
    end: CALL_ENDS,
    quiet: true,
  });
}

/**
 * The answer continuing a `<|start|>assistant` that the template already
 * wrote: ` to=functions.get_weather<|channel|>commentary json<|message|>{…}`.
 */
function openContinuedHeader(env: SectionEnv, marker: string) {
  return openNamedJson(env, marker, {
    headerEnd: MESSAGE,
    headerStops: HEADER_STOPS,
    toolName: (header, end) => (end === MESSAGE ? /^[A-Za-z_][\w.-]*/.exec(header)?.[0] : undefined),
    end: CALL_ENDS,
    quiet: true,
  });
}

/** @internal */
export const harmonyTriggers: readonly Trigger[] = [
  { marker: 'to=functions.', atStart: true, afterCall: true, open: openContinuedHeader },
  // A new message: an `<|end|>` right before it ended the message before (one whose header the
  // template wrote, so only its content and its end are in the answer), and is markup.
  { marker: '<|start|>', opensMessage: true, thinking: true, open: openHarmonyMessage },
  { marker: '<|channel|>', thinking: true, open: openHarmonyMessage },
  // A call's end met alone is markup, except after a call that went back as text.
  { marker: '<|call|>', open: openLoneEnd },
  ...harmonyEnd,
];

/** A JSON schema as the TypeScript type gpt-oss reads its tools in. */
function tsType(schema: unknown, indent: string): string {
  const s = unwrapSchema(schema);
  if (s === undefined) return 'any';
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const [type] = schemaTypes(s);
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `${tsType(s.items, indent)}[]`;
    case 'object':
      return tsObject(s, indent);
    default:
      return 'any';
  }
}

function tsObject(schema: Schema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const lines = Object.entries(properties).map(([key, property]) => {
    const description = unwrapSchema(property)?.description;
    const comment = typeof description === 'string' ? `${indent}// ${description.replace(/\n/g, ' ')}\n` : '';
    return `${comment}${indent}${key}${required.has(key) ? '' : '?'}: ${tsType(property, `${indent}  `)},`;
  });
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent.slice(2)}}`;
}

/** The developer-message tool section gpt-oss was trained on: a TypeScript `functions` namespace. */
function renderNamespace(tools: ToolSpec[]): string {
  const types = tools.map((tool) => {
    const comment = tool.description ? `// ${tool.description.replace(/\n/g, ' ')}\n` : '';
    return `${comment}type ${tool.name} = (_: ${tsType(tool.inputSchema, '  ')}) => any;`;
  });
  return ['namespace functions {', '', ...types.flatMap((t) => [t, '']), '} // namespace functions'].join('\n');
}

const defaultTemplate = (tools: string) =>
  [
    '# Tools',
    '',
    '## functions',
    '',
    tools,
    '',
    'Call a function on the commentary channel, exactly like this:',
    '<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{"parameter": "value"}<|call|>',
    'When no function is needed, answer on the final channel.',
  ].join('\n');

// gpt-oss's template (llama.cpp models/templates/openai-gpt-oss-120b.jinja) puts the recipient in
// the header: <|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>{…}<|call|>.
const callMessage = ({ toolName, input }: ToolCallRecord) =>
  `<|start|>assistant to=functions.${toolName}<|channel|>commentary json<|message|>${templateJson(input ?? {})}<|call|>`;

const resultMessage = ({ toolName, result }: ToolResponseRecord) =>
  `<|start|>functions.${toolName} to=assistant<|channel|>commentary<|message|>${JSON.stringify(resultText(result))}<|end|>`;

/** gpt-oss Harmony: `<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>`. */
export function harmonyProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'harmony',
    reasoningSwitch: harmonySwitch,
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderNamespace(tools)),
    formatToolCall: callMessage,
    // The template writes the content of a turn with calls as an analysis message before the call, and
    // messages follow each other with nothing between them. It writes only a turn's first call; toolshim
    // writes each call as a message of its own.
    formatToolCalls: (calls, text) =>
      (text === '' ? '' : `<|start|>assistant<|channel|>analysis<|message|>${text}<|end|>`) +
      calls.map(callMessage).join(''),
    // A result is a message from the function to the assistant; the template writes its content with
    // `tojson`, so a string content (what a client sends) is read as a JSON string literal.
    formatToolResponse: resultMessage,
    formatToolResponses: sideBySide(resultMessage),
    triggers: harmonyTriggers,
  });
}

/** @internal The `harmony` format in the registry (formats.ts). */
export const harmonyFormat: FormatDeclaration = {
  name: 'harmony',
  label: 'gpt-oss Harmony',
  models: 'gpt-oss-20b / 120b',
  preset: 'harmonyToolMiddleware',
  modelNames: [/gpt-oss/i],
  create: harmonyProtocol,
  triggers: harmonyTriggers,
};
