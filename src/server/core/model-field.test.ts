/**
 * `model` follows one rule on every door (door-kit readModel): it may be
 * left out (the proxy serves one model, and the answer then names it), and
 * when given it must be a string of at most 256 characters, else a 400 in
 * that API's own error shape naming `model`.
 */
import { describe, expect, it } from 'vitest';
import { createProxyHandlerFromEnv } from '../handler.ts';
import { ROUTE_SAMPLES } from '../test/routes.ts';
import { REPLAY_MODEL_ID } from './env-options.ts';

const handler = createProxyHandlerFromEnv({ REPLAY_DELAY_MS: '0' });

function post(sample: (typeof ROUTE_SAMPLES)[number], body: Record<string, unknown>): Promise<Response> {
  return handler(
    new Request(`http://127.0.0.1${sample.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sample.headers },
      body: JSON.stringify(body),
    }),
  );
}

describe.each(ROUTE_SAMPLES)('$name: the `model` field', (sample) => {
  const { model: _dropped, ...withoutModel } = sample.body;

  it.each([
    ['left out', withoutModel],
    ['null', { ...withoutModel, model: null }],
    ['an empty string', { ...withoutModel, model: '' }],
  ])('%s: answered, naming the model the proxy serves', async (_case, body) => {
    const response = await post(sample, { ...body, stream: false });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { model?: string }).model).toBe(REPLAY_MODEL_ID);
  });

  it('streamed without one: the stream names the served model', async () => {
    const response = await post(sample, { ...withoutModel, stream: true });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(sample.done);
    expect(text).toContain(`"model":"${REPLAY_MODEL_ID}"`);
  });

  it.each([
    ['a number', 42],
    ['an object', { name: 'm' }],
    ['over 256 characters', 'm'.repeat(257)],
  ])('%s: 400 in the door’s shape, naming `model`', async (_case, model) => {
    const response = await post(sample, { ...withoutModel, stream: false, model });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toMatch(/`model`/);
    expect(text).toContain('invalid_request_error');
  });
});
