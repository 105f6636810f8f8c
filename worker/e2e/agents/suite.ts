/**
 * Every session, for one way of running the proxy (`wrangler dev` or
 * `toolshim serve`): per mode and format, one scripted upstream and one proxy
 * serve all the clients' sessions in turn.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, runSession, type Session } from './clients.ts';
import { codexLong, namespaced } from './codex.ts';
import { type OutboundTrap, startTrap } from './offline.ts';
import { type Mode, type Runner, type RunningProxy, startProxy } from './proxy.ts';
import { workerVars } from './readme.ts';
import {
  AFTER_BOTCHED,
  longArgument,
  malformed,
  multiStep,
  parallel,
  type Scenario,
  single,
  type Vocabulary,
  vocabularies,
} from './scenarios.ts';
import { sessionFolder } from './scratch.ts';
import { type Format, type ScriptedUpstream, startUpstream } from './upstream.ts';

/** The proxy's token and upstream model name, as src/server/responses/README.md's command sets them. */
const token = workerVars.PROXY_TOKEN as string;
const model = workerVars.UPSTREAM_MODEL as string;

const configs: Array<{ mode: Mode; format: Format }> = [
  { mode: 'emulated', format: 'hermes' },
  { mode: 'emulated', format: 'qwen3-coder' },
  { mode: 'native', format: 'native' },
];

/**
 * What Codex and Claude Code answer a call that lacks its required argument
 * with (seen by sending them `{}`): the mark of an empty tool block.
 */
const EMPTY_INPUT = /missing field `cmd`|InputValidationError|required parameter `command` is missing/;

type ScenarioFor = (vocabulary: Vocabulary, dir: string, format: Format) => Scenario;

const basic: ScenarioFor[] = [single, multiStep];
const plan: Array<[Client, ScenarioFor[]]> = [
  ['codex', [single, parallel, multiStep, codexLong, namespaced]],
  ['claude', [single, parallel, multiStep, longArgument]],
  ['gemini', [single, parallel, multiStep]],
  ['qwen', basic],
  ['pi', basic],
];

/** What a failed assertion shows: the client's output and the model's side of the conversation. */
export function evidence(session: Session, upstream: ScriptedUpstream): string {
  const turns = upstream.requests.map((r, i) => {
    const last = r.turn.messages.at(-1);
    const said = JSON.stringify(last?.content ?? last?.tool_calls ?? '').slice(0, 400);
    return `  #${i} step ${r.turn.step}, last ${last?.role}: ${said}\n     reply: ${JSON.stringify(r.reply).slice(0, 300)}`;
  });
  return [
    `exit ${session.code}${session.timedOut ? ' (timed out)' : ''} after ${session.ms} ms`,
    `stdout: ${session.stdout.slice(-1500)}`,
    `stderr: ${session.stderr.slice(-2500)}`,
    `upstream requests:\n${turns.join('\n')}`,
  ].join('\n');
}

interface Bench {
  upstream: () => ScriptedUpstream;
  /** One session of `client` in a fresh directory, checked to have ended and to have stayed offline. */
  run: (client: Client, make: (dir: string) => Scenario) => Promise<Outcome>;
}

interface Outcome {
  scenario: Scenario;
  session: Session;
  dir: string;
  why: () => string;
  /** Removes the session's directory: called when the test passed, so a failure leaves it to look at. */
  done: () => void;
}

function scenarioTest(bench: Bench, client: Client, scenarioFor: ScenarioFor, format: Format): void {
  const vocabulary: Vocabulary = vocabularies[client];
  it(`${client}: ${scenarioFor(vocabulary, '/dir', format).name}`, async () => {
    const { scenario, session, dir, why, done } = await bench.run(client, (d) => scenarioFor(vocabulary, d, format));
    expect(session.code, why()).toBe(0);
    for (const [name, content] of Object.entries(scenario.files)) {
      expect(existsSync(join(dir, name)), `${name} missing\n${why()}`).toBe(true);
      // Byte for byte: a string compare of the UTF-8 file shows where they differ.
      expect(readFileSync(join(dir, name), 'utf8'), `${name}\n${why()}`).toBe(content);
    }
    expect(existsSync(join(dir, 'injected.txt')), `a call written as data ran\n${why()}`).toBe(false);
    expect(session.stdout, why()).toContain(scenario.finalText);
    done();
  });
}

function botchedTest(bench: Bench, client: Client, format: Format): void {
  const vocabulary: Vocabulary = vocabularies[client];
  it(`${client}: a botched call`, async () => {
    const { session, dir, why, done } = await bench.run(client, () => malformed(vocabulary, format));
    expect(session.code, why()).toBe(0);
    const shell = vocabulary.shell('').name;
    // What the client sent the model after the botched reply, if it went back at all.
    const after = bench
      .upstream()
      .requests.filter((r) => r.turn.step >= 1 && r.turn.declares(shell))
      .map((r) => r.turn.prompt)
      .join('\n');
    expect(after, `an empty tool block reached the client\n${why()}`).not.toMatch(EMPTY_INPUT);
    const bad = join(dir, 'bad.txt');
    if (existsSync(bad)) {
      // Repaired: the call ran with its whole input.
      expect(readFileSync(bad, 'utf8'), why()).toBe('broken\n');
    }
    if (after === '') {
      // Dropped: the call's text reached the client as text, and the session ended there.
      expect(session.stdout, why()).toContain('echo broken > bad.txt');
    } else {
      // Repaired, or handed over as written and refused by the client with the reason: the model had its turn.
      expect(session.stdout, why()).toContain(AFTER_BOTCHED);
    }
    done();
  });
}

export function agentSuite(runner: Runner): void {
  let trap: OutboundTrap;
  beforeAll(async () => {
    trap = await startTrap();
  });
  afterAll(async () => {
    await trap?.close();
  });

  for (const { mode, format } of configs) {
    describe(`${runner}, ${mode === 'native' ? 'native tool calls' : `emulated, ${format}`}`, () => {
      let upstream: ScriptedUpstream;
      let proxy: RunningProxy;
      beforeAll(async () => {
        upstream = await startUpstream(format, model);
        const protocol = format === 'native' ? 'hermes' : format;
        proxy = await startProxy({ runner, mode, protocol, upstreamURL: upstream.url, upstreamModel: model, token });
      });
      afterAll(async () => {
        await proxy?.stop();
        await upstream?.close();
      });

      const run = async (client: Client, make: (dir: string) => Scenario): Promise<Outcome> => {
        const base = sessionFolder(client);
        const dir = join(base, 'work');
        const home = join(base, 'home');
        mkdirSync(dir);
        mkdirSync(home);
        const scenario = make(dir);
        upstream.script = scenario.script;
        upstream.requests.length = 0;
        trap.reset();
        const setup = { proxyURL: proxy.url, token, model, prompt: scenario.prompt, cwd: dir, home, env: trap.env };
        const session = await runSession(client, setup);
        const why = () => `${evidence(session, upstream)}\nproxy log: ${proxy.output().slice(-1500)}`;
        expect(session.timedOut, why()).toBe(false);
        expect(trap.hosts, 'the client tried to reach the internet').toEqual([]);
        return { scenario, session, dir, why, done: () => rmSync(base, { recursive: true, force: true }) };
      };
      const bench: Bench = { upstream: () => upstream, run };

      for (const [client, scenarios] of plan) {
        for (const scenarioFor of scenarios) scenarioTest(bench, client, scenarioFor, format);
        if (client === 'codex' || client === 'claude') botchedTest(bench, client, format);
      }
    });
  }
}
