/**
 * The input tokens of a call as the upstream will see it, for
 * `POST /v1/messages/count_tokens` (Claude Code sizes its context, and decides
 * when to compact, from it) and for the `input_tokens` of `message_start`,
 * which goes out before the upstream has said anything. Both count the call
 * options after the core's `upstreamView`: in emulated mode that is the
 * middleware's rendered prompt (the tool prompt with every tool definition,
 * calls and results rewritten as the family's text), in native mode the
 * prompt plus the tool definitions the upstream's chat template renders.
 *
 * The prompt is mapped to chat messages by the same code the upstream client
 * sends them with (engines/chat-messages.ts), so what the upstream drops is
 * not counted either: files other than images (PDFs), and earlier thinking,
 * except with `history: 'native'`, which sends a turn's thinking for the
 * server's template to write back: that counts for the turns after the last
 * user message, the tool loop under way, which is where the templates that
 * read it write it (Qwen3, GLM-4.6, MiniMax-M2, DeepSeek V3.2, Gemma 4;
 * Seed-OSS writes every turn's, an undercount there).
 *
 * It is an estimate: the proxy has no tokenizer for the upstream's model.
 * Text is counted by character class (countTextTokens), calibrated against
 * Qwen3's tokenizer (src/test/bench/count-tokens.bench.ts measures it on a
 * Claude-Code-sized session: within a few percent, where characters / 4
 * is off by 25% on JSON). Each image counts TOKENS_PER_IMAGE.
 */
import type { LanguageModelV4CallOptions, SharedV4Warning } from '@ai-sdk/provider';
import { toChatMessages } from '../../engines/chat-messages.ts';

/**
 * Per image, whatever its size (the proxy does not decode images): 1,600, the
 * figure of Anthropic's vision guide for an image of about 1.15 megapixels
 * (tokens = width × height / 750). Open vision models land close: Qwen2.5-VL
 * spends one token per 28 × 28 pixels, 1,467 tokens for the same image.
 */
export const TOKENS_PER_IMAGE = 1600;

/** A chat template's frame around each message: ChatML's `<|im_start|>role\n … <|im_end|>\n` is 5 tokens. */
const TOKENS_PER_MESSAGE = 5;
/** The generation prompt after the last message (`<|im_start|>assistant\n`). */
const TOKENS_PER_ANSWER = 3;
/** A native call in the template (`<tool_call>\n{"name": …, "arguments": …}\n</tool_call>`) beyond its name and arguments. */
const TOKENS_PER_CALL = 12;
/**
 * Native mode: the instructions a chat template wraps the tool definitions
 * in. Qwen3's (`# Tools … <tools></tools> … <tool_call>` format) is 90 tokens;
 * other families' are of that order.
 */
const TOKENS_FOR_TOOL_INSTRUCTIONS = 90;

const LETTERS_PER_TOKEN = 12;
const SYMBOLS_PER_TOKEN = 4;

// Character classes below 128, read from one table: the count runs over the whole rendered prompt
// (tens of KB per Messages request, for message_start), where per-character range tests cost.
const OTHER = 0;
const LETTER = 1;
const SYMBOL = 2;
const BREAK = 3;
const DIGIT = 4;
const ASCII_CLASS = new Uint8Array(128);
for (let code = 33; code < 127; code++) ASCII_CLASS[code] = SYMBOL;
for (let code = 48; code <= 57; code++) ASCII_CLASS[code] = DIGIT;
for (let code = 65; code <= 90; code++) ASCII_CLASS[code] = LETTER;
for (let code = 97; code <= 122; code++) ASCII_CLASS[code] = LETTER;
ASCII_CLASS[9] = ASCII_CLASS[10] = ASCII_CLASS[13] = BREAK;

const classOf = (code: number) => (code < 128 ? (ASCII_CLASS[code] as number) : OTHER);

/**
 * Tokens of a text by character class, in one pass. Byte-pair vocabularies
 * (Qwen, Llama 3, Mistral, Gemma) hold whole English words and identifier
 * pieces with their leading space, merge runs of JSON and code punctuation
 * (`":"`, `"},{"`, `);`) and of line breaks and indentation, and split digits
 * one by one (Qwen, Gemma, Mistral; Llama 3 groups three). So: a run of
 * letters is one token per 12 letters, a run of ASCII symbols one per 4, a
 * digit one, a run of line breaks one, spaces nothing; other characters count
 * half a token (accented Latin, Cyrillic) or 0.8 (CJK and beyond). Fitted on
 * this repository's TypeScript, Markdown and JSON against Qwen3's tokenizer:
 * within 3.2% on each (characters / 4 is off by 10% on the Markdown and 24%
 * on the JSON).
 */
export function countTextTokens(text: string): number {
  let tokens = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    const kind = classOf(code);
    let j = i + 1;
    if (kind === LETTER || kind === SYMBOL || kind === BREAK) {
      while (j < n && classOf(text.charCodeAt(j)) === kind) j++;
      tokens += kind === BREAK ? 1 : Math.ceil((j - i) / (kind === LETTER ? LETTERS_PER_TOKEN : SYMBOLS_PER_TOKEN));
    } else if (kind === DIGIT) tokens += 1;
    else if (code > 127) tokens += code >= 0x2e80 ? 0.8 : 0.5;
    i = j;
  }
  return tokens;
}

/**
 * Counts of the last long texts. An agent sends the same system prompt (tens
 * of KB with the tool prompt) with every request, and counting it for each
 * `message_start` was a tenth of the proxy's CPU on a Claude Code request.
 * A Map hashes a string once per string object, so a hit costs at most one
 * pass over the text, and the tool prompt's text is one object across
 * requests (withSystemPrompt keeps it).
 */
const longTextCounts = new Map<string, number>();
const LONG_TEXT = 2048;
const LONG_TEXTS_KEPT = 8;
/** Past this, a text is counted and not kept: the cache holds at most a few MB. */
const LONGEST_KEPT = 512 * 1024;

function countMessageText(text: string): number {
  if (text.length < LONG_TEXT) return countTextTokens(text);
  const known = longTextCounts.get(text);
  if (known !== undefined) return known;
  const tokens = countTextTokens(text);
  if (text.length <= LONGEST_KEPT) {
    longTextCounts.set(text, tokens);
    const oldest = longTextCounts.keys().next();
    if (longTextCounts.size > LONG_TEXTS_KEPT && !oldest.done) longTextCounts.delete(oldest.value);
  }
  return tokens;
}

/** The native tool definitions as fromChatEngine sends them (chat-completions `tools`). */
function toolTokens(tools: LanguageModelV4CallOptions['tools']): number {
  if (tools === undefined || tools.length === 0) return 0;
  let tokens = TOKENS_FOR_TOOL_INSTRUCTIONS;
  for (const tool of tools) {
    if (tool.type !== 'function') continue;
    const { name, description, inputSchema } = tool;
    tokens +=
      1 +
      countTextTokens(JSON.stringify({ type: 'function', function: { name, description, parameters: inputSchema } }));
  }
  return tokens;
}

/** The estimate for call options as the upstream receives them (after the core's `upstreamView`). */
export function countCallTokens(options: LanguageModelV4CallOptions): number {
  const warnings: SharedV4Warning[] = [];
  let tokens = TOKENS_PER_ANSWER + toolTokens(options.tools);
  const messages = toChatMessages(options.prompt, warnings);
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  for (const [index, message] of messages.entries()) {
    tokens += TOKENS_PER_MESSAGE;
    const { content } = message;
    if (typeof content === 'string') tokens += countMessageText(content);
    else if (Array.isArray(content)) {
      for (const part of content) tokens += part.type === 'text' ? countMessageText(part.text) : TOKENS_PER_IMAGE;
    }
    if (message.role === 'assistant') {
      // Sent under two names (reasoning_content, reasoning); the template writes it once.
      if (index > lastUser && message.reasoning_content) tokens += countTextTokens(message.reasoning_content);
      for (const call of message.tool_calls ?? []) {
        tokens += TOKENS_PER_CALL + countTextTokens(call.function.name) + countTextTokens(call.function.arguments);
      }
    }
  }
  return Math.ceil(tokens);
}
