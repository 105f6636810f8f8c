/**
 * How the Gemini door reads `contents` and `systemInstruction`, checked on
 * what the upstream is sent. Native mode (and emulated with native history)
 * sends calls and results as chat-completions `tool_calls` and `tool`
 * messages with ids, so the pairing of each functionResponse with its
 * functionCall shows in `tool_call_id`: by `id`, else by name in order, as
 * the Gemini API pairs them. Also: thoughts and signatures in history,
 * files, roles, and the 400s in Google's error shape naming the field.
 */
import { describe, expect, it } from 'vitest';
import type { ProxyHandlerOptions } from '../core/options.ts';
import { completion, jsonRequest, proxyOver } from '../test/fake-upstream.ts';

interface ChatMessage {
  role: string;
  content: unknown;
  tool_call_id?: string;
  reasoning_content?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

async function send(body: unknown, extra: Partial<ProxyHandlerOptions> = { toolMode: 'native' }) {
  const { handler, requests } = proxyOver(() => Response.json(completion('ok')), extra);
  const response = await handler(jsonRequest('/v1beta/models/m:generateContent', body));
  const messages = (requests[0]?.body.messages ?? []) as ChatMessage[];
  return { response, messages, upstreamCalls: requests.length };
}

const user = (...parts: unknown[]) => ({ role: 'user', parts });
const model = (...parts: unknown[]) => ({ role: 'model', parts });
const call = (name: string, args: unknown, id?: string) => ({ functionCall: { name, args, ...(id ? { id } : {}) } });
const answer = (name: string, output: string, id?: string) => ({
  functionResponse: { name, response: { output }, ...(id ? { id } : {}) },
});

/** Each tool message's result text by the call (name and arguments) it answers. */
function pairs(messages: ChatMessage[]): string[] {
  const calls = new Map<string, string>();
  for (const m of messages)
    for (const c of m.tool_calls ?? []) calls.set(c.id, `${c.function.name}${c.function.arguments}`);
  return messages.filter((m) => m.role === 'tool').map((m) => `${calls.get(m.tool_call_id ?? '')} -> ${m.content}`);
}

describe('functionResponse pairing', () => {
  it('pairs by id, whatever the order the responses come in', async () => {
    const { messages } = await send({
      contents: [
        user({ text: 'Read both.' }),
        model(call('read', { path: 'a' }, 'id-a'), call('read', { path: 'b' }, 'id-b')),
        user(answer('read', 'B text', 'id-b'), answer('read', 'A text', 'id-a')),
      ],
    });
    expect(pairs(messages).sort()).toEqual(['read{"path":"a"} -> A text', 'read{"path":"b"} -> B text']);
    expect(messages.find((m) => m.role === 'tool')?.tool_call_id).toBe('id-b');
  });

  it('without ids, pairs each response with the oldest unanswered call of its name', async () => {
    const { messages } = await send({
      contents: [
        user({ text: 'Go.' }),
        model(call('ls', { dir: '1' }), call('cat', { file: 'x' }), call('ls', { dir: '2' })),
        user(answer('ls', 'first ls'), answer('cat', 'the cat'), answer('ls', 'second ls')),
      ],
    });
    expect(pairs(messages)).toEqual([
      'ls{"dir":"1"} -> first ls',
      'cat{"file":"x"} -> the cat',
      'ls{"dir":"2"} -> second ls',
    ]);
    // The ids the door made are distinct, so no two results share a call.
    expect(new Set(messages.map((m) => m.tool_call_id).filter(Boolean)).size).toBe(3);
  });

  it('an id already answered, or unknown, falls back to the next unanswered call of the name', async () => {
    const { messages } = await send({
      contents: [
        user({ text: 'Go.' }),
        model(call('ls', { dir: '1' }, 'c1'), call('ls', { dir: '2' }, 'c2')),
        // Gemini CLI's own ids (run_shell_command_<time>_<n>) need not match the model's.
        user(answer('ls', 'one'), answer('ls', 'two', 'c1')),
      ],
    });
    expect(pairs(messages)).toEqual(['ls{"dir":"1"} -> one', 'ls{"dir":"2"} -> two']);
  });

  it('pairs across turns, and a user text after the results becomes a user message of its own', async () => {
    const { messages } = await send({
      contents: [
        user({ text: 'Start.' }),
        model({ text: 'Looking.' }, call('ls', {})),
        user(answer('ls', 'a.txt'), { text: 'Now open it.' }),
        model(call('cat', { f: 'a.txt' })),
        { role: 'function', parts: [answer('cat', 'hello')] },
      ],
    });
    expect(pairs(messages)).toEqual(['ls{} -> a.txt', 'cat{"f":"a.txt"} -> hello']);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant', 'tool']);
    expect(messages[3]?.content).toBe('Now open it.');
  });

  it('{error} is the error text, any other response its JSON; parts of a function response follow as files', async () => {
    const png = 'iVBORw0KGgo=';
    const { messages } = await send(
      {
        contents: [
          user({ text: 'Go.' }),
          model(call('a', {}), call('b', {}), call('shot', {})),
          user(
            { functionResponse: { name: 'a', response: { error: 'no such file' } } },
            { functionResponse: { name: 'b', response: { rows: [1, 2] } } },
            {
              functionResponse: {
                name: 'shot',
                response: { output: 'Binary content provided (1 item(s)).' },
                parts: [{ inlineData: { mimeType: 'image/png', data: png } }],
              },
            },
          ),
        ],
      },
      { protocol: 'hermes', toolResultFiles: 'attach' },
    );
    const prompt = JSON.stringify(messages);
    expect(prompt).toContain('no such file');
    expect(prompt).toContain('{\\"rows\\":[1,2]}');
    // The image reached the upstream (attached after the results), not dropped.
    expect(prompt).toContain(`data:image/png;base64,${png}`);
  });
});

describe('parts and roles', () => {
  it('thought text and thoughtSignature in a model turn: reasoning, the signature ignored', async () => {
    const body = {
      contents: [
        user({ text: 'Hi.' }),
        model({ text: 'The user greets me.', thought: true }, { text: 'Hello!', thoughtSignature: 'c2ln' }),
        model({ thoughtSignature: 'b25seQ==' }),
        user({ text: 'Bye.', thought: true }),
      ],
    };
    const native = await send(body, { protocol: 'hermes', history: 'native' });
    const assistant = native.messages.find((m) => m.role === 'assistant');
    expect(assistant?.reasoning_content).toBe('The user greets me.');
    expect(assistant?.content).toBe('Hello!');
    // A turn with only a signature adds nothing; `thought` on a user part does not hide the user's words.
    expect(native.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(native.messages.at(-1)?.content).toBe('Bye.');
    expect(JSON.stringify(native.messages)).not.toMatch(/c2ln|b25seQ/);
  });

  it('systemInstruction as a string and as a Content of several text parts', async () => {
    const asString = await send({ systemInstruction: 'Be brief.', contents: [user({ text: 'Hi' })] });
    expect(asString.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const asContent = await send({
      systemInstruction: { role: 'system', parts: [{ text: 'One.' }, { text: '' }, { text: 'Two.' }] },
      contents: [user({ text: 'Hi' })],
    });
    expect(asContent.messages[0]).toEqual({ role: 'system', content: 'One.\nTwo.' });
  });

  it('inlineData and an http(s) fileData in a user turn are images for the upstream', async () => {
    const { messages } = await send({
      contents: [
        user(
          { text: 'Compare.' },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
          { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.test/cat.jpg' } },
        ),
      ],
    });
    const urls = ((messages[0]?.content ?? []) as Array<{ image_url?: { url: string } }>).map((p) => p.image_url?.url);
    expect(urls).toEqual([undefined, 'data:image/png;base64,iVBORw0KGgo=', 'https://example.test/cat.jpg']);
  });
});

describe('malformed contents: 400 INVALID_ARGUMENT naming the field, nothing sent', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['no contents', {}, /^`contents` is required/],
    ['empty contents', { contents: [] }, /^`contents` must contain at least one turn/],
    ['only empty turns', { contents: [user(), { role: 'user' }] }, /^`contents` holds no text/],
    [
      'a part that is no object',
      { contents: [user({ text: 'a' }), user('text')] },
      /`contents\[1\]\.parts\[0\]` must be a part/,
    ],
    [
      'text of the wrong type',
      { contents: [user({ text: 'a' }, { text: 3 })] },
      /`contents\[0\]\.parts\[1\]\.text` must be a string/,
    ],
    [
      'an unknown role',
      { contents: [{ role: 'system', parts: [{ text: 'a' }] }] },
      /`contents\[0\]\.role` must be "user" or "model"/,
    ],
    [
      'a response to no call',
      { contents: [user(answer('ls', 'x'))] },
      /`contents\[0\]\.parts\[0\]\.functionResponse` answers "ls"/,
    ],
    [
      'a call in a user turn',
      { contents: [user(call('ls', {}))] },
      /`contents\[0\]\.parts\[0\]\.functionCall` belongs in a "model" turn/,
    ],
    [
      'a response in a model turn',
      { contents: [user({ text: 'a' }), model(answer('ls', 'x'))] },
      /`contents\[1\]\.parts\[0\]\.functionResponse` belongs in a "user" turn/,
    ],
    [
      'args that are no object',
      { contents: [user({ text: 'a' }), model(call('ls', [1]))] },
      /`contents\[1\]\.parts\[0\]\.functionCall\.args` must be an object/,
    ],
    [
      'a file in a model turn',
      { contents: [user({ text: 'a' }), model({ inlineData: { mimeType: 'image/png', data: 'AA==' } })] },
      /`contents\[1\]\.parts\[0\]\.inlineData` is a file in a "model" turn/,
    ],
    [
      'bad base64',
      { contents: [user({ inlineData: { mimeType: 'image/png', data: '%%%' } })] },
      /`contents\[0\]\.parts\[0\]\.inlineData\.data` is not valid base64/,
    ],
    [
      'a gs:// fileUri',
      { contents: [user({ fileData: { fileUri: 'gs://bucket/a.png' } })] },
      /`contents\[0\]\.parts\[0\]\.fileData\.fileUri` must be an http\(s\) URL/,
    ],
    [
      'a Files API fileUri',
      { contents: [user({ fileData: { fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/abc' } })] },
      /`contents\[0\]\.parts\[0\]\.fileData\.fileUri` must be an http\(s\) URL/,
    ],
    [
      'hosted code execution',
      { contents: [user({ text: 'a' }), model({ executableCode: { code: '1' } })] },
      /`contents\[1\]\.parts\[0\]` is Gemini's hosted code execution/,
    ],
    [
      'a systemInstruction part without text',
      { systemInstruction: { parts: [{ inlineData: {} }] }, contents: [user({ text: 'a' })] },
      /`systemInstruction\.parts\[0\]\.text` must be a string/,
    ],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const { response, upstreamCalls } = await send(body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: {
        code: number;
        message: string;
        status: string;
        details?: Array<{ fieldViolations: Array<{ field: string }> }>;
      };
    };
    expect(error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(error.message).toMatch(message);
    // The violation names the same field the message starts with.
    const field = error.details?.[0]?.fieldViolations[0]?.field ?? '';
    expect(error.message).toContain(`\`${field}\``);
    expect(upstreamCalls).toBe(0);
  });
});
