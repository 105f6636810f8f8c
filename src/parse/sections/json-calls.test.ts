import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { openJsonCalls } from './json-calls.ts';

const tagged: Trigger[] = [{ marker: '<tool_call>', open: (env, m) => openJsonCalls(env, m, { end: '</tool_call>' }) }];
const bare: Trigger[] = [
  {
    marker: '{',
    atStart: true,
    open: (env, m) => openJsonCalls(env, m, { markerIsValue: true, repeat: true, declaredOnly: true }),
  },
];

describe('openJsonCalls', () => {
  it('reads a call between markers, with prose around it', () => {
    expect(
      sectionEvents(tagged, 'Hi <tool_call>{"name": "search", "arguments": {"query": "x"}}</tool_call> bye'),
    ).toEqual([
      ['text', 'Hi '],
      ['start', 'search'],
      ['call', 'search', '{"query":"x"}'],
      ['text', ' bye'],
    ]);
  });

  it('reads a JSON list of calls in one block', () => {
    expect(
      sectionEvents(
        tagged,
        '<tool_call>[{"name": "search", "arguments": {}}, {"name": "get_weather", "arguments": {}}]</tool_call>',
      ),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{}'],
      ['start', 'get_weather'],
      ['call', 'get_weather', '{}'],
    ]);
  });

  it('arguments given as a JSON string and "parameters" for "arguments"', () => {
    expect(
      sectionEvents(tagged, '<tool_call>{"name": "search", "parameters": "{\\"query\\": \\"q\\"}"}</tool_call>'),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"q"}'],
    ]);
  });

  it('a body that is no call goes back as text, every character once, with the reason', () => {
    const text = 'a <tool_call>{"name": "search", "arguments": {"query": "x" oops}}</tool_call> b';
    const events = sectionEvents(tagged, text);
    expect(textOf(events)).toBe(text);
    expect(events.filter((e) => e[0] !== 'text')).toEqual([
      ['start', 'search'],
      ['abort'],
      ['error', 'malformed-tool-call'],
    ]);
  });

  it('the output ending inside the call: every character once, as text, and the reason', () => {
    const events = sectionEvents(tagged, 'Hi <tool_call>oops</tool_c');
    expect(textOf(events)).toBe('Hi <tool_call>oops</tool_c');
    expect(events.filter((e) => e[0] === 'error')).toEqual([['error', 'malformed-tool-call']]);
  });

  it('bare: only an object naming a declared tool is a call; JSON data stays text, quietly', () => {
    expect(sectionEvents(bare, '{"name": "get_weather", "parameters": {"city": "Oslo"}}')).toEqual([
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"Oslo"}'],
    ]);
    expect(sectionEvents(bare, '{"name": "Ada", "age": 36}')).toEqual([['text', '{"name": "Ada", "age": 36}']]);
  });

  it('wrapperKey: {"tool_calls": [...]} (xLAM v1) holds the calls; its end is the call list\'s', () => {
    const wrapped: Trigger[] = [
      {
        marker: '{',
        atStart: true,
        open: (env, m) =>
          openJsonCalls(env, m, { markerIsValue: true, repeat: true, declaredOnly: true, wrapperKey: 'tool_calls' }),
      },
    ];
    expect(
      sectionEvents(
        wrapped,
        '{"tool_calls": [{"name": "search", "arguments": {"query": "a"}}, {"name": "get_weather", "arguments": {"city": "b"}}]}',
      ),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"a"}'],
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"b"}'],
    ]);
    // Only as the first key, and only for a declared tool; a plain call object still reads.
    const data = '{"id": 1, "tool_calls": [{"name": "search", "arguments": {}}]}';
    expect(sectionEvents(wrapped, data)).toEqual([['text', data]]);
    expect(sectionEvents(bare, '{"tool_calls": [{"name": "search", "arguments": {}}]}')).toEqual([
      ['text', '{"tool_calls": [{"name": "search", "arguments": {}}]}'],
    ]);
    expect(sectionEvents(wrapped, '{"name": "search", "arguments": {"query": "a"}}')).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"a"}'],
    ]);
  });
});
