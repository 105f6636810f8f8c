/**
 * The load of `npm run bench:proxy`, shared by its two hosts (the Worker in
 * workerd, proxy-worker.ts, and the Node in-process pass, proxy.bench.ts), so
 * both measure the same bytes: two requests, and for each an upstream stub
 * that streams a canned answer from inside the isolate (no socket, so the
 * numbers are the proxy's own cost, not a network's).
 *
 * - small: chat completions, one tool, a one-call answer;
 * - agent: a Claude Code-shaped Messages request (21 tools with long
 *   descriptions, a few turns of history: about 70 KB, the size the issue
 *   measured) answered with prose and one Bash call.
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

export interface BenchRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The answer's last frame, so a run can check every answer ended as it should. */
  done: string;
  /** Text the answer holds once it carries the call. */
  call: string;
}

const chat = ROUTE_SAMPLES[0];
if (chat === undefined) throw new Error('ROUTE_SAMPLES lost its chat-completions sample');

/** A tool description the length of Claude Code's (they run 1–5 KB): a paragraph of usage notes, repeated. */
function longDescription(name: string, kb: number): string {
  const note = `Use ${name} when the task needs it. Prefer the dedicated tools over shell commands where one exists; read a file before you edit it; keep paths absolute; never guess at values the user did not give you, ask instead. `;
  return `${name}: ${note.repeat(Math.ceil((kb * 1024) / note.length))}`;
}

const AGENT_TOOL_NAMES = [
  'Write',
  'Edit',
  'MultiEdit',
  'Glob',
  'Grep',
  'LS',
  'Task',
  'TodoWrite',
  'WebFetch',
  'WebSearch',
  'NotebookEdit',
  'NotebookRead',
  'ExitPlanMode',
  'BashOutput',
  'KillShell',
  'SlashCommand',
  'Skill',
  'AskUserQuestion',
  'ListMcpResources',
];

function agentTools(): unknown[] {
  const extra = AGENT_TOOL_NAMES.map((name, i) => ({
    name,
    description: longDescription(name, 1 + (i % 4)),
    input_schema: {
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
  return [...claudeCodeTools.map((tool) => ({ ...tool, description: longDescription(tool.name, 3) })), ...extra];
}

const reminder = (text: string) => ({ type: 'text', text: `<system-reminder>\n${text}\n</system-reminder>` });

/** Three earlier turns: a call, its result (a directory listing), prose. */
function agentHistory(): unknown[] {
  const listing = Array.from({ length: 60 }, (_, i) => `src/module-${i}/index.ts`).join('\n');
  const turns: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    const id = `toolu_0${i}`;
    turns.push(
      {
        role: 'user',
        content: [
          reminder('As you answer the user, use the tools available to you.'),
          { type: 'text', text: `Step ${i}: look at the source.` },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'I will list the directory.' },
          { type: 'tool_use', id, name: 'Bash', input: { command: `ls -R src/${i}` } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: listing, is_error: false }] },
      {
        role: 'assistant',
        content: [{ type: 'text', text: `Step ${i} done: the modules are laid out one per folder.` }],
      },
    );
  }
  turns.push({ role: 'user', content: [{ type: 'text', text: 'Now run the tests.' }] });
  return turns;
}

export const BENCH_REQUESTS: Record<BenchSize, BenchRequest> = {
  small: {
    path: chat.path,
    headers: {},
    body: JSON.stringify({ ...chat.body, stream: true }),
    done: 'data: [DONE]\n\n',
    call: '"tool_calls"',
  },
  agent: {
    path: claudeCodePath,
    headers: { ...claudeCodeHeaders },
    body: JSON.stringify({
      model: 'claude-sonnet-4-6',
      system: [{ type: 'text', text: longDescription('Claude Code', 4) }],
      tools: agentTools(),
      messages: agentHistory(),
      max_tokens: 32000,
      thinking: { type: 'adaptive' },
      stream: true,
    }),
    done: 'event: message_stop\n',
    call: '"type":"tool_use"',
  },
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

/** The header that tells the bench Worker which handler serves a request. */
export const BENCH_HEADER = 'x-bench-case';

export const benchCase = (mode: BenchMode, size: BenchSize) => `${mode}-${size}`;
