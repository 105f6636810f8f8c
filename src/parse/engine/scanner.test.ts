import { describe, expect, it } from 'vitest';
import { sectionEvents } from '../../test/section-harness.ts';
import { openJsonCalls } from '../sections/json-calls.ts';
import type { ParserCallbacks } from './events.ts';
import { keepMarkerAsText } from './marker-sections.ts';
import { createScanner, mergeTriggers } from './scanner.ts';
import type { Trigger } from './section.ts';

const tagged: Trigger = {
  marker: '<tool_call>',
  firstChar: (c) => c === '{',
  open: (env, m) => openJsonCalls(env, m, { end: '</tool_call>' }),
};
const imEnd: Trigger = {
  marker: '<|im_end|>',
  endOfTurn: true,
  open: () => {
    throw new Error('never opened');
  },
};

/** A scanner whose text output is recorded as it is emitted (per feed). */
function live(triggers: Trigger[]) {
  const texts: string[] = [];
  const callbacks: ParserCallbacks = {
    onText: (t) => texts.push(t),
    onReasoning: () => {},
    onReasoningEnd: () => {},
    onToolCallStart: () => {},
    onToolCallDelta: () => {},
    onToolCallEnd: () => {},
    onToolCallAbort: () => {},
    onError: () => {},
  };
  const parser = createScanner(triggers, { tools: new Map(), generateId: () => 'id' }, callbacks);
  return { parser, emitted: () => texts.join('') };
}

describe('createScanner', () => {
  it('streams prose in the chunk it arrives in, holding back only a possible partial marker', () => {
    const { parser, emitted } = live([tagged]);
    parser.feed('Hello <tool');
    expect(emitted()).toBe('Hello ');
    parser.feed('box> done');
    expect(emitted()).toBe('Hello <toolbox> done');
  });

  it('a marker whose next character fits no trigger stays text, reported where it stood', () => {
    expect(sectionEvents([tagged], 'Use <tool_call>example</tool_call> tags.')).toEqual([
      ['text', 'Use <tool_call>'],
      ['error', 'malformed-tool-call'],
      ['text', 'example</tool_call> tags.'],
    ]);
  });

  it('an end-of-turn token is dropped at the very end of the output, text anywhere else', () => {
    expect(sectionEvents([imEnd], 'Bye.<|im_end|>\n')).toEqual([['text', 'Bye.']]);
    expect(sectionEvents([imEnd], 'a<|im_end|>b')).toEqual([['text', 'a<|im_end|>b']]);
  });

  it('an end-of-turn token right before a marker that starts a new message is markup, dropped', () => {
    // Harmony's `<|end|><|start|>`, with a scripted stand-in for the next message's section.
    const start: Trigger = { marker: '<|start|>', opensMessage: true, open: (env, m) => keepMarkerAsText(env, m) };
    expect(sectionEvents([imEnd, start], 'Hi.<|im_end|>\n<|start|>next')).toEqual([['text', 'Hi.<|start|>next']]);
    expect(sectionEvents([imEnd, start], 'Hi.<|im_end|>\nnext')).toEqual([['text', 'Hi.<|im_end|>\nnext']]);
  });

  it('atStart triggers count only at the start of the answer', () => {
    const bare: Trigger = {
      marker: '{',
      atStart: true,
      open: (env, m) => openJsonCalls(env, m, { markerIsValue: true, declaredOnly: true }),
    };
    // The blank before it is text (the part writer drops blanks around calls).
    expect(sectionEvents([bare], ' {"name": "search", "arguments": {}}')).toEqual([
      ['text', ' '],
      ['start', 'search'],
      ['call', 'search', '{}'],
    ]);
    const later = 'x {"name": "search", "arguments": {}}';
    expect(sectionEvents([bare], later)).toEqual([['text', later]]);
  });

  it('mergeTriggers: one trigger per marker, chosen by the character after it', () => {
    const other: Trigger = {
      marker: '<tool_call>',
      firstChar: (c) => c === 'x',
      open: (env, m) => keepMarkerAsText(env, m),
    };
    const merged = mergeTriggers([tagged, other, tagged]);
    expect(merged.map((t) => t.marker)).toEqual(['<tool_call>']);
    expect(sectionEvents(merged, '<tool_call>{"name": "search", "arguments": {}}</tool_call>')).toEqual([
      ['start', 'search'],
      ['call', 'search', '{}'],
    ]);
  });
});
