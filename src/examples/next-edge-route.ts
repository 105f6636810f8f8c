/**
 * A Next.js edge route with tool calling through toolshim: the README example,
 * verbatim except for the import of toolshim (here the source, in an app
 * `'toolshim'`). next-edge-route.test.ts runs this file in every runtime of the
 * matrix, edge-runtime included, against a fake OpenAI-compatible server.
 */
// app/api/chat/route.ts
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { hermesToolMiddleware } from '../index.ts'; // in your app: from 'toolshim'

export const runtime = 'edge';

// Any OpenAI-compatible server (llama.cpp, vLLM, Ollama) serving a model without native tool calling.
const local = createOpenAICompatible({ name: 'local', baseURL: 'http://localhost:8080/v1' });
const model = wrapLanguageModel({ model: local('hermes-3-llama-3.1-8b'), middleware: hermesToolMiddleware });

export async function POST(request: Request): Promise<Response> {
  const { prompt } = (await request.json()) as { prompt: string };
  const result = streamText({
    model,
    prompt,
    tools: {
      get_weather: tool({
        description: 'Current weather for a city',
        inputSchema: jsonSchema<{ city: string }>({
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        }),
        execute: async ({ city }) => ({ city, celsius: 21 }),
      }),
    },
    // Without it the reply ends at the tool call: this lets the model read the result and answer.
    stopWhen: stepCountIs(5),
  });
  return result.toUIMessageStreamResponse();
}
