/**
 * Triggers several formats share. They are single objects so that auto, which
 * runs every format's triggers together, counts each once.
 */
import { isIdentStart } from '../json/chars.ts';
import { keepMarkerAsText, openSilentMarker } from '../parse/engine/marker-sections.ts';
import { openReasoning, openThinking } from '../parse/engine/reasoning.ts';
import type { SectionOpener, Trigger } from '../parse/engine/section.ts';
import { openJsonCalls } from '../parse/sections/json-calls.ts';
import { createListRecovery } from '../parse/sections/json-calls-list.ts';
import { openPythonic } from '../parse/sections/pythonic.ts';

/**
 * A thinking block's markers. The start opens it only where the model's
 * template puts thinking: at the start of the answer, or right after a
 * completed call (interleaved thinking); a marker in prose stays text. An end
 * marker with no block open means the template opened the block itself: the
 * thinking already went out as text, so the answer restarts after it and
 * onError says which option reads it as reasoning.
 */
function thinkingTriggers(
  start: string,
  end: string,
  open: SectionOpener = (env, marker) => openThinking(env, marker, end),
): readonly Trigger[] {
  return [
    { marker: start, atStart: true, afterCall: true, reasoning: true, thinking: true, open },
    unopenedThinkingEnd(end, `no ${start}`),
  ];
}

/** A thinking block's end marker met with no block open (`before`: what was missing before it). */
function unopenedThinkingEnd(end: string, before: string): Trigger {
  return {
    marker: end,
    thinking: true,
    closesReasoning: true,
    open: (env, marker) => {
      if (env.context.reasoning !== 'text')
        env.callbacks.onError(
          `The answer held ${end} with ${before} before it: the model's chat template opens the thinking block itself, so the thinking before it was kept as text. Set reasoning: { startInside: true } to read it as reasoning.`,
          { code: 'unopened-reasoning', text: end },
        );
      return keepMarkerAsText(env, marker, true);
    },
  };
}

/** `<think>…</think>`: Qwen3, DeepSeek-R1/V3.1, GLM-4.5+, MiniMax-M2, Kimi-K2-Thinking, and most distills. */
export const thinkTriggers = /* @__PURE__ */ thinkingTriggers('<think>', '</think>');
/** `[THINK]…[/THINK]`: Magistral (special tokens of Mistral's tokenizer v13). */
export const mistralThinkTriggers = /* @__PURE__ */ thinkingTriggers('[THINK]', '[/THINK]');
/** `<|START_THINKING|>…<|END_THINKING|>`: Cohere Command R7B, Command A (special tokens of their tokenizer). */
export const cohereThinkTriggers = /* @__PURE__ */ thinkingTriggers('<|START_THINKING|>', '<|END_THINKING|>');
/** `<seed:think>…</seed:think>`: ByteDance Seed-OSS (special tokens of its tokenizer). */
export const seedThinkTriggers = /* @__PURE__ */ thinkingTriggers('<seed:think>', '</seed:think>');
/**
 * ServiceNow Apriel 1.6's end of thinking: its template's generation prompt opens the reasoning itself
 * (`Here are my reasoning steps:\n`, llama.cpp models/templates/Apriel-1.6-15b-Thinker-fixed.jinja@20bdc4fa)
 * and the model writes the answer after this marker. There is no start marker to meet.
 */
export const aprielAnswerMarker = /* @__PURE__ */ unopenedThinkingEnd('[BEGIN FINAL RESPONSE]', 'no reasoning opened');
/** `<|inner_prefix|>…<|inner_suffix|>`: Swiss AI Apertus's inner (private) section (special tokens of its tokenizer). */
export const apertusThinkTriggers = /* @__PURE__ */ thinkingTriggers('<|inner_prefix|>', '<|inner_suffix|>');
/** `<|channel>thought\n…<channel|>`: Gemma 4's thought channel (google/gemma-4 chat template). */
export const gemma4ThoughtTriggers = /* @__PURE__ */ thinkingTriggers('<|channel>', '<channel|>', (env, marker) =>
  openReasoning(env, marker, { end: '<channel|>', label: 'thought\n' }),
);

/** A JSON call between `start` and `end`; the marker is shared, so only a JSON value (or a ```json fence) after it counts. */
export function jsonCallTrigger(start: string, end: string): Trigger {
  return {
    marker: start,
    firstChar: (c) => c === '{' || c === '[' || c === '`',
    open: (env, marker) => openJsonCalls(env, marker, { end }),
  };
}

/** Per parse (keyed by its callbacks): the last tagged JSON block broke and went back as text. */
const brokenBlock = /* @__PURE__ */ new WeakMap<object, true>();

/**
 * A JSON list of calls between two special tokens (Nemotron's `<TOOLCALL>`, Cohere's `<|START_ACTION|>`):
 * one list as the templates write it, one object, or objects separated by commas; an empty list or an
 * empty block is no call and leaves no text. The end token met alone is markup and is dropped, except
 * right after a block that broke before any of its calls went out: that block went back as text, and its end
 * token goes with it.
 */
export function taggedJsonTriggers(start: string, end: string): Trigger[] {
  return [
    {
      marker: start,
      open: (env, marker) => {
        const { callbacks } = env;
        brokenBlock.delete(callbacks);
        // The block went back as text only when it broke before any call went out: a call that did go out
        // (the list's `]` left out before the end token) takes the end token with it as markup.
        let called = false;
        const onError: typeof callbacks.onError = (message, meta) => {
          if (!called && (meta.code === 'malformed-tool-call' || meta.code === 'unclosed-tool-call'))
            brokenBlock.set(callbacks, true);
          callbacks.onError(message, meta);
        };
        const onToolCallEnd: typeof callbacks.onToolCallEnd = (call) => {
          called = true;
          brokenBlock.delete(callbacks);
          callbacks.onToolCallEnd(call);
        };
        return openJsonCalls({ ...env, callbacks: { ...callbacks, onError, onToolCallEnd } }, marker, {
          end,
          repeat: true,
          emptyList: true,
          lists: createListRecovery,
        });
      },
    },
    { marker: start + end, open: openSilentMarker },
    {
      marker: end,
      open: (env, marker) =>
        brokenBlock.delete(env.callbacks) ? keepMarkerAsText(env, marker) : openSilentMarker(env, marker),
    },
  ];
}

/** A bare JSON call object opening the answer: Llama 3.x `{"name": …, "parameters": …}`, one or several. */
export const bareJsonCallTrigger: Trigger = {
  marker: '{',
  atStart: true,
  open: (env, marker) => openJsonCalls(env, marker, { markerIsValue: true, repeat: true, declaredOnly: true }),
};

/**
 * xLAM v1's `{"tool_calls": [{"name": …, "arguments": …}]}` opening the answer
 * (the format instruction of Salesforce/xLAM-1b-fc-r's model card, and the
 * Ollama template https://registry.ollama.com/allenporter/xlam, which writes
 * history that way). A bare call object reads as `bareJsonCallTrigger` reads
 * it: auto picks this trigger for `{"`, so both must agree on everything but
 * the wrapper, which only this one opens.
 */
export const wrappedJsonCallsTrigger: Trigger = {
  marker: '{',
  atStart: true,
  firstChar: (c) => c === '"',
  open: (env, marker) =>
    openJsonCalls(env, marker, { markerIsValue: true, repeat: true, declaredOnly: true, wrapperKey: 'tool_calls' }),
};

/** A bare JSON list of calls opening the answer: xLAM `[{"name": …, "arguments": …}]`. */
export const bareJsonListTrigger: Trigger = {
  marker: '[',
  atStart: true,
  firstChar: (c) => c === '{',
  open: (env, marker) =>
    openJsonCalls(env, marker, { markerIsValue: true, declaredOnly: true, lists: createListRecovery }),
};

const openFencedCallList: SectionOpener = (env, marker) =>
  openJsonCalls(env, marker, { fenced: true, declaredOnly: true, listOnly: true });

/**
 * A ```json fence opening the answer and holding a list of calls: xLAM writes
 * its list this way. A fenced object is left alone: an answer showing an
 * example request looks just like it.
 */
export const fencedJsonCallsTrigger: Trigger = { marker: '```', atStart: true, open: openFencedCallList };

/** The same after text, for a ```json fence only (vLLM's xLAM parser reads it there). */
export const jsonFenceCallsTrigger: Trigger = { marker: '```json', open: openFencedCallList };

/** A pythonic call list opening the answer: `[get_weather(city='Paris')]`, counted only for a declared tool. */
export const bareCallListTrigger: Trigger = {
  marker: '[',
  atStart: true,
  firstChar: isIdentStart,
  open: (env, marker) => openPythonic(env, marker, { listOpened: true, declaredOnly: true }),
};

/**
 * A call's closing token written where no call is open, right after a complete one (Gemma 4 doubles its
 * `<tool_call|>`, ollama/ollama#15370; LFM2 closes a bare list with `<|tool_call_end|>`, ollama
 * model/parsers/lfm2_test.go): it belongs to the call's markup and is dropped. Elsewhere it stays text.
 */
export function strayCloser(marker: string): Trigger {
  return { marker, atStart: true, afterCall: true, open: openSilentMarker };
}

/** End-of-turn tokens an engine may leave at the end of the text; see Trigger.endOfTurn. */
function endOfTurn(...tokens: string[]): readonly Trigger[] {
  return tokens.map((marker) => ({
    marker,
    endOfTurn: true,
    open: () => {
      throw new Error('toolshim: an end-of-turn token opens no section.');
    },
  }));
}

// Each family's end-of-turn tokens, as its chat template ends an assistant turn (llama.cpp lists the same per template
// in its chat-parser tests, ochafik/llama.cpp tests/chat-parsers/*.cpp@6e434ce5, `end_tokens`). A preset drops its own
// family's tokens and keeps any other as text; auto, every family's. The lists are marked pure so that a bundler
// drops the ones a preset does not use (esbuild keeps unannotated top-level calls).
/** ChatML (Qwen, Hermes, Kimi, LFM2, many fine-tunes). */
export const chatmlEnd = /* @__PURE__ */ endOfTurn('<|im_end|>', '<|endoftext|>');
/**
 * Llama 3.x (`<|eot_id|>`, `<|eom_id|>` after a python_tag call) and Llama 4 (`<|eot|>`, and its
 * end-of-message token `<|eom|>`, left after a call: vllm-project/vllm#46890).
 */
export const llamaEnd = /* @__PURE__ */ endOfTurn('<|eot_id|>', '<|eom_id|>', '<|end_of_text|>', '<|eot|>', '<|eom|>');
/** Gemma 2/3 and FunctionGemma. */
export const gemmaEnd = /* @__PURE__ */ endOfTurn('<end_of_turn>', '<eos>');
/** Gemma 4. */
export const gemma4End = /* @__PURE__ */ endOfTurn('<turn|>');
/** Mistral (the tokenizer's end of sequence). */
export const mistralEnd = /* @__PURE__ */ endOfTurn('</s>');
/** Phi-4-mini and gpt-oss share `<|end|>`; gpt-oss ends its final answer with `<|return|>`. */
export const phiEnd = /* @__PURE__ */ endOfTurn('<|end|>', '<|endoftext|>');
// (`<|call|>` ends a call, which the call reads itself; met alone it is dropped by harmony.ts, unless the call it
// closes went back as text, whose text it then ends.)
export const harmonyEnd = /* @__PURE__ */ endOfTurn('<|return|>', '<|end|>', '<|endoftext|>');
/** xLAM v1, built on deepseek-coder: its turns end `<|EOT|>` (the Ollama template above). */
export const xlamV1End = /* @__PURE__ */ endOfTurn('<|EOT|>');
/** Granite. */
export const graniteEnd = /* @__PURE__ */ endOfTurn('<|end_of_text|>');
/** DeepSeek. */
export const deepseekEnd = /* @__PURE__ */ endOfTurn('<｜end▁of▁sentence｜>');
/** GLM (the template's next-turn tokens are where generation stops). */
export const glmEnd = /* @__PURE__ */ endOfTurn('<|user|>', '<|assistant|>', '<|observation|>', '<|endoftext|>');
/** NVIDIA Nemotron Nano v2 (`\n<SPECIAL_12>\n\n` ends an assistant turn in its template). */
export const nemotronEnd = /* @__PURE__ */ endOfTurn('<SPECIAL_12>');
/** Cohere Command R7B / A. */
export const cohereEnd = /* @__PURE__ */ endOfTurn('<|END_OF_TURN_TOKEN|>');
/** AI21 Jamba (`<|eom|>` ends every message in its template, the same token as Llama 4's end of message). */
export const jambaEnd = /* @__PURE__ */ endOfTurn('<|eom|>');
/** MiniMax-M2 (`[e~[` ends every turn in its template). */
export const minimaxEnd = /* @__PURE__ */ endOfTurn('[e~[');
/** ByteDance Seed-OSS (`<seed:eos>` ends every turn in its template). */
export const seedEnd = /* @__PURE__ */ endOfTurn('<seed:eos>');
/** Swiss AI Apertus (`<|assistant_end|>` closes the assistant's message in swiss-ai/apertus_format docs/format.md). */
export const apertusEnd = /* @__PURE__ */ endOfTurn('<|assistant_end|>');
