import { afterEach, describe, expect, it } from 'vitest';
import { POST, runtime } from './next-edge-route.ts';

/** What a Hermes model answers, as an OpenAI-compatible server streams it (small deltas, like a real server). */
const modelText =
  'Let me look that up.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul"}}\n</tool_call>';
/** Its answer once it has read the tool's result (the route's second model call). */
const answerText = 'It is 21°C in Seoul.';

function sseBody(text: string): string {
  const deltas = text.match(/[\s\S]{1,5}/g) ?? [];
  const events = [
    ...deltas.map((content, i) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'hermes-3-llama-3.1-8b',
      choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content } : { content }, finish_reason: null }],
    })),
    {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'hermes-3-llama-3.1-8b',
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
    },
  ];
  return `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`;
}

describe('the README Next.js edge route (runtime = "edge", streamText + hermesToolMiddleware)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    // Plain assignment, not vi.stubGlobal: EdgeVM defines fetch as writable but not configurable.
    globalThis.fetch = realFetch;
  });

  it('streams a UI message stream with the parsed tool call, its executed result and the answer', async () => {
    const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
    globalThis.fetch = async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      const text = sent.length === 1 ? modelText : answerText;
      return new Response(sseBody(text), { headers: { 'content-type': 'text/event-stream' } });
    };

    expect(runtime).toBe('edge');
    const response = await POST(
      new Request('http://localhost/api/chat', {
        method: 'POST',
        body: JSON.stringify({ prompt: 'Weather in Seoul?' }),
      }),
    );
    expect(response.status).toBe(200);
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);

    // Two model calls (stopWhen): the call, then the answer written from its result.
    // The upstream model never saw native tools: toolshim taught them in the system prompt.
    expect(sent).toHaveLength(2);
    expect(JSON.stringify(sent[1]?.body.messages)).toContain('celsius');
    expect(sent[0]?.url).toBe('http://localhost:8080/v1/chat/completions');
    expect(sent[0]?.body.tools).toBeUndefined();
    expect(JSON.stringify(sent[0]?.body.messages)).toContain('get_weather');

    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-input-available', toolName: 'get_weather', input: { city: 'Seoul' } }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool-output-available', output: { city: 'Seoul', celsius: 21 } }),
    );
    const text = events
      .filter((event) => event.type === 'text-delta')
      .map((event) => event.delta)
      .join('');
    expect(text.trim()).toBe(`Let me look that up.\n${answerText}`);
    expect(text).not.toContain('<tool_call>');
  });
});
