import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { openPythonic } from './pythonic.ts';

const list: Trigger = {
  marker: '[',
  atStart: true,
  firstChar: (c) => /[A-Za-z_]/.test(c),
  open: (env, m) => openPythonic(env, m, { listOpened: true, declaredOnly: true }),
};
const lfm2: Trigger = {
  marker: '<|tool_call_start|>',
  open: (env, m) => openPythonic(env, m, { end: '<|tool_call_end|>' }),
};
const olmo3: Trigger = {
  marker: '<function_calls>',
  open: (env, m) => openPythonic(env, m, { lines: true, end: '</function_calls>' }),
};

describe('openPythonic', () => {
  it('reads a list of calls with Python literals, both quote styles and None; its calls end at the "]"', () => {
    expect(sectionEvents([list], `[search(query='a', n=2, x=None), get_weather(city="Oslo", days=True)]`)).toEqual([
      ['start', 'search'],
      ['start', 'get_weather'],
      ['call', 'search', '{"query":"a","n":2,"x":null}'],
      ['call', 'get_weather', '{"city":"Oslo","days":true}'],
    ]);
  });

  it('an element that is no call costs only itself: the calls run, its text goes back after them', () => {
    // vLLM's pythonic parser reads the whole list with Python's ast and keeps all of it as content when an
    // element is no call (vllm-project/vllm vllm/frontend/processing/tool_parsers/pythonic_tool_parser.py@055e47c2);
    // issue 37 asks that no valid call of a list be lost to a bad element.
    const events = sectionEvents([list], '[search(query="a"), 42, get_weather(city="Oslo")]');
    expect(events.filter((e) => e[0] === 'call')).toEqual([
      ['call', 'search', '{"query":"a"}'],
      ['call', 'get_weather', '{"city":"Oslo"}'],
    ]);
    expect(textOf(events).trim()).toBe('42');
  });

  it('a list whose only element breaks is text', () => {
    const text = '[42, "x"]';
    expect(textOf(sectionEvents([list], text))).toBe(text);
  });

  it('a list left unclosed at the end of the output keeps its complete calls', () => {
    expect(sectionEvents([list], '[search(query="a"), search(query="b")')).toEqual([
      ['start', 'search'],
      ['start', 'search'],
      ['call', 'search', '{"query":"a"}'],
      ['call', 'search', '{"query":"b"}'],
    ]);
  });

  it("reads values as Python does: an unknown escape keeps its backslash ('\\d+' is \\d+)", () => {
    expect(sectionEvents([list], String.raw`[search(query='\d+\s')]`)).toEqual([
      ['start', 'search'],
      ['call', 'search', String.raw`{"query":"\\d+\\s"}`],
    ]);
  });

  it('a list naming no declared tool is code in prose: text, quietly', () => {
    const text = '[len(x) for x in rows]';
    expect(sectionEvents([list], text)).toEqual([['text', text]]);
  });

  it('inside a wrapper token; an expression for a value becomes its text with invalid-argument, the call stands', () => {
    const events = sectionEvents([lfm2], '<|tool_call_start|>[search(query=home_city, n=1)]<|tool_call_end|>');
    expect(events.filter((e) => e[0] === 'call')).toEqual([['call', 'search', '{"query":"home_city","n":1}']]);
    expect(events.filter((e) => e[0] === 'error')).toEqual([['error', 'invalid-argument']]);
  });

  it('one call per line (OLMo 3)', () => {
    expect(
      sectionEvents([olmo3], '<function_calls>\nsearch(query="a")\nget_weather(city="b")\n</function_calls>'),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"a"}'],
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"b"}'],
    ]);
  });

  it('cut off inside a string: text, every character once, with the reason', () => {
    const text = '<|tool_call_start|>[search(query="ab';
    const events = sectionEvents([lfm2], text);
    expect(textOf(events)).toBe(text);
    expect(events.some((e) => e[0] === 'error')).toBe(true);
    expect(events.some((e) => e[0] === 'call')).toBe(false);
  });
});
