/**
 * A model's generate result → the whole `response` object (a non-streamed
 * `POST /v1/responses`). Output items keep the order the model wrote them in:
 * text becomes `message` items (one `output_text` part each), thinking read
 * from the text becomes `reasoning` items (`reasoning_text` content, as
 * OpenAI returns the raw reasoning of open models), calls become
 * `function_call` items, and calls of `custom` tools `custom_tool_call` items;
 * a call of a tool declared in a namespace carries its `namespace`.
 */
import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { incompleteReason, itemId, type ResponseFrame, responseObject, textItem, usageOf } from './response-object.ts';
import { type ToolRoutes, wireNameOf } from './tool-routes.ts';
import type { CustomToolCallItem, FunctionCallItem, OutputItem, ResponseObject } from './wire-types.ts';

/**
 * The text a custom (freeform) tool call carries. The model was offered one
 * string argument, `input`; a model that named it differently but wrote one
 * string still means that string, and anything else is passed on as written.
 */
export function customInput(argumentsJson: string): string {
  let value: unknown;
  try {
    value = JSON.parse(argumentsJson);
  } catch {
    return argumentsJson;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record.input === 'string') return record.input;
    const values = Object.values(record);
    if (values.length === 1 && typeof values[0] === 'string') return values[0];
  }
  return argumentsJson;
}

/** A finished call as its output item. */
export function callItem(
  call: { toolCallId: string; toolName: string; input: string },
  routes: ToolRoutes,
): FunctionCallItem | CustomToolCallItem {
  const wire = wireNameOf(routes, call.toolName);
  if (routes.custom.has(call.toolName)) {
    return {
      type: 'custom_tool_call',
      id: itemId('ctc'),
      call_id: call.toolCallId,
      ...wire,
      input: customInput(call.input),
      status: 'completed',
    };
  }
  return {
    type: 'function_call',
    id: itemId('fc'),
    call_id: call.toolCallId,
    ...wire,
    arguments: call.input,
    status: 'completed',
  };
}

export function toResponse(
  result: LanguageModelV4GenerateResult,
  frame: ResponseFrame,
  routes: ToolRoutes,
): ResponseObject {
  const output: OutputItem[] = [];
  for (const part of result.content) {
    const last = output.at(-1);
    if (part.type === 'text' || part.type === 'reasoning') {
      if (part.text === '') continue;
      const kind = part.type === 'text' ? 'message' : 'reasoning';
      if (last?.type === kind) (last.content[0] as { text: string }).text += part.text;
      else output.push(textItem(kind, 'completed', part.text));
    } else if (part.type === 'tool-call') {
      output.push(callItem(part, routes));
    }
    // Files, sources and the like have no place in a Responses answer from a text model.
  }
  const reason = incompleteReason(result.finishReason);
  // The item the model was writing when it was cut off is the last one.
  if (reason !== null && output.length > 0) (output.at(-1) as OutputItem).status = 'incomplete';
  return responseObject(frame, {
    status: reason === null ? 'completed' : 'incomplete',
    output,
    usage: usageOf(result.usage),
    error: null,
    incomplete_details: reason === null ? null : { reason },
  });
}
