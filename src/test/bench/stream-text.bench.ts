/**
 * `npm run bench` (second part): what a user pays for toolshim through the AI
 * SDK's own `streamText`, per format, against the same stream with no
 * middleware. One call whose argument holds 100 KB, written by the format's
 * history renderer (the text the model would write), streamed in 4-character
 * chunks by a pull-based mock model. Rounds alternate floor / toolshim, and
 * the median of each is kept.
 *
 * "Reasoning, then a call": 100 KB of thinking in the family's markers, then
 * a small call, for each family with thinking markers (and 1 MB for hermes,
 * to check that the time per MB stays flat). Target: at most 1.5x the floor.
 *
 * The peer is `@browser-ai/web-llm`, the in-browser provider with its own
 * tool-call emulation: its model with a scripted engine in place of WebGPU,
 * streaming the same argument in its own ```tool_call fence, with the tool
 * declared so its parser runs. Its floor is the same provider with no tools.
 *
 *   npm run bench:stream-text            every format, 100 KB
 *   npm run bench:stream-text -- --quick hermes, qwen3-coder and the peer, fewer rounds
 *
 * Exits non-zero when a run finds no call or loses argument bytes.
 */
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { webLLM } from '@browser-ai/web-llm';
import { jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createToolMiddleware } from '../../middleware/create-tool-middleware.ts';
import { FORMATS } from '../../protocols/registry.ts';
import { seededRandom } from '../random.ts';
import { writeResults } from '../results-file.ts';
import { argv, loadAverage, machine, setExitCode, writeJson } from './node-host.bench.ts';

const args = argv();
const quick = args.includes('--quick');
const rounds = quick ? 5 : 9;
const SIZE = 100 * 1024;
const CHUNK = 4;

/** Code-like text: words, indentation, quotes and newlines, so JSON escapes and XML-looking text both occur. */
function content(size: number): string {
  const random = seededRandom(7);
  const words = ['const', 'value', '=', 'read("a.txt");', 'if', '(x < y)', '{', '}', 'return', '"quoted"', '\\n'];
  let out = '';
  while (out.length < size) {
    out += words[Math.floor(random() * words.length)];
    out += random() < 0.12 ? '\n    ' : ' ';
  }
  return out.slice(0, size);
}

function chunked(text: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) chunks.push(text.slice(i, i + CHUNK));
  return chunks;
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

/** A provider stream yielding one part per pull, like a provider reading a socket. */
function pullStream(chunks: string[]): ReadableStream<LanguageModelV4StreamPart> {
  let i = -2;
  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      pull(controller) {
        const at = i++;
        if (at === -2) controller.enqueue({ type: 'stream-start', warnings: [] });
        else if (at === -1) controller.enqueue({ type: 'text-start', id: 't' });
        else if (at < chunks.length) controller.enqueue({ type: 'text-delta', id: 't', delta: chunks[at] as string });
        else if (at === chunks.length) controller.enqueue({ type: 'text-end', id: 't' });
        else if (at === chunks.length + 1)
          controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

function mockModel(chunks: string[]): LanguageModelV4 {
  return new MockLanguageModelV4({ doStream: async () => ({ stream: pullStream(chunks) }) });
}

/** @browser-ai/web-llm with a scripted engine: the provider's own code, WebGPU replaced. */
function webLLMModel(chunks: string[]): LanguageModelV4 {
  const model = webLLM('bench-model') as unknown as Record<string, unknown>;
  async function* completion() {
    for (const piece of chunks) yield { choices: [{ delta: { content: piece }, finish_reason: null }] };
    yield { choices: [{ delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1 } };
  }
  model.availability = async () => 'available';
  model.engine = {
    chat: { completions: { create: async () => completion() } },
    interruptGenerate: async () => {},
  };
  model.isInitialized = true;
  return model as unknown as LanguageModelV4;
}

const writeFile = tool({
  description: 'Write a file.',
  inputSchema: jsonSchema<{ path: string; content: string }>({
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  }),
});

interface Run {
  ms: number;
  calls: number;
  contentLength: number;
  reasoningLength: number;
}

async function run(model: LanguageModelV4, withTools: boolean): Promise<Run> {
  const start = performance.now();
  const result = streamText({
    model,
    prompt: 'Write the file.',
    ...(withTools ? { tools: { write_file: writeFile } } : {}),
  });
  let calls = 0;
  let contentLength = 0;
  let reasoningLength = 0;
  for await (const part of result.fullStream) {
    if (part.type === 'tool-call') {
      calls += 1;
      contentLength = String((part.input as { content?: unknown }).content ?? '').length;
    } else if (part.type === 'reasoning-delta') reasoningLength += part.text.length;
    else if (part.type === 'error') throw part.error;
  }
  return { ms: performance.now() - start, calls, contentLength, reasoningLength };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

interface Row {
  name: string;
  floorMs: number;
  ms: number;
  ratio: number;
}

const rows: Row[] = [];
const failures: string[] = [];
const value = content(SIZE);
const input = { path: 'big.txt', content: value };

async function measure(
  name: string,
  floor: () => Promise<Run>,
  subject: () => Promise<Run>,
  { expectedLength = SIZE, reasoningAtLeast = 0, times = rounds, into = rows } = {},
): Promise<Row> {
  const floors: number[] = [];
  const subjects: number[] = [];
  for (let round = 0; round < times + 1; round++) {
    const a = await floor();
    const b = await subject();
    if (b.calls !== 1 || b.contentLength !== expectedLength)
      failures.push(`${name}: ${b.calls} call(s), argument ${b.contentLength} of ${expectedLength} characters`);
    if (b.reasoningLength < reasoningAtLeast)
      failures.push(`${name}: ${b.reasoningLength} reasoning characters, expected at least ${reasoningAtLeast}`);
    // Round 0 warms up the JIT.
    if (round > 0) {
      floors.push(a.ms);
      subjects.push(b.ms);
    }
  }
  const row = { name, floorMs: median(floors), ms: median(subjects), ratio: median(subjects) / median(floors) };
  into.push(row);
  console.log(`  ${name}: ${row.ms.toFixed(0)} ms, floor ${row.floorMs.toFixed(0)} ms, ${row.ratio.toFixed(2)}x`);
  return row;
}

const started = performance.now();
const loadAtStart = loadAverage();
const formats = quick ? FORMATS.filter((f) => f.name === 'hermes' || f.name === 'qwen3-coder') : FORMATS;
for (const format of formats) {
  const protocol = format.create();
  const call = protocol.formatToolCall({ toolCallId: 'call_1', toolName: 'write_file', input });
  // Bare formats (a JSON object or list, a Python list) count only when they open the answer.
  const text = /^[[{]/.test(call) ? call : `I will write it now.\n${call}`;
  const chunks = chunked(text);
  const middleware = createToolMiddleware({ protocol });
  await measure(
    format.name,
    () => run(mockModel(chunks), true),
    () => run(wrapLanguageModel({ model: mockModel(chunks), middleware }), true),
  );
}
/** Each thinking family's markers, as its template writes them (see src/protocols/shared-triggers.ts, harmony.ts). */
const THINKING: Record<string, (thought: string) => string> = {
  hermes: (t) => `<think>\n${t}\n</think>\n\n`,
  mistral: (t) => `[THINK]${t}[/THINK]`,
  harmony: (t) => `<|channel|>analysis<|message|>${t}<|end|><|start|>assistant`,
  gemma4: (t) => `<|channel>thought\n${t}<channel|>`,
};
const reasoningRows: Row[] = [];
const small = { path: 'a.txt', content: 'short' };
async function measureReasoning(formatName: string, size: number, times: number): Promise<Row> {
  const format = FORMATS.find((f) => f.name === formatName);
  if (!format) throw new Error(`no format ${formatName}`);
  const protocol = format.create();
  const think = THINKING[formatName] as (thought: string) => string;
  const text =
    think(content(size)) + protocol.formatToolCall({ toolCallId: 'call_1', toolName: 'write_file', input: small });
  const chunks = chunked(text);
  const middleware = createToolMiddleware({ protocol });
  return measure(
    `${formatName}, ${size / 1024} KB reasoning then a call`,
    () => run(mockModel(chunks), true),
    () => run(wrapLanguageModel({ model: mockModel(chunks), middleware }), true),
    { expectedLength: small.content.length, reasoningAtLeast: size, times, into: reasoningRows },
  );
}
for (const name of quick ? ['hermes'] : Object.keys(THINKING)) await measureReasoning(name, SIZE, rounds);
const perMb100 = reasoningRows[0] as Row;
const megabyte = await measureReasoning('hermes', 1024 * 1024, quick ? 1 : 3);
const linearity = megabyte.ms / 10 / perMb100.ms;

{
  // The peer's own format (its system prompt asks for a ```tool_call fence holding the JSON call).
  const text = `I will write it now.\n\`\`\`tool_call\n${JSON.stringify({ name: 'write_file', arguments: input })}\n\`\`\``;
  const chunks = chunked(text);
  await measure(
    '@browser-ai/web-llm 3.0.3 (its own emulation)',
    () => run(webLLMModel(chunks), false),
    () => run(webLLMModel(chunks), true),
  );
}

const over = rows.filter((row) => row.ratio > 1.2 && !row.name.startsWith('@'));
const reasoningOver = reasoningRows.filter((row) => row.ratio > 1.5);
const table = [
  `One ${SIZE / 1024} KB argument in ${CHUNK}-character chunks, median of ${rounds}:`,
  '',
  '| format | streamText | no middleware | ratio |',
  '|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.name} | ${r.ms.toFixed(0)} ms | ${r.floorMs.toFixed(0)} ms | ${r.ratio.toFixed(2)}x |`),
  '',
  `Target <= 1.20x: ${over.length === 0 ? 'met by every format' : `over in ${over.map((r) => r.name).join(', ')}`}.`,
  '',
  '| reasoning, then a call | streamText | no middleware | ratio |',
  '|---|---:|---:|---:|',
  ...reasoningRows.map(
    (r) => `| ${r.name} | ${r.ms.toFixed(0)} ms | ${r.floorMs.toFixed(0)} ms | ${r.ratio.toFixed(2)}x |`,
  ),
  '',
  `Target <= 1.50x: ${reasoningOver.length === 0 ? 'met' : `over in ${reasoningOver.map((r) => r.name).join(', ')}`}. Time per MB, 1 MB against 100 KB (hermes): ${linearity.toFixed(2)}x (target <= 1.20).`,
  `Load average ${loadAtStart.toFixed(2)} at start, ${loadAverage().toFixed(2)} at end; ${((performance.now() - started) / 1000).toFixed(0)} s.`,
].join('\n');
console.log(`\nstreamText (npm run bench:stream-text${quick ? ' -- --quick' : ''}). ${table}`);
if (!quick) {
  const results = writeResults({
    file: 'src/test/bench/RESULTS.md',
    fileTitle: 'Benchmark results',
    id: 'stream-text',
    heading: 'What a user pays: streamText with toolshim, every format',
    command: 'npm run bench:stream-text',
    body: table,
  });
  console.log(`Results: ${results}`);
}
writeJson('.cache/bench', `stream-text${quick ? '-quick' : ''}-latest.json`, {
  date: new Date().toISOString(),
  machine: machine(),
  rounds,
  rows,
  reasoningRows,
  linearity,
  failures,
});
if (failures.length > 0) {
  console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
  setExitCode(1);
}
