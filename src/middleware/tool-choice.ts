/**
 * Tool choice, emulated the way the AI SDK's `toolChoice` documentation
 * describes it for providers with native tools.
 *
 * - `auto`: prompt and parse.
 * - `none`: no tools in the prompt, no parsing; the text passes through.
 * - `required` / a named tool: the prompt and a JSON `responseFormat` ask for
 *   `{"name", "arguments"}`; the answer is parsed as that JSON or, if the model
 *   used the protocol's own format instead, as that.
 *
 * Impossible requests are refused before the model is called.
 */
import type { JSONSchema7, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { ToolshimInvalidRequestError } from '../errors.ts';
import type { ParserCallbacks, ParserContext, StreamingParser } from '../parse/engine/events.ts';
import { createScanner } from '../parse/engine/scanner.ts';
import type { Trigger } from '../parse/engine/section.ts';
import { openJsonCalls } from '../parse/sections/json-calls.ts';
import { triggersOf } from '../protocols/builtin-format.ts';
import type { ToolCallProtocol } from '../protocols/protocol.ts';
import type { ToolSpec } from '../types.ts';
import type { ToolChoiceMode } from './call-state.ts';
import type { leadChoiceParser } from './forced-lead.ts';

type CallTool = NonNullable<LanguageModelV4CallOptions['tools']>[number];

/**
 * How an API spells the tool-choice field and two of its choices, for the
 * refusals below: the AI SDK's words by default; the proxy passes each HTTP
 * API's own (`tool_choice`, Anthropic's `{"type":"any"}`).
 */
export interface ToolChoiceWords {
  field: string;
  required: string;
  auto: string;
}

const AI_SDK_WORDS: ToolChoiceWords = { field: 'toolChoice', required: '"required"', auto: '"auto"' };

/**
 * Checks a tool choice against the tools before anything is sent: a choice
 * the request cannot satisfy is an error, never a silent fallback. The AI SDK
 * passes a string choice on as `{ type: <the string> }` without checking it,
 * so a typo (`'requird'`) arrives here as an unknown type.
 */
export function validateToolChoice(
  choice: LanguageModelV4CallOptions['toolChoice'],
  tools: CallTool[],
  words: ToolChoiceWords = AI_SDK_WORDS,
): ToolChoiceMode {
  const { field } = words;
  if (choice === undefined || choice.type === 'auto') return { type: 'auto' };
  if (choice.type === 'none') return { type: 'none' };
  if (choice.type === 'required') {
    if (!tools.some((t) => t.type === 'function')) {
      throw new ToolshimInvalidRequestError(
        `${field} ${words.required} needs at least one function tool, but none was given. Pass \`tools\`, or use ${field} ${words.auto}.`,
      );
    }
    return { type: 'required' };
  }
  // Typed loosely: a JavaScript caller (or a typo) can send anything here.
  const { type, toolName: name } = choice as { type: unknown; toolName?: unknown };
  if (type !== 'tool' || typeof name !== 'string' || name === '') {
    const typed = String(type);
    const near = ['auto', 'none', 'required'].find((mode) => typed.slice(0, 3).toLowerCase() === mode.slice(0, 3));
    throw new ToolshimInvalidRequestError(
      `${field} ${
        type === 'tool'
          ? `{ type: 'tool' } needs the name of the tool to force, got ${JSON.stringify(name) ?? 'none'}.`
          : `"${typed}" is not a tool choice${near ? `; did you mean "${near}"?` : '.'}`
      } Use "auto", "none", "required" or { type: 'tool', toolName: '<one of your tools>' }.`,
    );
  }
  if (tools.length === 0) {
    throw new ToolshimInvalidRequestError(
      `${field} names the tool "${name}", but no tools were given. Add "${name}" to \`tools\`, or drop ${field}.`,
    );
  }
  const match = tools.find((t) => t.name === name || (t.type === 'provider' && t.id === name));
  if (match === undefined) {
    const known = tools.map((t) => `"${t.name}"`).join(', ');
    throw new ToolshimInvalidRequestError(
      `${field} names the tool "${name}", which is not among the declared tools (${known}). Use one of those names.`,
    );
  }
  if (match.type !== 'function') {
    throw new ToolshimInvalidRequestError(
      `${field} names "${name}", a provider-defined tool. toolshim emulates function tools only: define "${name}" as a function tool.`,
    );
  }
  return { type: 'tool', toolName: name };
}

/** The JSON schema of a forced answer: one named tool, or any tool via if/then/else. */
export function forcedResponseSchema(mode: ToolChoiceMode, tools: ToolSpec[]): JSONSchema7 {
  const callSchema = (tool: ToolSpec): JSONSchema7 => ({
    type: 'object',
    properties: { name: { const: tool.name }, arguments: argumentsSchema(tool) },
    required: ['name', 'arguments'],
    ...(tool.strict ? { additionalProperties: false } : {}),
  });
  if (mode.type === 'tool') {
    const tool = tools.find((t) => t.name === mode.toolName);
    return callSchema(tool ?? { name: mode.toolName, inputSchema: {} });
  }
  // Each branch: if the name is this tool's, its arguments must match this tool's schema.
  let branch: JSONSchema7 = { not: {} };
  for (const tool of [...tools].reverse()) {
    branch = {
      if: { properties: { name: { const: tool.name } }, required: ['name'] },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON-schema keyword here.
      then: { properties: { arguments: argumentsSchema(tool) } },
      else: branch,
    };
  }
  return {
    type: 'object',
    properties: { name: { enum: tools.map((t) => t.name) }, arguments: { type: 'object' } },
    required: ['name', 'arguments'],
    ...branch,
  };
}

/**
 * A tool's input schema as a forced answer's `arguments`. For a `strict` tool,
 * an object without its own `additionalProperties` allows no undeclared keys,
 * as strict function calling has it (OpenAI requires `additionalProperties:
 * false` of a strict schema): an engine that enforces the response schema
 * (llama.cpp's grammar, vLLM's guided decoding) then keeps the model to it.
 */
function argumentsSchema(tool: ToolSpec): JSONSchema7 {
  const schema = tool.inputSchema as JSONSchema7;
  if (!tool.strict || schema.type !== 'object' || schema.additionalProperties !== undefined) return schema;
  return { ...schema, additionalProperties: false };
}

/** The sentence added to the system prompt in forced modes. */
export function forcedInstruction(mode: ToolChoiceMode): string {
  if (mode.type === 'tool') {
    return `You must call the function "${mode.toolName}" now. Reply with only its JSON object and nothing else: {"name": "${mode.toolName}", "arguments": {…}}`;
  }
  return 'You must call at least one of the functions now. Reply with only a JSON object {"name": "…", "arguments": {…}}, or a JSON array of such objects for several calls, and nothing else.';
}

/** The JSON answers a forced tool choice asks for: an object, a list, or either in a ```json fence. */
function forcedAnswerTriggers(defaultToolName: string | undefined): Trigger[] {
  return [
    {
      marker: '{',
      atStart: true,
      open: (env, marker) => openJsonCalls(env, marker, { markerIsValue: true, repeat: true, defaultToolName }),
    },
    {
      marker: '[',
      atStart: true,
      firstChar: (c) => c === '{',
      open: (env, marker) => openJsonCalls(env, marker, { markerIsValue: true, defaultToolName }),
    },
    {
      marker: '```',
      atStart: true,
      open: (env, marker) => openJsonCalls(env, marker, { fenced: true, defaultToolName }),
    },
  ];
}

/**
 * Parses a forced answer: a built-in format's own triggers (thinking first,
 * then its calls) plus the JSON answers; a custom protocol, which has none,
 * by `readLead` (forced-lead.ts, createToolMiddleware's). Reports when no
 * call came out at all.
 */
export function createForcedChoiceParser(
  protocol: ToolCallProtocol,
  mode: ToolChoiceMode,
  context: ParserContext,
  callbacks: ParserCallbacks,
  readLead?: typeof leadChoiceParser,
): StreamingParser {
  let calls = 0;
  const counting: ParserCallbacks = {
    ...callbacks,
    onToolCallEnd(call) {
      calls++;
      if (mode.type === 'tool' && call.toolName !== mode.toolName) {
        callbacks.onError(`toolChoice required "${mode.toolName}", but the model called "${call.toolName}".`, {
          code: 'wrong-tool',
          toolName: call.toolName,
        });
      }
      callbacks.onToolCallEnd(call);
    },
  };
  const json = forcedAnswerTriggers(mode.type === 'tool' ? mode.toolName : undefined);
  const triggers = triggersOf(protocol);
  const inner = triggers
    ? createScanner([...json, ...triggers(context)], context, counting)
    : (readLead ?? leadless)(protocol, json, context, counting);

  return {
    feed: (chunk) => inner.feed(chunk),
    flush() {
      inner.flush();
      if (calls === 0) {
        callbacks.onError(
          mode.type === 'tool'
            ? `toolChoice required a call to "${mode.toolName}", but the model answered without one; its text was kept.`
            : 'toolChoice "required" asked for a tool call, but the model answered without one; its text was kept.',
          { code: 'no-tool-call' },
        );
      }
    },
  };
}

/** A setup without `readLead` is a preset's, whose built-in format has triggers: never reached, the protocol's parser. */
const leadless: typeof leadChoiceParser = (protocol, _json, context, callbacks) =>
  protocol.createParser(context, callbacks);
