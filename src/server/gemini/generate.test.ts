/**
 * generateContent and streamGenerateContent over raw HTTP, in both modes:
 * emulated (the upstream writes Hermes `<tool_call>` text, fed in pieces cut
 * at random points) and native (the upstream sends chat-completions
 * `tool_calls`, their arguments cut at random points). Checks the request
 * the upstream gets (tool prompt, or `tools` and `tool_choice` and the path's
 * model) and the Gemini answer: parts in order, each call a `functionCall`
 * with `name`, object `args` and an `id`, `finishReason` and
 * `usageMetadata`; streamed, every `data:` line one JSON response, each call
 * in a chunk of its own and the finish only on the last.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { chunk, completion, jsonRequest, proxyOver, type Responder, sseResponse } from '../test/fake-upstream.ts';

type Part = { text?: string; thought?: boolean; functionCall?: { id?: string; name: string; args: unknown } };
interface Answer {
  candidates: Array<{ content: { role: string; parts: Part[] }; finishReason?: string; index: number }>;
  usageMetadata?: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number };
  modelVersion: string;
}

const seed = Math.floor(Math.random() * 2 ** 31);
/** A seeded generator (mulberry32), so a failing split can be replayed: the seed is in each test's messages. */
function random(start: number) {
  let state = start;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const next = random(seed);

/** `text` cut at random points into 1 to 12 pieces. */
function randomPieces(text: string): string[] {
  const cuts = Array.from({ length: Math.floor(next() * 12) }, () => Math.floor(next() * text.length)).sort(
    (a, b) => a - b,
  );
  return [0, ...cuts, text.length]
    .slice(1)
    .map((end, i, all) => text.slice(i === 0 ? 0 : all[i - 1], end))
    .filter(Boolean);
}

const tools = [
  {
    functionDeclarations: [
      { name: 'read', parametersJsonSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      { name: 'count', parameters: { type: 'OBJECT', properties: { n: { type: 'INTEGER' } } } },
    ],
  },
];
const body = { contents: [{ role: 'user', parts: [{ text: 'Read a.txt and count to 3.' }] }], tools };
const hermes =
  'Reading it now.\n<tool_call>\n{"name": "read", "arguments": {"path": "a.txt"}}\n</tool_call>\n<tool_call>\n{"name": "count", "arguments": {"n": "3"}}\n</tool_call>';

function emulatedStream(text: string): Responder {
  return () =>
    sseResponse([
      chunk({ role: 'assistant', content: '' }),
      ...randomPieces(text).map((content) => chunk({ content })),
      chunk({}, 'stop'),
      { ...chunk({}), choices: [], usage: { prompt_tokens: 40, completion_tokens: 25, total_tokens: 65 } },
    ]);
}

function nativeStream(): Responder {
  const calls = [
    { id: 'u1', name: 'read', args: '{"path": "a.txt"}' },
    { id: 'u2', name: 'count', args: '{"n": 3}' },
  ];
  return () =>
    sseResponse([
      chunk({ role: 'assistant', content: 'Reading it now.' }),
      ...calls.flatMap((call, index) => [
        chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
        ...randomPieces(call.args).map((piece) => chunk({ tool_calls: [{ index, function: { arguments: piece } }] })),
      ]),
      chunk({}, 'tool_calls'),
    ]);
}

async function post(path: string, respond: Responder, extra: Partial<ProxyHandlerOptions>) {
  const { handler, requests } = proxyOver(respond, extra);
  return { response: await handler(jsonRequest(path, body)), requests };
}

/** The `data:` lines of an SSE body, each parsed (a line that is no JSON fails the test); blank lines skipped. */
async function dataLines(response: Response): Promise<Answer[]> {
  const text = await response.text();
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  expect(
    lines.every((line) => line.startsWith('data: ')),
    text,
  ).toBe(true);
  return lines.map((line) => JSON.parse(line.slice(6)) as Answer);
}

const expectedCalls = [
  { name: 'read', args: { path: 'a.txt' } },
  { name: 'count', args: { n: 3 } },
];

function checkCalls(parts: Part[]): void {
  const calls = parts.flatMap((p) => (p.functionCall ? [p.functionCall] : []));
  expect(calls, `seed ${seed}`).toMatchObject(expectedCalls);
  // Ids are there for Gemini CLI to send back, and tell the calls apart.
  expect(new Set(calls.map((c) => c.id)).size).toBe(2);
  expect(calls.every((c) => typeof c.id === 'string' && c.id !== '')).toBe(true);
}

describe('emulated (hermes)', () => {
  it('whole: the tool prompt goes up, the calls come back as functionCall parts after the text', async () => {
    const { response, requests } = await post(
      '/v1beta/models/m:generateContent',
      () => Response.json(completion(hermes)),
      {
        protocol: 'hermes',
      },
    );
    const sent = requests[0]?.body as { messages: Array<{ role: string; content: string }>; tools?: unknown };
    expect(sent.tools).toBeUndefined();
    expect(sent.messages[0]?.role).toBe('system');
    expect(sent.messages[0]?.content).toMatch(/"name":"read"[\s\S]*"name":"count"[\s\S]*<tool_call>/);
    const answer = (await response.json()) as Answer;
    const [candidate] = answer.candidates;
    expect(candidate?.content.role).toBe('model');
    expect(candidate?.content.parts[0]?.text?.trim()).toBe('Reading it now.');
    checkCalls(candidate?.content.parts ?? []);
    expect(candidate?.finishReason).toBe('STOP');
    expect(answer.usageMetadata).toEqual({ promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 });
    expect(answer.modelVersion).toBe('m');
  });

  for (let round = 0; round < 5; round++) {
    it(`streamed, the text cut at random points (round ${round})`, async () => {
      const { response } = await post('/v1beta/models/m:streamGenerateContent?alt=sse', emulatedStream(hermes), {
        protocol: 'hermes',
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const chunks = await dataLines(response);
      const parts = chunks.flatMap((c) => c.candidates[0]?.content.parts ?? []);
      expect(
        parts
          .map((p) => p.text ?? '')
          .join('')
          .trim(),
        `seed ${seed}`,
      ).toBe('Reading it now.');
      checkCalls(parts);
      // Each call is a chunk of its own: no text beside it, one call per chunk.
      for (const c of chunks.filter((c) => c.candidates[0]?.content.parts.some((p) => p.functionCall))) {
        expect(c.candidates[0]?.content.parts).toHaveLength(1);
      }
      expect(chunks.map((c) => c.candidates[0]?.finishReason ?? null).filter(Boolean)).toEqual(['STOP']);
      expect(chunks.at(-1)?.candidates[0]?.finishReason).toBe('STOP');
      expect(chunks.at(-1)?.usageMetadata).toEqual({
        promptTokenCount: 40,
        candidatesTokenCount: 25,
        totalTokenCount: 65,
      });
      expect(chunks.slice(0, -1).every((c) => c.usageMetadata === undefined)).toBe(true);
    });
  }

  it('a length stop is MAX_TOKENS; thoughts are sent only with includeThoughts', async () => {
    const text = '<think>Plan: read.</think>Partial answ';
    const respond: Responder = () =>
      Response.json({ ...completion(text), choices: [{ ...completion(text).choices[0], finish_reason: 'length' }] });
    for (const includeThoughts of [true, false]) {
      const { handler } = proxyOver(respond, { protocol: 'hermes' });
      const response = await handler(
        jsonRequest('/v1beta/models/m:generateContent', {
          ...body,
          generationConfig: { thinkingConfig: { includeThoughts } },
        }),
      );
      const [candidate] = ((await response.json()) as Answer).candidates;
      expect(candidate?.finishReason).toBe('MAX_TOKENS');
      expect(candidate?.content.parts).toEqual([
        ...(includeThoughts ? [{ text: 'Plan: read.', thought: true }] : []),
        { text: 'Partial answ' },
      ]);
    }
  });
});

describe('native', () => {
  it('whole: tools, tool_choice and the path model go up; tool_calls come back as functionCalls', async () => {
    const toolCalls = [
      { id: 'u1', type: 'function' as const, function: { name: 'read', arguments: '{"path":"a.txt"}' } },
      { id: 'u2', type: 'function' as const, function: { name: 'count', arguments: '{"n":3}' } },
    ];
    const { handler, requests } = proxyOver(() => Response.json(completion('Reading it now.', toolCalls)), {
      toolMode: 'native',
    });
    const response = await handler(
      jsonRequest('/v1beta/models/qwen3.5-coder-30b:generateContent', {
        ...body,
        toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      }),
    );
    const sent = requests[0]?.body as {
      model: string;
      tools: Array<{ function: { name: string } }>;
      tool_choice: unknown;
    };
    expect(sent.model).toBe('qwen3.5-coder-30b');
    expect(sent.tools.map((t) => t.function.name)).toEqual(['read', 'count']);
    expect(sent.tool_choice).toBe('required');
    const answer = (await response.json()) as Answer;
    expect(answer.candidates[0]?.content.parts[0]).toEqual({ text: 'Reading it now.' });
    checkCalls(answer.candidates[0]?.content.parts ?? []);
    expect(answer.candidates[0]?.finishReason).toBe('STOP');
    expect(answer.usageMetadata?.totalTokenCount).toBe(7);
    expect(answer.modelVersion).toBe('qwen3.5-coder-30b');
  });

  for (let round = 0; round < 3; round++) {
    it(`streamed, the arguments cut at random points (round ${round})`, async () => {
      const { response, requests } = await post('/v1beta/models/m:streamGenerateContent?alt=sse', nativeStream(), {
        toolMode: 'native',
      });
      expect(requests[0]?.body.stream).toBe(true);
      const chunks = await dataLines(response);
      const parts = chunks.flatMap((c) => c.candidates[0]?.content.parts ?? []);
      expect(parts[0]).toEqual({ text: 'Reading it now.' });
      checkCalls(parts);
      expect(chunks.at(-1)?.candidates[0]?.finishReason).toBe('STOP');
      expect(chunks.at(-1)?.usageMetadata?.promptTokenCount).toBeGreaterThan(0);
    });
  }
});
