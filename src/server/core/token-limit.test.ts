/**
 * The output-token limit, the same rule in the three APIs: a positive safe
 * integer, else a 400 in that API's error shape naming the field and the
 * range, and nothing is sent upstream.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandler } from '../handler.ts';
import { fakeUpstream, jsonRequest } from '../test/fake-upstream.ts';

function proxy() {
  const upstream = fakeUpstream();
  const handler = createProxyHandler({ upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch } });
  return { handler, requests: upstream.requests };
}

const post = (path: string, body: Record<string, unknown>) => jsonRequest(path, body);

const user = [{ role: 'user', content: 'Hi' }];
const doors = [
  ['/v1/chat/completions', 'max_tokens', { model: 'm', messages: user }],
  ['/v1/chat/completions', 'max_completion_tokens', { model: 'm', messages: user }],
  ['/v1/responses', 'max_output_tokens', { model: 'm', input: 'Hi' }],
  ['/v1/messages', 'max_tokens', { model: 'm', messages: user }],
] as const;
const bad = [1e308, 2 ** 53, 2.5, 0, -3, '100'];

describe('the output-token limit', () => {
  it.each(doors)(
    '%s %s: 1e308, 2^53, 2.5, 0, -3 and "100" are 400s naming the field and the range, the upstream not called; 2^53 − 1 goes upstream',
    async (path, field, body) => {
      const { handler, requests } = proxy();
      for (const value of bad) {
        const response = await handler(post(path, { ...body, [field]: value }));
        expect(response.status).toBe(400);
        const answer = (await response.json()) as { type?: string; error: { type: string; message: string } };
        expect(answer.error.type).toBe('invalid_request_error');
        if (path === '/v1/messages') expect(answer.type).toBe('error');
        else expect(answer.error).toMatchObject({ param: field });
        expect(answer.error.message).toContain(`\`${field}\` must be an integer from 1 to 9007199254740991`);
        expect(requests).toHaveLength(0);
      }
      const response = await handler(post(path, { ...body, [field]: Number.MAX_SAFE_INTEGER }));
      expect(response.status).toBe(200);
      expect(requests).toHaveLength(1);
      const sent = requests[0]?.body;
      expect(sent?.max_tokens ?? sent?.max_completion_tokens).toBe(Number.MAX_SAFE_INTEGER);
    },
  );
});
