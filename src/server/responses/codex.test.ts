/**
 * A scripted Codex CLI session against the proxy in process: three turns of
 * request bodies shaped as Codex sends them (src/server/test/codex-turn.ts
 * names the Codex source), each history built from the previous answers the
 * way Codex records them, and each answer read the way Codex's SSE reader
 * reads it. The model is an emulated upstream writing scripted text.
 */
import { describe, expect, it } from 'vitest';
import { renderTurnWith, replayProtocol } from '../../engines/sample/replay-protocol.ts';
import type { ReplayTurn } from '../../engines/sample/replay-scripts.ts';
import { createProxyHandler } from '../handler.ts';
import { CODEX_PATCH, codexOpening, codexSession, codexTurn } from '../test/codex-turn.ts';
import { chunk, fakeUpstream, sseResponse } from '../test/fake-upstream.ts';

const TOKEN = 'codex-test-token';

/** Turn by turn, the text the model writes; the fake upstream streams it in 7-character pieces. */
function session(protocol: string, turns: Array<ReplayTurn | string>) {
  let turn = 0;
  const upstream = fakeUpstream(() => {
    const script = turns[turn++] ?? 'Done.';
    const text = typeof script === 'string' ? script : renderTurnWith(replayProtocol(protocol), script);
    const pieces = [];
    for (let i = 0; i < text.length; i += 7) pieces.push(chunk({ content: text.slice(i, i + 7) }));
    const usage = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };
    return sseResponse([...pieces, chunk({}, 'stop'), { ...chunk({}), choices: [], usage }]);
  });
  const handler = createProxyHandler({
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
    protocol,
    proxyToken: TOKEN,
  });
  return { handler, requests: upstream.requests };
}

describe.each(['qwen3-coder', 'hermes'])('a Codex CLI session (PROTOCOL=%s)', (protocol) => {
  it('runs a command, applies a patch, then answers: each item as Codex reads it', async () => {
    const { handler, requests } = session(protocol, [
      { before: "I'll look at the folder first.\n", calls: [{ name: 'exec_command', arguments: { cmd: 'ls -la' } }] },
      { calls: [{ name: 'apply_patch', arguments: { input: CODEX_PATCH } }] },
      'I added hello.txt.',
    ]);
    const [first, second, third] = await codexSession(handler, 'http://proxy.test/v1', TOKEN);

    expect(first.items.map((item) => item.type)).toEqual(['message', 'function_call']);
    expect(first.streamedText.trim()).toBe("I'll look at the folder first.");
    const exec = first.items[1] as { name: string; arguments: string };
    expect(exec.name).toBe('exec_command');
    // Codex's exec_command handler deserializes these arguments: `cmd` must be a string.
    expect(JSON.parse(exec.arguments)).toEqual({ cmd: 'ls -la' });
    expect(first.responseId).toMatch(/^resp_/);
    expect(first.usage).toMatchObject({ input_tokens: 3, output_tokens: 4, total_tokens: 7 });
    // What the model was told: Codex's tools, in the system prompt; the hosted web_search left out.
    const prompt = JSON.stringify(requests[0]?.body.messages);
    for (const tool of ['exec_command', 'write_stdin', 'update_plan', 'apply_patch', 'view_image']) {
      expect(prompt).toContain(tool);
    }
    expect(prompt).not.toContain('web_search');
    expect(requests[0]?.body.tools).toBeUndefined();

    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({ type: 'custom_tool_call', name: 'apply_patch', status: 'completed' });
    // The freeform tool gets its patch as plain text, as Codex's apply_patch handler reads it.
    expect((second.items[0] as { input: string }).input.trim()).toBe(CODEX_PATCH.trim());
    expect(JSON.stringify(requests[1]?.body.messages)).toContain('README.md');

    expect(third.items.map((item) => item.type)).toEqual(['message']);
    expect(third.streamedText).toBe('I added hello.txt.');
    const last = JSON.stringify(requests[2]?.body.messages);
    expect(last).toContain('A hello.txt');
    expect(last).toContain('Begin Patch');
  });

  it('a wrong token is a 401 Codex reports with its body', async () => {
    const { handler } = session(protocol, ['x']);
    const error = await codexTurn(handler, 'http://proxy.test/v1', 'wrong', codexOpening('hi')).catch(
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(/HTTP 401: .*invalid_api_key/);
  });
});
