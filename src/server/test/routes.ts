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

/** The sample with `stream` set and the user message tagged with `tag`, as request body text. */
export function sampleBody(sample: RouteSample, stream: boolean, tag = ''): string {
  const text = JSON.stringify({ ...sample.body, stream });
  return tag === '' ? text : text.replace(SAMPLE_QUESTION, `${SAMPLE_QUESTION} ${tag}`);
}
