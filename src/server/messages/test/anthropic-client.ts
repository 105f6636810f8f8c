/**
 * The real `@anthropic-ai/sdk` client calling a handler in process (its
 * `fetch` hands each request straight to the handler), and scripted model
 * text for the fake upstream, written in a format by that format's own
 * renderer.
 */
import Anthropic from '@anthropic-ai/sdk';
import { renderTurnWith, thinkingWriter } from '../../../engines/sample/replay-protocol.ts';
import { protocolByName } from '../../../protocols/registry.ts';
import { chunk, completion, sseResponse } from '../../test/fake-upstream.ts';

export function anthropicClient(
  handler: (request: Request) => Promise<Response>,
  auth: { apiKey?: string; authToken?: string } = { apiKey: 'x' },
): Anthropic {
  return new Anthropic({
    baseURL: 'http://proxy.test',
    apiKey: auth.apiKey ?? null,
    authToken: auth.authToken ?? null,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  });
}

export const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  input_schema: {
    type: 'object' as const,
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
};

export interface Scripted {
  before?: string;
  /** A get_weather call per city. */
  cities?: string[];
  /** Other calls, after those. */
  calls?: Array<{ name: string; arguments: Record<string, unknown> }>;
  thinking?: string;
}

/** What a model of `format` writes: thinking (in its markers), prose, then its calls. */
export function modelText(format: string, script: Scripted): string {
  const protocol = protocolByName(format);
  const calls = [
    ...(script.cities ?? []).map((city) => ({ name: 'get_weather', arguments: { city } })),
    ...(script.calls ?? []),
  ];
  const answer = renderTurnWith(protocol, { ...(script.before ? { before: script.before } : {}), calls });
  const think = script.thinking === undefined ? '' : (thinkingWriter(protocol)?.(script.thinking) ?? '');
  return think + answer;
}

/** The fake upstream's answer: `text` streamed in 5-character chunks, or whole. */
export function upstreamText(text: string, stream: boolean, finish: 'stop' | 'length' = 'stop'): Response {
  if (!stream) {
    const body = completion(text);
    (body.choices[0] as { finish_reason: string }).finish_reason = finish;
    return Response.json(body);
  }
  const pieces = text.match(/[\s\S]{1,5}/g) ?? [];
  return sseResponse([...pieces.map((piece) => chunk({ content: piece })), chunk({}, finish)]);
}
