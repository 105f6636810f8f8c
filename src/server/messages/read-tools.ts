/**
 * `tools` and `tool_choice` of a Messages request → AI SDK function tools and
 * tool choice, checked before anything is sent upstream.
 *
 * Only client tools (`name`, `description`, `input_schema`; `type` absent or
 * "custom") can be given to another model. Claude Code sends only those on
 * its main requests. Typed tools are refused with a 400 naming the type:
 * - server tools (`web_search_…`, `web_fetch_…`, `code_execution_…`,
 *   `tool_search_tool_…`, `mcp_toolset`) run on Anthropic's servers. Claude
 *   Code's WebSearch tool sends `web_search_20250305` in a request of its own
 *   (Mikhail Shilkov's inspection of its runtime,
 *   mikhail.io/2025/10/claude-code-web-tools), so with this proxy that one tool
 *   reports the error and the session goes on;
 * - Anthropic-defined client tools (`bash_…`, `text_editor_…`, `computer_…`,
 *   `memory_…`) have schemas only Claude models were trained on.
 */
import type { LanguageModelV4FunctionTool, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import type { ToolChoiceWords } from '../core/tool-choice.ts';
import {
  absent,
  checkDepth,
  checkToolName,
  checkToolSchema,
  fail,
  isObject,
  refuse,
  requireString,
  show,
} from '../door-kit/request-fields.ts';

const SERVER_TOOL = /^(web_search|web_fetch|code_execution|tool_search_tool|mcp_toolset)/;

function typedToolError(type: unknown, at: string): never {
  const shown = show(type);
  if (typeof type === 'string' && SERVER_TOOL.test(type)) {
    return refuse(
      `${at}.type`,
      `\`${at}.type\` ${shown} is an Anthropic server tool: it runs on Anthropic's servers, and this proxy serves another model and runs no server tools. Remove it, or define a client tool of your own ({"name", "description", "input_schema"}).`,
    );
  }
  return refuse(
    `${at}.type`,
    `\`${at}.type\` ${shown} is an Anthropic-defined tool whose schema only Claude models know. Define it as a client tool with "name", "description" and "input_schema" instead.`,
  );
}

export function readTools(tools: unknown): LanguageModelV4FunctionTool[] {
  if (absent(tools)) return [];
  if (!Array.isArray(tools)) fail('tools', 'an array', tools);
  const seen = new Set<string>();
  return tools.map((tool, i): LanguageModelV4FunctionTool => {
    const at = `tools[${i}]`;
    if (!isObject(tool)) fail(at, 'an object', tool);
    if (!absent(tool.type) && tool.type !== 'custom') typedToolError(tool.type, at);
    const name = checkToolName(tool.name, `${at}.name`, 128);
    if (seen.has(name)) refuse(`${at}.name`, `\`${at}.name\` "${name}" is declared twice; tool names must be unique.`);
    seen.add(name);
    if (!absent(tool.description) && typeof tool.description !== 'string') {
      fail(`${at}.description`, 'a string', tool.description);
    }
    if (tool.input_schema === undefined) {
      refuse(`${at}.input_schema`, `\`${at}.input_schema\` is required: the JSON schema of the tool's input.`);
    }
    const schema = checkToolSchema(tool.input_schema, `${at}.input_schema`, true);
    checkDepth(schema, `${at}.input_schema`);
    return {
      type: 'function',
      name,
      ...(typeof tool.description === 'string' && tool.description !== '' ? { description: tool.description } : {}),
      inputSchema: schema as LanguageModelV4FunctionTool['inputSchema'],
    };
  });
}

export interface ToolChoiceRead {
  toolChoice: LanguageModelV4ToolChoice | undefined;
  /** `disable_parallel_tool_use`: the answer ends after its first tool call. */
  disableParallelToolUse: boolean;
}

/** Anthropic's names in the core's tool-choice refusals. */
export const ANTHROPIC_CHOICE_WORDS: ToolChoiceWords = {
  field: 'tool_choice',
  required: '{"type":"any"}',
  auto: '{"type":"auto"}',
};

const CHOICES: Record<string, LanguageModelV4ToolChoice['type']> = {
  auto: 'auto',
  any: 'required',
  tool: 'tool',
  none: 'none',
};

/**
 * Reads `tool_choice`. Whether the tools can satisfy it the core checks for
 * every door, with the middleware's own rules, in this API's words.
 */
export function readToolChoice(choice: unknown): ToolChoiceRead {
  if (absent(choice)) return { toolChoice: undefined, disableParallelToolUse: false };
  const type = isObject(choice) && typeof choice.type === 'string' ? CHOICES[choice.type] : undefined;
  if (!isObject(choice) || type === undefined) {
    return refuse(
      'tool_choice',
      `\`tool_choice\` must be {"type":"auto"}, {"type":"any"}, {"type":"tool","name":…} or {"type":"none"}; got ${isObject(choice) ? `type ${show(choice.type)}` : show(choice)}.`,
    );
  }
  const disable = choice.disable_parallel_tool_use;
  if (!absent(disable) && typeof disable !== 'boolean') {
    fail('tool_choice.disable_parallel_tool_use', 'a boolean', disable);
  }
  const toolChoice: LanguageModelV4ToolChoice =
    type === 'tool' ? { type, toolName: requireString(choice.name, 'tool_choice.name') } : { type };
  return { toolChoice, disableParallelToolUse: disable === true };
}
