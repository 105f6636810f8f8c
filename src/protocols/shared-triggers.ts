/**
 * Triggers several formats share. They are single objects so that auto, which
 * runs every format's triggers together, counts each once.
 */
import type { Trigger } from '../parse/scanner.ts';
import { keepMarkerAsText } from '../parse/sections/basic.ts';
import { openJsonCalls } from '../parse/sections/json-calls.ts';
import { openPythonic } from '../parse/sections/pythonic.ts';
import { openReasoning } from '../parse/sections/reasoning.ts';

/**
 * A thinking block's markers. The start opens it only where the model's
 * template puts thinking: at the start of the answer, or right after a
 * completed call (interleaved thinking); a marker in prose stays text. An end
 * marker with no block open means the template opened the block itself: the
 * thinking already went out as text, so the answer restarts after it and
 * onError says which option reads it as reasoning.
 */
function thinkingTriggers(start: string, end: string, label?: string): readonly Trigger[] {
  return [
    {
      marker: start,
      atStart: true,
      afterCall: true,
      reasoning: true,
      open: (env, marker) => openReasoning(env, marker, label === undefined ? { end } : { end, label }),
    },
    {
      marker: end,
      open: (env, marker) => {
        if (env.context.reasoning !== 'text')
          env.callbacks.onError(
            `The answer held ${end} with no ${start} before it: the model's chat template opens the thinking block itself, so the thinking before it was kept as text. Set reasoning: { startInside: true } to read it as reasoning.`,
            { code: 'unopened-reasoning', text: end },
          );
        return keepMarkerAsText(env, marker, true);
      },
    },
  ];
}

/** `<think>…</think>`: Qwen3, DeepSeek-R1/V3.1, GLM-4.5+, MiniMax-M2, Kimi-K2-Thinking, and most distills. */
export const thinkTriggers = thinkingTriggers('<think>', '</think>');
/** `[THINK]…[/THINK]`: Magistral (special tokens of Mistral's tokenizer v13). */
export const mistralThinkTriggers = thinkingTriggers('[THINK]', '[/THINK]');
/** `<|channel>thought\n…<channel|>`: Gemma 4's thought channel (google/gemma-4 chat template). */
export const gemma4ThoughtTriggers = thinkingTriggers('<|channel>', '<channel|>', 'thought\n');

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

/** A bare JSON call object opening the answer: Llama 3.x `{"name": …, "parameters": …}`, one or several. */
export const bareJsonCallTrigger: Trigger = {
  marker: '{',
  atStart: true,
  open: (env, marker) => openJsonCalls(env, marker, { markerIsValue: true, repeat: true, declaredOnly: true }),
};

/** A bare JSON list of calls opening the answer: xLAM `[{"name": …, "arguments": …}]`. */
export const bareJsonListTrigger: Trigger = {
  marker: '[',
  atStart: true,
  firstChar: (c) => c === '{',
  open: (env, marker) => openJsonCalls(env, marker, { markerIsValue: true, declaredOnly: true }),
};

/** A pythonic call list opening the answer: `[get_weather(city='Paris')]`, counted only for a declared tool. */
export const bareCallListTrigger: Trigger = {
  marker: '[',
  atStart: true,
  firstChar: isIdentStart,
  open: (env, marker) => openPythonic(env, marker, { listOpened: true, declaredOnly: true }),
};
