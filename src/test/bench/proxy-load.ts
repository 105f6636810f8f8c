/**
 * The load of `npm run bench:proxy`, shared by its two hosts (the Worker in
 * workerd, proxy-worker.ts, and the Node server, proxy-node.ts), so both
 * measure the same bytes: for each API (chat completions, Responses,
 * Messages) two requests, and for each an upstream stub that streams a canned
 * answer from inside the process (no upstream socket, so the numbers are the
 * proxy's own cost, not a network's).
 *
 * - small: the API's route sample (src/server/test/routes.ts), one tool, a
 *   one-call answer;
 * - agent: an agent's request in the API's own shape: 60 tools with long
 *   descriptions (Claude Code's and MCP-style ones), a system prompt and three
 *   turns of history, about 80 KB, answered with prose and one Bash call.
 *
 * The emulated upstream writes the call as Hermes text; the native one as
 * `tool_calls` deltas: the same prose and the same arguments, in ~4-character
 * pieces (about a token each), one SSE event per network chunk.
 */
import { claudeCodeHeaders, claudeCodePath, claudeCodeTools } from '../../server/messages/test/claude-code.ts';
import { ROUTE_SAMPLES } from '../../server/test/routes.ts';
import { createProxyHandlerFromEnv, type ProxyHandler } from '../../server.ts';

export type BenchMode = 'emulated' | 'native';
export type BenchSize = 'small' | 'agent';
export type BenchApi = 'chat' | 'responses' | 'messages';
export const BENCH_APIS: readonly BenchApi[] = ['chat', 'responses', 'messages'];

export interface BenchRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The answer's last frame, so a run can check every answer ended as it should. */
  done: string;
  /** Text the answer holds once it carries the call. */
  call: string;
}

const sampleOf = (path: string) => {
  const sample = ROUTE_SAMPLES.find((s) => s.path === path);
  if (sample === undefined) throw new Error(`ROUTE_SAMPLES lost its ${path} sample`);
  return sample;
};

/** A tool description the length of an agent's (they run 1–5 KB): a paragraph of usage notes, repeated. */
function longDescription(name: string, kb: number): string {
  const note = `Use ${name} when the task needs it. Prefer the dedicated tools over shell commands where one exists; read a file before you edit it; keep paths absolute; never guess at values the user did not give you, ask instead. `;
  return `${name}: ${note.repeat(Math.ceil((kb * 1024) / note.length))}`;
}

interface ToolSpec {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

/**
 * An agent's tools: Claude Code's own (Bash among them), then MCP-style
 * ones, 60 in all with about half a KB of description each; with the history
 * below, a request of about 80 KB in every API's shape, the size the issue
 * measured (73.5 KB, 60 tools, on chat completions).
 */
function agentToolSpecs(): ToolSpec[] {
  const own = claudeCodeTools.map((tool) => ({
    name: tool.name,
    description: longDescription(tool.name, 1),
    schema: tool.input_schema,
  }));
  const extra = Array.from({ length: 60 - own.length }, (_, i) => ({
    name: `mcp__workspace__tool_${i}`,
    description: longDescription(`tool_${i}`, 0.25 + (i % 3) * 0.25),
    schema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The absolute path this works on' },
        pattern: { type: 'string', description: 'A glob or regular expression, when the tool takes one' },
        limit: { type: 'number', description: 'At most this many results' },
        options: {
          type: 'object',
          properties: { recursive: { type: 'boolean' }, mode: { type: 'string', enum: ['fast', 'full'] } },
        },
      },
      required: ['path'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
  }));
  return [...own, ...extra];
}

/** Three earlier turns, each a call, its result (a directory listing) and prose, in the API's own shape. */
interface Turn {
  ask: string;
  id: string;
  command: string;
  result: string;
  after: string;
}

function agentTurns(): Turn[] {
  const listing = Array.from({ length: 60 }, (_, i) => `src/module-${i}/index.ts`).join('\n');
  return [0, 1, 2].map((i) => ({
    ask: `Step ${i}: look at the source.`,
    id: `call_0${i}`,
    command: `ls -R src/${i}`,
    result: listing,
    after: `Step ${i} done: the modules are laid out one per folder.`,
  }));
}

const SYSTEM = longDescription('The agent', 4);
const LAST_ASK = 'Now run the tests.';

function chatAgentBody(): Record<string, unknown> {
  const messages: unknown[] = [{ role: 'system', content: SYSTEM }];
  for (const turn of agentTurns()) {
    messages.push(
      { role: 'user', content: turn.ask },
      {
        role: 'assistant',
        content: 'I will list the directory.',
        tool_calls: [
          {
            id: turn.id,
            type: 'function',
            function: { name: 'Bash', arguments: JSON.stringify({ command: turn.command }) },
          },
        ],
      },
      { role: 'tool', tool_call_id: turn.id, content: turn.result },
      { role: 'assistant', content: turn.after },
    );
  }
  messages.push({ role: 'user', content: LAST_ASK });
  const tools = agentToolSpecs().map(({ name, description, schema }) => ({
    type: 'function',
    function: { name, description, parameters: schema },
  }));
  return { model: 'm', messages, tools, stream: true, stream_options: { include_usage: true } };
}

function responsesAgentBody(): Record<string, unknown> {
  const input: unknown[] = [];
  for (const turn of agentTurns()) {
    input.push(
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: turn.ask }] },
      { type: 'function_call', call_id: turn.id, name: 'Bash', arguments: JSON.stringify({ command: turn.command }) },
      { type: 'function_call_output', call_id: turn.id, output: turn.result },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: turn.after }] },
    );
  }
  input.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: LAST_ASK }] });
  const tools = agentToolSpecs().map(({ name, description, schema }) => ({
    type: 'function',
    name,
    description,
    parameters: schema,
  }));
  return { model: 'm', instructions: SYSTEM, input, tools, stream: true, store: false };
}

const reminder = (text: string) => ({ type: 'text', text: `<system-reminder>\n${text}\n</system-reminder>` });

function messagesAgentBody(): Record<string, unknown> {
  const messages: unknown[] = [];
  for (const turn of agentTurns()) {
    messages.push(
      {
        role: 'user',
        content: [
          reminder('As you answer the user, use the tools available to you.'),
          { type: 'text', text: turn.ask },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'I will list the directory.' },
          { type: 'tool_use', id: turn.id, name: 'Bash', input: { command: turn.command } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: turn.id, content: turn.result, is_error: false }] },
      { role: 'assistant', content: [{ type: 'text', text: turn.after }] },
    );
  }
  messages.push({ role: 'user', content: [{ type: 'text', text: LAST_ASK }] });
  const tools = agentToolSpecs().map(({ name, description, schema }) => ({ name, description, input_schema: schema }));
  return {
    model: 'claude-sonnet-4-6',
    system: [{ type: 'text', text: SYSTEM }],
    tools,
    messages,
    max_tokens: 32000,
    thinking: { type: 'adaptive' },
    stream: true,
  };
}

/** What each API's answer ends with, and how it carries a call. */
const API_SHAPE: Record<BenchApi, { path: string; headers: Record<string, string>; done: string; call: string }> = {
  chat: { path: '/v1/chat/completions', headers: {}, done: 'data: [DONE]\n\n', call: '"tool_calls"' },
  responses: { path: '/v1/responses', headers: {}, done: 'event: response.completed\n', call: '"function_call"' },
  messages: {
    path: claudeCodePath,
    headers: { ...claudeCodeHeaders },
    done: 'event: message_stop\n',
    call: '"type":"tool_use"',
  },
};

const AGENT_BODIES: Record<BenchApi, () => Record<string, unknown>> = {
  chat: chatAgentBody,
  responses: responsesAgentBody,
  messages: messagesAgentBody,
};

function benchRequest(api: BenchApi, size: BenchSize): BenchRequest {
  const shape = API_SHAPE[api];
  const body =
    size === 'agent' ? AGENT_BODIES[api]() : { ...sampleOf(shape.path.replace(/\?.*$/, '')).body, stream: true };
  return { ...shape, body: JSON.stringify(body) };
}

export const BENCH_REQUESTS: Record<BenchApi, Record<BenchSize, BenchRequest>> = {
  chat: { small: benchRequest('chat', 'small'), agent: benchRequest('chat', 'agent') },
  responses: { small: benchRequest('responses', 'small'), agent: benchRequest('responses', 'agent') },
  messages: { small: benchRequest('messages', 'small'), agent: benchRequest('messages', 'agent') },
};

/** What the model says: prose before the call, the call's name and its arguments. */
const ANSWERS: Record<BenchSize, { prose: string; name: string; args: string }> = {
  small: { prose: '', name: 'get_weather', args: JSON.stringify({ city: 'Paris' }) },
  agent: {
    prose: 'The modules are in place; I will run the whole test suite now and report what fails, if anything does.',
    name: 'Bash',
    args: JSON.stringify({
      command: 'npx vitest run --config vitest.config.ts src/server src/middleware --reporter=dot 2>&1 | tail -40',
      description: 'Run the server and middleware tests',
      timeout: 600000,
    }),
  },
};

const pieces = (text: string, size = 4): string[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

const event = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;

/** The upstream's SSE events: one network chunk each. */
export function upstreamEvents(mode: BenchMode, size: BenchSize): string[] {
  const { prose, name, args } = ANSWERS[size];
  const events = [event({ role: 'assistant', content: '' })];
  const text = (content: string) => event({ content });
  if (mode === 'emulated') {
    // `<tool_call>` and `</tool_call>` are one token each in the Hermes-format models (Qwen's special tokens).
    const call = `\n{"name": "${name}", "arguments": ${args}}\n`;
    const hermes = [...pieces(`${prose}${prose ? '\n\n' : ''}`), '<tool_call>', ...pieces(call), '</tool_call>'];
    events.push(...hermes.map(text));
    events.push(event({}, 'stop'));
  } else {
    events.push(...pieces(prose).map(text));
    const call = (fn: Record<string, unknown>, first: boolean) =>
      event({ tool_calls: [{ index: 0, ...(first ? { id: 'call_bench', type: 'function' } : {}), function: fn }] });
    events.push(call({ name, arguments: '' }, true));
    events.push(...pieces(args).map((piece) => call({ arguments: piece }, false)));
    events.push(event({}, 'tool_calls'));
  }
  events.push(
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 } })}\n\n`,
  );
  events.push('data: [DONE]\n\n');
  return events;
}

/** A fetch that answers every request with `events`, one chunk per pull, without reading the request. */
export function stubUpstream(events: string[]): typeof fetch {
  const encoder = new TextEncoder();
  const chunks = events.map((text) => encoder.encode(text));
  const headers = { 'content-type': 'text/event-stream' };
  return (async () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[next++];
        if (chunk === undefined) controller.close();
        // A fresh copy: a real network chunk is a new buffer too.
        else controller.enqueue(chunk.slice());
      },
    });
    return new Response(body, { headers });
  }) as typeof fetch;
}

/** The proxy handler for one mode and size, built as the Worker builds it (from env vars). */
export function benchHandler(mode: BenchMode, size: BenchSize): ProxyHandler {
  return createProxyHandlerFromEnv(
    { UPSTREAM_BASE_URL: 'http://upstream.invalid/v1', TOOL_MODE: mode, PROTOCOL: 'hermes' },
    { fetch: stubUpstream(upstreamEvents(mode, size)) },
  );
}

/** Every case's handler, by its BENCH_HEADER value (a handler serves every API; the answer depends on the size). */
export function benchHandlers(): Map<string, ProxyHandler> {
  const handlers = new Map<string, ProxyHandler>();
  for (const mode of ['emulated', 'native'] as BenchMode[]) {
    for (const size of ['small', 'agent'] as BenchSize[]) handlers.set(benchCase(mode, size), benchHandler(mode, size));
  }
  return handlers;
}

/** The header that tells the bench Worker which handler serves a request. */
export const BENCH_HEADER = 'x-bench-case';

export const benchCase = (mode: BenchMode, size: BenchSize) => `${mode}-${size}`;
