/**
 * The offline sample model behind the Gemini door, with Gemini CLI's shell
 * tool (`run_shell_command` {command}): "run `ls`" is one call, and once the
 * result comes back the answer quotes only what the command printed, not
 * the report Gemini CLI writes around it (`Output: …`, `Process Group PGID:
 * …`, read in `@google/gemini-cli` 0.61's bundle). Bodies scripted here.
 */
import { describe, expect, it } from 'vitest';
import { proxyOptionsFromEnv } from '../core/env-options.ts';
import { createProxyHandler } from '../handler.ts';

const handler = createProxyHandler(proxyOptionsFromEnv({ REPLAY_DELAY_MS: '0' }));
const tools = [
  {
    functionDeclarations: [
      {
        name: 'run_shell_command',
        description: 'Executes a shell command.',
        parametersJsonSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
      },
    ],
  },
];
type Part = { text?: string; functionCall?: { id?: string; name: string; args: Record<string, unknown> } };

async function generate(contents: unknown[]): Promise<Part[]> {
  const response = await handler(
    new Request('http://proxy.test/v1beta/models/toolshim-replay:generateContent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents, tools }),
    }),
  );
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { candidates: Array<{ content: { parts: Part[] } }> };
  return answer.candidates[0]?.content.parts ?? [];
}

describe('the sample model with Gemini CLI', () => {
  it.each([
    ['ran', 'Output: README.md\nsrc\nProcess Group PGID: 4242', 'README.md\nsrc\n```'],
    // Gemini CLI 0.61 wraps a shell result in <untrusted_context> (wrapUntrusted in its bundle).
    [
      'ran, as 0.61 wraps it',
      '<untrusted_context>\nOutput: README.md\nsrc\nProcess Group PGID: 4242\n</untrusted_context>',
      'README.md\nsrc\n```',
    ],
    [
      'failed',
      'Output: ls: nope: No such file\nError: (none)\nExit Code: 2\nProcess Group PGID: 4242',
      'ls: nope: No such file\n(exit code 2)\n```',
    ],
    ['printed nothing', 'Output: (empty)\nProcess Group PGID: 4242', '(no output)\n```'],
  ])('"run `ls`" that %s: one call, then the answer quotes only the output', async (_, output, quoted) => {
    const contents: unknown[] = [{ role: 'user', parts: [{ text: 'Run `ls`' }] }];
    const first = await generate(contents);
    const call = first.find((part) => part.functionCall)?.functionCall;
    expect(call).toMatchObject({ name: 'run_shell_command', args: { command: 'ls' } });
    contents.push(
      { role: 'model', parts: first },
      { role: 'user', parts: [{ functionResponse: { id: call?.id, name: call?.name, response: { output } } }] },
    );
    const answer = (await generate(contents)).map((part) => part.text ?? '').join('');
    expect(answer).toContain(`\`\`\`\n${quoted}`);
    for (const framing of ['Output:', 'PGID', 'Exit Code', 'Error:', 'untrusted_context'])
      expect(answer).not.toContain(framing);
  });
});
