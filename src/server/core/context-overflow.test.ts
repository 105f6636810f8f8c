/**
 * An upstream that refuses a prompt for its context window, through each API
 * (createProxyHandler over the fake upstream), answered in the form the API's
 * clients act on: chat completions a 400 with OpenAI's `context_length_exceeded`;
 * Responses the same, and for a stream a `response.failed` with that code (the
 * only form Codex turns into its context-window error); Messages Anthropic's
 * "prompt is too long: N tokens > M maximum" (Claude Code compacts), or
 * "input length and `max_tokens` exceed context limit" when only the output
 * overflows (Claude Code retries with a smaller max_tokens).
 *
 * The upstream bodies are quoted: the message texts as the servers' sources
 * write them or as issues captured them (context-overflow.ts names each
 * source); the numbers are those of the quoted reports.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { chunk, fakeUpstream, jsonRequest, sseResponse } from '../test/fake-upstream.ts';

/** llama.cpp's refusal (tools/server/server-context.cpp), as a status body and as an event in its stream. */
const llamaCppOverflow = {
  error: {
    code: 400,
    message: 'request (13392 tokens) exceeds the available context size (8192 tokens), try increasing it',
    type: 'exceed_context_size_error',
    n_prompt_tokens: 13392,
    n_ctx: 8192,
  },
};

interface Upstream {
  name: string;
  status: number;
  body: unknown;
  /** What Messages must answer. */
  anthropic: string;
}

const UPSTREAMS: Upstream[] = [
  {
    name: 'vLLM, older wording (vllm-project/vllm#20409)',
    status: 400,
    body: {
      object: 'error',
      message:
        "This model's maximum context length is 16384 tokens. However, you requested 122946 tokens (112946 in the messages, 10000 in the completion). Please reduce the length of the messages or completion.",
      type: 'BadRequestError',
      param: null,
      code: 400,
    },
    anthropic: 'prompt is too long: 112946 tokens > 16384 maximum',
  },
  {
    name: 'vLLM, newer wording (captured log)',
    status: 400,
    body: {
      error: {
        message:
          "This model's maximum context length is 40960 tokens. However, you requested 0 output tokens and your prompt contains at least 40961 input tokens, for a total of at least 40961 tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=40961)",
        type: 'BadRequestError',
        param: 'input_tokens',
        code: 400,
      },
    },
    anthropic: 'prompt is too long: 40961 tokens > 40960 maximum',
  },
  {
    name: 'vLLM, only the output overflows (captured log)',
    status: 400,
    body: {
      error: {
        message:
          "This model's maximum context length is 262144 tokens. However, you requested 32000 output tokens and your prompt contains at least 230145 input tokens, for a total of at least 262145 tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=230145)",
        type: 'BadRequestError',
        param: 'input_tokens',
        code: 400,
      },
    },
    anthropic:
      'input length and `max_tokens` exceed context limit: 230145 + 32000 > 262144, decrease input length or `max_tokens` and try again',
  },
  {
    name: 'llama.cpp server (tools/server/server-context.cpp)',
    status: 400,
    body: llamaCppOverflow,
    anthropic: 'prompt is too long: 13392 tokens > 8192 maximum',
  },
  {
    name: 'Ollama (llm/llama_server.go, in its OpenAI error shape)',
    status: 400,
    body: {
      error: {
        message:
          'the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length',
        type: 'invalid_request_error',
      },
    },
    anthropic:
      'prompt is too long: the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length',
  },
  {
    name: 'LM Studio (lmstudio-ai/lmstudio-bug-tracker#237, #546)',
    status: 400,
    body: {
      error:
        'Trying to keep the first 15857 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input.',
    },
    anthropic: 'prompt is too long: 15857 tokens > 4096 maximum',
  },
];

/** The upstream's message as its body holds it: `error.message`, `error` itself, or a top-level `message` (vLLM's older shape). */
function messageOf(body: unknown): string {
  const { error, message } = body as { error?: string | { message: string }; message?: string };
  if (typeof error === 'string') return error;
  return error?.message ?? message ?? '';
}

function proxy(answer: () => Response, toolMode?: 'native') {
  const upstream = fakeUpstream(answer);
  const handler = createProxyHandler({
    protocol: 'qwen3-coder',
    ...(toolMode ? { toolMode } : {}),
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
  });
  return (path: string, body: Record<string, unknown>) => handler(jsonRequest(path, body));
}

const chat = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };
const responses = { model: 'm', input: 'Hi' };
const messages = { model: 'm', max_tokens: 32000, messages: [{ role: 'user', content: 'Hi' }] };

/** The JSON of each `data:` line of an SSE body. */
async function events(response: Response): Promise<Array<Record<string, unknown>>> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

describe.each(UPSTREAMS)('context overflow: $name', (upstream) => {
  const refuse = () => Response.json(upstream.body, { status: upstream.status });
  const said = messageOf(upstream.body);

  it.each([undefined, 'native'] as const)(
    'chat completions (%s mode): 400 context_length_exceeded, the message kept',
    async (mode) => {
      for (const stream of [false, true]) {
        const response = await proxy(refuse, mode)('/v1/chat/completions', { ...chat, stream });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: { message: said, type: 'invalid_request_error', param: null, code: 'context_length_exceeded' },
        });
      }
    },
  );

  it('Responses: 400 context_length_exceeded; streamed, response.failed with that code', async () => {
    const whole = await proxy(refuse)('/v1/responses', responses);
    expect(whole.status).toBe(400);
    expect(((await whole.json()) as { error: { code: string } }).error).toMatchObject({
      code: 'context_length_exceeded',
      message: said,
    });
    const streamed = await proxy(refuse)('/v1/responses', { ...responses, stream: true });
    expect(streamed.status).toBe(200);
    const failed = (await events(streamed)).find((event) => event.type === 'response.failed');
    expect((failed?.response as { error: unknown } | undefined)?.error).toEqual({
      code: 'context_length_exceeded',
      message: said,
    });
  });

  it("Messages: 400 invalid_request_error in Claude Code's overflow words", async () => {
    for (const stream of [false, true]) {
      const response = await proxy(refuse)('/v1/messages', { ...messages, stream });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        type: 'error',
        error: { type: 'invalid_request_error', message: upstream.anthropic },
        request_id: null,
      });
    }
  });
});

describe('context overflow after the stream began (llama.cpp, an error event in its stream)', () => {
  const overflowing = () => sseResponse([chunk({ role: 'assistant', content: 'Let me' }), llamaCppOverflow], 'eof');

  it('chat completions ends with an error chunk carrying context_length_exceeded', async () => {
    const all = await events(await proxy(overflowing)('/v1/chat/completions', { ...chat, stream: true }));
    expect(all.at(-1)).toMatchObject({ error: { code: 'context_length_exceeded', type: 'invalid_request_error' } });
  });

  it('Responses ends with response.failed carrying context_length_exceeded', async () => {
    const all = await events(await proxy(overflowing)('/v1/responses', { ...responses, stream: true }));
    expect(all.at(-1)).toMatchObject({
      type: 'response.failed',
      response: { error: { code: 'context_length_exceeded' } },
    });
  });

  it('Messages ends with an error event saying the prompt is too long', async () => {
    const all = await events(await proxy(overflowing)('/v1/messages', { ...messages, stream: true }));
    expect(all.at(-1)).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 13392 tokens > 8192 maximum' },
    });
  });
});

describe('other upstream refusals are not context overflows', () => {
  it('a 400 about something else stays upstream_invalid_request', async () => {
    const refuse = () =>
      Response.json({ error: { message: 'max_tokens must be at least 1, got -186.', code: 400 } }, { status: 400 });
    const response = await proxy(refuse)('/v1/chat/completions', chat);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_invalid_request');
  });
});
