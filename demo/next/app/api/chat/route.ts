/**
 * The chat endpoint: a route handler that gives tool calling to a model
 * without it. By default the model is toolshim's scripted replay engine
 * (offline, no weights); set TOOLSHIM_UPSTREAM_URL to any OpenAI-compatible
 * server (llama.cpp, vLLM, Ollama: `http://127.0.0.1:8080/v1`) to use a real
 * model, TOOLSHIM_UPSTREAM_MODEL for its model name and TOOLSHIM_PROTOCOL for
 * the format it was trained on (default `hermes`).
 */
import { convertToModelMessages, stepCountIs, streamText, type UIMessage, wrapLanguageModel } from 'ai';
import { createToolMiddleware, protocolByName } from 'toolshim';
import { createHttpEngine, createReplayEngine, fromChatEngine } from 'toolshim/engines';
import { withPace } from './pace.ts';
import { tools } from './tools.ts';

// The Node.js runtime (Next's default). `export const runtime = 'edge'` works too, but
// Next 16.4 then logs `uncaughtException: Error: aborted` whenever a client leaves
// mid-stream (vercel/next.js#56529), and Next 16 deprecates the edge runtime.

const EFFORTS = ['none', 'low', 'medium', 'high'] as const;

/** What the page sends besides the messages (see page.tsx). */
interface ChatRequest {
  messages: UIMessage[];
  /** The AI SDK's reasoning option, mapped by toolshim to the model family's own thinking switch. */
  reasoning?: (typeof EFFORTS)[number];
  /** false: one tool-input-delta per parsed piece (coalesceToolInput: false), to compare. */
  grouping?: boolean;
  /** The sample model's pause per token, 0 to 50 ms (see pace.ts). */
  delayMs?: number;
}

/** However long the sample model's reply, it streams in at most this long (a 300 KB file too). */
const MAX_REPLY_MS = 10_000;

export async function POST(request: Request): Promise<Response> {
  const body = (await request.json()) as ChatRequest;
  const format = process.env.TOOLSHIM_PROTOCOL ?? 'hermes';
  const upstream = process.env.TOOLSHIM_UPSTREAM_URL;
  const engine = upstream
    ? createHttpEngine({
        baseURL: upstream,
        ...(process.env.TOOLSHIM_UPSTREAM_KEY ? { apiKey: process.env.TOOLSHIM_UPSTREAM_KEY } : {}),
      })
    : withPace(createReplayEngine({ format }), {
        msPerToken: Math.min(Math.max(Number(body.delayMs) || 0, 0), 50),
        maxMs: MAX_REPLY_MS,
      });
  const model = wrapLanguageModel({
    model: fromChatEngine(engine, { modelId: process.env.TOOLSHIM_UPSTREAM_MODEL ?? 'toolshim-replay' }),
    middleware: createToolMiddleware({
      protocol: protocolByName(format),
      // A call the model botches goes back to it as an error result, so it can try again.
      droppedCalls: 'invalid-tool-call',
      ...(body.grouping === false ? { coalesceToolInput: false as const } : {}),
    }),
  });
  const reasoning = EFFORTS.find((effort) => effort === body.reasoning);
  const result = streamText({
    model,
    messages: await convertToModelMessages(body.messages, { tools }),
    tools,
    stopWhen: stepCountIs(5),
    ...(reasoning ? { reasoning } : {}),
    // The page's Stop button, a closed tab: the model and the tools stop with the request.
    abortSignal: request.signal,
  });
  return result.toUIMessageStreamResponse();
}
