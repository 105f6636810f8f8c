/**
 * Responses `tools` and `tool_choice` → AI SDK function tools and tool choice.
 *
 * - `function` tools become function tools as they are.
 * - `custom` (freeform) tools take plain text instead of JSON arguments;
 *   Codex CLI declares its `apply_patch` tool this way. The model is offered a
 *   function of the same name with one string argument, `input` (the tool's
 *   grammar, if any, goes into its description), and its calls are answered
 *   as `custom_tool_call` items carrying that string.
 * - `web_search` (and `web_search_preview`) are hosted tools OpenAI runs on its
 *   own servers. This proxy has no search engine, so they are not offered to
 *   the model. They are accepted, not refused, because Codex CLI declares
 *   `web_search` in its default configuration (`web_search = "cached"`) and a
 *   400 would break every Codex session.
 * - Every other hosted tool (file_search, code_interpreter, computer use,
 *   image generation, mcp, local_shell, shell, apply_patch, namespace,
 *   tool_search) is refused with a 400 naming it: a model told it has such a
 *   tool would call it, and nothing here could run it.
 */
import type { LanguageModelV4FunctionTool, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import { invalidRequest, invalidToolChoice } from '../core/errors.ts';
import { absent, fail, isObject, type Json, oneOf } from './check.ts';

/** OpenAI's own rule for function names; upstreams reject anything else anyway. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** Hosted tools accepted and not offered to the model (see above). */
const DROPPED_TOOLS = ['web_search', 'web_search_preview', 'web_search_2025_08_26', 'web_search_preview_2025_03_11'];

export interface ReadTools {
  tools: LanguageModelV4FunctionTool[];
  toolChoice: LanguageModelV4ToolChoice | undefined;
  /** Names of the `custom` tools: their calls are written as `custom_tool_call` items. */
  customTools: Set<string>;
}

function toolName(tool: Json, at: string): string {
  const name = tool.name;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw invalidRequest(
      `\`${at}.name\` must be 1-64 letters, digits, "_", "." or "-"; got ${JSON.stringify(name) ?? 'nothing'}.`,
      `${at}.name`,
    );
  }
  return name;
}

function description(tool: Json, at: string): string | undefined {
  if (absent(tool.description)) return undefined;
  if (typeof tool.description !== 'string') fail(`${at}.description`, 'a string', tool.description);
  return tool.description;
}

function functionTool(tool: Json, at: string): LanguageModelV4FunctionTool {
  const name = toolName(tool, at);
  const text = description(tool, at);
  const parameters = tool.parameters;
  if (!absent(parameters)) {
    if (!isObject(parameters)) fail(`${at}.parameters`, 'a JSON schema object', parameters);
    if (parameters.type !== undefined && parameters.type !== 'object') {
      throw invalidRequest(
        `\`${at}.parameters.type\` must be "object" (a tool takes named arguments), got ${JSON.stringify(parameters.type)}.`,
        `${at}.parameters.type`,
      );
    }
    if (parameters.properties !== undefined && !isObject(parameters.properties)) {
      fail(`${at}.parameters.properties`, 'an object', parameters.properties);
    }
  }
  return {
    type: 'function',
    name,
    ...(text ? { description: text } : {}),
    inputSchema: (isObject(parameters)
      ? parameters
      : { type: 'object', properties: {} }) as LanguageModelV4FunctionTool['inputSchema'],
  };
}

/** A freeform tool as the model sees it: one string argument, `input`, described with the tool's grammar. */
function customTool(tool: Json, at: string): LanguageModelV4FunctionTool {
  const name = toolName(tool, at);
  const text = description(tool, at);
  let inputDescription = 'The raw input text, exactly as the tool takes it.';
  const format = tool.format;
  if (!absent(format)) {
    if (!isObject(format)) fail(`${at}.format`, 'an object', format);
    const type = oneOf(`${at}.format.type`, format.type, ['text', 'grammar'] as const);
    if (type === 'grammar') {
      const syntax = oneOf(`${at}.format.syntax`, format.syntax, ['lark', 'regex'] as const);
      if (typeof format.definition !== 'string') fail(`${at}.format.definition`, 'a string', format.definition);
      inputDescription += ` It must match this ${syntax} grammar:\n${format.definition}`;
    }
  }
  // A freeform tool's own description may say "do not wrap the input in JSON"; here the call format is the
  // protocol's, so the model is told where the raw text goes.
  const how = 'Put the raw text, exactly as the tool takes it, in the one string argument `input`.';
  return {
    type: 'function',
    name,
    description: text ? `${text}\n${how}` : how,
    inputSchema: {
      type: 'object',
      properties: { input: { type: 'string', description: inputDescription } },
      required: ['input'],
    },
  };
}

function refusedTool(type: unknown, at: string): never {
  throw invalidRequest(
    `\`${at}.type\` is ${JSON.stringify(type) ?? 'missing'}, a tool this proxy cannot run: it serves "function" and "custom" tools, which your client runs (hosted OpenAI tools have no server behind this proxy; "web_search" is accepted and not offered to the model).`,
    `${at}.type`,
  );
}

export function readTools(body: Json): ReadTools {
  const tools: LanguageModelV4FunctionTool[] = [];
  const customTools = new Set<string>();
  if (!absent(body.tools)) {
    if (!Array.isArray(body.tools)) fail('tools', 'an array', body.tools);
    const seen = new Set<string>();
    body.tools.forEach((tool, i) => {
      const at = `tools[${i}]`;
      if (!isObject(tool)) fail(at, 'an object', tool);
      if (DROPPED_TOOLS.includes(tool.type as string)) return;
      let read: LanguageModelV4FunctionTool;
      if (tool.type === 'function') read = functionTool(tool, at);
      else if (tool.type === 'custom') {
        read = customTool(tool, at);
        customTools.add(read.name);
      } else refusedTool(tool.type, at);
      if (seen.has(read.name)) {
        throw invalidRequest(
          `\`${at}.name\` repeats the tool name "${read.name}"; tool names must be unique.`,
          `${at}.name`,
        );
      }
      seen.add(read.name);
      tools.push(read);
    });
  }
  const { choice, allowed } = readToolChoice(body.tool_choice);
  const offered = allowed === undefined ? tools : tools.filter((tool) => allowed.has(tool.name));
  if (allowed !== undefined) {
    for (const name of allowed) {
      if (!tools.some((tool) => tool.name === name)) {
        throw invalidToolChoice(`\`tool_choice.tools\` allows "${name}", which is not among the declared tools.`);
      }
    }
  }
  // Whether the choice fits the tools ("required" with none, a forced tool not declared) the core checks for every door.
  return { tools: offered, toolChoice: choice, customTools };
}

const CHOICE_HELP =
  '"auto", "none", "required", {"type":"function","name":"…"}, {"type":"custom","name":"…"} or {"type":"allowed_tools","mode":"auto"|"required","tools":[{"type":"function","name":"…"}]}';

function readToolChoice(value: unknown): { choice: LanguageModelV4ToolChoice | undefined; allowed?: Set<string> } {
  if (absent(value)) return { choice: undefined };
  if (value === 'auto' || value === 'none' || value === 'required') return { choice: { type: value } };
  if (isObject(value) && (value.type === 'function' || value.type === 'custom') && typeof value.name === 'string') {
    return { choice: { type: 'tool', toolName: value.name } };
  }
  if (isObject(value) && value.type === 'allowed_tools') {
    const mode = oneOf('tool_choice.mode', value.mode, ['auto', 'required'] as const);
    if (!Array.isArray(value.tools)) fail('tool_choice.tools', 'an array', value.tools);
    const allowed = new Set<string>();
    value.tools.forEach((tool, i) => {
      if (!isObject(tool) || typeof tool.name !== 'string') {
        fail(`tool_choice.tools[${i}]`, 'an object with a "name"', tool);
      }
      allowed.add(tool.name);
    });
    return { choice: { type: mode }, allowed };
  }
  throw invalidRequest(`\`tool_choice\` must be ${CHOICE_HELP}; got ${JSON.stringify(value)}.`, 'tool_choice');
}
