/**
 * A Harmony message with no `<|message|>` (`<|channel|>commentary Hello<|end|>`) holds its text in its header
 * (openai/harmony src/tests.rs@1bd4d071, test_missing_message_token_requires_non_strict_mode). That text is
 * told once: as text, not also as the header's markup, so debug output's replay (markup and text together)
 * is the model's output, character for character. The differential fuzz (fuzz.node.test.ts) found it told
 * twice, and the stop token after it not at all.
 */
import { describe, expect, it } from 'vitest';
import { chunkings } from '../../test/harness.ts';
import { autoProtocol } from '../auto/auto.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { harmonyProtocol } from './harmony.ts';

function replay(protocol: ToolCallProtocol, chunks: string[]) {
  let all = '';
  let text = '';
  const parser = protocol.createParser(
    { tools: new Map(), generateId: () => 'id' },
    {
      onText: (t) => {
        all += t;
        text += t;
      },
      onReasoning: (t) => {
        all += t;
      },
      onReasoningEnd: () => {},
      onCallSegment: (raw) => {
        all += raw;
      },
      onToolCallStart: () => {},
      onToolCallDelta: () => {},
      onToolCallEnd: () => {},
      onToolCallAbort: () => {},
      onError: () => {},
    },
  );
  for (const chunk of chunks) parser.feed(chunk);
  parser.flush();
  return { all, text };
}

const CASES: Array<[string, string]> = [
  ['<|channel|>commentary Hello<|end|>', 'Hello'],
  ['<|channel|>commentary\nhello<|end|>then more', 'hellothen more'],
  // The first word after the channel's name is the text's, as harmony's non-strict reader takes it.
  ['<|channel|>commentary js\nhello\n```<|end|>x', 'js\nhello\n```x'],
];

describe('a Harmony message with no <|message|> is told once', () => {
  for (const [input, visible] of CASES) {
    for (const [name, create] of [
      ['harmony', harmonyProtocol],
      ['auto', autoProtocol],
    ] as const) {
      it(`${name}: ${JSON.stringify(input)}`, () => {
        for (const { name: cut, chunks } of chunkings(input)) {
          const { all, text } = replay(create(), chunks);
          expect(all, cut).toBe(input);
          expect(text, cut).toBe(visible);
        }
      });
    }
  }
});
