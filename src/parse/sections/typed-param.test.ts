import { describe, expect, it } from 'vitest';
import { sectionEvents, textOf } from '../../test/section-harness.ts';
import type { Trigger } from '../engine/section.ts';
import { dsmlValues, readTypedHeader } from './typed-param.ts';
import { type InvokeTags, openXmlInvoke } from './xml-invoke.ts';

// DeepSeek V3.2's DSML tags (ggml-org/llama.cpp models/templates/deepseek-ai-DeepSeek-V3.2.jinja@1c0d9081).
const DSML: InvokeTags = {
  invoke: '<｜DSML｜invoke name=',
  invokeEnd: '</｜DSML｜invoke>',
  param: '<｜DSML｜parameter name=',
  paramEnd: '</｜DSML｜parameter>',
  close: '</｜DSML｜function_calls>',
};
const dsml: Trigger = {
  marker: '<｜DSML｜function_calls>',
  open: (env, m) => openXmlInvoke(env, m, DSML, { typedValues: dsmlValues }),
};
const block = (params: string) =>
  `<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n${params}\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
const param = (name: string, string: string, value: string) =>
  `<｜DSML｜parameter name="${name}" string="${string}">${value}</｜DSML｜parameter>`;

describe('readTypedHeader', () => {
  it('reads the name and whether the value is JSON', () => {
    expect(readTypedHeader('"city" string="true"')).toEqual({ name: 'city', json: false });
    expect(readTypedHeader('"days" string="false"')).toEqual({ name: 'days', json: true });
    // Degraded output without quotes, and a tag with no string attribute.
    expect(readTypedHeader('days string=false')).toEqual({ name: 'days', json: true });
    expect(readTypedHeader('"city"')).toEqual({ name: 'city', json: false });
  });

  it('a tag it cannot read is all name', () => {
    expect(readTypedHeader('"city" lang="en"')).toEqual({ name: '"city" lang="en"', json: false });
  });
});

describe('DSML invokes (openXmlInvoke with typedValues)', () => {
  it('string="false" values are JSON; string="true" values are the text as it stands', () => {
    expect(sectionEvents([dsml], block(`${param('city', 'true', '42')}\n${param('days', 'false', '3')}`))).toEqual([
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"42","days":3}'],
    ]);
  });

  it('a string="false" list or object is written as that value, even with no schema for it', () => {
    expect(
      sectionEvents([dsml], block(`${param('tags', 'false', '["a", "b"]')}\n${param('opts', 'false', '{"x": null}')}`)),
    ).toEqual([
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"tags":["a","b"],"opts":{"x":null}}'],
    ]);
  });

  it('a string="false" value that is no JSON is kept as its text', () => {
    expect(sectionEvents([dsml], block(param('city', 'false', 'Oslo, Norway')))).toEqual([
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"Oslo, Norway"}'],
    ]);
  });

  it('cut off inside the next parameter tag: the call was not finished, its text comes back', () => {
    const text = `<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n${param('city', 'true', 'Oslo')}\n<｜DSML｜parameter na`;
    const events = sectionEvents([dsml], text);
    expect(events.filter((e) => e[0] !== 'text')).toEqual([
      ['start', 'get_weather'],
      ['abort'],
      ['error', 'unclosed-tool-call'],
    ]);
    expect(textOf(events)).toBe(text);
  });

  it('cut off inside the close tag: the call stands', () => {
    const text = `<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n${param('city', 'true', 'Oslo')}\n</｜DSML｜inv`;
    expect(sectionEvents([dsml], text)).toEqual([
      ['start', 'get_weather'],
      ['call', 'get_weather', '{"city":"Oslo"}'],
    ]);
  });
});
