/**
 * One sample request per API route, for the tests and benchmarks that drive
 * every route the same way: `npm run stress` (src/test/bench/stress.bench.ts)
 * and the workerd heap measures (worker/e2e/heap.ts, disconnect-heap.test.ts).
 * A new front door adds its sample here; both check that every model door in
 * FRONT_DOORS has one.
 */

export interface RouteSample {
  /** How reports name it, e.g. `POST /v1/chat/completions`. */
  name: string;
  path: string;
  /** The door's route when `path` fills in a template's fields (`/v1beta/models/{model}:…`); else `path`. */
  door?: string;
  /** What the stream opens with while the upstream is silent; `: connected\n\n` when not given. */
  opening?: string;
  /** Headers the API needs besides content-type (e.g. a version header). */
  headers?: Record<string, string>;
  /**
   * A streamed request whose user message says `Weather in Paris?`, with one
   * tool `get_weather({ city })`. Users set `stream` as they need and tag the
   * user message by replacing that text.
   */
  body: Record<string, unknown>;
  /** Matches a streamed answer that ended as it should. */
  done: RegExp;
  /** Matches a streamed answer that ended with this API's error event. */
  failed: RegExp;
}

/** The text every sample's user message says; stress appends a request id to it. */
export const SAMPLE_QUESTION = 'Weather in Paris?';

const chatTools = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
];

export const ROUTE_SAMPLES: RouteSample[] = [
  {
    name: 'POST /v1/chat/completions',
    path: '/v1/chat/completions',
    body: { model: 'm', stream: true, tools: chatTools, messages: [{ role: 'user', content: SAMPLE_QUESTION }] },
    done: /data: \[DONE\]\s*$/,
    failed: /^data: \{"error":/m,
  },
  {
    name: 'POST /v1/responses',
    path: '/v1/responses',
    body: {
      model: 'm',
      stream: true,
      input: SAMPLE_QUESTION,
      tools: chatTools.map(({ function: { name, parameters } }) => ({ type: 'function', name, parameters })),
    },
    done: /event: response\.completed\n/,
    // A fault ends with an `error` event (the openai SDK raises it), then response.failed (Codex reads that one).
    failed: /event: response\.failed\n/,
  },
  {
    name: 'POST /v1/messages',
    path: '/v1/messages',
    headers: { 'anthropic-version': '2023-06-01' },
    body: {
      model: 'm',
      max_tokens: 256,
      stream: true,
      tools: [{ name: 'get_weather', input_schema: chatTools[0]?.function.parameters }],
      messages: [{ role: 'user', content: SAMPLE_QUESTION }],
    },
    done: /event: message_stop\n/,
    failed: /event: error\n/,
  },
];

/**
 * The Gemini doors stream by path, not by a body field, and carry the model in
 * the path, so they are no ROUTE_SAMPLES (whose tests vary `stream` and
 * `model` in the body): the streamed ones serve the tests that drive every
 * stream alike (the workerd heap and disconnect checks). The stream opens
 * with a bare line break (src/server/gemini/write-stream.ts says why).
 */
export const GEMINI_STREAM_SAMPLES: RouteSample[] = ['v1beta', 'v1'].map((version) => ({
  name: `POST /${version}/models/{model}:streamGenerateContent`,
  path: `/${version}/models/m:streamGenerateContent?alt=sse`,
  door: `/${version}/models/{model+}:streamGenerateContent`,
  opening: '\n',
  body: {
    contents: [{ role: 'user', parts: [{ text: SAMPLE_QUESTION }] }],
    tools: [
      { functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: chatTools[0]?.function.parameters }] },
    ],
  },
  done: /"finishReason":"STOP"[^\n]*\n\n$/,
  failed: /^\{"error":/m,
}));

/** The sample with `stream` set and the user message tagged with `tag`, as request body text. */
export function sampleBody(sample: RouteSample, stream: boolean, tag = ''): string {
  const text = JSON.stringify({ ...sample.body, stream });
  return tag === '' ? text : text.replace(SAMPLE_QUESTION, `${SAMPLE_QUESTION} ${tag}`);
}
