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
