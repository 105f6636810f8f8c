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
 * - `namespace` tools group function and custom tools (Codex CLI's
 *   multi-agent tools): each is offered to the model on its own, and its calls
 *   carry the namespace back (tool-routes.ts).
 * - Every other hosted tool (file_search, code_interpreter, computer use,
 *   image generation, mcp, local_shell, shell, apply_patch, tool_search) is
 *   refused with a 400 naming it: a model told it has such a
 *   tool would call it, and nothing here could run it.
 */
import type { LanguageModelV4FunctionTool, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import { invalidRequest, invalidToolChoice } from '../core/errors.ts';
import {
  absent,
  checkToolName,
  checkToolSchema,
  fail,
  isObject,
  type Json,
  oneOf,
} from '../door-kit/request-fields.ts';
import { noRoutes, offeredNameFor, offeredNameOf, type ToolRoutes } from './tool-routes.ts';

/** Hosted tools accepted and not offered to the model (see above). */
const DROPPED_TOOLS = ['web_search', 'web_search_preview', 'web_search_2025_08_26', 'web_search_preview_2025_03_11'];

export interface ReadTools {
  tools: LanguageModelV4FunctionTool[];
  toolChoice: LanguageModelV4ToolChoice | undefined;
  /** Which tools are custom or namespaced, and so how their calls are written. */
  routes: ToolRoutes;
}

function toolName(tool: Json, at: string): string {
  return checkToolName(tool.name, `${at}.name`);
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
  if (!absent(parameters)) checkToolSchema(parameters, `${at}.parameters`);
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
    `\`${at}.type\` is ${JSON.stringify(type) ?? 'missing'}, a tool this proxy cannot run: it serves "function", "custom" and "namespace" tools, which your client runs (hosted OpenAI tools have no server behind this proxy; "web_search" is accepted and not offered to the model).`,
    `${at}.type`,
  );
}

/** A declared tool before it gets the name the model is offered it by. */
interface Declared {
  tool: LanguageModelV4FunctionTool;
  custom: boolean;
  namespace?: string;
  at: string;
}

/** A function or custom tool, at the top level or inside a namespace. */
function declaredTool(tool: Json, at: string, namespace?: string, context?: string): Declared {
  let read: LanguageModelV4FunctionTool;
  if (tool.type === 'function') read = functionTool(tool, at);
  else if (tool.type === 'custom') read = customTool(tool, at);
  else if (namespace !== undefined) {
    throw invalidRequest(
      `\`${at}.type\` is ${JSON.stringify(tool.type) ?? 'missing'}; a namespace holds "function" and "custom" tools.`,
      `${at}.type`,
    );
  } else refusedTool(tool.type, at);
  // The model sees a namespace's tools one by one; its description tells them what they belong to.
  if (context !== undefined) read.description = read.description ? `${read.description}\n(${context})` : context;
  return { tool: read, custom: tool.type === 'custom', at, ...(namespace !== undefined ? { namespace } : {}) };
}

/** `{"type": "namespace", "name", "description", "tools": [...]}`: its function and custom tools. */
function namespaceTools(tool: Json, at: string): Declared[] {
  const namespace = toolName(tool, at);
  const about = description(tool, at);
  if (!Array.isArray(tool.tools)) fail(`${at}.tools`, 'an array of function and custom tools', tool.tools);
  const context = about ? `Part of "${namespace}": ${about}` : `Part of "${namespace}".`;
  return tool.tools.map((inner, j) => {
    if (!isObject(inner)) fail(`${at}.tools[${j}]`, 'an object', inner);
    return declaredTool(inner, `${at}.tools[${j}]`, namespace, context);
  });
}

function declaredTools(body: Json): Declared[] {
  if (absent(body.tools)) return [];
  if (!Array.isArray(body.tools)) fail('tools', 'an array', body.tools);
  return body.tools.flatMap((tool, i) => {
    const at = `tools[${i}]`;
    if (!isObject(tool)) fail(at, 'an object', tool);
    if (DROPPED_TOOLS.includes(tool.type as string)) return [];
    if (tool.type === 'namespace') return namespaceTools(tool, at);
    return [declaredTool(tool, at)];
  });
}

export function readTools(body: Json): ReadTools {
  const declared = declaredTools(body);
  const routes = noRoutes();
  const uses = new Map<string, number>();
  for (const { tool } of declared) uses.set(tool.name, (uses.get(tool.name) ?? 0) + 1);
  const tools: LanguageModelV4FunctionTool[] = [];
  const seen = new Set<string>();
  for (const { tool, custom, namespace, at } of declared) {
    if (namespace !== undefined) {
      const wire = { namespace, name: tool.name };
      tool.name = offeredNameFor(wire, uses);
      routes.namespaced.set(tool.name, wire);
    }
    if (seen.has(tool.name)) {
      throw invalidRequest(
        `\`${at}.name\` repeats the tool name "${tool.name}"; tool names must be unique.`,
        `${at}.name`,
      );
    }
    seen.add(tool.name);
    if (custom) routes.custom.add(tool.name);
    tools.push(tool);
  }
  const { choice, allowed } = readToolChoice(body.tool_choice, routes);
  const offered = allowed === undefined ? tools : tools.filter((tool) => allowed.has(tool.name));
  if (allowed !== undefined) {
    // A Set, not tools.some per name: thousands of allowed names times thousands of tools was quadratic.
    const declared = new Set(tools.map((tool) => tool.name));
    for (const name of allowed) {
      if (!declared.has(name)) {
        throw invalidToolChoice(`\`tool_choice.tools\` allows "${name}", which is not among the declared tools.`);
      }
    }
  }
  // Whether the choice fits the tools ("required" with none, a forced tool not declared) the core checks for every door.
  return { tools: offered, toolChoice: choice, routes };
}

const CHOICE_HELP =
  '"auto", "none", "required", {"type":"function","name":"…"}, {"type":"custom","name":"…"} or {"type":"allowed_tools","mode":"auto"|"required","tools":[{"type":"function","name":"…"}]}';

/** The offered name of a tool a choice names, with its namespace if it gives one. */
function chosenName(choice: Json, routes: ToolRoutes): string {
  const namespace = typeof choice.namespace === 'string' ? choice.namespace : undefined;
  return offeredNameOf(routes, choice.name as string, namespace);
}

function readToolChoice(
  value: unknown,
  routes: ToolRoutes,
): { choice: LanguageModelV4ToolChoice | undefined; allowed?: Set<string> } {
  if (absent(value)) return { choice: undefined };
  if (value === 'auto' || value === 'none' || value === 'required') return { choice: { type: value } };
  if (isObject(value) && (value.type === 'function' || value.type === 'custom') && typeof value.name === 'string') {
    return { choice: { type: 'tool', toolName: chosenName(value, routes) } };
  }
  if (isObject(value) && value.type === 'allowed_tools') {
    const mode = oneOf('tool_choice.mode', value.mode, ['auto', 'required'] as const);
    if (!Array.isArray(value.tools)) fail('tool_choice.tools', 'an array', value.tools);
    const allowed = new Set<string>();
    value.tools.forEach((tool, i) => {
      if (!isObject(tool) || typeof tool.name !== 'string') {
        fail(`tool_choice.tools[${i}]`, 'an object with a "name"', tool);
      }
      allowed.add(chosenName(tool, routes));
    });
    return { choice: { type: mode }, allowed };
  }
  throw invalidRequest(`\`tool_choice\` must be ${CHOICE_HELP}; got ${JSON.stringify(value)}.`, 'tool_choice');
}
