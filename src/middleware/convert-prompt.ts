/**
 * Rewrites the conversation for a model without tool support: earlier tool
 * calls become assistant text in the protocol's own format, tool results
 * become user text, and text parts are condensed so small chat templates see
 * plain alternating messages.
 */
import type { LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import type { ToolCallProtocol, ToolCallRecord, ToolResponseRecord } from '../protocols/protocol.ts';
import type { OnToolshimError } from '../types.ts';
import { notTooDeep } from './nesting.ts';

type AssistantPart = Extract<LanguageModelV4Message, { role: 'assistant' }>['content'][number];
type UserPart = Extract<LanguageModelV4Message, { role: 'user' }>['content'][number];
type ResultPart = { toolCallId: string; toolName: string; output: LanguageModelV4ToolResultOutput };

export interface ConvertPromptOptions {
  protocol: ToolCallProtocol;
  toolResponsePromptTemplate?: ((response: ToolResponseRecord) => string) | undefined;
  onError: OnToolshimError;
  /** A thinking switch's word for the end of the last user message (Qwen3's ` /no_think`). */
  userSuffix?: string | undefined;
  /** `toolResultFiles: 'attach'`: files in tool results also follow the results as file parts. */
  attachFiles?: typeof attachedFiles | undefined;
}

/**
 * A tool result output reduced to the JSON value the model reads. Files in a
 * result become a `[file: type]` placeholder, since the model reads text only;
 * `onError` hears about each.
 */
export function toolResultValue(
  output: LanguageModelV4ToolResultOutput,
  onError?: OnToolshimError,
  filesAttached = false,
): { result: unknown; isError: boolean } {
  switch (output.type) {
    case 'text':
    case 'json':
      return { result: output.value, isError: false };
    case 'error-text':
    case 'error-json':
      return { result: { error: output.value }, isError: true };
    case 'execution-denied':
      return {
        result: { error: `The tool call was denied${output.reason ? `: ${output.reason}` : '.'}` },
        isError: true,
      };
    case 'content':
      return {
        result: output.value
          .map((part) => {
            if (part.type === 'text') return part.text;
            const placeholder = part.type === 'file' ? `[file: ${part.mediaType}]` : '[content]';
            // An attached file reaches the model after the text: its placeholder only marks where it was.
            if (part.type === 'file' && filesAttached) return placeholder;
            onError?.(`A tool result held a ${part.type} part; the model was sent "${placeholder}" instead.`, {
              code: 'unsupported-prompt-part',
              text: placeholder,
            });
            return placeholder;
          })
          .join('\n'),
        isError: false,
      };
    default:
      return { result: output, isError: false };
  }
}

/** Joins neighbouring text parts into one. */
function condense<T extends { type: string }>(parts: T[]): T[] {
  const out: T[] = [];
  let texts: string[] = [];
  const flushTexts = () => {
    if (texts.length > 0) out.push({ type: 'text', text: texts.join('\n') } as unknown as T);
    texts = [];
  };
  for (const part of parts) {
    if (part.type === 'text') texts.push((part as unknown as { text: string }).text);
    else {
      flushTexts();
      out.push(part);
    }
  }
  flushTexts();
  return out;
}

export function convertPrompt(prompt: LanguageModelV4Prompt, options: ConvertPromptOptions): LanguageModelV4Prompt {
  const { protocol, onError, attachFiles } = options;
  const formatResponse = options.toolResponsePromptTemplate ?? protocol.formatToolResponse;
  const responseRecord = (part: ResultPart): ToolResponseRecord => ({
    toolCallId: part.toolCallId,
    toolName: part.toolName,
    ...toolResultValue(notTooDeep(part.output, part.toolCallId, 'result'), onError, attachFiles !== undefined),
  });
  const respond = (part: ResultPart) => formatResponse(responseRecord(part));

  // Thinking is written back only after the last user message (the current tool loop), as the templates that keep it do.
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');

  const out: LanguageModelV4Prompt = [];
  for (const [index, message] of prompt.entries()) {
    switch (message.role) {
      case 'system':
        out.push(message);
        break;
      case 'user':
        pushUser(
          out,
          index === lastUser && options.userSuffix ? withSuffix(message.content, options.userSuffix) : message.content,
          message.providerOptions,
          protocol.mergeUserTurns === true,
        );
        break;
      case 'tool': {
        // Approval responses are AI SDK bookkeeping; the model never needs them.
        const results = message.content.filter((part) => part.type === 'tool-result');
        if (results.length === 0) break;
        // A protocol whose template groups a message's results its own way writes them together.
        const text =
          options.toolResponsePromptTemplate === undefined && protocol.formatToolResponses !== undefined
            ? protocol.formatToolResponses(results.map(responseRecord))
            : results.map(respond).join('\n');
        pushUser(
          out,
          [{ type: 'text', text }, ...(attachFiles?.(results) ?? [])],
          undefined,
          protocol.mergeUserTurns === true,
        );
        break;
      }
      case 'assistant': {
        const parts: AssistantPart[] = [];
        let thinking = '';
        /** The turn's calls, for a protocol that writes them together with the text (formatToolCalls). */
        const calls: ToolCallRecord[] = [];
        for (const part of message.content) {
          switch (part.type) {
            case 'text':
            case 'file':
              parts.push(part);
              break;
            case 'reasoning':
              // Written directly before what follows it (the template's own separator is in formatReasoning).
              if (protocol.formatReasoning !== undefined && index > lastUser && part.text.trim() !== '') {
                thinking += protocol.formatReasoning(part.text);
              }
              break;
            case 'tool-call': {
              // JSON text is parsed before it is rendered, so it is measured parsed.
              const input = notTooDeep(parseInput(part.input), part.toolCallId, 'input');
              const call = { toolCallId: part.toolCallId, toolName: part.toolName, input };
              if (protocol.formatToolCalls !== undefined) calls.push(call);
              else parts.push({ type: 'text', text: protocol.formatToolCall(call) });
              break;
            }
            case 'tool-result':
              parts.push({ type: 'text', text: respond(part) });
              break;
            default: {
              const text = JSON.stringify(part);
              onError(`An assistant "${part.type}" part was sent to the model as text.`, {
                code: 'unsupported-prompt-part',
                text,
              });
              parts.push({ type: 'text', text });
            }
          }
        }
        let content = condense(parts);
        if (calls.length > 0 && protocol.formatToolCalls !== undefined) {
          // The turn's text and calls as one text, the way the template writes them (other parts stay in order before).
          const text = content
            .filter((p) => p.type === 'text')
            .map((p) => (p as { text: string }).text)
            .join('\n');
          content = [
            ...content.filter((p) => p.type !== 'text'),
            { type: 'text', text: protocol.formatToolCalls(calls, text) },
          ];
        }
        if (thinking !== '') {
          const first = content[0];
          if (first?.type === 'text') content[0] = { type: 'text', text: thinking + first.text };
          else content.unshift({ type: 'text', text: thinking });
        }
        out.push({ ...message, content });
        break;
      }
    }
  }
  return out;
}

/**
 * The files of tool results as user file parts, for models that read them
 * (`toolResultFiles: 'attach'`): a user turn is where a chat template puts
 * images, while a tool result is text.
 */
export function attachedFiles(results: ResultPart[]): UserPart[] {
  return results.flatMap((result) =>
    result.output.type === 'content'
      ? result.output.value.flatMap((part): UserPart[] =>
          part.type === 'file'
            ? [
                {
                  type: 'file',
                  data: part.data,
                  mediaType: part.mediaType,
                  ...(part.filename ? { filename: part.filename } : {}),
                },
              ]
            : [],
        )
      : [],
  );
}

/** Appends `suffix` to the message's text, unless it already ends with it. */
export function withSuffix(content: UserPart[], suffix: string): UserPart[] {
  const next = [...content];
  const last = next.findLastIndex((part) => part.type === 'text');
  const part = next[last];
  if (part?.type !== 'text') next.push({ type: 'text', text: suffix.trim() });
  else if (!part.text.trimEnd().endsWith(suffix.trim())) next[last] = { ...part, text: part.text + suffix };
  return next;
}

/** Tool-call inputs in the history are usually objects; a JSON string is parsed back. */
function parseInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/**
 * Appends user content: a user turn of its own (results, then the next user
 * message, as the chat templates write them), or merged into a preceding
 * user message where the template demands alternating turns.
 */
function pushUser(
  out: LanguageModelV4Prompt,
  content: UserPart[],
  providerOptions: LanguageModelV4Message['providerOptions'],
  merge: boolean,
): void {
  const last = out[out.length - 1];
  if (merge && last?.role === 'user') {
    out[out.length - 1] = { ...last, content: condense([...last.content, ...content]) };
    return;
  }
  out.push({ role: 'user', content: condense(content), ...(providerOptions ? { providerOptions } : {}) });
}

/**
 * Puts the tool prompt and the system messages the prompt starts with into one
 * system message: many small models' chat templates accept only one. `prefix`
 * (a thinking switch's token, such as Gemma 4's `<|think|>`) goes at its very start.
 */
export function withSystemPrompt(
  prompt: LanguageModelV4Prompt,
  toolPrompt: string,
  placement: 'first' | 'last',
  prefix = '',
  /** The proxy's (cachingToolMiddleware): a join that keeps its last text (tool-prompt.ts). */
  join?: (prefix: string, parts: string[]) => string,
): LanguageModelV4Prompt {
  let leading = 0;
  while (prompt[leading]?.role === 'system') leading++;
  if (toolPrompt === '' && prefix === '' && leading < 2) return prompt;
  const own = prompt.slice(0, leading).map((m) => m.content as string);
  const parts = toolPrompt === '' ? own : placement === 'first' ? [toolPrompt, ...own] : [...own, toolPrompt];
  const first = leading > 0 ? (prompt[0] as Extract<LanguageModelV4Message, { role: 'system' }>) : undefined;
  return [
    { ...first, role: 'system', content: join ? join(prefix, parts) : prefix + parts.join('\n\n') },
    ...prompt.slice(leading),
  ];
}
