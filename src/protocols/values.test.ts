/**
 * Value rules that hold in every format: a nullable property written as
 * null (JSON `null`, Python `None`, or the text `null` in an XML parameter)
 * stays null; a non-nullable string keeps the text. Through each format's
 * preset and auto, whole, one char at a time and at random splits.
 */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { chunkings, streamParts, summarize } from '../test/harness.ts';
import { autoProtocol } from './auto/auto.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { findFormat } from './registry.ts';

const tools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'set_reminder',
    inputSchema: {
      type: 'object',
      properties: {
        text: { type: 'string' },
        due: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        note: { type: ['string', 'null'] },
      },
    },
  },
];

const cases: Array<{ preset: string; text: string }> = [
  {
    preset: 'hermes',
    text: '<tool_call>{"name": "set_reminder", "arguments": {"text": "null", "due": null, "note": null}}</tool_call>',
  },
  { preset: 'pythonic', text: '[set_reminder(text="null", due=None, note=None)]' },
  {
    preset: 'qwen3-coder',
    text: '<tool_call>\n<function=set_reminder>\n<parameter=text>\nnull\n</parameter>\n<parameter=due>\nnull\n</parameter>\n<parameter=note>\nNone\n</parameter>\n</function>\n</tool_call>',
  },
  {
    preset: 'minimax-m2',
    text: '<minimax:tool_call>\n<invoke name="set_reminder">\n<parameter name="text">null</parameter>\n<parameter name="due">null</parameter>\n<parameter name="note">None</parameter>\n</invoke>\n</minimax:tool_call>',
  },
  {
    preset: 'glm',
    text: '<tool_call>set_reminder\n<arg_key>text</arg_key>\n<arg_value>null</arg_value>\n<arg_key>due</arg_key>\n<arg_value>null</arg_value>\n<arg_key>note</arg_key>\n<arg_value>None</arg_value>\n</tool_call>',
  },
  {
    preset: 'morph-xml',
    text: '<set_reminder>\n<text>null</text>\n<due>null</due>\n<note>None</note>\n</set_reminder>',
  },
];

describe('nullable values stay null in every format', () => {
  for (const c of cases) {
    it(c.preset, async () => {
      for (const protocol of [findFormat(c.preset)?.create() as ToolCallProtocol, autoProtocol()]) {
        for (const { name, chunks } of chunkings(c.text)) {
          const middleware = createToolMiddleware({ protocol });
          const summary = summarize(await streamParts({ middleware, tools }, chunks));
          expect(
            summary.calls.map((call) => call.input),
            `${protocol.name}, ${name}`,
          ).toEqual([{ text: 'null', due: null, note: null }]);
          expect(JSON.parse(summary.calls[0]?.deltas ?? ''), `${protocol.name}, ${name}`).toEqual(
            summary.calls[0]?.input,
          );
        }
      }
    });
  }
});
