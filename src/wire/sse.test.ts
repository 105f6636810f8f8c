import { describe, expect, it } from 'vitest';
import { readSseData } from './sse.ts';

const encoder = new TextEncoder();

function stream(chunks: string[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}

async function read(chunks: string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const data of readSseData(stream(chunks))) out.push(data);
  return out;
}

describe('readSseData', () => {
  const text =
    'data: {"a":1}\r\n\r\n: keep-alive comment\nevent: x\ndata: first\ndata: second\n\ndata:{"long":"' +
    'é'.repeat(50) +
    '"}\n\ndata: [DONE]';
  const expected = ['{"a":1}', 'first\nsecond', `{"long":"${'é'.repeat(50)}"}`, '[DONE]'];

  it('reads events whole, one character at a time, and split at every position', async () => {
    expect(await read([text])).toEqual(expected);
    expect(await read(Array.from(text))).toEqual(expected);
    for (let at = 1; at < text.length; at++) {
      expect(await read([text.slice(0, at), text.slice(at)])).toEqual(expected);
    }
  });

  it('a multi-byte character split across network chunks is decoded whole', async () => {
    const bytes = encoder.encode('data: é\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 7)); // ends inside the two bytes of é
        controller.enqueue(bytes.subarray(7));
        controller.close();
      },
    });
    const out: string[] = [];
    for await (const data of readSseData(body)) out.push(data);
    expect(out).toEqual(['é']);
  });

  it('a line longer than many chunks comes out whole', async () => {
    const line = `data: ${'x'.repeat(100_000)}\n\n`;
    const chunks = line.match(/[\s\S]{1,1000}/g) ?? [];
    expect(await read(chunks)).toEqual(['x'.repeat(100_000)]);
  });
});
