/**
 * Benchmark workloads: model output as a tool-calling model would stream it,
 * in the three text formats both packages speak (hermes JSON, morph-XML,
 * qwen3-coder), cut into 4-character chunks (about one token each).
 *
 * Everything is generated from a seeded PRNG, so every run and every
 * implementation sees exactly the same bytes.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { seededRandom } from '../random.ts';

export const Format = { Hermes: 'hermes', MorphXml: 'morph-xml', Qwen3Coder: 'qwen3-coder' } as const;
export type Format = (typeof Format)[keyof typeof Format];
export const formats: Format[] = [Format.Hermes, Format.MorphXml, Format.Qwen3Coder];

export const Shape = { BigArgument: 'argument', ProseWithCalls: 'prose+calls', Prose: 'prose' } as const;
export type Shape = (typeof Shape)[keyof typeof Shape];

export interface Workload {
  /** e.g. `hermes argument 100KB` */
  name: string;
  format: Format;
  shape: Shape;
  /** Nominal size in bytes (the argument size for BigArgument, the whole text otherwise). */
  size: number;
  chunks: string[];
  /** Total characters of model text. */
  textLength: number;
  expectedCalls: number;
  /** The big argument's value (BigArgument only), to check that nothing was lost. */
  expectedContent?: string;
  /** Offsets in the text of the big argument's value, as written (BigArgument only). */
  contentStart?: number;
  contentEnd?: number;
  /** Where each call's markup starts and ends in the text (ProseWithCalls only). */
  callSpans?: Array<[start: number, end: number]>;
}

export const CHUNK_SIZE = 4;

export const tools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'write_file',
    description: 'Write a file to disk.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  },
  {
    type: 'function',
    name: 'get_weather',
    description: 'Current weather for a city.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
    },
  },
];

const words = 'the model writes code while a parser reads every token and keeps the stream moving fast'.split(' ');

function pick<T>(random: () => number, items: T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * Source-code-like text with newlines, quotes, braces and a backslash, the
 * characters that need escaping in JSON. It has no `<` or `&`, so the XML
 * formats can carry it raw without either parser having to guess.
 */
export function codeText(size: number, seed = 1): string {
  const random = seededRandom(seed);
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line =
      i % 4 === 0
        ? `function ${pick(random, words)}_${i}(value) {`
        : i % 4 === 3
          ? '}'
          : `  const ${pick(random, words)} = "${pick(random, words)} ${pick(random, words)}\\n" + value * ${i}; // ${pick(random, words)}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, size);
}

/** Plain sentences, no markup at all. */
export function proseText(size: number, seed = 2): string {
  const random = seededRandom(seed);
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const sentence = `${Array.from({ length: 6 + Math.floor(random() * 10) }, () => pick(random, words)).join(' ')}. `;
    parts.push(sentence);
    length += sentence.length;
  }
  return parts.join('').slice(0, size);
}

function formatCall(format: Format, toolName: string, args: Record<string, string | number>): string {
  switch (format) {
    case Format.Hermes:
      return `<tool_call>\n${JSON.stringify({ name: toolName, arguments: args })}\n</tool_call>`;
    case Format.MorphXml:
      return `<${toolName}>\n${Object.entries(args)
        .map(([key, value]) => `<${key}>${value}</${key}>`)
        .join('\n')}\n</${toolName}>`;
    case Format.Qwen3Coder:
      return `<tool_call>\n<function=${toolName}>\n${Object.entries(args)
        .map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>`)
        .join('\n')}\n</function>\n</tool_call>`;
  }
}

export function chunk(text: string, size = CHUNK_SIZE): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

export function sizeLabel(size: number): string {
  return size >= 1 << 20 ? `${size / (1 << 20)}MB` : `${size / 1024}KB`;
}

/** A short preamble, then one `write_file` call whose `content` is `size` characters of code. */
export function bigArgumentWorkload(format: Format, size: number): Workload {
  const content = codeText(size);
  const marker = '\u0000CONTENT\u0000';
  const template = `I'll write the file now.\n${formatCall(format, 'write_file', { path: 'src/app.js', content: marker })}`;
  // For JSON the content is escaped; its first character is never escaped here ("f" of "function").
  const rendered = format === Format.Hermes ? JSON.stringify(content).slice(1, -1) : content;
  const markerInText = format === Format.Hermes ? JSON.stringify(marker).slice(1, -1) : marker;
  const contentStart = template.indexOf(markerInText);
  const text = template.replace(markerInText, () => rendered);
  return {
    name: `${format} ${Shape.BigArgument} ${sizeLabel(size)}`,
    format,
    shape: Shape.BigArgument,
    size,
    chunks: chunk(text),
    textLength: text.length,
    expectedCalls: 1,
    expectedContent: content,
    contentStart,
    contentEnd: contentStart + rendered.length,
  };
}

/** Paragraphs of prose with a small `get_weather` call after each, `size` characters in all. */
export function proseWithCallsWorkload(format: Format, size: number): Workload {
  const random = seededRandom(3);
  const prose = proseText(size, 4);
  const pieces: string[] = [];
  const callSpans: Array<[number, number]> = [];
  let length = 0;
  let calls = 0;
  let offset = 0;
  while (length < size) {
    const paragraph = `${prose.slice(offset, offset + 300 + Math.floor(random() * 300))}\n`;
    offset += paragraph.length;
    const call = formatCall(format, 'get_weather', {
      city: pick(random, ['Paris', 'Lima', 'Oslo', 'Kyoto']),
      days: 1 + (calls % 7),
    });
    length += paragraph.length;
    callSpans.push([length, length + call.length]);
    pieces.push(paragraph, call, '\n');
    length += call.length + 1;
    calls += 1;
  }
  const text = pieces.join('');
  return {
    name: `${format} ${Shape.ProseWithCalls} ${sizeLabel(size)}`,
    format,
    shape: Shape.ProseWithCalls,
    size,
    chunks: chunk(text),
    textLength: text.length,
    expectedCalls: calls,
    callSpans,
  };
}

export function proseWorkload(format: Format, size: number): Workload {
  const text = proseText(size);
  return {
    name: `${format} ${Shape.Prose} ${sizeLabel(size)}`,
    format,
    shape: Shape.Prose,
    size,
    chunks: chunk(text),
    textLength: text.length,
    expectedCalls: 0,
  };
}

export const KB = 1024;
export const MB = 1024 * 1024;

/** The standard workloads, per format: one big argument (10 KB, 100 KB, 1 MB), prose with calls, prose alone. */
export function standardWorkloads(format: Format): Workload[] {
  return [
    bigArgumentWorkload(format, 10 * KB),
    bigArgumentWorkload(format, 100 * KB),
    bigArgumentWorkload(format, MB),
    proseWithCallsWorkload(format, 100 * KB),
    proseWithCallsWorkload(format, MB),
    proseWorkload(format, MB),
  ];
}
