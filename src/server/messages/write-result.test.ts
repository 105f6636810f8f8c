import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createStopMatcher } from './stop-sequences.ts';
import { THINKING_SIGNATURE, toAnthropicMessage } from './write-result.ts';

const call = {
  model: 'claude-x',
  stopSequences: [] as string[],
  disableParallelToolUse: false,
  omitThinking: false,
  inputTokensEstimate: 42,
};

function result(
  content: LanguageModelV4GenerateResult['content'],
  unified: LanguageModelV4GenerateResult['finishReason']['unified'] = 'stop',
): LanguageModelV4GenerateResult {
  return {
    content,
    finishReason: { unified, raw: unified },
    usage: {
      inputTokens: { total: 50, noCache: undefined, cacheRead: 10, cacheWrite: 5 },
      outputTokens: { total: 7, text: 7, reasoning: undefined },
    },
    warnings: [],
  };
}

describe('toAnthropicMessage', () => {
  it('writes thinking, text and tool_use blocks in order, tool_use when a call was made', () => {
    const message = toAnthropicMessage(
      result([
        { type: 'reasoning', text: 'Paris.' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: '{"city":"Paris"}' },
      ]),
      call,
    );
    expect(message.id).toMatch(/^msg_/);
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-x', stop_reason: 'tool_use' });
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Paris.', signature: THINKING_SIGNATURE },
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'get_weather', input: { city: 'Paris' } },
    ]);
    // input_tokens excludes the cached part: 50 − 10 read − 5 written.
    expect(message.usage).toEqual({
      input_tokens: 35,
      output_tokens: 7,
      cache_creation_input_tokens: 5,
      cache_read_input_tokens: 10,
    });
  });

  it.each([
    ['length', 'max_tokens'],
    ['content-filter', 'refusal'],
    ['stop', 'end_turn'],
    ['other', 'end_turn'],
  ] as const)('finish %s → stop_reason %s', (unified, stop) => {
    expect(toAnthropicMessage(result([{ type: 'text', text: 'x' }], unified), call).stop_reason).toBe(stop);
  });

  it('cuts the text at the first stop sequence and names it', () => {
    const message = toAnthropicMessage(result([{ type: 'text', text: 'a b ### c ### d' }]), {
      ...call,
      stopSequences: ['###', 'zz'],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'a b ' }]);
    expect(message.stop_reason).toBe('stop_sequence');
    expect(message.stop_sequence).toBe('###');
  });

  it('with disable_parallel_tool_use keeps only the first call', () => {
    const message = toAnthropicMessage(
      result([
        { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: '{"n":1}' },
        { type: 'tool-call', toolCallId: 'b', toolName: 'f', input: '{"n":2}' },
      ]),
      { ...call, disableParallelToolUse: true },
    );
    expect(message.content).toHaveLength(1);
    expect(message.content[0]).toMatchObject({ type: 'tool_use', input: { n: 1 } });
  });

  it('arguments that are no JSON object, or nest too deep to write back, stay visible as text', () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const message = toAnthropicMessage(
      result([
        { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: 'not json' },
        { type: 'tool-call', toolCallId: 'b', toolName: 'g', input: deep },
      ]),
      call,
    );
    expect(message.content).toEqual([{ type: 'text', text: `f not json\n\ng ${deep}` }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(() => JSON.stringify(message)).not.toThrow();
  });

  it('falls back to the estimate when the upstream reports no input count', () => {
    const message = toAnthropicMessage(
      {
        ...result([]),
        usage: {
          inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: undefined, text: undefined, reasoning: undefined },
        },
      },
      call,
    );
    expect(message.content).toEqual([]);
    expect(message.usage).toMatchObject({ input_tokens: 42, output_tokens: 0 });
  });
});

describe('createStopMatcher', () => {
  it('finds a sequence across any split, keeps the text before it, and never splits a surrogate pair', () => {
    const text = 'ab😀 cd<|end|>ef';
    for (let size = 1; size <= text.length; size++) {
      const matcher = createStopMatcher(['<|end|>', 'zzzzzzzzzzz']);
      let out = '';
      let stop: string | undefined;
      for (let i = 0; i < text.length && stop === undefined; i += size) {
        const match = matcher.push(text.slice(i, i + size));
        expect(/[\ud800-\udbff]$/.test(match.text)).toBe(false);
        out += match.text;
        stop = match.stop;
      }
      expect(out).toBe('ab😀 cd');
      expect(stop).toBe('<|end|>');
    }
  });

  it('gives everything back on flush when nothing matched', () => {
    const matcher = createStopMatcher(['STOP']);
    expect(matcher.push('go ST').text + matcher.flush()).toBe('go ST');
  });
});
