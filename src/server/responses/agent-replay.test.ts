/**
 * The offline sample model (the replay engine, the Worker's default) behind
 * `/v1/responses`, with Codex CLI's tools: "run `ls`" is one call of the
 * shell tool Codex offers, in that tool's argument shape (`exec_command`
 * {cmd}, `shell_command` {command: string}, `shell` {command: argv}); a file
 * to create is an `apply_patch` patch; the result comes back and a final
 * answer ends the turn. Codex's context messages (environment, AGENTS.md)
 * never choose the script. Bodies from ../test/codex-turn.ts (scripted, not
 * recorded).
 */
import { describe, expect, it } from 'vitest';
import { proxyOptionsFromEnv } from '../core/env-options.ts';
import { createProxyHandler } from '../handler.ts';
import { asCodexHistory, type CodexTurn, codexOpening, codexTools, codexTurn } from '../test/codex-turn.ts';

const handler = createProxyHandler(proxyOptionsFromEnv({ REPLAY_DELAY_MS: '0' }));
const BASE = 'http://proxy.test/v1';

const WORDS = 'Never leave a broken build; report a malformed tool call to the user.';
const agentsMd = {
  type: 'message',
  role: 'user',
  content: [
    {
      type: 'input_text',
      text: `# AGENTS.md instructions for /home/dev/project\n\n<INSTRUCTIONS>\nFix broken tests first. ${WORDS}\n</INSTRUCTIONS>`,
    },
  ],
};

function opening(request: string): unknown[] {
  const [developer, environment, user] = codexOpening(request);
  return [developer, agentsMd, environment, user];
}

/** Codex's tools with the words in every description, and the shell tool swapped for another kind when asked. */
function toolsWith(shell?: Record<string, unknown>) {
  const described = codexTools.map((tool) =>
    'description' in tool ? { ...tool, description: `${tool.description} ${WORDS}` } : tool,
  );
  return shell === undefined ? described : [shell, ...described.filter((tool) => tool.name !== 'exec_command')];
}

async function turn(input: unknown[], tools = toolsWith()): Promise<CodexTurn> {
  const send = (request: Request) =>
    request.json().then((body) =>
      handler(
        new Request(request.url, {
          method: 'POST',
          headers: request.headers,
          body: JSON.stringify({ ...body, tools, instructions: `${body.instructions} ${WORDS}` }),
        }),
      ),
    );
  return codexTurn(send, BASE, 'token', input);
}

const callsOf = (t: CodexTurn) =>
  t.items.filter((item) => item.type === 'function_call' || item.type === 'custom_tool_call');
const textOf = (t: CodexTurn) =>
  t.items
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content as Array<{ text: string }>)
    .map((part) => part.text)
    .join('');

const shellTool = (name: string, command: Record<string, unknown>) => ({
  type: 'function',
  name,
  description: `Runs a shell command and returns its output. ${WORDS}`,
  strict: false,
  parameters: { type: 'object', properties: { command, workdir: { type: 'string' } }, required: ['command'] },
});

describe('the sample model with Codex CLI', () => {
  it('"run `ls`": one exec_command call {cmd}, then the output quoted and the turn ends', async () => {
    const history = opening('Run `ls`');
    const first = await turn(history);
    expect(callsOf(first)).toHaveLength(1);
    const call = callsOf(first)[0] as { name: string; arguments: string; call_id: string };
    expect(call.name).toBe('exec_command');
    expect(JSON.parse(call.arguments)).toEqual({ cmd: 'ls' });

    history.push(...asCodexHistory(first.items), {
      type: 'function_call_output',
      call_id: call.call_id,
      output: 'Exit code: 0\nOutput:\nREADME.md\nsrc\n',
    });
    const second = await turn(history);
    expect(callsOf(second)).toHaveLength(0);
    expect(textOf(second)).toContain('README.md\nsrc');
  });

  it.each([
    [
      'unified exec',
      'Chunk ID: 4f2a1c\nWall time: 0.0021 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nREADME.md\nsrc\n',
      'README.md\nsrc\n```',
    ],
    [
      'unified exec, failed',
      'Chunk ID: 4f2a1c\nWall time: 0.0021 seconds\nProcess exited with code 2\nOriginal token count: 9\nOutput:\nls: nope: No such file\n',
      'ls: nope: No such file\n(exit code 2)\n```',
    ],
    ['shell', 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nREADME.md\nsrc\n', 'README.md\nsrc\n```'],
  ])('the answer quotes only the output of Codex %s, not its report', async (_, output, quoted) => {
    const history = opening('Run `ls`');
    const first = await turn(history);
    const call = callsOf(first)[0] as { call_id: string };
    history.push(...asCodexHistory(first.items), { type: 'function_call_output', call_id: call.call_id, output });
    const answer = textOf(await turn(history));
    expect(answer).toContain(`\`\`\`\n${quoted}`);
    for (const framing of ['Chunk ID', 'Wall time', 'Original token count', 'Process exited', 'Output:', 'Exit code'])
      expect(answer).not.toContain(framing);
  });

  it.each([
    ['shell_command', { type: 'string' }, 'ls -la'],
    ['shell', { type: 'array', items: { type: 'string' } }, ['bash', '-lc', 'ls -la']],
  ])('the %s tool gets its own argument shape', async (name, schema, command) => {
    const first = await turn(opening('execute `ls -la`'), toolsWith(shellTool(name, schema)));
    expect(callsOf(first)).toHaveLength(1);
    const call = callsOf(first)[0] as { name: string; arguments: string };
    expect(call.name).toBe(name);
    expect(JSON.parse(call.arguments)).toEqual({ command });
  });

  it('"create a file hello.txt with Hello there": an apply_patch patch adding the file', async () => {
    const first = await turn(opening('Create a file hello.txt with "Hello there"'));
    expect(callsOf(first)).toMatchObject([
      {
        type: 'custom_tool_call',
        name: 'apply_patch',
        input: '*** Begin Patch\n*** Add File: hello.txt\n+Hello there\n*** End Patch',
      },
    ]);
  });

  it('"read README.md" without a read tool: the shell runs `cat`', async () => {
    const first = await turn(opening('Read README.md'));
    expect(callsOf(first)).toMatchObject([{ name: 'exec_command', arguments: '{"cmd":"cat README.md"}' }]);
  });

  it('"broken" and "malformed" in the instructions, AGENTS.md and tool descriptions play no malformed call: the weather and a request with no script are plain text, and the turn ends', async () => {
    const weather = await turn(opening('What is the weather in Paris?'));
    expect(callsOf(weather)).toHaveLength(0);
    expect(textOf(weather)).toMatch(/Paris/);
    const hello = await turn(opening('Say hello.'));
    expect(callsOf(hello)).toHaveLength(0);
    expect(textOf(hello)).toMatch(/sample model/);
    for (const answer of [weather, hello]) expect(textOf(answer)).not.toContain('<tool_call>');
  });
});
