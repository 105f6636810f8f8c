/**
 * Each door, sent the newest options its API documents (as of 2026-12): a
 * field the proxy does not act on must never fail the request. Fields whose
 * meaning the proxy cannot keep (Responses `background: true`) are refused
 * with a 400 that names the field.
 */
import { describe, expect, it, vi } from 'vitest';
import { completion, proxyOver } from '../test/fake-upstream.ts';

const weatherSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** The fields both OpenAI APIs share: storage, routing and caching hints the proxy has no use for. */
const OPENAI_HINTS = {
  store: false,
  metadata: { run: '1' },
  service_tier: 'auto',
  prompt_cache_key: 'k',
  prompt_cache_retention: '24h',
  safety_identifier: 'user-1',
  user: 'user-1',
};

/** Chat completions: https://platform.openai.com/docs/api-reference/chat/create */
const CHAT_COMPLETIONS = {
  ...OPENAI_HINTS,
  model: 'm',
  messages: [
    { role: 'developer', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }], name: 'ann' },
  ],
  tools: [
    {
      type: 'function',
      function: { name: 'get_weather', description: 'Weather', parameters: weatherSchema, strict: true },
    },
  ],
  tool_choice: 'auto',
  parallel_tool_calls: true,
  max_completion_tokens: 256,
  reasoning_effort: 'minimal',
  verbosity: 'low',
  seed: 7,
  n: 1,
  logprobs: false,
  top_logprobs: 0,
  logit_bias: { '50256': -100 },
  frequency_penalty: 0,
  presence_penalty: 0,
  temperature: 0.2,
  top_p: 0.9,
  stop: ['\n\n\n'],
  modalities: ['text'],
  prediction: { type: 'content', content: 'Sunny' },
  web_search_options: {},
  response_format: { type: 'text' },
  stream_options: null,
};

/** Responses: https://platform.openai.com/docs/api-reference/responses/create */
const RESPONSES = {
  ...OPENAI_HINTS,
  model: 'm',
  instructions: 'Be brief.',
  input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] }],
  tools: [{ type: 'function', name: 'get_weather', description: 'Weather', parameters: weatherSchema, strict: true }],
  tool_choice: 'auto',
  parallel_tool_calls: true,
  max_output_tokens: 256,
  max_tool_calls: 4,
  reasoning: { effort: 'low', summary: 'auto' },
  text: { format: { type: 'text' }, verbosity: 'low' },
  include: ['reasoning.encrypted_content'],
  truncation: 'disabled',
  top_logprobs: 0,
  temperature: 0.2,
  top_p: 0.9,
  background: false,
  stream: false,
};

/** Messages: https://docs.anthropic.com/en/api/messages */
const MESSAGES = {
  model: 'claude-sonnet-4-6',
  max_tokens: 256,
  system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral', ttl: '1h' } }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?', cache_control: { type: 'ephemeral' } }] },
  ],
  tools: [
    { name: 'get_weather', description: 'Weather', input_schema: weatherSchema, cache_control: { type: 'ephemeral' } },
  ],
  tool_choice: { type: 'auto', disable_parallel_tool_use: false },
  // Claude Code 2.x sends `display: "highlights"` with adaptive thinking (read in its bundle).
  thinking: { type: 'adaptive', display: 'highlights' },
  output_config: { effort: 'low' },
  metadata: { user_id: 'u' },
  inference_geo: 'us',
  context_management: { edits: [{ type: 'clear_tool_uses_20250919' }] },
  container: null,
  mcp_servers: [],
  stop_sequences: ['\n\nHuman:'],
  temperature: 0.2,
  top_k: 40,
  stream: false,
};

/** Gemini generateContent: https://ai.google.dev/api/generate-content */
const GEMINI = {
  contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }],
  systemInstruction: { parts: [{ text: 'Be brief.' }] },
  tools: [
    { functionDeclarations: [{ name: 'get_weather', description: 'Weather', parametersJsonSchema: weatherSchema }] },
  ],
  toolConfig: { functionCallingConfig: { mode: 'AUTO' }, retrievalConfig: { languageCode: 'en' } },
  safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
  cachedContent: null,
  labels: { run: '1' },
  generationConfig: {
    temperature: 0.2,
    topP: 0.9,
    topK: 40,
    candidateCount: 1,
    maxOutputTokens: 256,
    stopSequences: ['\n\n\n'],
    seed: 7,
    presencePenalty: 0,
    frequencyPenalty: 0,
    responseMimeType: 'text/plain',
    responseModalities: ['TEXT'],
    mediaResolution: 'MEDIA_RESOLUTION_LOW',
    responseLogprobs: false,
    enableEnhancedCivicAnswers: false,
    thinkingConfig: { includeThoughts: true, thinkingBudget: 1024, thinkingLevel: 'LOW' },
  },
};

const DOORS = [
  { door: 'chat completions', path: '/v1/chat/completions', body: CHAT_COMPLETIONS },
  { door: 'Responses', path: '/v1/responses', body: RESPONSES },
  { door: 'Messages', path: '/v1/messages', body: MESSAGES },
  { door: 'Gemini', path: '/v1beta/models/m:generateContent', body: GEMINI },
];

function post(path: string, body: unknown): Request {
  return new Request(`http://proxy.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('every door takes its API newest documented options', () => {
  for (const mode of ['emulated', 'native'] as const) {
    for (const { door, path, body } of DOORS) {
      it(`${door}, ${mode}: answered, and the upstream called once`, async () => {
        const proxy = proxyOver(() => Response.json(completion('Sunny.')), { toolMode: mode });
        const response = await proxy.handler(post(path, body));
        const text = await response.text();
        expect(response.status, text).toBe(200);
        expect(text).toContain('Sunny.');
        expect(proxy.requests).toHaveLength(1);
      });
    }
  }
});

describe('a field whose meaning the proxy cannot keep is refused by name', () => {
  it('Responses background: true → 400 naming background', async () => {
    const proxy = proxyOver(() => Response.json(completion('Sunny.')));
    const response = await proxy.handler(post('/v1/responses', { ...RESPONSES, background: true }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('background');
    expect(proxy.requests).toHaveLength(0);
  });
});

describe('a value the proxy does not know is logged once, not per request', () => {
  it('Messages thinking.display "sketch", sent three times → one warning naming the field and value', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const proxy = proxyOver(() => Response.json(completion('Sunny.')));
      const body = { ...MESSAGES, thinking: { type: 'adaptive', display: 'sketch' } };
      for (let i = 0; i < 3; i++) expect((await proxy.handler(post('/v1/messages', body))).status).toBe(200);
      const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('"sketch"'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('thinking.display');
    } finally {
      warn.mockRestore();
    }
  });
});
