/**
 * Randomised checks of the hold-back logic: prose full of near-delimiters
 * (`<tool`, `</tool_call`, backticks, braces) mixed with real calls must come
 * out as exactly the same prose and exactly the same calls, whatever the
 * chunking. Seeds are fixed, so a failure is reproducible.
 */
import { describe, expect, it } from 'vitest';
import { autoToolMiddleware, gemmaToolMiddleware, hermesToolMiddleware } from '../../index.ts';
import { functionTool, randomChunks, seededRandom, streamParts, summarize } from '../../test/harness.ts';

const tools = [
  functionTool('note', { type: 'object', properties: { text: { type: 'string' }, n: { type: 'number' } } }),
];

const proseAtoms = [
  '<',
  'tool',
  '_',
  'call',
  '>',
  '</',
  '`',
  '``',
  '{',
  '}',
  'a',
  ' ',
  '\n',
  'é',
  '😀',
  '<tool_ca',
  '```tool',
  '```py',
];

function randomProse(random: () => number, start: string): string {
  let text = '';
  const length = Math.floor(random() * 12);
  for (let i = 0; i < length; i++) text += proseAtoms[Math.floor(random() * proseAtoms.length)];
  // Prose must not contain a real opening delimiter, or it would be a call.
  return text.split(start).join('x');
}

function randomCall(random: () => number): { text: string; input: { text: string; n: number } } {
  const input = { text: `v${Math.floor(random() * 1000)} </tool_call> \`\`\` "q"`, n: Math.floor(random() * 100) };
  return { text: JSON.stringify({ name: 'note', arguments: { text: input.text, n: String(input.n) } }), input };
}

describe.each([
  ['hermes', hermesToolMiddleware, '<tool_call>', '</tool_call>'],
  ['gemma', gemmaToolMiddleware, '```tool_call', '```'],
  // The auto-detecting parser reads both formats through its own section machinery.
  ['auto (hermes format)', autoToolMiddleware, '<tool_call>', '</tool_call>'],
  ['auto (gemma format)', autoToolMiddleware, '```tool_call', '```'],
])('%s: random prose and calls', (_name, middleware, start, end) => {
  for (let seed = 1; seed <= 25; seed++) {
    it(`seed ${seed}`, async () => {
      const random = seededRandom(seed);
      let text = '';
      let prose = '';
      const calls: unknown[] = [];
      const pieces = 1 + Math.floor(random() * 4);
      for (let i = 0; i < pieces; i++) {
        let p = randomProse(random, start);
        // Keep prose from merging with a following delimiter into a different one (e.g. "`" + "```tool_call").
        if (p.endsWith('`') || p.endsWith('<')) p += '.';
        text += p;
        prose += p;
        if (random() < 0.7) {
          const call = randomCall(random);
          text += `${start}\n${call.text}\n${end}`;
          calls.push(call.input);
        }
      }
      for (const chunks of [[text], Array.from(text), randomChunks(text, seed, 5)]) {
        const summary = summarize(await streamParts({ middleware, tools }, chunks));
        expect(summary.calls.map((c) => c.input)).toEqual(calls);
        expect(summary.text.replace(/\s+/g, '')).toBe(prose.replace(/\s+/g, ''));
      }
    });
  }
});

describe('a stray closing brace before the end marker', () => {
  it.each([
    ['hermes', hermesToolMiddleware],
    ['auto', autoToolMiddleware],
  ])('%s: the call stands and no markup leaks into the text', async (_name, middleware) => {
    const text = 'Sure. <tool_call>{"name": "note", "arguments": {"text": "x"}}}</tool_call> Done.';
    for (const chunks of [[text], Array.from(text), randomChunks(text, 9, 5)]) {
      const summary = summarize(await streamParts({ middleware, tools }, chunks));
      expect(summary.calls.map((c) => c.input)).toEqual([{ text: 'x' }]);
      expect(summary.text).toBe('Sure. Done.');
    }
  });
});
