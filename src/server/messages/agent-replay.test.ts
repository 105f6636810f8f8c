/**
 * The offline sample model (the replay engine, the Worker's default) behind
 * `/v1/messages`, with Claude Code's tools: "run `ls`" is one Bash call with
 * Bash's own arguments, the result comes back and a final answer ends the
 * turn; words in the system prompt, the tool descriptions or a
 * `<system-reminder>` never choose the script. The bodies are shaped as
 * Claude Code sends them (./test/claude-code.ts: scripted, not recorded),
 * plus the `system` message Claude Code 2.1.328 puts after the request
 * (its environment, with backticked file names), as seen when it was run
 * against this proxy; the text here is written for the test.
 */
import { describe, expect, it } from 'vitest';
import { proxyOptionsFromEnv } from '../core/env-options.ts';
import { createProxyHandler } from '../handler.ts';
import {
  claudeCodeFirstRequest,
  claudeCodeHeaders,
  claudeCodePath,
  claudeCodeTools,
  fitsScriptedClaudeCodeSchema,
} from './test/claude-code.ts';

const handler = createProxyHandler(proxyOptionsFromEnv({ REPLAY_DELAY_MS: '0' }));

interface Block {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
}
interface Message {
  content: Block[];
  stop_reason: string;
}

const WORDS = 'Never leave a broken build; report a malformed tool call to the user.';
const reminder = (text: string) => ({ type: 'text', text: `<system-reminder>\n${text}\n</system-reminder>` });
const skills = reminder(
  'The following skills are available:\n- fix-broken-tests: repairs broken or malformed test files\n- weather: looks things up',
);
const tools = claudeCodeTools.map((tool) => ({ ...tool, description: `${tool.description} ${WORDS}` }));
const system = [...claudeCodeFirstRequest.system, { type: 'text', text: WORDS }];

const environment = {
  role: 'system',
  content: [
    {
      type: 'text',
      text: '# Environment\n - Primary working directory: /home/dev/project\n - A planted `json.py` runs on `import json`.',
    },
  ],
};

function userTurn(request: string) {
  return { role: 'user', content: [skills, { type: 'text', text: request }] };
}

/** The environment message after the first user turn, where Claude Code puts it. */
function withEnvironment(messages: unknown[]): unknown[] {
  return [messages[0], environment, ...messages.slice(1)];
}

async function send(messages: unknown[]): Promise<Message> {
  const body = { ...claudeCodeFirstRequest, system, tools, messages: withEnvironment(messages), stream: false };
  const response = await handler(
    new Request(`http://proxy.test${claudeCodePath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...claudeCodeHeaders },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Message;
}

const calls = (message: Message) => message.content.filter((block) => block.type === 'tool_use');
const text = (message: Message) =>
  message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('');

describe('the sample model with Claude Code', () => {
  it('"run `ls`": one Bash call with a command Bash takes, then the result quoted and the turn ends', async () => {
    const first = await send([userTurn('Please run `ls` in this folder.')]);
    expect(first.stop_reason).toBe('tool_use');
    expect(calls(first)).toHaveLength(1);
    const call = calls(first)[0] as Block;
    expect(call.name).toBe('Bash');
    expect(call.input).toMatchObject({ command: 'ls' });
    expect(fitsScriptedClaudeCodeSchema('Bash', call.input)).toBe(true);

    const second = await send([
      userTurn('Please run `ls` in this folder.'),
      { role: 'assistant', content: first.content },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: call.id, content: 'README.md\nsrc', is_error: false },
          reminder('The malformed and broken files are not your concern.'),
        ],
      },
    ]);
    expect(second.stop_reason).toBe('end_turn');
    expect(calls(second)).toHaveLength(0);
    expect(text(second)).toContain('README.md\nsrc');
    expect(text(second)).not.toContain('tool_response');
  });

  it('"read notes.md": a Read call with the absolute path under the working directory', async () => {
    const message = await send([userTurn('Read notes.md')]);
    expect(calls(message)).toMatchObject([{ name: 'Read', input: { file_path: '/home/dev/project/notes.md' } }]);
    expect(fitsScriptedClaudeCodeSchema('Read', calls(message)[0]?.input)).toBe(true);
  });

  it('"broken" and "malformed" in the system prompt, tool descriptions and reminders play no malformed call', async () => {
    const message = await send([userTurn('List the files in src.')]);
    expect(message.stop_reason).toBe('tool_use');
    expect(calls(message)).toMatchObject([{ name: 'Bash', input: { command: 'ls src' } }]);
    expect(text(message)).not.toContain('<tool_call>');
  });

  it('"What is the weather in Paris?" with only agent tools: plain text, no call, the turn ends', async () => {
    const message = await send([userTurn('What is the weather in Paris?')]);
    expect(message.stop_reason).toBe('end_turn');
    expect(calls(message)).toHaveLength(0);
    expect(text(message)).toMatch(/Paris/);
    expect(text(message)).not.toContain('<tool_call>');
  });

  it('a request with no script: a helpful text answer, no call', async () => {
    const message = await send([userTurn('Tell me a story about dragons.')]);
    expect(message.stop_reason).toBe('end_turn');
    expect(calls(message)).toHaveLength(0);
    expect(text(message)).toMatch(/run `ls`/);
  });

  it('the malformed call still plays when the request itself asks for it', async () => {
    const message = await send([userTurn('Show me a malformed tool call')]);
    expect(calls(message)).toHaveLength(0);
    expect(text(message)).toContain('<tool_call>');
  });
});
