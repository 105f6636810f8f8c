/**
 * Differential fuzz of every format's parser (seeded, reproducible): inputs
 * mix valid calls rendered by the format itself, prose with near-markers,
 * fragments of calls (this format's and others'), small corruptions and
 * truncation at a random point. For each input:
 *
 * - whole, one character at a time and random chunks give the same events
 *   (text joined per run between calls, the same calls with the same inputs);
 * - no character is lost or duplicated: the text, the reasoning and the raw
 *   text of completed call blocks and thinking markup, in event order,
 *   rebuild the input exactly.
 *
 * Parser-level (no AI SDK in between) so it can afford 1,000 inputs per
 * format; Node only, since the other runtimes run the same parser code
 * through the fixture suites.
 */
import { describe, expect, it } from 'vitest';
import type { ParserCallbacks } from '../parse/engine/events.ts';
import { randomChunks, seededRandom } from '../test/harness.ts';
import { autoProtocol } from './auto/auto.ts';
import { FORMATS } from './registry.ts';

const INPUTS_PER_FORMAT = 1000;

const tools = new Map(
  [
    {
      name: 'get_weather',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'number' }, metric: { type: 'boolean' } },
      },
    },
    {
      name: 'search',
      inputSchema: { type: 'object', properties: { query: { type: 'string' }, tags: { type: 'array' } } },
    },
  ].map((tool) => [tool.name, tool]),
);

const PROSE = [
  'the',
  ' ',
  ' ',
  '\n',
  'weather',
  '.',
  '<',
  '>',
  '</',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  '`',
  '```',
  '|',
  '<|',
  '|>',
  '：',
  'é',
  '😀',
  'get_weather',
  'search(',
  'call:',
  'functools',
  '[TOOL',
  '<tool',
  '<think>',
  '</think>',
  '[THINK]',
  '[/THINK]',
  '<|channel>thought\n',
  '<channel|>',
  '<|channel|>analysis<|message|>',
  '<|end|>',
];

/** Thinking blocks in each family's markers; what they hold is never a call. */
const THINKING = [
  ['<think>', '</think>'],
  ['[THINK]', '[/THINK]'],
  ['<|channel>thought\n', '<channel|>'],
  ['<|channel|>analysis<|message|>', '<|end|>'],
] as const;

const VALUES = [
  'Paris',
  'a "quoted" word',
  'x </tool_call> y',
  'back\\slash',
  'line\nbreak',
  'ü 北京 😀',
  '',
  '  padded  ',
];

/** One input for `format`: prose, calls, fragments, corruption, truncation. */
function makeInput(random: () => number, render: (name: string, input: unknown) => string, others: string[]): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const pieces: string[] = [];
  if (random() < 0.3) {
    // Thinking first (maybe with a drafted call inside), as reasoning models answer.
    const [open, close] = pick(THINKING);
    const draft = random() < 0.5 ? render('search', { query: pick(VALUES) }) : pick(PROSE);
    pieces.push(`${open}${pick(PROSE)}${draft}${random() < 0.85 ? close : ''}`);
  }
  const count = 1 + Math.floor(random() * 5);
  for (let p = 0; p < count; p++) {
    const kind = random();
    if (kind < 0.35) {
      let prose = '';
      for (let k = Math.floor(random() * 8); k > 0; k--) prose += pick(PROSE);
      pieces.push(prose);
    } else if (kind < 0.75) {
      const call =
        random() < 0.5
          ? render('get_weather', { city: pick(VALUES), days: Math.floor(random() * 9) })
          : render('search', { query: pick(VALUES), tags: [pick(VALUES)] });
      const damage = random();
      if (damage < 0.15) {
        // Drop one character somewhere inside the call.
        const at = Math.floor(random() * call.length);
        pieces.push(call.slice(0, at) + call.slice(at + 1));
      } else if (damage < 0.25) {
        pieces.push(call.slice(0, Math.floor(random() * call.length)));
      } else pieces.push(call);
    } else {
      // A fragment of a call in another format (its markers in this format's text).
      const other = pick(others);
      const from = Math.floor(random() * other.length);
      pieces.push(other.slice(from, from + 1 + Math.floor(random() * 24)));
    }
  }
  const text = pieces.join(random() < 0.5 ? '\n' : '');
  return random() < 0.2 ? text.slice(0, Math.floor(random() * text.length)) : text;
}

interface Trace {
  /** Text, reasoning and call-block raw text in event order: must rebuild the input. */
  replay: string;
  /** The visible outcome, chunking-independent: text between calls joined, calls with inputs. */
  outcome: string[];
}

function trace(
  createParser: (callbacks: ParserCallbacks) => { feed(c: string): void; flush(): void },
  chunks: string[],
): Trace {
  let replay = '';
  const outcome: string[] = [];
  let text = '';
  let reasoning = '';
  const flushText = () => {
    if (text !== '') outcome.push(`text:${text}`);
    if (reasoning !== '') outcome.push(`reasoning:${reasoning}`);
    text = '';
    reasoning = '';
  };
  const parser = createParser({
    onText: (t) => {
      replay += t;
      text += t;
    },
    onReasoning: (t) => {
      replay += t;
      reasoning += t;
    },
    onReasoningEnd: () => {},
    onCallSegment: (raw) => {
      replay += raw;
    },
    onToolCallStart: () => flushText(),
    onToolCallDelta: () => {},
    onToolCallEnd: ({ toolName, input }) => outcome.push(`call:${toolName}:${input}`),
    onToolCallAbort: () => outcome.push('abort'),
    onError: () => {},
  });
  for (const chunk of chunks) parser.feed(chunk);
  parser.flush();
  flushText();
  return { replay, outcome };
}

const samples = FORMATS.filter((f) => f.name !== 'auto').map((format) =>
  format.create().formatToolCall({ toolCallId: 'x', toolName: 'search', input: { query: 'q' } }),
);

describe('differential fuzz: every chunking agrees, and no character is lost or duplicated', () => {
  for (const format of FORMATS) {
    it(`${format.name}: ${INPUTS_PER_FORMAT} inputs`, () => {
      const protocol = format.create();
      const render = (toolName: string, input: unknown) =>
        (format.name === 'auto' ? autoProtocol() : protocol).formatToolCall({ toolCallId: 'x', toolName, input });
      const random = seededRandom(format.name.length * 7919 + 17);
      for (let n = 0; n < INPUTS_PER_FORMAT; n++) {
        const input = makeInput(random, render, samples);
        const run = (chunks: string[]) =>
          trace((callbacks) => protocol.createParser({ tools, generateId: () => 'id' }, callbacks), chunks);
        const whole = run([input]);
        const label = `${format.name} #${n}: ${JSON.stringify(input)}`;
        expect(whole.replay, label).toBe(input);
        for (const chunks of [Array.from(input), randomChunks(input, n + 1, 9)]) {
          const other = run(chunks);
          expect(other.replay, label).toBe(input);
          expect(other.outcome, label).toEqual(whole.outcome);
        }
      }
    });
  }
});
