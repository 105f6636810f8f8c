/// <reference types="node" />
/**
 * A SCRIPTED stand-in for a model server (not a model, and not recorded from
 * one): an OpenAI-compatible `/v1/chat/completions` (streamed and whole) and
 * `/v1/models` on 127.0.0.1, with no tool calling of its own. Each test sets
 * a script that reads the request the proxy sent (tools rendered into the
 * system prompt, the history rendered as text) and decides the next reply,
 * which this file writes by hand in the chosen format, so the proxy's parser
 * is checked against text it did not produce itself. In `native` format it
 * answers with `tool_calls`, as a server with tool calling would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export type Format = 'hermes' | 'qwen3-coder' | 'native';

export interface Call {
  name: string;
  arguments: Record<string, unknown>;
  /** Native format only: the `arguments` string sent instead of the JSON of `arguments` (a botched one). */
  argumentsText?: string;
}

/** The model's next turn: prose, then calls; `raw` is written verbatim instead (a botched call). */
export interface Reply {
  text?: string;
  calls?: Call[];
  raw?: string;
}

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface Turn {
  messages: ChatMessage[];
  /** Native mode only: the `tools` the proxy forwarded. */
  tools: Array<{ function?: { name?: string } }>;
  /** Every message's text, joined: where a script looks for tool results. */
  prompt: string;
  /** How many model turns the history already holds (assistant messages). */
  step: number;
  /** The prompt's size as this server counts it against `maxPromptTokens`. */
  tokens: number;
  /** Whether the request offers the tool: in `tools` (native) or in the system prompt (emulated). */
  declares: (name: string) => boolean;
}

export type Script = (turn: Turn) => Reply;

export interface Recorded {
  body: Record<string, unknown>;
  turn: Turn;
  reply: Reply | 'overflow';
}

export interface ScriptedUpstream {
  /** The base URL to hand the proxy, ending in /v1. */
  url: string;
  format: Format;
  requests: Recorded[];
  /** The script the next requests are answered by. */
  script: Script;
  /** Prompts estimated above this many tokens get a context-overflow 400, worded as `overflowStyle`'s server does. */
  maxPromptTokens: number;
  overflowStyle: 'llama.cpp' | 'vllm';
  close: () => Promise<void>;
}

/** Anything the script does not expect (a client's background request): plain prose. */
export const idle: Script = () => ({ text: 'Nothing to do.' });

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('\n');
  return '';
}

function turnOf(body: Record<string, unknown>): Turn {
  const messages = (body.messages ?? []) as ChatMessage[];
  const tools = (body.tools ?? []) as Turn['tools'];
  const prompt = messages
    .map((m) => [textOf(m.content), ...(m.tool_calls ?? []).map((c) => c.function.arguments)].join('\n'))
    .join('\n');
  const system = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => textOf(m.content))
    .join('\n');
  const declares = (name: string) =>
    tools.some((t) => t.function?.name === name) ||
    // Both formats list each tool's JSON schema with its name in the system prompt.
    new RegExp(`"name": ?"${name}"`).test(system);
  const step = messages.filter((m) => m.role === 'assistant').length;
  return { messages, tools, prompt, step, tokens: estimateTokens(body), declares };
}

/** A string argument goes in as is; anything else as JSON (Qwen3-Coder's chat template does the same). */
function qwenValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The reply as the model writes it, in `format`'s own markup. */
export function replyText(format: Exclude<Format, 'native'>, reply: Reply): string {
  if (reply.raw !== undefined) return reply.raw;
  const calls = (reply.calls ?? []).map((call) =>
    format === 'hermes'
      ? `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call>`
      : `<tool_call>\n<function=${call.name}>\n${Object.entries(call.arguments)
          .map(([key, value]) => `<parameter=${key}>\n${qwenValue(value)}\n</parameter>\n`)
          .join('')}</function>\n</tool_call>`,
  );
  return [reply.text ?? '', ...calls].filter((part) => part !== '').join('\n');
}

function estimateTokens(body: Record<string, unknown>): number {
  // About four characters a token: enough to trip a limit on purpose. The tools count too, as a
  // server's chat template writes them into the prompt (native mode sends them apart).
  return Math.ceil((JSON.stringify(body.messages ?? []).length + JSON.stringify(body.tools ?? []).length) / 4);
}

/** The 400 llama.cpp's server and vLLM answer when the prompt does not fit the context, in their words. */
function overflowBody(style: 'llama.cpp' | 'vllm', tokens: number, limit: number): unknown {
  if (style === 'llama.cpp') {
    return {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: tokens,
        n_ctx: limit,
      },
    };
  }
  return {
    object: 'error',
    message: `This model's maximum context length is ${limit} tokens. However, you requested ${tokens} tokens in the messages, Please reduce the length of the messages.`,
    type: 'BadRequestError',
    param: null,
    code: 400,
  };
}

let ids = 0;

function message(format: Format, reply: Reply) {
  if (format !== 'native') return { role: 'assistant', content: replyText(format, reply) };
  const calls = (reply.calls ?? []).map((call) => ({
    id: `call_scripted_${++ids}`,
    type: 'function',
    function: { name: call.name, arguments: call.argumentsText ?? JSON.stringify(call.arguments) },
  }));
  return {
    role: 'assistant',
    content: reply.raw ?? reply.text ?? null,
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}

function answer(response: ServerResponse, body: Record<string, unknown>, format: Format, reply: Reply): void {
  const msg = message(format, reply);
  const finish = 'tool_calls' in msg ? 'tool_calls' : 'stop';
  const base = { id: `chatcmpl-scripted-${++ids}`, created: Math.floor(Date.now() / 1000), model: body.model };
  const usage = { prompt_tokens: estimateTokens(body), completion_tokens: 10, total_tokens: estimateTokens(body) + 10 };
  if (body.stream !== true) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: msg, finish_reason: finish }],
        usage,
      }),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (delta: unknown, finishReason: string | null = null, extra: object = {}) =>
    response.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`,
    );
  send({ role: 'assistant', content: '' });
  // Text in pieces of up to 64 characters, so markers arrive split across chunks as real tokens do.
  const content = typeof msg.content === 'string' ? msg.content : '';
  for (let i = 0; i < content.length; i += 64) send({ content: content.slice(i, i + 64) });
  for (const [index, call] of (('tool_calls' in msg ? msg.tool_calls : undefined) ?? []).entries()) {
    send({
      tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }],
    });
    const args = call.function.arguments;
    for (let i = 0; i < args.length; i += 64)
      send({ tool_calls: [{ index, function: { arguments: args.slice(i, i + 64) } }] });
  }
  send({}, finish);
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage) {
    response.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
  }
  response.end('data: [DONE]\n\n');
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const piece of request) text += piece;
  return text;
}

/** `port` 0 takes a free one; a given port in use fails the start (EADDRINUSE). */
export function startUpstream(format: Format, model: string, port = 0): Promise<ScriptedUpstream> {
  const state: ScriptedUpstream = {
    url: '',
    format,
    requests: [],
    script: idle,
    maxPromptTokens: Number.POSITIVE_INFINITY,
    overflowStyle: 'llama.cpp',
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === '/v1/models') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model', owned_by: 'scripted' }] }));
      return;
    }
    if (request.method !== 'POST' || path !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `no route ${request.method} ${path}` } }));
      return;
    }
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    const turn = turnOf(body);
    if (turn.tokens > state.maxPromptTokens) {
      state.requests.push({ body, turn, reply: 'overflow' });
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify(overflowBody(state.overflowStyle, turn.tokens, state.maxPromptTokens)));
      return;
    }
    const reply = state.script(turn);
    state.requests.push({ body, turn, reply });
    answer(response, body, format, reply);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      state.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
      state.close = () => new Promise((done) => server.close(() => done()));
      resolve(state);
    });
  });
}
