/**
 * Each family's own thinking switch, as its official chat template (or model
 * card) defines it, for the AI SDK's `reasoning` call option. A format whose
 * family has none declares no switch, and the middleware warns instead.
 *
 * The efforts map to what the template knows: an on/off switch reads `none`
 * as off and every other effort as on; gpt-oss's three levels take the
 * nearest one.
 */
import type { ReasoningEffort, ReasoningSwitch } from './protocol.ts';

const on = (effort: ReasoningEffort) => effort !== 'none';

/**
 * Qwen3 (hybrid thinking), taught the Hermes format: the model card's soft
 * switch, ` /think` or ` /no_think` at the end of the user message ("the model
 * follows the most recent instruction"), and the template's `enable_thinking`
 * (llama.cpp models/templates/Qwen-Qwen3-0.6B.jinja: `enable_thinking is
 * false` writes an empty `<think>\n\n</think>\n\n` after the generation
 * prompt). SmolLM3, also taught `<tool_call>`, reads the same two words.
 */
export function qwen3Switch(effort: ReasoningEffort): ReasoningSwitch {
  return { userSuffix: on(effort) ? ' /think' : ' /no_think', templateKwargs: { enable_thinking: on(effort) } };
}

/**
 * Qwen3.5 (the Qwen3-Coder XML format): its template has only the
 * `enable_thinking` switch, with the same empty-think tail when off.
 * Qwen3-Coder itself never thinks, so the switch changes nothing there.
 */
export function enableThinkingSwitch(effort: ReasoningEffort): ReasoningSwitch {
  return { templateKwargs: { enable_thinking: on(effort) } };
}

/**
 * GLM-4.5 / 4.6 (llama.cpp models/templates/glm_4_5.jinja): with
 * `enable_thinking` false the template appends `/nothink` to the user message
 * (unless it already ends so) and opens the answer with `<think></think>`.
 * Thinking is on by default, so only "off" has text.
 */
export function glmSwitch(effort: ReasoningEffort): ReasoningSwitch {
  return on(effort)
    ? { templateKwargs: { enable_thinking: true } }
    : { userSuffix: '/nothink', templateKwargs: { enable_thinking: false } };
}

/**
 * DeepSeek V3.1 / V3.2 (llama.cpp models/templates/deepseek-ai-DeepSeek-V3.1.jinja):
 * the `thinking` variable (default false) ends the generation prompt with
 * `<think>` instead of `</think>`. There is no text form: the switch is the
 * assistant prefix the template writes. With thinking on the answer begins
 * inside the block, so parse it with `reasoning: { startInside: true }`.
 */
export function deepseekSwitch(effort: ReasoningEffort): ReasoningSwitch {
  return { templateKwargs: { thinking: on(effort) } };
}

/**
 * gpt-oss (Harmony): the template writes `Reasoning: ` + `reasoning_effort`
 * (default `medium`) into its system message; the model was trained on low,
 * medium and high. It always thinks, so `none` and `minimal` become low,
 * `xhigh` and `max` high, with a warning.
 */
export function harmonySwitch(effort: ReasoningEffort): ReasoningSwitch {
  const level =
    effort === 'none' || effort === 'minimal' ? 'low' : effort === 'low' || effort === 'medium' ? effort : 'high';
  return {
    templateKwargs: { reasoning_effort: level },
    ...(level !== effort
      ? {
          approximated: `gpt-oss knows the reasoning efforts low, medium and high; "${effort}" was sent as "${level}".`,
        }
      : {}),
  };
}

/**
 * Gemma 4 (llama.cpp models/templates/gemma4.jinja): `enable_thinking` puts
 * the `<|think|>` token at the very top of the first system turn; without it
 * the template closes an empty thought channel after the generation prompt.
 * toolshim writes the system message, so it writes the token there itself.
 */
export function gemma4Switch(effort: ReasoningEffort): ReasoningSwitch {
  return on(effort)
    ? { systemPrefix: '<|think|>', templateKwargs: { enable_thinking: true } }
    : { templateKwargs: { enable_thinking: false } };
}
