import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import { openJsonCalls } from '../sections/json-calls.ts';
import { keepMarkerAsText, openByFirstChar, openSilentMarker } from './marker-sections.ts';
import type { Trigger } from './section.ts';

describe('basic sections', () => {
  it('openByFirstChar hands over by the first non-blank character after a shared marker', () => {
    const shared: Trigger = {
      marker: '[TOOL_CALLS]',
      open: (env, m) =>
        openByFirstChar(env, m, (c) =>
          c === '[' ? (e, raw) => openJsonCalls(e, raw, { repeat: true }) : (e, raw) => keepMarkerAsText(e, raw),
        ),
    };
    expect(sectionEvents([shared], '[TOOL_CALLS]  [{"name": "search", "arguments": {}}]')).toEqual([
      ['start', 'search'],
      ['call', 'search', '{}'],
    ]);
    expect(textOf(sectionEvents([shared], '[TOOL_CALLS]hello'))).toBe('[TOOL_CALLS]hello');
  });

  it('openByFirstChar: the output ending right after the marker keeps it as text, with the reason', () => {
    const shared: Trigger = {
      marker: '[TOOL_CALLS]',
      open: (env, m) => openByFirstChar(env, m, () => (e, raw) => keepMarkerAsText(e, raw)),
    };
    expect(sectionEvents([shared], 'x [TOOL_CALLS]  ')).toEqual([
      ['text', 'x [TOOL_CALLS]  '],
      ['error', 'unclosed-tool-call'],
    ]);
  });

  it('openSilentMarker drops a structural marker and reads on', () => {
    const silent: Trigger = { marker: '<|tool_calls_section_end|>', open: openSilentMarker };
    expect(sectionEvents([silent], 'a<|tool_calls_section_end|>b')).toEqual([['text', 'ab']]);
  });
});
