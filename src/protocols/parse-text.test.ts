/**
 * A protocol's parser outside the middleware: a whole text to content (with
 * reasoning, and the middleware's `reasoning` option), and a Web stream of
 * parser events.
 */
import { describe, expect, it } from 'vitest';
import { collect } from '../test/harness.ts';
import { hermesProtocol } from './hermes/hermes.ts';
import { createParserStream, parseGeneratedText } from './parse-text.ts';

const tools = [{ name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } }];
const ids = () => 'call-1';

describe('parseGeneratedText', () => {
  it('returns reasoning, text and calls in order', () => {
    const text = '<think>look it up</think>Sure.<tool_call>{"name": "search", "arguments": {"query": "q"}}</tool_call>';
    expect(parseGeneratedText(hermesProtocol(), { text, tools, generateId: ids })).toEqual([
      { type: 'reasoning', text: 'look it up' },
      { type: 'text', text: 'Sure.' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'search', input: '{"query":"q"}' },
    ]);
  });

  it('takes the reasoning option: an answer that begins inside thinking', () => {
    const text = 'still thinking</think>Done.';
    expect(parseGeneratedText(hermesProtocol(), { text, tools })).toEqual([
      { type: 'text', text: 'still thinking</think>Done.' },
    ]);
    expect(parseGeneratedText(hermesProtocol(), { text, tools, reasoning: { startInside: true } })).toEqual([
      { type: 'reasoning', text: 'still thinking' },
      { type: 'text', text: 'Done.' },
    ]);
  });
});

describe('createParserStream', () => {
  it('turns text chunks into parser events', async () => {
    const chunks = ['Hi <tool_', 'call>{"name": "search", "arguments": {"query": "q"}}</tool_call>'];
    const stream = new ReadableStream<string>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }).pipeThrough(createParserStream(hermesProtocol(), { tools, generateId: ids }));
    const events = await collect(stream);
    expect(events.filter((e) => e.type !== 'tool-call-delta')).toEqual([
      { type: 'text', text: 'Hi ' },
      { type: 'tool-call-start', id: 'call-1', toolName: 'search' },
      { type: 'tool-call-end', id: 'call-1', toolName: 'search', input: '{"query":"q"}' },
    ]);
  });
});
