/**
 * The prompt as chat messages: one system message, first, however the
 * client placed its system text (a scripted prompt in the shape Claude Code
 * 2.1.328 sends: the environment as a system message after the request).
 */
import { describe, expect, it } from 'vitest';
import { toChatMessages } from './chat-messages.ts';

const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });

describe('system messages reach the upstream as one, first', () => {
  it('a system message after the request joins the leading one', () => {
    const messages = toChatMessages(
      [
        { role: 'system', content: 'You are a coding agent.' },
        user('Run the tests.'),
        { role: 'system', content: 'cwd: /work' },
      ],
      [],
    );
    expect(messages).toEqual([
      { role: 'system', content: 'You are a coding agent.\n\ncwd: /work' },
      { role: 'user', content: 'Run the tests.' },
    ]);
  });

  it('two system messages up front become one; a late one with none up front goes first', () => {
    expect(
      toChatMessages([{ role: 'system', content: 'A' }, { role: 'system', content: 'B' }, user('hi')], []).map(
        (m) => m.role,
      ),
    ).toEqual(['system', 'user']);
    expect(toChatMessages([user('hi'), { role: 'system', content: 'late' }], [])).toEqual([
      { role: 'system', content: 'late' },
      { role: 'user', content: 'hi' },
    ]);
  });
});

describe("an assistant turn's thinking", () => {
  const turn = (providerOptions?: Record<string, Record<string, boolean>>) => ({
    role: 'assistant' as const,
    content: [
      { type: 'reasoning' as const, text: 'Paris first.' },
      { type: 'tool-call' as const, toolCallId: 'c0', toolName: 'get_weather', input: { city: 'Paris' } },
    ],
    ...(providerOptions ? { providerOptions } : {}),
  });

  it('is not sent unless the native history marked the turn (an unwrapped adapter, the proxy native mode)', () => {
    const [message] = toChatMessages([turn()], []);
    expect(message).not.toHaveProperty('reasoning_content');
    expect(message).not.toHaveProperty('reasoning');
  });

  it('a marked turn carries it under both names servers read', () => {
    const [message] = toChatMessages([turn({ toolshim: { sendReasoning: true } })], []);
    expect(message).toMatchObject({ role: 'assistant', reasoning_content: 'Paris first.', reasoning: 'Paris first.' });
  });
});
