import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { openXmlElement } from './xml-element.ts';

// morph-XML opens a call at a declared tool's own tag (src/protocols/morph-xml/morph-xml.ts).
const triggers: Trigger[] = ['get_weather', 'search'].map((name) => ({ marker: `<${name}`, open: openXmlElement }));

describe('openXmlElement', () => {
  it('one child element per argument; a string keeps <, && and tags as written', () => {
    expect(sectionEvents(triggers, '<search>\n<query>if (a && b < c) { return "<div/>"; }</query>\n</search>')).toEqual(
      [
        ['start', 'search'],
        ['call', 'search', '{"query":"if (a && b < c) { return \\"<div/>\\"; }"}'],
      ],
    );
  });

  it('a self-closing element is a call without arguments', () => {
    expect(sectionEvents(triggers, 'Now <search/> done')).toEqual([
      ['text', 'Now '],
      ['start', 'search'],
      ['call', 'search', '{}'],
      ['text', ' done'],
    ]);
  });

  it('entities are decoded; any other & stays', () => {
    expect(sectionEvents(triggers, '<search><query>a &amp; b &lt;3 &&nbsp;</query></search>')).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"a & b <3 &&nbsp;"}'],
    ]);
  });

  it('prose where an argument belongs: the call goes back as text, every character once, with the reason', () => {
    const text = '<search>just some words</search>';
    const events = sectionEvents(triggers, text);
    expect(textOf(events)).toBe(text);
    expect(events.filter((e) => e[0] === 'error')).toEqual([['error', 'malformed-tool-call']]);
  });

  it('other tags are prose, quietly', () => {
    const text = 'Use <b>bold</b> or <searching> text.';
    expect(sectionEvents(triggers, text)).toEqual([['text', text]]);
  });
});
