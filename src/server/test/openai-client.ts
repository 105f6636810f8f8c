/**
 * The real `openai` client calling a handler in process: its `fetch` hands
 * each request straight to the handler, so tests see what users of the SDK see.
 */
import OpenAI from 'openai';

export function openaiClient(handler: (request: Request) => Promise<Response>): OpenAI {
  return new OpenAI({
    baseURL: 'http://proxy.test/v1',
    apiKey: 'x',
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  });
}

/** What a streamed chat completion called: its first call's name and parsed arguments, and the finish reason. */
export async function firstStreamedCall(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) {
  let name = '';
  let args = '';
  let finish: string | null = null;
  for await (const part of stream) {
    const call = part.choices[0]?.delta.tool_calls?.[0];
    name += call?.function?.name ?? '';
    args += call?.function?.arguments ?? '';
    finish = part.choices[0]?.finish_reason ?? finish;
  }
  return { name, args: JSON.parse(args) as unknown, finish };
}
