/**
 * `npm run stress`: the proxy handler under load with faults, in process
 * (no network: the upstream is a fake `fetch`), bounded to well under two
 * minutes. Every request has an expected outcome; the table counts requests
 * that never finished ("lost"), answers that did not map the fault as the
 * README says ("mis-mapped"), answers that leaked the upstream key, latency
 * and live-heap growth across the run (after GC).
 *
 *   npm run stress               3,000 requests, 16 at a time
 *   npm run stress -- --quick    600 requests
 */
import { createProxyHandler } from '../../server/handler.ts';
import { seededRandom } from '../random.ts';
import { argv, collectGarbage, heapUsed, setExitCode } from './node-host.bench.ts';

const quick = argv().includes('--quick');
const TOTAL = quick ? 600 : 3000;
const CONCURRENCY = 16;
const KEY = 'sk-stress-9Zx8Yw7Vu6Ts5Rq4';
const encoder = new TextEncoder();
const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const tools = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
];

const sse = (events: unknown[], end: 'done' | 'cut' | 'stall') => {
  let i = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const event = events[i++];
        if (event !== undefined) return controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        if (end === 'done') {
          controller.enqueue(encoder.encode('data: [DONE]\n\n'));
          return controller.close();
        }
        if (end === 'cut') return controller.error(new TypeError('connection reset'));
        return new Promise<void>(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
};
const delta = (content: string, finish: string | null = null) => ({
  id: 'u',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta: { content }, finish_reason: finish }],
});
const completion = (content: string) => ({
  id: 'u',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

interface Scenario {
  name: string;
  stream: boolean;
  upstream: () => Response | Promise<Response>;
  /** The status, and for errors the code, the client must get; for streams, how the stream must end. */
  expect: { status: number; code?: string; ends?: 'done' | 'error' };
  leave?: boolean;
}

const scenarios: Scenario[] = [
  {
    name: 'stream, a call',
    stream: true,
    upstream: () => sse([...call.match(/[\s\S]{1,5}/g)!.map((c) => delta(c)), delta('', 'stop')], 'done'),
    expect: { status: 200, ends: 'done' },
  },
  {
    name: 'whole, a call',
    stream: false,
    upstream: () => Response.json(completion(call)),
    expect: { status: 200 },
  },
  {
    name: 'upstream 500',
    stream: false,
    upstream: () => Response.json({ error: { message: 'boom' } }, { status: 500 }),
    expect: { status: 502, code: 'upstream_server_error' },
  },
  {
    name: 'upstream 429',
    stream: false,
    upstream: () =>
      Response.json({ error: { message: 'slow down' } }, { status: 429, headers: { 'retry-after': '3' } }),
    expect: { status: 429, code: 'upstream_rate_limited' },
  },
  {
    name: 'upstream 401 quoting the key',
    stream: true,
    upstream: () => Response.json({ error: { message: `bad key ${KEY}` } }, { status: 401 }),
    expect: { status: 401, code: 'upstream_authentication_failed' },
  },
  {
    name: 'body cut after the headers',
    stream: false,
    upstream: () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new TypeError('reset'));
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      ),
    expect: { status: 502, code: 'upstream_unreachable' },
  },
  {
    name: 'stream cut in the middle',
    stream: true,
    upstream: () => sse([delta('Hel'), delta('lo')], 'cut'),
    expect: { status: 200, ends: 'error' },
  },
  {
    name: 'stream gone quiet (idle timeout)',
    stream: true,
    upstream: () => sse([delta('Hel')], 'stall'),
    expect: { status: 200, ends: 'error' },
  },
  {
    name: 'a 200 HTML page',
    stream: false,
    upstream: () => new Response('<html>login</html>', { headers: { 'content-type': 'text/html' } }),
    expect: { status: 502, code: 'upstream_malformed_response' },
  },
  {
    name: 'client leaves mid-stream',
    stream: true,
    upstream: () => sse([delta('Hel')], 'stall'),
    expect: { status: 200 },
    leave: true,
  },
];

const handler = createProxyHandler({
  upstream: {
    baseURL: 'http://upstream.local/v1',
    apiKey: KEY,
    idleTimeoutMs: 50,
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      // The request id travels in the user's message, which every mode forwards.
      const id = /\bstress-r\d+\b/.exec(String(init?.body))?.[0] ?? '';
      const scenario = current.get(id);
      if (scenario === undefined) throw new Error(`no scenario for ${id}`);
      return scenario.upstream();
    }) as typeof fetch,
  },
});
const current = new Map<string, Scenario>();

interface Outcome {
  ms: number;
  lost: boolean;
  misMapped: string | undefined;
  leaked: boolean;
}

async function one(id: number, scenario: Scenario): Promise<Outcome> {
  const user = `stress-r${id}`;
  current.set(user, scenario);
  const client = new AbortController();
  const started = performance.now();
  const request = new Request('http://proxy.local/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: `Weather? ${user}` }], tools, stream: scenario.stream }),
    signal: client.signal,
  });
  const work = (async (): Promise<Omit<Outcome, 'ms' | 'lost'>> => {
    const response = await handler(request);
    let text = '';
    if (scenario.leave) {
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      client.abort();
      await reader.cancel();
    } else text = await response.text();
    const leaked = text.includes(KEY) || text.includes(KEY.slice(4, 12));
    let misMapped: string | undefined;
    if (response.status !== scenario.expect.status) misMapped = `status ${response.status}`;
    else if (scenario.expect.code && !text.includes(`"code":"${scenario.expect.code}"`)) misMapped = 'code';
    else if (scenario.expect.ends === 'done' && !text.trimEnd().endsWith('data: [DONE]')) misMapped = 'no [DONE]';
    else if (scenario.expect.ends === 'error' && (!text.includes('"error"') || text.includes('[DONE]')))
      misMapped = 'no error event';
    return { misMapped, leaked };
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'lost'>((resolve) => {
    timer = setTimeout(() => resolve('lost'), 5000);
  });
  const result = await Promise.race([work, timeout]);
  // A pending 5 s timer per request would hold memory and show up as heap growth.
  clearTimeout(timer);
  current.delete(user);
  const ms = performance.now() - started;
  if (result === 'lost') return { ms, lost: true, misMapped: undefined, leaked: false };
  return { ms, lost: false, ...result };
}

/** `--only=N`: one scenario, to find which one a problem comes from. */
const only = argv()
  .find((a) => a.startsWith('--only='))
  ?.slice(7);

async function pass(count: number, random: () => number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const id = next++;
      const pick = only === undefined ? Math.floor(random() * scenarios.length) : Number(only);
      outcomes.push(await one(id, scenarios[pick] as Scenario));
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

const started = performance.now();
await pass(200, seededRandom(1)); // warm-up: JIT and lazily built state
collectGarbage();
const heapBefore = heapUsed();
const outcomes = await pass(TOTAL, seededRandom(2));
await new Promise((resolve) => setTimeout(resolve, 100));
collectGarbage();
const heapAfter = heapUsed();

const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
const lost = outcomes.filter((o) => o.lost).length;
const misMapped = outcomes.filter((o) => o.misMapped !== undefined);
const leaked = outcomes.filter((o) => o.leaked).length;
console.log(
  [
    `npm run stress${quick ? ' -- --quick' : ''}: ${scenarios.length} scenarios (success, upstream errors, cut and quiet bodies, a client that leaves), ${CONCURRENCY} at a time, in process`,
    '',
    '| requests | lost | mis-mapped | key leaked | p50 | p99 | heap growth |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    `| ${outcomes.length} | ${lost} | ${misMapped.length} | ${leaked} | ${pct(0.5).toFixed(1)} ms | ${pct(0.99).toFixed(1)} ms | ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(2)} MB |`,
    '',
    `${((performance.now() - started) / 1000).toFixed(1)} s in all.`,
  ].join('\n'),
);
if (misMapped.length > 0) console.log(`mis-mapped: ${[...new Set(misMapped.map((o) => o.misMapped))].join(', ')}`);
if (lost + misMapped.length + leaked > 0) setExitCode(1);
