/**
 * Long sessions with the real Claude Code and Codex (issue 30 item 3): the
 * scripted upstream refuses a prompt over its limit with llama.cpp's or
 * vLLM's context-overflow 400, and the session must go on after the client
 * compacts (long.ts). Also `--context N`: the variables and `-c` overrides
 * `toolshim claude|codex --context N` gives the client (worker/node/clients/),
 * with the upstream's limit at the same N, where the client should compact
 * before the upstream refuses anything.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS } from '../../node/clients/client-table.ts';
import type { Launch } from '../../node/clients/launch.ts';
import { runSession, type Session } from './clients.ts';
import { AFTER_COMPACTION, type LongClient, longScript, storyOf } from './long.ts';
import { type OutboundTrap, startTrap } from './offline.ts';
import { type Mode, type Runner, type RunningProxy, startProxy } from './proxy.ts';
import { workerVars } from './readme.ts';
import { sessionFolder } from './scratch.ts';
import { evidence } from './suite.ts';
import { type Format, type ScriptedUpstream, startUpstream } from './upstream.ts';

const token = workerVars.PROXY_TOKEN as string;
const model = workerVars.UPSTREAM_MODEL as string;

/** The windows given with --context: a common local one for Claude Code; Codex's first prompt is smaller. */
const CONTEXT: Record<LongClient, number> = { claude: 32768, codex: 16384 };

const configs: Array<{ runner: Runner; mode: Mode; format: Format; style: ScriptedUpstream['overflowStyle'] }> = [
  { runner: 'node', mode: 'emulated', format: 'hermes', style: 'llama.cpp' },
  { runner: 'node', mode: 'native', format: 'native', style: 'vllm' },
  { runner: 'wrangler', mode: 'emulated', format: 'hermes', style: 'vllm' },
];

let trap: OutboundTrap;
beforeAll(async () => {
  trap = await startTrap();
});
afterAll(async () => {
  await trap?.close();
});

for (const { runner, mode, format, style } of configs) {
  describe(`long sessions, ${runner}, ${mode === 'native' ? 'native' : format}, ${style}'s overflow`, () => {
    let upstream: ScriptedUpstream;
    let proxy: RunningProxy;
    beforeAll(async () => {
      upstream = await startUpstream(format, model);
      upstream.overflowStyle = style;
      const protocol = format === 'native' ? 'hermes' : format;
      proxy = await startProxy({ runner, mode, protocol, upstreamURL: upstream.url, upstreamModel: model, token });
    });
    afterAll(async () => {
      await proxy?.stop();
      await upstream?.close();
    });

    /** One session; `context`: run it as `toolshim <client> --context N` would, the upstream's limit at N. */
    async function run(client: LongClient, context?: number): Promise<{ session: Session; why: () => string }> {
      const base = sessionFolder(`long-${client}`);
      const [cwd, home] = [join(base, 'work'), join(base, 'home')];
      mkdirSync(cwd);
      mkdirSync(home);
      upstream.requests.length = 0;
      upstream.maxPromptTokens = context ?? Number.POSITIVE_INFINITY;
      upstream.script = longScript(client, () => upstream, context === undefined);
      trap.reset();
      let launch: Launch | undefined;
      if (context !== undefined) {
        launch = CLIENTS[client].launch({ url: proxy.url, token, model, args: [], context, environment: {} });
      }
      const prompt = 'Print the three chunks, one shell call each.';
      const session = await runSession(client, {
        proxyURL: proxy.url,
        token,
        model,
        prompt,
        cwd,
        home,
        env: trap.env,
        launch,
      });
      const why = () =>
        `${evidence(session, upstream)}\nsizes: ${upstream.requests.map((r) => r.turn.tokens).join(', ')} (limit ${upstream.maxPromptTokens})`;
      expect(session.timedOut, why()).toBe(false);
      expect(trap.hosts, 'the client tried to reach the internet').toEqual([]);
      rmSync(base, { recursive: true, force: true });
      return { session, why };
    }

    it('claude: the upstream refuses, Claude Code compacts, and the session goes on', async () => {
      const { session, why } = await run('claude');
      const { refused, compaction, resumed } = storyOf('claude', upstream.requests);
      expect(refused, `no request was refused\n${why()}`).toBeGreaterThanOrEqual(0);
      expect(compaction, `no compaction after the refusal\n${why()}`).toBeGreaterThan(refused);
      expect(resumed, `no request carried the summary\n${why()}`).toBeGreaterThan(compaction);
      expect(upstream.requests[resumed]?.turn.tokens, why()).toBeLessThanOrEqual(upstream.maxPromptTokens);
      expect(session.code, why()).toBe(0);
      expect(session.stdout, why()).toContain(AFTER_COMPACTION);
    });

    it(`claude, --context ${CONTEXT.claude}: Claude Code compacts before the upstream refuses`, async () => {
      const { session, why } = await run('claude', CONTEXT.claude);
      const { refused, compaction, resumed } = storyOf('claude', upstream.requests);
      expect(refused, `a request was refused\n${why()}`).toBe(-1);
      expect(compaction, why()).toBeGreaterThan(0);
      expect(resumed, why()).toBeGreaterThan(compaction);
      expect(session.code, why()).toBe(0);
      expect(session.stdout, why()).toContain(AFTER_COMPACTION);
    });

    // Codex 0.169.0 reads the proxy's `response.failed` (context_length_exceeded) as its ContextWindowExceeded
    // and ends the turn there: it compacts only ahead of a request, by its own count against a window it knows.
    it("codex: the upstream refuses, Codex stops with its context-window error and doesn't retry", async () => {
      const { session, why } = await run('codex');
      const { refused, compaction } = storyOf('codex', upstream.requests);
      expect(refused, `no request was refused\n${why()}`).toBeGreaterThanOrEqual(0);
      expect(upstream.requests.length, why()).toBe(refused + 1);
      expect(compaction, why()).toBe(-1);
      expect(session.code, why()).not.toBe(0);
      expect(session.stderr, why()).toContain("Codex ran out of room in the model's context window");
    });

    it(`codex, --context ${CONTEXT.codex}: Codex compacts before the upstream refuses, and goes on`, async () => {
      const { session, why } = await run('codex', CONTEXT.codex);
      const { refused, compaction, resumed } = storyOf('codex', upstream.requests);
      expect(refused, `a request was refused\n${why()}`).toBe(-1);
      expect(compaction, why()).toBeGreaterThan(0);
      expect(resumed, why()).toBeGreaterThan(compaction);
      expect(session.code, why()).toBe(0);
      expect(session.stdout, why()).toContain(AFTER_COMPACTION);
    });
  });
}
