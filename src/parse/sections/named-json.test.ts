import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { openNamedJson } from './named-json.ts';

// Kimi K2's call: a header naming the tool, then JSON arguments, then an end marker.
const kimiName = (header: string) =>
  header
    .trim()
    .replace(/:\d+$/, '')
    .replace(/^functions\./, '');
const kimi: Trigger = {
  marker: '<|tool_call_begin|>',
  open: (env, m) =>
    openNamedJson(env, m, {
      headerEnd: '<|tool_call_argument_begin|>',
      toolName: kimiName,
      end: ['<|tool_call_end|>'],
    }),
};
// Mistral v11+: `[TOOL_CALLS]name{…}` with no `[ARGS]`: the value's `{` ends the header.
const mistral: Trigger = {
  marker: '[TOOL_CALLS]',
  open: (env, m) =>
    openNamedJson(env, m, { headerEnd: '[ARGS]', headerStops: ['{'], toolName: (h) => h.trim() || undefined }),
};

describe('openNamedJson', () => {
  it('reads the name from the header and the JSON after it', () => {
    expect(
      sectionEvents(
        [kimi],
        '<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "q"}<|tool_call_end|>',
      ),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"q"}'],
    ]);
  });

  it('the arguments may end the header without its marker (a `{` header stop)', () => {
    expect(sectionEvents([mistral], '[TOOL_CALLS]search{"query": "x"}')).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"x"}'],
    ]);
    expect(sectionEvents([mistral], '[TOOL_CALLS]search[ARGS]{"query": "y"}')).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"y"}'],
    ]);
  });

  it('broken arguments go back as text, every character once, with the reason', () => {
    const text = '<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": oops}<|tool_call_end|>';
    const events = sectionEvents([kimi], text);
    expect(textOf(events)).toBe(text);
    expect(events.filter((e) => e[0] === 'error')).toEqual([['error', 'malformed-tool-call']]);
    expect(events.some((e) => e[0] === 'call')).toBe(false);
  });

  it('a missing end marker at the end of the output: the complete call still counts', () => {
    expect(
      sectionEvents([kimi], '<|tool_call_begin|>functions.search:0<|tool_call_argument_begin|>{"query": "q"}'),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"q"}'],
    ]);
  });
});
