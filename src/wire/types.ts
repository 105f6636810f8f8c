/**
 * The OpenAI chat-completions wire format: the subset toolshim reads and
 * writes. Shared by the HTTP handler (src/server) and the engine adapters
 * (src/engines), whose engines speak this shape (WebLLM, the openai SDK).
 */

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } };

export type ChatMessage =
  | { role: 'system' | 'developer'; content: string | ChatContentPart[]; name?: string }
  | { role: 'user'; content: string | ChatContentPart[]; name?: string }
  | { role: 'assistant'; content?: string | ChatContentPart[] | null; tool_calls?: ChatToolCall[]; name?: string }
  | { role: 'tool'; content: string | ChatContentPart[]; tool_call_id: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean };
}

export type ChatToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

export type ChatResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      json_schema: { name: string; description?: string; schema?: Record<string, unknown>; strict?: boolean };
    };

export interface ChatCompletionRequest {
  model?: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
  tool_choice?: ChatToolChoice;
  parallel_tool_calls?: boolean;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  top_p?: number;
  stop?: string | string[];
  seed?: number;
  response_format?: ChatResponseFormat;
  /** Variables for the server's chat template (vLLM, SGLang and llama.cpp's server read them), e.g. `enable_thinking`. */
  chat_template_kwargs?: Record<string, unknown>;
  /** How hard a reasoning model thinks (OpenAI's field; vLLM reads it for gpt-oss). */
  reasoning_effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';
}

export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: {
      role: 'assistant';
      content: string | null;
      tool_calls?: ChatToolCall[];
      /**
       * The model's thinking, apart from `content`: the field DeepSeek's API,
       * vLLM and llama.cpp's server use (`reasoning` on some servers).
       */
      reasoning_content?: string | null;
      reasoning?: string | null;
    };
    finish_reason: ChatFinishReason;
  }>;
  usage?: ChatUsage;
}

export interface ChatToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    delta: {
      role?: 'assistant';
      content?: string | null;
      tool_calls?: ChatToolCallDelta[];
      /** Thinking, streamed apart from `content` (see the message's `reasoning_content`). */
      reasoning_content?: string | null;
      reasoning?: string | null;
    };
    finish_reason: ChatFinishReason;
  }>;
  usage?: ChatUsage | null;
}

/** An OpenAI-shaped error body. */
export interface ChatErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}
