/**
 * A scripted Codex CLI turn: request bodies and headers shaped as Codex CLI
 * sends them to a custom provider with `wire_api = "responses"`, and a reader
 * that accepts an answer only where Codex's own SSE reader would. Written for
 * toolshim's tests from Codex's public source (openai/codex), not recorded:
 *
 * - the envelope: codex-rs/core/src/client.rs @ edd459a993685eac49a553978eb2b5c3c835301d
 *   (`ResponsesApiRequest`: model, instructions, input, tools, tool_choice "auto",
 *   parallel_tool_calls, reasoning (null for a model without reasoning
 *   summaries), store false, stream true, include, prompt_cache_key; headers
 *   `OpenAI-Beta: responses=experimental`, `conversation_id`, `session_id`,
 *   `Accept: text/event-stream`), and codex-rs/codex-api/src/common.rs @
 *   5c159cd93372b0a6a60addeea96ead0b889599e8 for the same fields today;
 * - the tools: codex-rs/core/src/tools/spec.rs @ b8a1c8f8c4671c9a534eede7f32f11f5c9a5f938
 *   (`exec_command`, `write_stdin`, `update_plan`, `view_image` functions with
 *   `strict: false`; `apply_patch` as a freeform `custom` tool with the lark
 *   grammar of codex-rs/core/src/tools/handlers/tool_apply_patch.lark @
 *   71163530a46dc568775f9ee95a9b57de3385cd9a; `web_search` with
 *   `external_web_access: false`, Codex's "cached" default);
 * - the items: codex-rs/protocol/src/models.rs @ 152e7caecdc1050f186f3ec768ec5fb2cfa04923
 *   (`ResponseItem`: ids are not serialized back; `function_call_output.output`
 *   a string; `reasoning` items keep `summary` and drop raw `content`);
 * - the reader: codex-rs/codex-api/src/sse/responses.rs @ 0a7fb0d762765b7777bd3ca30edabcbeeab1abb0
 *   (`process_sse`: acts on `response.output_item.done` items, `response.completed`
 *   with `response.id` and optional `usage`, `response.failed`'s `response.error`;
 *   a stream that ends without `response.completed` is an error).
 */
import { parseEvents, type ResponsesEvent } from './responses-events.ts';

export const CODEX_MODEL = 'qwen3-coder';
const THREAD = '0199a0c4-5b1e-7c32-9d1f-1a2b3c4d5e6f';

/** The headers Codex sends besides its `Authorization: Bearer <env_key value>`. */
export const codexHeaders: Record<string, string> = {
  'content-type': 'application/json',
  accept: 'text/event-stream',
  'openai-beta': 'responses=experimental',
  conversation_id: THREAD,
  session_id: THREAD,
  originator: 'codex_cli_rs',
};

const APPLY_PATCH_GRAMMAR = `start: begin_patch hunk+ end_patch
begin_patch: "*** Begin Patch" LF
end_patch: "*** End Patch" LF?

hunk: add_hunk | delete_hunk | update_hunk
add_hunk: "*** Add File: " filename LF add_line+
delete_hunk: "*** Delete File: " filename LF
update_hunk: "*** Update File: " filename LF change_move? change?

filename: /(.+)/
add_line: "+" /(.*)/ LF -> line

change_move: "*** Move to: " filename LF
change: (change_context | change_line)+ eof_line?
change_context: ("@@" | "@@ " /(.+)/) LF
change_line: ("+" | "-" | " ") /(.*)/ LF
eof_line: "*** End of File" LF

%import common.LF
`;

const string = (description: string) => ({ type: 'string', description });
const number = (description: string) => ({ type: 'number', description });

export const codexTools = [
  {
    type: 'function',
    name: 'exec_command',
    description: 'Runs a command in a PTY, returning output or a session ID for ongoing interaction.',
    strict: false,
    parameters: {
      type: 'object',
      properties: {
        cmd: string('Shell command to execute.'),
        workdir: string('Optional working directory to run the command in; defaults to the turn cwd.'),
        yield_time_ms: number('How long to wait (in milliseconds) for output before yielding.'),
        max_output_tokens: number('Maximum number of tokens to return. Excess output will be truncated.'),
      },
      required: ['cmd'],
      additionalProperties: false,
    },
  },
  {
    type: 'function',
    name: 'write_stdin',
    description: 'Writes characters to an existing unified exec session and returns recent output.',
    strict: false,
    parameters: {
      type: 'object',
      properties: {
        session_id: number('Identifier of the running unified exec session.'),
        chars: string('Bytes to write to stdin (may be empty to poll).'),
      },
      required: ['session_id'],
      additionalProperties: false,
    },
  },
  {
    type: 'function',
    name: 'update_plan',
    description: 'Updates the task plan.',
    strict: false,
    parameters: {
      type: 'object',
      properties: {
        explanation: { type: 'string' },
        plan: {
          type: 'array',
          items: {
            type: 'object',
            properties: { step: { type: 'string' }, status: string('One of: pending, in_progress, completed') },
            required: ['step', 'status'],
            additionalProperties: false,
          },
        },
      },
      required: ['plan'],
      additionalProperties: false,
    },
  },
  {
    type: 'custom',
    name: 'apply_patch',
    description: 'Use the `apply_patch` tool to edit files. This is a FREEFORM tool, so do not wrap the patch in JSON.',
    format: { type: 'grammar', syntax: 'lark', definition: APPLY_PATCH_GRAMMAR },
  },
  { type: 'web_search', external_web_access: false },
  {
    type: 'function',
    name: 'view_image',
    description: 'Attach a local image (by filesystem path) to the conversation context for this turn.',
    strict: false,
    parameters: {
      type: 'object',
      properties: { path: string('Local filesystem path to an image file') },
      required: ['path'],
      additionalProperties: false,
    },
  },
];

const message = (role: string, text: string) => ({
  type: 'message',
  role,
  content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text }],
});

/** The opening of every Codex turn: developer permissions, the environment, the user's request. */
export function codexOpening(request: string): unknown[] {
  return [
    message(
      'developer',
      '<permissions instructions>Filesystem sandboxing: workspace-write.</permissions instructions>',
    ),
    message(
      'user',
      '<environment_context>\n  <cwd>/home/dev/project</cwd>\n  <approval_policy>on-request</approval_policy>\n  <shell>bash</shell>\n</environment_context>',
    ),
    message('user', request),
  ];
}

export interface CodexSettings {
  /** config.toml's `model`. */
  model?: string;
  /** config.toml's `web_search`: Codex declares the hosted tool unless it is "disabled" (default "cached"). */
  webSearch?: string;
}

/** A request body as Codex builds it: `input` is the whole history so far (Codex keeps no server state). */
export function codexBody(input: unknown[], settings: CodexSettings = {}): Record<string, unknown> {
  const tools =
    settings.webSearch === 'disabled' ? codexTools.filter((tool) => tool.type !== 'web_search') : codexTools;
  return {
    model: settings.model ?? CODEX_MODEL,
    instructions:
      "You are Codex, based on GPT-5. You are running as a coding agent in the Codex CLI on a user's computer.",
    input,
    tools,
    tool_choice: 'auto',
    parallel_tool_calls: false,
    reasoning: null,
    store: false,
    stream: true,
    include: [],
    prompt_cache_key: THREAD,
  };
}

/** How Codex records an answer's items for the next request: `id` dropped, the rest as it came. */
export function asCodexHistory(items: Array<Record<string, unknown>>): unknown[] {
  return items.map((item) => {
    const { id: _id, status, ...rest } = item;
    // Codex's ResponseItem keeps `status` only on custom tool calls, and drops raw reasoning content.
    if (item.type === 'custom_tool_call') return { ...rest, status };
    if (item.type === 'reasoning') return { type: 'reasoning', summary: item.summary, encrypted_content: null };
    if (item.type === 'message') {
      return {
        type: 'message',
        role: item.role,
        content: (item.content as Array<{ text: string }>).map((c) => ({ type: 'output_text', text: c.text })),
      };
    }
    return rest;
  });
}

export interface CodexTurn {
  /** The `response.output_item.done` items, in order, as Codex acts on them. */
  items: Array<Record<string, unknown>>;
  responseId: string;
  /** The model the answer names (`response.model`). */
  model: unknown;
  usage: { input_tokens: number; output_tokens: number; total_tokens: number } | undefined;
  /** Text streamed by `response.output_text.delta`, which Codex shows as it arrives. */
  streamedText: string;
}

function fail(why: string): never {
  throw new Error(`The stream does not fit what codex-rs's process_sse reads: ${why}`);
}

/**
 * Checks the fields that Codex's `process_sse` deserializes (as read from
 * codex-rs's source), and collects the turn. Our reading of its source, not
 * Codex: the real client runs against the proxy in worker/e2e/agents/.
 */
export function checkCodexReadFields(events: ResponsesEvent[]): CodexTurn {
  const items: Array<Record<string, unknown>> = [];
  let completed: { id: string; model: unknown; usage: CodexTurn['usage'] } | undefined;
  let streamedText = '';
  for (const event of events) {
    switch (event.type) {
      case 'response.output_item.done': {
        const item = event.item as Record<string, unknown>;
        if (item.type === 'message') {
          if (typeof item.role !== 'string' || !Array.isArray(item.content))
            fail('a message item without role or content');
          for (const part of item.content as Array<Record<string, unknown>>) {
            if (part.type !== 'output_text' || typeof part.text !== 'string')
              fail('a message part that is not output_text');
          }
        } else if (item.type === 'function_call') {
          for (const key of ['name', 'arguments', 'call_id'])
            if (typeof item[key] !== 'string') fail(`function_call.${key} missing`);
        } else if (item.type === 'custom_tool_call') {
          for (const key of ['name', 'input', 'call_id'])
            if (typeof item[key] !== 'string') fail(`custom_tool_call.${key} missing`);
        } else if (item.type === 'reasoning') {
          if (!Array.isArray(item.summary)) fail('a reasoning item without summary');
        }
        items.push(item);
        break;
      }
      case 'response.output_text.delta':
        if (typeof event.delta !== 'string') fail('an output_text.delta without delta');
        streamedText += event.delta;
        break;
      case 'response.completed': {
        const response = event.response as Record<string, unknown> | undefined;
        if (typeof response?.id !== 'string') fail('response.completed without response.id');
        const usage = response.usage as CodexTurn['usage'] | null;
        if (usage) {
          for (const key of ['input_tokens', 'output_tokens', 'total_tokens'] as const) {
            if (!Number.isInteger(usage[key])) fail(`usage.${key} is not an integer`);
          }
        }
        completed = { id: response.id, model: response.model, usage: usage ?? undefined };
        break;
      }
      case 'response.failed': {
        const error = (event.response as { error?: { message?: string } } | undefined)?.error;
        throw new Error(`response.failed: ${error?.message ?? 'no message'}`);
      }
      default:
        break;
    }
  }
  if (completed === undefined) fail('stream closed before response.completed');
  return { items, responseId: completed.id, model: completed.model, usage: completed.usage, streamedText };
}

/**
 * Sends one Codex turn to `send` the way Codex does (`POST {base_url}/responses`,
 * streamed) and reads the answer like Codex. `base` is the provider's
 * `base_url`, e.g. `http://127.0.0.1:8787/v1`.
 */
export async function codexTurn(
  send: (request: Request) => Promise<Response>,
  base: string,
  token: string,
  input: unknown[],
  settings: CodexSettings = {},
): Promise<CodexTurn> {
  const response = await send(
    new Request(`${base}/responses`, {
      method: 'POST',
      headers: { ...codexHeaders, authorization: `Bearer ${token}` },
      body: JSON.stringify(codexBody(input, settings)),
    }),
  );
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`Codex reads SSE; got ${response.headers.get('content-type')}`);
  }
  return checkCodexReadFields(parseEvents(await response.text()));
}

/** The patch the scripted sessions have the model apply. */
export const CODEX_PATCH = '*** Begin Patch\n*** Add File: hello.txt\n+Hello, "world"!\n*** End Patch\n';
/** What Codex answers for the session's command and patch (its shell and apply_patch output formats). */
const EXEC_OUTPUT = 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nREADME.md\nsrc\n';
const PATCH_OUTPUT = 'Success. Updated the following files:\nA hello.txt\n';

/**
 * A three-turn Codex session for a model scripted to run a command, apply a
 * patch (the freeform tool), then answer: each turn's history is the last one
 * plus the answer's items as Codex records them and the tool's output.
 */
export async function codexSession(
  send: (request: Request) => Promise<Response>,
  base: string,
  token: string,
  settings: CodexSettings = {},
): Promise<[CodexTurn, CodexTurn, CodexTurn]> {
  const history = codexOpening('Add a hello.txt file.');
  const callOf = (turn: CodexTurn, type: string) => {
    const item = turn.items.find((i) => i.type === type);
    if (item === undefined) throw new Error(`expected a ${type} item, got ${JSON.stringify(turn.items)}`);
    return item as { call_id: string };
  };
  const steps = [
    ['function_call', 'function_call_output', EXEC_OUTPUT],
    ['custom_tool_call', 'custom_tool_call_output', PATCH_OUTPUT],
  ] as const;
  const turns: CodexTurn[] = [];
  for (const [callType, outputType, output] of steps) {
    const turn = await codexTurn(send, base, token, history, settings);
    turns.push(turn);
    const call = callOf(turn, callType);
    history.push(...asCodexHistory(turn.items), { type: outputType, call_id: call.call_id, output });
  }
  turns.push(await codexTurn(send, base, token, history, settings));
  return turns as [CodexTurn, CodexTurn, CodexTurn];
}
