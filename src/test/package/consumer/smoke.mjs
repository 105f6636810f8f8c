// A consumer of the packed tarball: toolshim's Hermes preset under ai@7's
// streamText, against a model that writes a Hermes tool call as plain text.
// The same file runs in Node, Deno, a Vite production bundle and a Worker.
import { jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { hermesToolMiddleware } from 'toolshim';

const answer =
  'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Seoul", "days": "2"}}\n</tool_call>';
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A LanguageModelV4 with no tool calling of its own, streaming `answer` in 4-character deltas. */
const textOnlyModel = {
  specificationVersion: 'v4',
  provider: 'fake',
  modelId: 'text-only',
  supportedUrls: {},
  async doGenerate() {
    throw new Error('not used');
  },
  async doStream() {
    const parts = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      ...(answer.match(/[\s\S]{1,4}/g) ?? []).map((delta) => ({ type: 'text-delta', id: 't', delta })),
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ];
    return {
      stream: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  },
};

export async function smoke() {
  const result = streamText({
    model: wrapLanguageModel({ model: textOnlyModel, middleware: hermesToolMiddleware }),
    prompt: 'Weather in Seoul?',
    tools: {
      get_weather: tool({
        inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' }, days: { type: 'number' } } }),
      }),
    },
  });
  const toolCalls = (await result.toolCalls).map((call) => ({ toolName: call.toolName, input: call.input }));
  return { text: (await result.text).trim(), toolCalls, finishReason: await result.finishReason };
}
