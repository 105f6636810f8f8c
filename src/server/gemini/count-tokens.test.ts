/**
 * countTokens counts what the upstream gets for the same request: in
 * emulated mode the rendered tool prompt and the history as text, in native
 * mode the tool definitions and calls too. Each count is compared with the
 * chat-completions body a real generateContent call of the same request
 * sent upstream, measured with the same text estimate (countTextTokens, a
 * template's frame per message), for a `{contents, tools}` body and a
 * `{generateContentRequest}` one. Both must land within 10%: a count that
 * missed the tool prompt or the history would be off by far more.
 */
import { describe, expect, it } from 'vitest';
import { countTextTokens } from '../door-kit/count-tokens.ts';
import { completion, jsonRequest, proxyOver } from '../test/fake-upstream.ts';

type Body = Record<string, unknown>;
interface Sent {
  messages: Array<{ content: unknown; tool_calls?: Array<{ function: { name: string; arguments: string } }> }>;
  tools?: Array<{ function: unknown }>;
}

/** The estimate of a chat-completions body, from its own text. */
function ofUpstreamBody(body: Sent): number {
  let tokens = 3;
  for (const message of body.messages) {
    tokens += 5;
    if (typeof message.content === 'string') tokens += countTextTokens(message.content);
    else if (Array.isArray(message.content)) {
      for (const part of message.content as Array<{ type: string; text?: string }>) {
        tokens += part.type === 'text' ? countTextTokens(part.text ?? '') : 1600;
      }
    }
    for (const call of message.tool_calls ?? []) {
      tokens += 12 + countTextTokens(call.function.name) + countTextTokens(call.function.arguments);
    }
  }
  if (body.tools?.length)
    tokens += 90 + body.tools.reduce((sum, tool) => sum + 1 + countTextTokens(JSON.stringify(tool)), 0);
  return tokens;
}

const shell = {
  name: 'run_shell_command',
  description: 'Runs a shell command and returns its output. Use it to list, build and test.',
  parametersJsonSchema: {
    type: 'object',
    properties: {
      command: { type: 'string', description: 'The exact bash command to run.' },
      directory: { type: 'string', description: 'Where to run it, relative to the project root.' },
    },
    required: ['command'],
  },
};
const readFile = {
  name: 'read_file',
  description: 'Reads a file of the project.',
  parameters: { type: 'OBJECT', properties: { path: { type: 'STRING' }, offset: { type: 'INTEGER', nullable: true } } },
};

const request: Body = {
  systemInstruction: { parts: [{ text: 'You are a coding agent. Work in small steps and explain what you do.' }] },
  contents: [
    { role: 'user', parts: [{ text: 'Which files are in src, and what does main.ts do?' }] },
    {
      role: 'model',
      parts: [
        { text: 'Let me list them first.' },
        { functionCall: { id: 'c1', name: 'run_shell_command', args: { command: 'ls src' } } },
      ],
    },
    {
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'c1',
            name: 'run_shell_command',
            response: { output: 'main.ts\nutil.ts\nREADME.md' },
          },
        },
      ],
    },
  ],
  tools: [{ functionDeclarations: [shell, readFile] }],
};

async function countAndSend(mode: { protocol?: string; toolMode?: 'native' }, count: Body, generate: Body) {
  const { handler, requests } = proxyOver(() => Response.json(completion('Done.')), mode);
  const counted = await handler(jsonRequest('/v1beta/models/m:countTokens', count));
  expect(counted.status).toBe(200);
  const { totalTokens } = (await counted.json()) as { totalTokens: number };
  expect(requests).toHaveLength(0);
  expect((await handler(jsonRequest('/v1beta/models/m:generateContent', generate))).status).toBe(200);
  return { totalTokens, measured: ofUpstreamBody(requests[0]?.body as unknown as Sent) };
}

const modes = [{ protocol: 'hermes' }, { protocol: 'qwen3-coder' }, { toolMode: 'native' as const }];

describe('countTokens against the upstream request of the same generateContent', () => {
  for (const mode of modes) {
    const name = mode.toolMode ?? mode.protocol;
    it(`${name}: {contents, tools} and {generateContentRequest} both count within 10%`, async () => {
      for (const count of [request, { generateContentRequest: request }]) {
        const { totalTokens, measured } = await countAndSend(mode, count, request);
        expect(Math.abs(totalTokens - measured) / measured, `${totalTokens} vs ${measured}`).toBeLessThan(0.1);
      }
    });
  }

  it('the tool prompt and the history are counted: each adds to the count as it adds to the upstream request', async () => {
    for (const mode of modes) {
      const bare = await countAndSend(mode, { contents: request.contents }, { contents: request.contents });
      const full = await countAndSend(mode, request, request);
      const first = { contents: [(request.contents as unknown[])[0]] };
      const short = await countAndSend(mode, first, first);
      expect(full.totalTokens - bare.totalTokens).toBeGreaterThan(0.9 * (full.measured - bare.measured));
      expect(bare.totalTokens - short.totalTokens).toBeGreaterThan(0.9 * (bare.measured - short.measured));
      expect(full.measured - bare.measured).toBeGreaterThan(40);
    }
  });

  it('an image counts as an image; a refused request is refused as generateContent would be', async () => {
    const image = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } };
    const withImage = { contents: [{ role: 'user', parts: [{ text: 'What is this?' }, image] }] };
    const { totalTokens, measured } = await countAndSend({ protocol: 'hermes' }, withImage, withImage);
    expect(Math.abs(totalTokens - measured) / measured).toBeLessThan(0.1);
    expect(totalTokens).toBeGreaterThan(1000);
    const { handler, requests } = proxyOver(() => Response.json(completion('x')), { protocol: 'hermes' });
    const refused = await handler(
      jsonRequest('/v1beta/models/m:countTokens', {
        generateContentRequest: {
          ...request,
          toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['rm'] } },
        },
      }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('"rm"') },
    });
    expect(requests).toHaveLength(0);
  });
});
