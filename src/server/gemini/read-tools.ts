/**
 * `tools` and `toolConfig` of a Gemini request → AI SDK function tools and
 * tool choice, checked before anything is sent upstream.
 *
 * - Only `functionDeclarations` can be given to another model. Gemini's
 *   hosted tools (`googleSearch`, `codeExecution`, `urlContext`, …) run on
 *   Google's servers: refused with a 400 naming the tool. Gemini CLI sends
 *   its web search as a request of its own with `googleSearch`, so with this
 *   proxy that one tool reports the error and the session goes on.
 * - A declaration's schema is `parametersJsonSchema` (JSON Schema, what
 *   Gemini CLI sends) or `parameters` (Gemini's OpenAPI-style Schema, which
 *   gemini-schema.ts converts); with neither, the function takes no arguments.
 * - `toolConfig.functionCallingConfig`: `AUTO` (and `VALIDATED`, which asks
 *   Gemini's own decoder to check calls, as this proxy's parser always does)
 *   is "auto", `NONE` "none", `ANY` "required", or the one named tool when
 *   `allowedFunctionNames` names one. Several names limit the tools the model
 *   is shown to those, so a call can only be of one of them; each must be
 *   declared. The core then checks the choice against the tools as for every
 *   door (proposal 0025's pre-send checks).
 */
import type { LanguageModelV4FunctionTool, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import type { ToolChoiceWords } from '../core/tool-choice.ts';
import {
  absent,
  checkDepth,
  checkToolSchema,
  fail,
  isObject,
  type Json,
  oneOf,
  refuse,
  requireObject,
  requireString,
  show,
} from '../door-kit/request-fields.ts';
import { jsonSchemaOf } from './gemini-schema.ts';

/** Gemini's names in the core's tool-choice refusals. */
export const GEMINI_CHOICE_WORDS: ToolChoiceWords = {
  field: 'toolConfig.functionCallingConfig',
  required: '{"mode":"ANY"}',
  auto: '{"mode":"AUTO"}',
};

const MODES = ['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED'] as const;

/**
 * Gemini's rule for a function's name: letters, digits, "_", ".", ":" and
 * "-", at most 128. The colon matters: Gemini CLI keeps it in MCP tool names
 * (`mcp_<server>_<tool>`), so refusing it would fail every request of a
 * session with such a server.
 */
function readName(name: unknown, at: string): string {
  if (typeof name === 'string' && /^[A-Za-z0-9_.:-]{1,128}$/.test(name)) return name;
  return refuse(at, `\`${at}\` must be 1-128 letters, digits, "_", ".", ":" or "-"; got ${show(name)}.`);
}

function readDeclaration(declaration: unknown, at: string): LanguageModelV4FunctionTool {
  if (!isObject(declaration)) fail(at, 'an object', declaration);
  const name = readName(declaration.name, `${at}.name`);
  if (!absent(declaration.description) && typeof declaration.description !== 'string') {
    fail(`${at}.description`, 'a string', declaration.description);
  }
  let schema: Json = { type: 'object', properties: {} };
  // Both through gemini-schema.ts: Gemini's clients write capitals (`"OBJECT"`) in JSON schemas too.
  const key = absent(declaration.parametersJsonSchema) ? 'parameters' : 'parametersJsonSchema';
  if (!absent(declaration[key])) {
    schema = checkToolSchema(jsonSchemaOf(requireObject(declaration[key], `${at}.${key}`)), `${at}.${key}`);
  }
  checkDepth(schema, `${at}.${key}`);
  return {
    type: 'function',
    name,
    ...(typeof declaration.description === 'string' && declaration.description !== ''
      ? { description: declaration.description }
      : {}),
    inputSchema: schema as LanguageModelV4FunctionTool['inputSchema'],
  };
}

export function readTools(tools: unknown): LanguageModelV4FunctionTool[] {
  if (absent(tools)) return [];
  if (!Array.isArray(tools)) fail('tools', 'an array', tools);
  const out: LanguageModelV4FunctionTool[] = [];
  const seen = new Set<string>();
  tools.forEach((tool, i) => {
    const at = `tools[${i}]`;
    if (!isObject(tool)) fail(at, 'an object', tool);
    for (const [key, value] of Object.entries(tool)) {
      if (key === 'functionDeclarations' || absent(value)) continue;
      refuse(
        `${at}.${key}`,
        `\`${at}.${key}\` is one of Gemini's hosted tools: it runs on Google's servers, and this proxy serves another model and runs no hosted tools. Remove it, or declare a function of your own in functionDeclarations.`,
      );
    }
    const declarations = tool.functionDeclarations;
    if (absent(declarations)) return;
    if (!Array.isArray(declarations)) fail(`${at}.functionDeclarations`, 'an array', declarations);
    declarations.forEach((declaration, j) => {
      const read = readDeclaration(declaration, `${at}.functionDeclarations[${j}]`);
      if (seen.has(read.name)) {
        refuse(
          `${at}.functionDeclarations[${j}].name`,
          `\`${at}.functionDeclarations[${j}].name\` "${read.name}" is declared twice; function names must be unique.`,
        );
      }
      seen.add(read.name);
      out.push(read);
    });
  });
  return out;
}

export interface ToolsAndChoice {
  tools: LanguageModelV4FunctionTool[];
  toolChoice: LanguageModelV4ToolChoice | undefined;
}

function allowedNames(value: unknown, tools: LanguageModelV4FunctionTool[], at: string): string[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) fail(at, 'an array of function names', value);
  return value.map((name, i) => {
    const given = requireString(name, `${at}[${i}]`);
    if (!tools.some((tool) => tool.name === given)) {
      refuse(
        `${at}[${i}]`,
        `\`${at}[${i}]\` is ${show(given)}, which no functionDeclaration declares. Declare it in \`tools\`, or leave it out.`,
      );
    }
    return given;
  });
}

/** `toolConfig.functionCallingConfig` → the tool choice, and the tools cut down to `allowedFunctionNames`. */
export function readToolConfig(toolConfig: unknown, tools: LanguageModelV4FunctionTool[]): ToolsAndChoice {
  if (absent(toolConfig)) return { tools, toolChoice: undefined };
  const config = requireObject(toolConfig, 'toolConfig').functionCallingConfig;
  if (absent(config)) return { tools, toolChoice: undefined };
  const at = 'toolConfig.functionCallingConfig';
  const calling = requireObject(config, at);
  const mode = absent(calling.mode) ? 'AUTO' : oneOf(`${at}.mode`, calling.mode, MODES);
  const names = allowedNames(calling.allowedFunctionNames, tools, `${at}.allowedFunctionNames`);
  if (mode === 'NONE') return { tools, toolChoice: { type: 'none' } };
  const shown = names.length === 0 ? tools : tools.filter((tool) => names.includes(tool.name));
  if (mode !== 'ANY') return { tools: shown, toolChoice: { type: 'auto' } };
  const only = names.length === 1 ? names[0] : undefined;
  return { tools: shown, toolChoice: only !== undefined ? { type: 'tool', toolName: only } : { type: 'required' } };
}
