// The AI SDK 6 consumer: toolshim/v3 under ai@6's streamText with a LanguageModelV3.
import { jsonSchema, streamText, tool, wrapLanguageModel } from 'ai-v6';
import { hermesToolMiddleware } from 'toolshim/v3';

const answer = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

const textOnlyModel = {
  specificationVersion: 'v3',
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
      ...Array.from(answer, (delta) => ({ type: 'text-delta', id: 't', delta })),
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

export async function smokeV3() {
  const result = streamText({
    model: wrapLanguageModel({ model: textOnlyModel, middleware: hermesToolMiddleware }),
    prompt: 'Weather in Oslo?',
    tools: {
      get_weather: tool({ inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } } }) }),
    },
  });
  const toolCalls = (await result.toolCalls).map((call) => ({ toolName: call.toolName, input: call.input }));
  return { toolCalls, finishReason: await result.finishReason };
}
