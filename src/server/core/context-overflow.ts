/**
 * An upstream that refuses a prompt for its context window, recognised in one
 * place, so each API can answer it in the form its clients act on (a client
 * that sees a plain 400 retries the same request forever; one that sees its
 * own overflow form compacts the conversation). faults.ts maps it; the doors
 * write it (messages/errors.ts, and OpenAI's `context_length_exceeded` as is).
 *
 * The texts are the servers' own, quoted from their sources or from captured
 * answers; `[N]` marks a number read back:
 *
 * - vLLM, older and newer wordings (they changed across releases):
 *   "This model's maximum context length is [limit] tokens. However, you requested
 *   [total] tokens ([prompt] in the messages, [output] in the completion)."
 *   (vllm/entrypoints/openai/serving_engine.py, quoted in vllm-project/vllm#20409);
 *   "This model's maximum context length is [limit] tokens. However, you requested
 *   [output] output tokens and your prompt contains at least [prompt] input tokens, for a
 *   total of at least … tokens. … (parameter=input_tokens, value=…)", type BadRequestError,
 *   code 400 (captured in public logs and tests); "… your prompt contains [n] characters …"
 *   (gi-dellav/zerostack#22, captured); "You passed [prompt] input tokens and requested
 *   [output] output tokens. However, the model's context length is only [limit] tokens …"
 *   (vllm/renderers/params.py); "Requested token count exceeds the model's maximum context
 *   length of [limit] tokens. You requested a total of … tokens: [prompt] tokens from the input
 *   messages and [output] tokens for the completion." (captured, musistudio/claude-code-router#1799);
 *   "'max_tokens' or 'max_completion_tokens' is too large: [output]. This model's maximum
 *   context length is [limit] tokens and your request has [prompt] input tokens" (captured);
 *   "The decoder prompt (length [prompt]) is longer than the maximum model length of [limit]"
 *   (vllm/v1/engine/input_processor.py).
 * - llama.cpp server: HTTP 400, `{"error":{"code":400,"message":"request ([prompt] tokens)
 *   exceeds the available context size ([limit] tokens), try increasing it","type":
 *   "exceed_context_size_error","n_prompt_tokens":…,"n_ctx":…}}` (tools/server/server-context.cpp,
 *   server-task.cpp), and "input ([prompt] tokens) is larger than the max context size
 *   ([limit] tokens)" for a task it cannot split.
 * - Ollama: 400 "the prompt is longer than the context length currently available to the
 *   model; …" (llm/llama_server.go), and "input length ([prompt] tokens) exceeds the model's
 *   maximum context length ([limit] tokens)" (x/mlxrunner/pipeline.go). Its chat endpoint
 *   otherwise truncates the history silently.
 * - LM Studio: "Trying to keep the first [prompt] tokens when context the overflows. However,
 *   the model is loaded with context length of only [limit] tokens, …"
 *   (lmstudio-ai/lmstudio-bug-tracker#546, #237: a 400); "Reached context length of [limit]
 *   tokens with model … that does not currently support mid-generation context overflow"
 *   (#1251); "Context size has been exceeded" (MLX, #2339).
 * - OpenAI and the gateways that copy it: `code: "context_length_exceeded"`.
 */
import type { UpstreamError } from '../../wire/upstream-error.ts';

export interface ContextOverflow {
  /** The prompt's tokens as the upstream counted them (vLLM's "at least" figures are lower bounds). */
  promptTokens?: number;
  /** The output tokens the request reserved, when the upstream says. */
  outputTokens?: number;
  /** The context window. */
  limit?: number;
}

type Reader = (match: RegExpMatchArray) => ContextOverflow;

const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** Each upstream wording, and how to read its numbers. */
const WORDINGS: Array<[RegExp, Reader]> = [
  [
    /maximum context length is (\d+) tokens\. However, you requested \d+ tokens \((\d+) in the messages, (\d+) in the completion\)/i,
    (m) => ({ limit: num(m[1]), promptTokens: num(m[2]), outputTokens: num(m[3]) }),
  ],
  [
    /maximum context length is (\d+) tokens\. However, you requested (\d+) output tokens and your prompt contains at least (\d+) input tokens/i,
    (m) => ({ limit: num(m[1]), outputTokens: num(m[2]), promptTokens: num(m[3]) }),
  ],
  [
    /maximum context length is (\d+) tokens\. However, (?:your (?:request has|prompt contains at least)|you requested) (\d+) (?:input )?tokens/i,
    (m) => ({ limit: num(m[1]), promptTokens: num(m[2]) }),
  ],
  [
    /You passed (\d+) input tokens and requested (\d+) output tokens\. However, the model's context length is only (\d+) tokens/i,
    (m) => ({ promptTokens: num(m[1]), outputTokens: num(m[2]), limit: num(m[3]) }),
  ],
  [
    /maximum context length of (\d+) tokens\. You requested a total of \d+ tokens: (\d+) tokens from the input messages and (\d+) tokens for the completion/i,
    (m) => ({ limit: num(m[1]), promptTokens: num(m[2]), outputTokens: num(m[3]) }),
  ],
  [
    /is too large: (\d+)\. This model's maximum context length is (\d+) tokens and your request has (\d+) input tokens/i,
    (m) => ({ outputTokens: num(m[1]), limit: num(m[2]), promptTokens: num(m[3]) }),
  ],
  [
    /prompt \(length (\d+)\) (?:plus the number of requested output tokens \(at least 1\) )?is longer than the maximum model length of (\d+)/i,
    (m) => ({ promptTokens: num(m[1]), limit: num(m[2]) }),
  ],
  [
    /(?:request|input) \((\d+) tokens\) (?:exceeds (?:the available )?context size|is larger than the max context size) \((\d+) tokens\)/i,
    (m) => ({ promptTokens: num(m[1]), limit: num(m[2]) }),
  ],
  [
    /input length \((\d+) tokens\) exceeds the model's maximum context length \((\d+) tokens\)/i,
    (m) => ({ promptTokens: num(m[1]), limit: num(m[2]) }),
  ],
  [
    /Trying to keep the first (\d+) tokens when context the overflows\. However, the model is loaded with context length of only (\d+) tokens/i,
    (m) => ({ promptTokens: num(m[1]), limit: num(m[2]) }),
  ],
  [/Reached context length of (\d+) tokens/i, (m) => ({ limit: num(m[1]) })],
  [/maximum context length (?:is|of) (\d+)/i, (m) => ({ limit: num(m[1]) })],
  [/prompt is longer than the context length|Context size has been exceeded|context_length_exceeded/i, () => ({})],
];

const CODES = new Set(['context_length_exceeded', 'exceed_context_size_error']);

/** The overflow an upstream failure reports, or undefined for any other failure. */
export function contextOverflowOf(error: UpstreamError): ContextOverflow | undefined {
  // A refusal of the request (400, 413, 422), or an error the server sent as a 500 or inside its stream.
  if (error.kind !== 'http' && error.kind !== 'malformed') return undefined;
  if (error.code !== undefined && CODES.has(error.code)) return readNumbers(error.message) ?? {};
  return readNumbers(error.message);
}

function readNumbers(message: string): ContextOverflow | undefined {
  for (const [pattern, read] of WORDINGS) {
    const match = message.match(pattern);
    if (match === null) continue;
    const overflow = read(match);
    return Object.fromEntries(Object.entries(overflow).filter(([, v]) => v !== undefined && Number.isFinite(v)));
  }
  return undefined;
}

/**
 * Whether the prompt alone fits and only the reserved output overflows: an
 * Anthropic client then lowers `max_tokens` and retries instead of compacting.
 * Claude Code retries with `limit - prompt - 1000` tokens and gives up under
 * 3,000 (its retry loop, as published decompilations of cli.js show it), so
 * the rest is answered as a prompt too long, which it compacts.
 */
export function onlyOutputOverflows(overflow: ContextOverflow): boolean {
  const { promptTokens, outputTokens, limit } = overflow;
  if (promptTokens === undefined || outputTokens === undefined || limit === undefined || outputTokens === 0) {
    return false;
  }
  return limit - promptTokens - 1000 >= 3000;
}
