import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { trimmedStage } from '../readers/xml-text.ts';
import { type InvokeTags, openXmlInvoke } from './xml-invoke.ts';

const QWEN: InvokeTags = {
  invoke: '<function=',
  invokeEnd: '</function>',
  param: '<parameter=',
  paramEnd: '</parameter>',
  close: '</tool_call>',
};
const MINIMAX: InvokeTags = {
  invoke: '<invoke name=',
  invokeEnd: '</invoke>',
  param: '<parameter name=',
  paramEnd: '</parameter>',
  close: '</minimax:tool_call>',
};
const qwen: Trigger = {
  marker: '<tool_call>',
  open: (env, m) => openXmlInvoke(env, m, QWEN, { reopen: ['<tool_call>'], valueStage: trimmedStage }),
};
const qwenBare: Trigger = {
  marker: '<function=',
  open: (env, m) =>
    openXmlInvoke(env, m, QWEN, { reopen: ['<tool_call>'], openedAtInvoke: true, valueStage: trimmedStage }),
};
const minimax: Trigger = {
  marker: '<minimax:tool_call>',
  open: (env, m) => openXmlInvoke(env, m, MINIMAX),
};

describe('openXmlInvoke', () => {
  it("Qwen3-Coder: one line break at each end of a value is the template's padding", () => {
    expect(
      sectionEvents(
        [qwen],
        '<tool_call>\n<function=search>\n<parameter=query>\n  two\n  lines\n</parameter>\n</function>\n</tool_call>',
      ),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"  two\\n  lines"}'],
    ]);
  });

  it('a close tag inside code ends the value only when a tag or the end follows it', () => {
    const code = 'x = "</parameter>" + y';
    expect(
      sectionEvents([qwen], `<tool_call><function=search><parameter=query>${code}</parameter></function></tool_call>`),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', JSON.stringify({ query: code })],
    ]);
  });

  it('without the <tool_call> opener, a declared function counts once a parameter confirms it', () => {
    expect(sectionEvents([qwenBare], '<function=search>\n<parameter=query>\nq\n</parameter>\n</function>')).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"q"}'],
    ]);
    const prose = 'Write <function=name> to call a function.';
    expect(sectionEvents([qwenBare], prose)).toEqual([['text', prose]]);
  });

  it('a bare invoke of a declared function that the output cuts off before a parameter confirms it is quiet text', () => {
    for (const text of ['<function=search>', '<function=search>\n<param']) {
      expect(sectionEvents([qwenBare], text)).toEqual([['text', text]]);
    }
  });

  it('MiniMax-M2 values are verbatim (its template writes no padding)', () => {
    expect(
      sectionEvents(
        [minimax],
        '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">\nq\n</parameter>\n</invoke>\n</minimax:tool_call>',
      ),
    ).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"\\nq\\n"}'],
    ]);
  });

  it('cut off inside a value: text, every character once, with the reason', () => {
    const text = '<tool_call>\n<function=search>\n<parameter=query>\nab';
    const events = sectionEvents([qwen], text);
    expect(textOf(events)).toBe(text);
    expect(events.filter((e) => e[0] === 'error')).toEqual([['error', 'unclosed-tool-call']]);
  });
});
