/// <reference types="node" />
/**
 * `npm run bench:tools`: per-request work against the number of tools, for
 * every format. An agent can send thousands of tools (MCP servers), and a
 * format whose work grows faster than the request freezes the whole proxy:
 * auto copied its trigger lists on every append, so 16,000 tools took 7.1 s
 * of one request, and /health waited for it.
 *
 * 1. In process, each format's handler (PROTOCOL=name, a stub upstream that
 *    answers with one call in the format's own text, then prose full of `<`)
 *    at 1,000, 4,000 and
 *    16,000 tools: the time of one request, and its growth from 4,000 to
 *    16,000 (4x the tools: about 4x the time when linear).
 * 2. Through `toolshim serve` (a real socket, PROTOCOL=auto): a 16,000-tool
 *    request while /health is asked every 20 ms; the longest /health wait.
 *
 * Budgets (exit code 1 when missed): auto at 16,000 tools under 1 s, every
 * format's growth under 8x, the longest /health wait under 1 s.
 * `-- --quick` skips the 1,000 point and the socket part.
 */

import { protocolByName } from '../../protocols/registry.ts';
import { PROTOCOL_NAMES } from '../../server/core/protocol-middleware.ts';
import { createProxyHandlerFromEnv } from '../../server.ts';
import { writeResults } from '../results-file.ts';
import { argv, setExitCode } from './node-host.bench.ts';

const quick = argv().includes('--quick');
const COUNTS = quick ? [4000, 16000] : [1000, 4000, 16000];
const AUTO_BUDGET_MS = 1000;
const GROWTH_BUDGET = 8;
const HEALTH_BUDGET_MS = 1000;

function requestBody(tools: number): string {
  const list = Array.from({ length: tools }, (_, i) => ({
    type: 'function',
    function: {
      name: `tool_${i}`,
      description: `Tool number ${i}: looks things up`,
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    },
  }));
  return JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: list });
}

/** One call in the format's own text (as its history renders it), then prose with markup, every `<` a lookup. */
function reply(protocol: string): string {
  const format = protocolByName(protocol);
  const call = { toolCallId: 'c1', toolName: 'tool_7', input: { q: 'x' } };
  const written = format.formatToolCalls?.([call], '') ?? format.formatToolCall(call);
  return `${written}\n${'Sure: <b>bold</b> and <i>x</i> < y. '.repeat(40)}`;
}

const upstream = (content: string) =>
  (async () =>
    Response.json({
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    })) as typeof fetch;

async function timeRequest(protocol: string, body: string): Promise<number> {
  const handler = createProxyHandlerFromEnv(
    { UPSTREAM_BASE_URL: 'http://upstream.invalid/v1', PROTOCOL: protocol, MAX_BODY_BYTES: String(64 * 1024 * 1024) },
    { fetch: upstream(reply(protocol)) },
  );
  const request = () =>
    new Request('http://127.0.0.1/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  // The first request warms the JIT and the format's caches; the median of the next three is the time.
  await (await handler(request())).text();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const response = await handler(request());
    const text = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200 || !text.includes('tool_calls')) throw new Error(`${protocol}: ${text.slice(0, 300)}`);
  }
  return times.sort((a, b) => a - b)[1] as number;
}

const bodies = new Map(COUNTS.map((count) => [count, requestBody(count)]));
const rows: string[] = [];
const problems: string[] = [];
for (const protocol of PROTOCOL_NAMES) {
  const times: number[] = [];
  for (const count of COUNTS) times.push(await timeRequest(protocol, bodies.get(count) as string));
  const last = times.at(-1) as number;
  const growth = last / (times.at(-2) as number);
  rows.push(`| ${protocol} | ${times.map((t) => `${t.toFixed(0)} ms`).join(' | ')} | ${growth.toFixed(1)}x |`);
  if (growth > GROWTH_BUDGET) problems.push(`${protocol}: ${growth.toFixed(1)}x from 4,000 to 16,000 tools`);
  if (protocol === 'auto' && last > AUTO_BUDGET_MS) problems.push(`auto: ${last.toFixed(0)} ms at 16,000 tools`);
  console.log(rows.at(-1));
}

/** `toolshim serve` with PROTOCOL=auto: the longest /health wait while a 16,000-tool request is served. */
async function healthDuringBigRequest(): Promise<{ requestMs: number; longestHealthMs: number }> {
  const { listeningURL, runCli, stop } = await import('../../../worker/node/test-support.ts');
  const cli = runCli(['serve', '--port', '0', '--protocol', 'auto'], { env: { REPLAY_DELAY_MS: '0' } });
  try {
    const url = await listeningURL(cli);
    let longest = 0;
    let done = false;
    const polling = (async () => {
      while (!done) {
        const started = performance.now();
        await (await fetch(`${url}/health`)).text();
        longest = Math.max(longest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodies.get(16000),
    });
    await response.text();
    const requestMs = performance.now() - started;
    done = true;
    await polling;
    if (response.status !== 200) throw new Error(`serve answered ${response.status}`);
    return { requestMs, longestHealthMs: longest };
  } finally {
    await stop(cli);
  }
}

const lines = [
  `One request's time in process (the median of three, after a warm-up request), chat completions, tools of about ${(
    (bodies.get(16000) as string).length / 16000
  ).toFixed(0)} bytes each (16,000 tools: ${((bodies.get(16000) as string).length / 1e6).toFixed(1)} MB).`,
  '',
  `| format | ${COUNTS.map((count) => `${count.toLocaleString('en')} tools`).join(' | ')} | growth, 4x the tools |`,
  `|---|${COUNTS.map(() => '---:').join('|')}|---:|`,
  ...rows,
];
if (!quick) {
  const { requestMs, longestHealthMs } = await healthDuringBigRequest();
  lines.push(
    '',
    `Through \`toolshim serve --protocol auto\`: the 16,000-tool request took ${requestMs.toFixed(0)} ms; the longest /health wait meanwhile was ${longestHealthMs.toFixed(0)} ms (budget ${HEALTH_BUDGET_MS} ms).`,
  );
  if (longestHealthMs > HEALTH_BUDGET_MS) problems.push(`/health waited ${longestHealthMs.toFixed(0)} ms`);
}
lines.push(
  '',
  problems.length === 0
    ? `Within every budget: auto under ${AUTO_BUDGET_MS} ms at 16,000 tools, growth under ${GROWTH_BUDGET}x, /health under ${HEALTH_BUDGET_MS} ms.`
    : `OVER BUDGET: ${problems.join('; ')}.`,
);
const table = lines.join('\n');
console.log(`\n${table}`);
if (!quick) {
  writeResults({
    file: 'src/test/bench/RESULTS.md',
    fileTitle: 'Benchmark results',
    id: 'many-tools',
    heading: 'Many tools: per-request work against the number of tools, every format',
    command: 'npm run bench:tools',
    body: table,
  });
}
if (problems.length > 0) setExitCode(1);
