/**
 * The Gemini front doors, Google's Gemini API as @google/genai and Gemini
 * CLI call it (`GOOGLE_GEMINI_BASE_URL`), under `/v1beta` (the SDK's default)
 * and `/v1`:
 *
 * - `POST /{version}/models/{model}:generateContent`: the request becomes AI
 *   SDK call options (read-request.ts), the result a `GenerateContentResponse`
 *   (write-result.ts).
 * - `POST /{version}/models/{model}:streamGenerateContent` (`?alt=sse`): the
 *   same call streamed (write-stream.ts).
 * - `POST /{version}/models/{model}:countTokens`: the estimate of the call as
 *   the upstream would get it, as the Messages door counts
 *   (door-kit/count-tokens.ts); the body is `{contents}` or
 *   `{generateContentRequest}`.
 * - `GET /{version}/models/{model}` and `GET /v1beta/models`: the model this
 *   proxy serves, in Gemini's `Model` shape. (`GET /v1/models` stays the
 *   OpenAI model list, which the core answers: @google/genai 3, whose default
 *   version is v1, lists no model from it.)
 *
 * The model is in the path; in native mode it goes upstream unless
 * UPSTREAM_MODEL is set, as every door's `model`. The token comes as
 * `x-goog-api-key` (the SDK's `apiKey`, Gemini CLI's `GEMINI_API_KEY`), as
 * `?key=`, or as `Authorization: Bearer`. Errors have Google's shape
 * (errors.ts).
 */
import { ProxyHttpError } from '../core/errors.ts';
import {
  type DoorContext,
  type FrontDoor,
  type JsonFrontDoor,
  modelFrontDoor,
  type ReadFrontDoor,
  type WriteContext,
} from '../core/front-door.ts';
import { checkToolChoice } from '../core/tool-choice.ts';
import { countCallTokens } from '../door-kit/count-tokens.ts';
import { isObject, readModel } from '../door-kit/request-fields.ts';
import { geminiErrorBody, geminiErrorChunk } from './errors.ts';
import { readGeminiRequest } from './read-request.ts';
import { GEMINI_CHOICE_WORDS } from './read-tools.ts';
import { type GeminiFrame, responseId, toGenerateContentResponse } from './write-result.ts';
import { BLANK_LINE, createGeminiStreamWriter } from './write-stream.ts';

const TOKEN_HEADERS = ['x-goog-api-key', '?key', 'authorization'] as const;

const errorBody = (error: ProxyHttpError) => geminiErrorBody(error);

interface GeminiState {
  includeThoughts: boolean;
}

function frameOf(state: GeminiState, ctx: WriteContext): GeminiFrame {
  return {
    model: ctx.model,
    responseId: responseId(),
    includeThoughts: state.includeThoughts,
    promptTokensEstimate: ctx.sent === undefined ? 0 : countCallTokens(ctx.sent),
  };
}

/**
 * The path's model without the `models/` of its resource name: a client
 * that writes the name URL-encoded (`models%2Fgemini-2.5-pro`) means the
 * same model as one that writes it plain.
 */
function pathModel(ctx: DoorContext): string | undefined {
  return readModel({ model: ctx.params.model?.replace(/^models\//, '') });
}

function generateDoor(path: string, stream: boolean) {
  return modelFrontDoor<GeminiState>({
    path,
    tokenHeaders: TOKEN_HEADERS,
    readRequest(json, ctx) {
      const { options, includeThoughts } = readGeminiRequest(json);
      const model = pathModel(ctx);
      return { callOptions: options, stream, ...(model ? { model } : {}), state: { includeThoughts } };
    },
    writeResult: (result, call, ctx) => toGenerateContentResponse(result, frameOf(call.state, ctx)),
    streamWriter: (call, ctx) => createGeminiStreamWriter(frameOf(call.state, ctx)),
    errorBody,
    errorEvent: geminiErrorChunk,
    streamOpen: BLANK_LINE,
    keepAlive: BLANK_LINE,
    liveness: BLANK_LINE,
    toolChoiceWords: GEMINI_CHOICE_WORDS,
  });
}

function countDoor(path: string): JsonFrontDoor {
  return {
    path,
    tokenHeaders: TOKEN_HEADERS,
    async respond(json, ctx: DoorContext) {
      // The Gemini API takes either the contents alone or a whole generateContent request.
      const body = isObject(json) && isObject(json.generateContentRequest) ? json.generateContentRequest : json;
      const { options } = readGeminiRequest(body);
      // No model call, so the core's pre-send check is made here: countTokens refuses what generate would.
      checkToolChoice(options, GEMINI_CHOICE_WORDS);
      return { totalTokens: countCallTokens(await ctx.upstreamView(options, 'generate')) };
    },
    errorBody,
  };
}

/** The served model in Gemini's `Model` shape. */
function modelEntry(name: string) {
  return {
    name: `models/${name}`,
    baseModelId: name,
    version: '1',
    displayName: name,
    description: 'Served by toolshim, tool calls parsed from the model’s text.',
    supportedGenerationMethods: SERVED_METHODS,
  };
}

const modelList: ReadFrontDoor = {
  method: 'GET',
  path: '/v1beta/models',
  tokenHeaders: TOKEN_HEADERS,
  answer: (ctx) => ({ models: [modelEntry(ctx.modelId)] }),
  errorBody,
};

/** Any name is served (the proxy has one model, whatever the client calls it), as generateContent does. */
const modelGet = (path: string): ReadFrontDoor => ({
  method: 'GET',
  path,
  tokenHeaders: TOKEN_HEADERS,
  answer: (ctx) => modelEntry(pathModel(ctx) ?? ctx.modelId),
  errorBody,
});

/** What a model's path can ask for that this door serves. */
const SERVED_METHODS = ['generateContent', 'streamGenerateContent', 'countTokens'];

/**
 * The Gemini API's other model methods (`embedContent`, `batchEmbedContents`,
 * `predict`, …): a 404 in Gemini's shape naming what is served, rather than
 * the 405 of the model-read route their path also fits.
 */
const unservedMethod = (path: string): JsonFrontDoor => ({
  path,
  tokenHeaders: TOKEN_HEADERS,
  fallback: true,
  respond(_json, ctx) {
    throw new ProxyHttpError(
      404,
      `This proxy does not serve models/*:${ctx.params.method}; it serves ${SERVED_METHODS.join(', ')} (tool calling for a chat model).`,
      { type: 'not_found_error', code: 'unknown_route' },
    );
  },
  errorBody,
});

export const GEMINI_DOORS: readonly FrontDoor[] = [
  ...['v1beta', 'v1'].flatMap((version) => [
    generateDoor(`/${version}/models/{model+}:generateContent`, false),
    generateDoor(`/${version}/models/{model+}:streamGenerateContent`, true),
    countDoor(`/${version}/models/{model+}:countTokens`),
    unservedMethod(`/${version}/models/{model+}:{method}`),
    modelGet(`/${version}/models/{model+}`),
  ]),
  modelList,
];
