/**
 * Triggers several formats share. They are single objects so that auto, which
 * runs every format's triggers together, counts each once.
 */
import type { Trigger } from '../parse/scanner.ts';
import { keepMarkerAsText } from '../parse/sections/basic.ts';
import { openJsonCalls } from '../parse/sections/json-calls.ts';
import { openPythonic } from '../parse/sections/pythonic.ts';

/** `</think>`: the answer of a reasoning model (DeepSeek R1, Qwen3, …) starts after it. */
export const thinkEndTrigger: Trigger = {
  marker: '</think>',
  open: (env, marker) => keepMarkerAsText(env, marker, true),
};

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
