/**
 * A Claude Code turn, scripted for the tests (written for this project, not
 * captured): request headers and bodies shaped as Claude Code sends them to
 * a gateway at `ANTHROPIC_BASE_URL`. The shape comes from public sources:
 *
 * - Claude Code's docs, "LLM gateway" and "Gateway protocol reference"
 *   (code.claude.com/docs/en/llm-gateway, /llm-gateway-protocol): it calls
 *   `/v1/messages` and, optionally, `/v1/messages/count_tokens`; a gateway must
 *   take the `anthropic-beta` and `anthropic-version` headers; it sends
 *   `X-Claude-Code-Session-Id`; `ANTHROPIC_AUTH_TOKEN` goes out as
 *   `Authorization: Bearer …`, `ANTHROPIC_API_KEY` as `x-api-key`.
 * - A wire capture of Claude Code 2.1.69 published at
 *   qntx.sbvh.nl/research/claude-api-wire-format.html: `POST /v1/messages?beta=true`,
 *   `anthropic-dangerous-direct-browser-access`, `x-app: cli`; a body with
 *   `system` text blocks carrying `cache_control`, `tools`,
 *   `metadata.user_id` of the form `user_<hash>_account_<uuid>_session_<uuid>`,
 *   `max_tokens: 32000`, `thinking`, `context_management`, `output_config`
 *   and `stream: true`; user turns of `<system-reminder>` text blocks beside
 *   the request and the tool results.
 * - The Claude Agent SDK's TypeScript reference (docs.claude.com, "Tool input
 *   types") for the Bash and Read tools' inputs. The descriptions here are
 *   short stand-ins for Claude Code's long ones.
 */

export const claudeCodeHeaders = {
  'anthropic-version': '2023-06-01',
  'anthropic-beta': 'claude-code-20250219,interleaved-thinking-2025-05-14,fine-grained-tool-streaming-2025-05-14',
  'anthropic-dangerous-direct-browser-access': 'true',
  'x-app': 'cli',
  'user-agent': 'claude-cli/2.1.69 (external, cli)',
  'x-claude-code-session-id': '3f1c8a52-9d0e-4b7a-8f64-2c1e5d7a9b30',
};

/** Claude Code puts `?beta=true` on its Messages URL. */
export const claudeCodePath = '/v1/messages?beta=true';

const draft7 = 'http://json-schema.org/draft-07/schema#';

/** A tool as Claude Code declares one: an object schema (draft-07) that takes no other properties. */
const claudeCodeTool = (name: string, description: string, properties: object, required: string[]) => ({
  name,
  description,
  input_schema: { type: 'object', properties, required, additionalProperties: false, $schema: draft7 },
});

export const claudeCodeTools = [
  claudeCodeTool(
    'Bash',
    'Executes a given bash command and returns its output.',
    {
      command: { type: 'string', description: 'The command to execute' },
      timeout: { type: 'number', description: 'Optional timeout in milliseconds (max 600000)' },
      description: {
        type: 'string',
        description: 'Clear, concise description of what this command does in 5-10 words',
      },
      run_in_background: { type: 'boolean', description: 'Set to true to run this command in the background' },
    },
    ['command'],
  ),
  claudeCodeTool(
    'Read',
    'Reads a file from the local filesystem.',
    {
      file_path: { type: 'string', description: 'The absolute path to the file to read' },
      offset: { type: 'number', description: 'The line number to start reading from' },
      limit: { type: 'number', description: 'The number of lines to read' },
    },
    ['file_path'],
  ),
];

const system = [
  { type: 'text', text: 'x-anthropic-billing-header: cc_version=2.1.69; cc_entrypoint=cli;' },
  {
    type: 'text',
    text: "You are Claude Code, Anthropic's official CLI for Claude.",
    cache_control: { type: 'ephemeral' },
  },
  {
    type: 'text',
    text: 'You are an interactive CLI tool that helps users with software engineering tasks. Use the tools available to you.',
    cache_control: { type: 'ephemeral' },
  },
];

const reminder = {
  type: 'text',
  text: '<system-reminder>\nAs you answer the user, use the tools available to you.\n</system-reminder>',
};

const firstUserTurn = {
  role: 'user',
  content: [reminder, { type: 'text', text: 'List the files in src.', cache_control: { type: 'ephemeral' } }],
};

function body(messages: unknown[]) {
  return {
    model: 'claude-sonnet-4-6',
    messages,
    system,
    tools: claudeCodeTools,
    metadata: {
      user_id:
        'user_5f0e3c2a9b7d4e1f8a6c3b2d1e0f9a8b7c6d5e4f3a2b1c0d_account_0d2c7e4a-5b1f-4c3e-9a8d-6f7e5d4c3b2a_session_3f1c8a52-9d0e-4b7a-8f64-2c1e5d7a9b30',
    },
    max_tokens: 32000,
    thinking: { type: 'adaptive' },
    context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
    output_config: { effort: 'medium' },
    stream: true,
  };
}

/** The first request of the turn: the user asks, the model should call Bash. */
export const claudeCodeFirstRequest = body([firstUserTurn]);

/** The second request: Claude Code sends back the call and its result (and a reminder). */
export function claudeCodeSecondRequest(toolUseId: string, input: Record<string, unknown>) {
  return body([
    firstUserTurn,
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'I will list the directory.', signature: 'toolshim-unsigned' },
        { type: 'tool_use', id: toolUseId, name: 'Bash', input },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: toolUseId, content: 'index.ts\nserver.ts', is_error: false },
        reminder,
      ],
    },
  ]);
}

/**
 * Whether a tool input fits the schema of this file's scripted copy of a
 * Claude Code tool: the tool exists, every required key is there and no
 * other key is (its schemas say `additionalProperties: false`), and each
 * value has the declared JSON type. A schema check, not Claude Code: the
 * real client runs against the proxy in worker/e2e/agents/.
 */
export function fitsScriptedClaudeCodeSchema(name: string, input: unknown): boolean {
  const tool = claudeCodeTools.find((t) => t.name === name);
  if (tool === undefined || typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const properties = tool.input_schema.properties as unknown as Record<string, { type: string }>;
  const entries = Object.entries(input);
  if (!tool.input_schema.required.every((key) => key in input)) return false;
  return entries.every(([key, value]) => properties[key] !== undefined && typeof value === properties[key].type);
}
