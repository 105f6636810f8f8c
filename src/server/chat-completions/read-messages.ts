/**
 * OpenAI chat request → AI SDK `LanguageModelV4CallOptions`, the input of a
 * (toolshim-wrapped) model's doGenerate/doStream.
 */
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4ToolChoice,
} from '@ai-sdk/provider';
import { MAX_NESTING, pathPastDepth } from '../../json/depth.ts';
import type { ChatCompletionRequest, ChatContentPart, ChatTool, ChatToolChoice } from '../../wire/types.ts';
import { parseDataUrl } from '../core/data-url.ts';
import { invalidRequest } from '../core/errors.ts';

type UserPart = Extract<LanguageModelV4Message, { role: 'user' }>['content'][number];
type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];

function textOf(content: string | ChatContentPart[] | null | undefined): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** `data:image/png;base64,…` stays inline data; anything else is passed as a URL. parse-request validated both. */
function imagePart(url: string): UserPart {
  const inline = parseDataUrl(url);
  if (inline !== undefined && 'base64' in inline) {
    return { type: 'file', mediaType: inline.mediaType ?? 'image/*', data: { type: 'data', data: inline.base64 } };
  }
  return { type: 'file', mediaType: 'image/*', data: { type: 'url', url: new URL(url) } };
}

function userParts(content: string | ChatContentPart[]): UserPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((part) =>
    part.type === 'text' ? { type: 'text', text: part.text } : imagePart(part.image_url.url),
  );
}

/**
 * Arguments arrive as a JSON string; the prompt wants the value. Unparseable
 * text is kept as the string; a value nested deeper than the renderers may
 * walk (json/depth.ts) is the client's 400, naming the field.
 */
function parseArguments(text: string, param: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (pathPastDepth(value) !== undefined) {
    throw invalidRequest(`\`${param}\` nests deeper than ${MAX_NESTING} levels; flatten the arguments.`, param);
  }
  return value;
}

export function toPrompt(request: ChatCompletionRequest): LanguageModelV4Message[] {
  const toolNames = new Map<string, string>();
  return request.messages.map((message, i): LanguageModelV4Message => {
    switch (message.role) {
      case 'system':
      case 'developer':
        return { role: 'system', content: textOf(message.content) };
      case 'user':
        return { role: 'user', content: userParts(message.content) };
      case 'assistant': {
        const parts: AssistantPart[] = [];
        const text = textOf(message.content);
        if (text !== '') parts.push({ type: 'text', text });
        (message.tool_calls ?? []).forEach((call, j) => {
          toolNames.set(call.id, call.function.name);
          parts.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: parseArguments(call.function.arguments, `messages[${i}].tool_calls[${j}].function.arguments`),
          });
        });
        return { role: 'assistant', content: parts };
      }
      default: {
        // role 'tool' (the parser admits no other)
        const toolName = toolNames.get(message.tool_call_id);
        if (toolName === undefined) {
          throw invalidRequest(
            `\`messages[${i}].tool_call_id\` is ${JSON.stringify(message.tool_call_id)}, but no earlier assistant message has a tool call with that id.`,
            `messages[${i}].tool_call_id`,
          );
        }
        return {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.tool_call_id,
              toolName,
              output: { type: 'text', value: textOf(message.content) },
            },
          ],
        };
      }
    }
  });
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

export function toCallOptions(request: ChatCompletionRequest, abortSignal?: AbortSignal): LanguageModelV4CallOptions {
  const options: LanguageModelV4CallOptions = { prompt: toPrompt(request) };
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (typeof maxTokens === 'number') options.maxOutputTokens = maxTokens;
  if (typeof request.temperature === 'number') options.temperature = request.temperature;
  if (typeof request.top_p === 'number') options.topP = request.top_p;
  if (typeof request.seed === 'number') options.seed = request.seed;
  if (typeof request.stop === 'string') options.stopSequences = [request.stop];
  else if (Array.isArray(request.stop)) options.stopSequences = request.stop;
  const format = request.response_format;
  if (format?.type === 'json_object') options.responseFormat = { type: 'json' };
  else if (format?.type === 'json_schema') {
    const { name, description, schema } = format.json_schema;
    options.responseFormat = {
      type: 'json',
      name,
      ...(description ? { description } : {}),
      ...(schema
        ? { schema: schema as NonNullable<typeof options.responseFormat & { schema?: unknown }>['schema'] }
        : {}),
    };
  } else if (format?.type === 'text') options.responseFormat = { type: 'text' };
  const tools = toFunctionTools(request.tools);
  if (tools.length > 0) options.tools = tools;
  const toolChoice = toToolChoice(request.tool_choice);
  if (toolChoice !== undefined) options.toolChoice = toolChoice;
  if (abortSignal !== undefined) options.abortSignal = abortSignal;
  return options;
}
