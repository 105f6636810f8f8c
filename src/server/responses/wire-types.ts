/**
 * The OpenAI Responses API wire format: the subset toolshim writes. The
 * shapes follow OpenAI's API reference for `POST /v1/responses`, as the
 * `openai` npm package types them (resources/responses/responses.d.ts).
 */

export interface OutputText {
  type: 'output_text';
  text: string;
  annotations: never[];
  logprobs: never[];
}

export interface ReasoningText {
  type: 'reasoning_text';
  text: string;
}

export type ItemStatus = 'in_progress' | 'completed' | 'incomplete';

export interface MessageItem {
  type: 'message';
  id: string;
  status: ItemStatus;
  role: 'assistant';
  content: OutputText[];
}

export interface FunctionCallItem {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  /** For a tool declared inside a `namespace` tool: that namespace's name. */
  namespace?: string;
  arguments: string;
  status: ItemStatus;
}

/** A call of a `custom` (freeform) tool: its input is plain text, not JSON. */
export interface CustomToolCallItem {
  type: 'custom_tool_call';
  id: string;
  call_id: string;
  name: string;
  namespace?: string;
  input: string;
  status: ItemStatus;
}

export interface ReasoningItem {
  type: 'reasoning';
  id: string;
  status: ItemStatus;
  summary: never[];
  content: ReasoningText[];
  encrypted_content: null;
}

export type OutputItem = MessageItem | FunctionCallItem | CustomToolCallItem | ReasoningItem;

export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number; cache_write_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

export interface ResponseError {
  code: string;
  message: string;
}

/** The `response` object: the whole answer, and the payload of the lifecycle events. */
export interface ResponseObject {
  id: string;
  object: 'response';
  created_at: number;
  status: ResponseStatus;
  completed_at: number | null;
  error: ResponseError | null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  output: OutputItem[];
  usage: ResponseUsage | null;
  /** The rest echoes the request, as OpenAI does (see `echoOf` in read-request.ts). */
  [echoed: string]: unknown;
}
