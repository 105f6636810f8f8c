import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { braceValue, openGemmaCall } from './gemma-call.ts';

const Q = '<|"|>';
const gemma4: Trigger = {
  marker: '<|tool_call>',
  open: (env, m) => openGemmaCall(env, m, { quote: Q, end: '<tool_call|>' }),
};

describe('openGemmaCall', () => {
  it('reads call:name{key:<Q>value<Q>,n:3} with raw quotes and braces inside the string token', () => {
    expect(sectionEvents([gemma4], `<|tool_call>call:search{query:${Q}say "hi" {x}${Q},n:3}<tool_call|>`)).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"say \\"hi\\" {x}","n":3}'],
    ]);
  });

  it('reads the parenthesised form with = and the call: prefix left out', () => {
    expect(sectionEvents([gemma4], `<|tool_call>search(query=${Q}a (b)${Q}, n=2)<tool_call|>`)).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"a (b)","n":2}'],
    ]);
  });

  it('a complete call without its closing token at the end of the output counts', () => {
    expect(sectionEvents([gemma4], `<|tool_call>call:search{query:${Q}a${Q}}`)).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"a"}'],
    ]);
  });

  it('output ending inside a string: text, every character once, unclosed-tool-call', () => {
    const text = `<|tool_call>call:search{query:${Q}ab`;
    const events = sectionEvents([gemma4], text);
    expect(textOf(events)).toBe(text);
    expect(events.filter((e) => e[0] === 'error')).toEqual([['error', 'unclosed-tool-call']]);
  });

  it('braceValue writes history in the same syntax', () => {
    expect(braceValue({ city: 'Oslo', days: [1, 2], ok: true }, Q)).toBe(`{city:${Q}Oslo${Q},days:[1,2],ok:true}`);
  });
});
