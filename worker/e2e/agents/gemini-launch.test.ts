/**
 * `toolshim gemini` with the real Gemini CLI: what its launcher gives
 * (worker/node/clients/gemini.ts: a run home linked to the user's
 * `~/.gemini`, settings with the API-key sign-in, the proxy's URL and token)
 * must be enough for Gemini CLI to finish a session, though the user's own
 * settings sign in with Google and carry comments. The user's settings stay
 * as they were, and the run home is gone afterwards. The sessions of
 * suite.ts set Gemini CLI up by hand, as its README page says.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS } from '../../node/clients/client-table.ts';
import { GEMINI_OFFLINE, geminiFlags, runSession } from './clients.ts';
import { type OutboundTrap, startTrap } from './offline.ts';
import { type RunningProxy, startProxy } from './proxy.ts';
import { workerVars } from './readme.ts';
import { multiStep, type Scenario, single, vocabularies } from './scenarios.ts';
import { sessionFolder } from './scratch.ts';
import { evidence } from './suite.ts';
import { type ScriptedUpstream, startUpstream } from './upstream.ts';

const token = workerVars.PROXY_TOKEN as string;
const model = workerVars.UPSTREAM_MODEL as string;

/** A user signed in with Google, whose settings file has comments, as Gemini CLI allows. */
const userSettings = `{
  // signed in with Google
  "security": { "auth": { "selectedType": "oauth-personal" } },
  /* the test's offline switches */
  ${JSON.stringify(GEMINI_OFFLINE).slice(1, -1)}
}
`;

let trap: OutboundTrap;
let upstream: ScriptedUpstream;
let proxy: RunningProxy;
beforeAll(async () => {
  trap = await startTrap();
  upstream = await startUpstream('hermes', model);
  proxy = await startProxy({
    runner: 'node',
    mode: 'emulated',
    protocol: 'hermes',
    upstreamURL: upstream.url,
    upstreamModel: model,
    token,
  });
});
afterAll(async () => {
  await proxy?.stop();
  await upstream?.close();
  await trap?.close();
});

describe('toolshim gemini, the real Gemini CLI (node, emulated, hermes)', () => {
  it.each([
    ['one shell call', single],
    ['write tricky text, read it back', multiStep],
  ])('%s, with the user signed in with Google', async (_name, scenarioFor) => {
    const base = sessionFolder('gemini-launch');
    const [cwd, home] = [join(base, 'work'), join(base, 'home')];
    mkdirSync(cwd);
    mkdirSync(join(home, '.gemini'), { recursive: true });
    const userFile = join(home, '.gemini', 'settings.json');
    writeFileSync(userFile, userSettings);
    const scenario: Scenario = scenarioFor(vocabularies.gemini, cwd);
    upstream.script = scenario.script;
    upstream.requests.length = 0;
    trap.reset();

    const args = geminiFlags(scenario.prompt);
    const launch = CLIENTS.gemini.launch({ url: proxy.url, token, model, args, environment: { HOME: home } });
    const runHome = launch.env.GEMINI_CLI_HOME as string;
    const setup = { proxyURL: proxy.url, token, model, prompt: scenario.prompt, cwd, home, env: trap.env, launch };
    const session = await runSession('gemini', setup);
    launch.cleanup?.();
    const why = () => `${evidence(session, upstream)}\nproxy log: ${proxy.output().slice(-1500)}`;

    expect(session.timedOut, why()).toBe(false);
    expect(trap.hosts, 'the client tried to reach the internet').toEqual([]);
    expect(session.code, why()).toBe(0);
    for (const [name, content] of Object.entries(scenario.files)) {
      expect(readFileSync(join(cwd, name), 'utf8'), `${name}\n${why()}`).toBe(content);
    }
    expect(session.stdout, why()).toContain(scenario.finalText);
    expect(readFileSync(userFile, 'utf8')).toBe(userSettings);
    expect(existsSync(runHome)).toBe(false);
    rmSync(base, { recursive: true, force: true });
  });
});
