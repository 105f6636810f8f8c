import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import { openByFirstChar } from '../engine/marker-sections.ts';
import type { Trigger } from '../engine/section.ts';
import { openGlmCall } from './glm-call.ts';

// GLM-4.5/4.6: `<tool_call>` then the name on its line, then <arg_key>/<arg_value> pairs.
const glm: Trigger = {
  marker: '<tool_call>',
  open: (env, marker) => openByFirstChar(env, marker, () => openGlmCall),
};

describe('openGlmCall', () => {
  it('reads the name, then each key and its verbatim value', () => {
    const text = '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value> two  spaces </arg_value>\n</tool_call>';
    expect(sectionEvents([glm], text)).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":" two  spaces "}'],
    ]);
  });

  it("reads GLM-4's name line followed by one JSON object", () => {
    expect(sectionEvents([glm], '<tool_call>get_weather\n{"city": "Oslo"}\n</tool_call>')).toEqual([
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"Oslo"}'],
    ]);
  });

  it('a forgotten </arg_value> before the next key ends the value', () => {
    // ollama model/parsers/glm46_test.go@b517b9bd, TestRepairGLM46XML: the next key is a parameter not given yet.
    const text =
      '<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>a\n<arg_key>n</arg_key>\n<arg_value>2</arg_value>\n</tool_call>';
    expect(sectionEvents([glm], text)).toEqual([
      ['start', 'search'],
      ['call', 'search', '{"query":"a","n":2}'],
    ]);
  });

  it('an undeclared name with no arguments after it is prose', () => {
    const text = '<tool_call>example</tool_call> is how calls look.';
    const events = sectionEvents([glm], text);
    expect(events.filter((e) => e[0] === 'start')).toEqual([]);
    expect(textOf(events)).toBe(text);
  });
});
