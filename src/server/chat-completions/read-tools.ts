/**
 * Chat-completions `tools` and `tool_choice`: checked (the shape only; whether
 * the choice fits the tools the core checks for every door) and converted to
 * AI SDK function tools and tool choice.
 */
import type { LanguageModelV4FunctionTool, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import type { ChatTool, ChatToolChoice } from '../../wire/types.ts';
import { checkToolName, checkToolSchema, fail, isObject, refuse } from '../door-kit/request-fields.ts';

function checkTool(tool: unknown, i: number): ChatTool {
  const at = `tools[${i}]`;
  if (!isObject(tool)) fail(at, 'an object', tool);
  if (tool.type !== 'function') {
    refuse(`${at}.type`, `\`${at}.type\` must be "function", got ${JSON.stringify(tool.type)}.`);
  }
  if (!isObject(tool.function)) fail(`${at}.function`, 'an object', tool.function);
  const { name, description, parameters } = tool.function;
  checkToolName(name, `${at}.function.name`);
  if (description !== undefined && typeof description !== 'string') {
    fail(`${at}.function.description`, 'a string', description);
  }
  if (parameters !== undefined) checkToolSchema(parameters, `${at}.function.parameters`);
  return tool as unknown as ChatTool;
}

export function checkTools(tools: unknown): ChatTool[] | undefined {
  if (tools === undefined || tools === null) return undefined;
  if (!Array.isArray(tools)) fail('tools', 'an array', tools);
  return tools.map(checkTool);
}

/** The shape of `tool_choice` only; whether it fits `tools` is checked by the core. */
export function checkToolChoiceShape(choice: unknown): ChatToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isObject(choice) && choice.type === 'function' && isObject(choice.function)) {
    if (typeof choice.function.name === 'string') return choice as unknown as ChatToolChoice;
  }
  return refuse(
    'tool_choice',
    `\`tool_choice\` must be "auto", "none", "required" or {"type":"function","function":{"name":"…"}}; got ${JSON.stringify(choice)}.`,
  );
}

export function toFunctionTools(tools: ChatTool[] | undefined): LanguageModelV4FunctionTool[] {
  return (tools ?? []).map((tool) => ({
    type: 'function',
    name: tool.function.name,
    ...(tool.function.description ? { description: tool.function.description } : {}),
    inputSchema: (tool.function.parameters ?? {
      type: 'object',
      properties: {},
    }) as LanguageModelV4FunctionTool['inputSchema'],
  }));
}

export function toToolChoice(choice: ChatToolChoice | undefined): LanguageModelV4ToolChoice | undefined {
  if (choice === undefined) return undefined;
  if (typeof choice === 'string') return { type: choice };
  return { type: 'tool', toolName: choice.function.name };
}
