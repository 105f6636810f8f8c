/// <reference types="node" />
/**
 * toolshim on top of `@browser-ai/web-llm` (its WebLLM engine replaced by a
 * scripted one), each run in a worker thread with a time limit, since the
 * provider's own stream parser can spin forever.
 *
 * What this shows: composed whole, toolshim passes no tools down (so the
 * provider's tool prompt stays off) and the call comes through; but the
 * provider runs its own parser on every stream, tools or not: it turns
 * `<tool_call>` text into calls before toolshim sees it (so toolshim's schema
 * coercion does not apply to them), and it spins when a closing marker
 * arrives split across chunks (a defect of 3.0.3 that the tests below reproduce). No option of the provider turns that parser off, so
 * toolshim's own WebLLM adapter (fromChatEngine) is the safe path: it never
 * stalls on the same chunkings.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hermesFixtures, hermesTools } from '../../protocols/hermes/test/fixtures.ts';
import type { RunRequest } from './provider-worker.ts';
import { createWorkerRunner } from './run-in-worker.ts';

const runner = createWorkerRunner();
afterAll(() => runner.close());

const call = 'Sure.<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const request = (mode: RunRequest['mode'], chunks: string[]): RunRequest => ({
  mode,
  format: 'hermes',
  chunks,
  tools: hermesTools,
});

describe('toolshim on @browser-ai/web-llm', () => {
  it('passes no tools down: the engine gets toolshim’s prompt, not the provider’s, and the call is parsed', async () => {
    const outcome = await runner.run(request('toolshim', [call]), 5000);
    expect(outcome).toMatchObject({ stalled: false });
    if (outcome.stalled || !('result' in outcome)) throw new Error('no result');
    expect(outcome.result.engineGotTools).toBe(false);
    expect(outcome.result.system).toContain('<tool_call>');
    expect(outcome.result.system).not.toContain('# Available Tools');
    expect(outcome.result.calls).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' } }]);
    expect(outcome.result.text).toBe('Sure.');
  }, 10_000);

  it("the provider's own parser takes <tool_call> text first, tools or not: its calls pass toolshim uncoerced", async () => {
    // hermes fixture "CRLF, whitespace, and values coerced by the schema": days "3" and metric "true".
    const fixture = hermesFixtures[1];
    if (fixture === undefined) throw new Error('fixture missing');
    const composed = await runner.run(request('toolshim', [fixture.text]), 3000);
    const adapter = await runner.run(request('adapter', [fixture.text]), 3000);
    if (composed.stalled || !('result' in composed) || adapter.stalled || !('result' in adapter))
      throw new Error('no result');
    expect(composed.result.calls).toEqual([
      { toolName: 'get_weather', input: { city: 'Paris', days: '3', metric: 'true' } },
    ]);
    expect(adapter.result.calls).toEqual(fixture.calls); // { days: 3, metric: true }
  }, 20_000);

  it('known provider defect: a closing marker split across chunks makes the provider spin, toolshim or not', async () => {
    const chunks = call.match(/[\s\S]{1,4}/g) ?? [];
    expect(await runner.run(request('toolshim', chunks), 1500)).toEqual({ stalled: true });
  }, 10_000);
});

describe('parallel calls and tool choice through @browser-ai/web-llm + toolshim (whole answers)', () => {
  const two =
    '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"name": "search", "arguments": {"query": "rain"}}\n</tool_call>';
  const calls = async (extra: Partial<RunRequest>, chunks: string[], mode: RunRequest['mode'] = 'toolshim') => {
    const outcome = await runner.run({ ...request(mode, chunks), ...extra }, 5000);
    if (outcome.stalled || !('result' in outcome)) throw new Error(JSON.stringify(outcome));
    return outcome.result;
  };

  it('two calls in one answer are both made', async () => {
    expect((await calls({}, [two])).calls).toEqual([
      { toolName: 'get_weather', input: { city: 'Paris' } },
      { toolName: 'search', input: { query: 'rain' } },
    ]);
  }, 10_000);

  it('required and a named tool: the forced JSON answer is the call', async () => {
    const bare = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
    expect((await calls({ toolChoice: { type: 'required' } }, [bare])).calls).toEqual([
      { toolName: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(
      (await calls({ toolChoice: { type: 'tool', toolName: 'get_weather' } }, ['{"city": "Oslo"}'])).calls,
    ).toEqual([{ toolName: 'get_weather', input: { city: 'Oslo' } }]);
  }, 20_000);

  it("known provider defect: under tool choice none the provider still makes a call of <tool_call> text; toolshim's adapter does not", async () => {
    expect((await calls({ toolChoice: { type: 'none' } }, [two])).calls).toEqual([
      { toolName: 'get_weather', input: { city: 'Paris' } },
    ]);
    const adapter = await calls({ toolChoice: { type: 'none' } }, [two], 'adapter');
    expect(adapter.calls).toEqual([]);
    expect(adapter.text).toBe(two);
  }, 20_000);
});

describe('toolshim on @browser-ai/core (the Prompt API session scripted)', () => {
  const core = (chunks: string[]): RunRequest => ({ ...request('toolshim', chunks), provider: 'core' });

  it('passes no tools down, and the call is parsed', async () => {
    const outcome = await runner.run(core([call]), 5000);
    if (outcome.stalled || !('result' in outcome)) throw new Error(JSON.stringify(outcome));
    expect(outcome.result.engineGotTools).toBe(false);
    expect(outcome.result.system).toContain('<tool_call>');
    expect(outcome.result.system).not.toContain('# Available Tools');
    expect(outcome.result.calls).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' } }]);
  }, 10_000);

  it('the same known defect: a split closing marker makes the provider spin', async () => {
    expect(await runner.run(core(call.match(/[\s\S]{1,4}/g) ?? []), 1500)).toEqual({ stalled: true });
  }, 10_000);
});

describe('toolshim on @browser-ai/transformers-js (the generation worker scripted)', () => {
  const tjs = (chunks: string[]): RunRequest => ({ ...request('toolshim', chunks), provider: 'transformers-js' });

  it('passes no tools down, and the call is parsed', async () => {
    const outcome = await runner.run(tjs([call]), 5000);
    if (outcome.stalled || !('result' in outcome)) throw new Error(JSON.stringify(outcome));
    expect(outcome.result.engineGotTools).toBe(false);
    expect(outcome.result.system).toContain('<tool_call>');
    expect(outcome.result.calls).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' } }]);
  }, 10_000);

  it('the same known defect: a split closing marker makes the provider spin', async () => {
    expect(await runner.run(tjs(call.match(/[\s\S]{1,4}/g) ?? []), 1500)).toEqual({ stalled: true });
  }, 10_000);
});

describe("toolshim's own WebLLM adapter never stalls on those chunkings", () => {
  it('4 characters, 1 character and every two-way split of the same output', async () => {
    const chunkings = [call.match(/[\s\S]{1,4}/g) ?? [], Array.from(call)];
    for (let at = 1; at < call.length; at += 3) chunkings.push([call.slice(0, at), call.slice(at)]);
    for (const chunks of chunkings) {
      const outcome = await runner.run(request('adapter', chunks), 3000);
      if (outcome.stalled || !('result' in outcome)) throw new Error(`stalled on ${JSON.stringify(chunks)}`);
      expect(outcome.result.calls).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' } }]);
    }
  }, 60_000);
});
