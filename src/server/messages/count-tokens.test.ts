/**
 * The count_tokens estimate as worker/README.md states it: about one token
 * per four characters of text, tool arguments and tool definitions, plus
 * 1,600 per image or PDF; a text document counts as its text.
 */
import { describe, expect, it } from 'vitest';
import { estimateInputTokens } from './count-tokens.ts';

const text = (chars: number) => ({ type: 'text', text: 'x'.repeat(chars) });
const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(40_000) } };
const pdf = { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'B'.repeat(40_000) } };
const textDocument = { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'y'.repeat(4000) } };

const estimate = (content: unknown[], extra: Record<string, unknown> = {}) =>
  estimateInputTokens({ messages: [{ role: 'user', content }], ...extra });

describe('count_tokens estimate', () => {
  it('grows by about one token per four characters of text', () => {
    const base = estimate([text(0)]);
    expect(estimate([text(4000)]) - base).toBe(1000);
  });

  it('counts 1,600 per image or PDF, whatever its size, and a text document as its text', () => {
    const base = estimate([text(10)]);
    // The extra block adds one array slot (one character) besides its own count.
    expect(estimate([text(10), image]) - base).toBeGreaterThanOrEqual(1600);
    expect(estimate([text(10), image]) - base).toBeLessThanOrEqual(1601);
    expect(estimate([text(10), pdf]) - base).toBeGreaterThanOrEqual(1600);
    expect(estimate([text(10), pdf]) - base).toBeLessThanOrEqual(1601);
    expect(estimate([text(10), image, pdf]) - base).toBeLessThanOrEqual(3201);
    expect(estimate([text(10), textDocument]) - base).toBeGreaterThanOrEqual(1000);
    expect(estimate([text(10), textDocument]) - base).toBeLessThan(1100);
  });

  it('counts tool definitions and the system prompt', () => {
    const base = estimate([text(10)]);
    const tool = { name: 'get_weather', description: 'd'.repeat(400), input_schema: { type: 'object' } };
    expect(estimate([text(10)], { tools: [tool] }) - base).toBeGreaterThan(100);
    expect(estimate([text(10)], { system: 's'.repeat(400) }) - base).toBeGreaterThanOrEqual(100);
  });
});
