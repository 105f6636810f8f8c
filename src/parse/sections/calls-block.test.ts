import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { openCallsBlock, openCallsBlockEnd, openLooseCall } from './calls-block.ts';
import { openNamedJson } from './named-json.ts';

// Kimi K2's section of calls (src/protocols/kimi-k2/kimi-k2.ts builds the same).
const BEGIN = '<|tool_calls_section_begin|>';
const CALL = '<|tool_call_begin|>';
const END = '<|tool_calls_section_end|>';
const openCall: Parameters<typeof openLooseCall>[2] = (env, m) =>
  openNamedJson(env, m, {
    headerEnd: '<|tool_call_argument_begin|>',
    toolName: (h) =>
      h
        .trim()
        .replace(/:\d+$/, '')
        .replace(/^functions\./, ''),
    end: ['<|tool_call_end|>'],
  });
const triggers: Trigger[] = [
  { marker: BEGIN, open: (env, m) => openCallsBlock(env, m, { call: CALL, end: END, openCall }) },
  { marker: END, open: openCallsBlockEnd },
  { marker: CALL, open: (env, m) => openLooseCall(env, m, openCall) },
];
const call = (name: string, n: number, args: string) =>
  `${CALL}functions.${name}:${n}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;

describe('openCallsBlock', () => {
  it('reads every call in the block; the block markers are markup, prose around stays text (the blank after the block is layout)', () => {
    expect(
      sectionEvents(
        triggers,
        `Sure. ${BEGIN}${call('search', 0, '{}')}${call('get_weather', 1, '{"city": "Oslo"}')}${END} Done.`,
      ),
    ).toEqual([
      ['text', 'Sure. '],
      ['start', 'search'],
      ['call', 'search', '{}'],
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"Oslo"}'],
      ['text', 'Done.'],
    ]);
  });

  // Issue 27: the markers are special tokens, so an empty block is the model's markup, not prose; it leaves no text.
  it('an empty block leaves no text, and no error', () => {
    const events = sectionEvents(triggers, `A ${BEGIN} ${END} B`);
    expect(textOf(events)).toBe('A  B');
    expect(events.some((e) => e[0] === 'error')).toBe(false);
  });

  it('a call without its block counts, and the block end after it is dropped', () => {
    expect(sectionEvents(triggers, `${call('search', 0, '{"query": "q"}')}${END}`)).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"q"}'],
    ]);
  });

  it('a good call then a broken one: the first stands, the second is text with the reason', () => {
    const broken = call('search', 1, '{oops');
    const events = sectionEvents(triggers, `${BEGIN}${call('get_weather', 0, '{}')}${broken}${END}`);
    expect(events.filter((e) => e[0] === 'call')).toEqual([['call', 'get_weather', '{}']]);
    expect(textOf(events)).toContain('{oops');
    expect(events.some((e) => e[0] === 'error')).toBe(true);
  });
});
