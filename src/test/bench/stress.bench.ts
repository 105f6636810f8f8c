/**
 * `npm run stress`: the proxy handler under load with faults and bad input,
 * in process (no network: the upstream is a fake `fetch`), bounded to well
 * under two minutes. It drives every API route (one sample request each,
 * src/server/test/routes.ts; every model door of FRONT_DOORS must have one)
 * in both tool modes. Every request has an expected outcome; the table counts
 * requests that never finished ("lost"), answers that did not map the fault
 * as the README says ("mis-mapped"), answers that leaked the upstream key,
 * latency and live-heap growth across the run (after GC).
 *
 *   npm run stress               3,000 requests, 16 at a time
 *   npm run stress -- --quick    600 requests
 *   npm run stress -- --only=N   one scenario (its index in the table below)
 */
import { isModelDoor } from '../../server/core/front-door.ts';
import { FRONT_DOORS } from '../../server/front-doors.ts';
import { createProxyHandler } from '../../server/handler.ts';
import { ROUTE_SAMPLES, type RouteSample, sampleBody } from '../../server/test/routes.ts';
import { seededRandom } from '../random.ts';
import { argv, collectGarbage, heapUsed, setExitCode } from './node-host.bench.ts';

const quick = argv().includes('--quick');
const TOTAL = quick ? 600 : 3000;
const CONCURRENCY = 16;
const KEY = 'sk-stress-9Zx8Yw7Vu6Ts5Rq4';
const encoder = new TextEncoder();
const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const MODES = ['emulated', 'native'] as const;

const missing = FRONT_DOORS.filter(isModelDoor).filter((door) => !ROUTE_SAMPLES.some((s) => s.path === door.path));
if (missing.length > 0) {
  throw new Error(
    `No stress sample for ${missing.map((d) => d.path).join(', ')}: add one to src/server/test/routes.ts.`,
  );
}

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
  /** The upstream's answer; undefined for input the proxy refuses before asking it. */
  upstream?: () => Response | Promise<Response>;
  /** The request body instead of the route's sample (bad input). */
  body?: (sample: RouteSample, tag: string) => string;
  contentType?: string;
  /**
   * The status the client must get; for errors, a fragment of the message (every API's error body
   * carries the core's message, in its own shape); for streams, how the stream must end.
   */
  expect: { status: number; message?: string; ends?: 'done' | 'failed' };
  leave?: boolean;
}

const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

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
    expect: { status: 502, message: 'Upstream failed (500)' },
  },
  {
    name: 'upstream 429',
    stream: false,
    upstream: () =>
      Response.json({ error: { message: 'slow down' } }, { status: 429, headers: { 'retry-after': '3' } }),
    expect: { status: 429, message: 'Upstream rate limit' },
  },
  {
    name: 'upstream 401 quoting the key',
    stream: true,
    upstream: () => Response.json({ error: { message: `bad key ${KEY}` } }, { status: 401 }),
    expect: { status: 401, message: "refused the proxy's credentials" },
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
    expect: { status: 502, message: 'broke off' },
  },
  {
    name: 'stream cut in the middle',
    stream: true,
    upstream: () => sse([delta('Hel'), delta('lo')], 'cut'),
    expect: { status: 200, ends: 'failed' },
  },
  {
    name: 'stream gone quiet (idle timeout)',
    stream: true,
    upstream: () => sse([delta('Hel')], 'stall'),
    expect: { status: 200, ends: 'failed' },
  },
  {
    name: 'a 200 HTML page',
    stream: false,
    upstream: () => new Response('<html>login</html>', { headers: { 'content-type': 'text/html' } }),
    expect: { status: 502, message: 'malformed response' },
  },
  {
    name: 'client leaves mid-stream',
    stream: true,
    upstream: () => sse([delta('Hel')], 'stall'),
    expect: { status: 200 },
    leave: true,
  },
  {
    name: 'bad input: not JSON',
    stream: false,
    body: (sample, tag) => `${sampleBody(sample, false, tag)}}`,
    expect: { status: 400, message: 'not valid JSON' },
  },
  {
    name: 'bad input: nested 10,000 deep',
    stream: false,
    body: (sample, tag) => sampleBody(sample, false, tag).replace(/\}$/, `,"metadata":${deep}}`),
    expect: { status: 400, message: 'nests deeper than' },
  },
  {
    name: 'bad input: a form post',
    stream: false,
    body: (sample, tag) => sampleBody(sample, false, tag),
    contentType: 'application/x-www-form-urlencoded',
    expect: { status: 415, message: 'must be JSON' },
  },
];

/** The request id travels in the user's message, which every mode forwards. */
const current = new Map<string, Scenario>();
const upstreamFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
  const id = /\bstress-r\d+\b/.exec(String(init?.body))?.[0] ?? '';
  const scenario = current.get(id);
  if (scenario?.upstream === undefined) throw new Error(`no upstream answer for ${id}`);
  return scenario.upstream();
}) as typeof fetch;
const handlers = Object.fromEntries(
  MODES.map((toolMode) => [
    toolMode,
    createProxyHandler({
      toolMode,
      upstream: { baseURL: 'http://upstream.local/v1', apiKey: KEY, idleTimeoutMs: 50, fetch: upstreamFetch },
    }),
  ]),
) as Record<(typeof MODES)[number], (request: Request) => Promise<Response>>;

interface Outcome {
  row: string;
  ms: number;
  lost: boolean;
  misMapped: string | undefined;
  leaked: boolean;
}

async function one(
  id: number,
  scenario: Scenario,
  sample: RouteSample,
  mode: (typeof MODES)[number],
): Promise<Outcome> {
  const tag = `stress-r${id}`;
  current.set(tag, scenario);
  const client = new AbortController();
  const started = performance.now();
  const request = new Request(`http://proxy.local${sample.path}`, {
    method: 'POST',
    headers: { 'content-type': scenario.contentType ?? 'application/json', ...sample.headers },
    body: scenario.body ? scenario.body(sample, tag) : sampleBody(sample, scenario.stream, tag),
    signal: client.signal,
  });
  const work = (async (): Promise<Omit<Outcome, 'ms' | 'lost' | 'row'>> => {
    const response = await handlers[mode](request);
    let text = '';
    if (scenario.leave) {
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      client.abort();
      await reader.cancel();
    } else text = await response.text();
    const leaked = text.includes(KEY) || text.includes(KEY.slice(4, 12));
    let misMapped: string | undefined;
    const { status, message, ends } = scenario.expect;
    if (response.status !== status) misMapped = `${scenario.name}: status ${response.status}`;
    else if (message && !text.includes(message)) misMapped = `${scenario.name}: message`;
    else if (ends === 'done' && !sample.done.test(text)) misMapped = `${scenario.name}: no normal end`;
    else if (ends === 'failed' && (!sample.failed.test(text) || sample.done.test(text))) {
      misMapped = `${scenario.name}: no error event`;
    }
    return { misMapped, leaked };
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'lost'>((resolve) => {
    timer = setTimeout(() => resolve('lost'), 5000);
  });
  const result = await Promise.race([work, timeout]);
  // A pending 5 s timer per request would hold memory and show up as heap growth.
  clearTimeout(timer);
  current.delete(tag);
  const ms = performance.now() - started;
  const row = `${sample.name} | ${mode}`;
  if (result === 'lost') return { row, ms, lost: true, misMapped: undefined, leaked: false };
  return { row, ms, lost: false, ...result };
}

const only = argv()
  .find((a) => a.startsWith('--only='))
  ?.slice(7);

async function pass(count: number, random: () => number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  async function worker() {
    while (next < count) {
      const id = next++;
      const scenario = only === undefined ? pick(scenarios) : (scenarios[Number(only)] as Scenario);
      outcomes.push(await one(id, scenario, pick(ROUTE_SAMPLES), pick(MODES)));
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
// Three collections a turn apart: finalizers (weak cells of collected signals) run in a later task.
for (let i = 0; i < 3; i++) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
}
const heapAfter = heapUsed();

function line(label: string, list: Outcome[]): string {
  const times = list.map((o) => o.ms).sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
  const count = (test: (o: Outcome) => boolean) => list.filter(test).length;
  return `| ${label} | ${list.length} | ${count((o) => o.lost)} | ${count((o) => o.misMapped !== undefined)} | ${count((o) => o.leaked)} | ${pct(0.5).toFixed(1)} ms | ${pct(0.99).toFixed(1)} ms |`;
}
const rows = [...new Set(outcomes.map((o) => o.row))].sort();
const misMapped = outcomes.filter((o) => o.misMapped !== undefined);
const lost = outcomes.filter((o) => o.lost).length;
const leaked = outcomes.filter((o) => o.leaked).length;
console.log(
  [
    `npm run stress${quick ? ' -- --quick' : ''}: ${scenarios.length} scenarios (success, upstream errors, cut and quiet bodies, bad input, a client that leaves) on every route in both modes, ${CONCURRENCY} at a time, in process`,
    '',
    '| route | mode | requests | lost | mis-mapped | key leaked | p50 | p99 |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) =>
      line(
        row,
        outcomes.filter((o) => o.row === row),
      ),
    ),
    line('all | both', outcomes),
    '',
    `Heap growth after GC across the run: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(2)} MB. ${((performance.now() - started) / 1000).toFixed(1)} s in all.`,
  ].join('\n'),
);
if (misMapped.length > 0) console.log(`mis-mapped: ${[...new Set(misMapped.map((o) => o.misMapped))].join(', ')}`);
if (lost + misMapped.length + leaked > 0) setExitCode(1);
