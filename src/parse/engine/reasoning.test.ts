import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import { openJsonCalls } from '../sections/json-calls.ts';
import { openReasoning } from './reasoning.ts';
import type { Trigger } from './section.ts';

const think: Trigger = {
  marker: '<think>',
  atStart: true,
  afterCall: true,
  reasoning: true,
  open: (env, m) => openReasoning(env, m, { end: '</think>' }),
};
const gemma4: Trigger = {
  marker: '<|channel>',
  atStart: true,
  reasoning: true,
  open: (env, m) => openReasoning(env, m, { end: '<channel|>', label: 'thought\n' }),
};
const call: Trigger = { marker: '<tool_call>', open: (env, m) => openJsonCalls(env, m, { end: '</tool_call>' }) };

describe('openReasoning', () => {
  it('streams the thinking as reasoning and ends the block at its end marker', () => {
    expect(sectionEvents([think, call], '<think>Let me see.</think>Paris.')).toEqual([
      ['reasoning', 'Let me see.'],
      ['reasoning-end'],
      ['text', 'Paris.'],
    ]);
  });

  it('nothing inside is parsed: a call drafted while thinking is reasoning text, the real one after it a call', () => {
    const draft = '<tool_call>{"name": "search", "arguments": {}}</tool_call>';
    expect(sectionEvents([think, call], `<think>Maybe ${draft}?</think>${draft}`)).toEqual([
      ['reasoning', `Maybe ${draft}?`],
      ['reasoning-end'],
      ['start', 'search'],
      ['call', 'search', '{}'],
    ]);
  });

  it('a block cut off by the end of the output stays reasoning', () => {
    expect(sectionEvents([think], '<think>Still thinking')).toEqual([
      ['reasoning', 'Still thinking'],
      ['reasoning-end'],
    ]);
  });

  it('only at the start of the answer: the marker in prose is text', () => {
    const text = 'The <think> tag marks reasoning.';
    expect(sectionEvents([think], text)).toEqual([['text', text]]);
  });

  it("Gemma 4's label after the marker is markup; a different word is thinking text", () => {
    expect(sectionEvents([gemma4], '<|channel>thought\nHm.<channel|>Yes.')).toEqual([
      ['reasoning', 'Hm.'],
      ['reasoning-end'],
      ['text', 'Yes.'],
    ]);
    const events = sectionEvents([gemma4], '<|channel>thinking about it<channel|>');
    expect(events[0]).toEqual(['reasoning', 'thinking about it']);
  });

  it('startInside: the answer begins inside the block, only the end marker appears', () => {
    expect(sectionEvents([think], 'Planning.</think>Done.', { reasoning: { startInside: true } })).toEqual([
      ['reasoning', 'Planning.'],
      ['reasoning-end'],
      ['text', 'Done.'],
    ]);
  });

  it("reasoning: 'text' leaves the markers as text", () => {
    const text = '<think>x</think>y';
    expect(textOf(sectionEvents([think], text, { reasoning: 'text' }))).toBe(text);
  });
});
