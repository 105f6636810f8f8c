/**
 * A thinking block: its text goes out as reasoning as it arrives, and
 * nothing inside it is parsed, so a call the model drafted while thinking
 * (and maybe rejected) is never executed. Only a possible partial end marker
 * at the end of a chunk is held back.
 *
 *   `<think>…</think>`                          Qwen3, DeepSeek-R1/V3.1, GLM-4.5+, MiniMax-M2, Kimi-K2-Thinking
 *   `[THINK]…[/THINK]`                          Magistral (Mistral)
 *   `<|channel>thought\n…<channel|>`            Gemma 4
 *   `<|channel|>analysis<|message|>…<|end|>`    gpt-oss Harmony (harmony.ts opens it after the header)
 *
 * A block cut off by the end of the output stays reasoning. After the block
 * the answer starts afresh (a bare JSON call may follow `</think>`).
 */
import type { Section, SectionEnv } from '../scanner.ts';
import { findDelimiter } from '../tag-steps.ts';

export interface ReasoningOptions {
  /** Ends the block. */
  end: string;
  /** Text right after the start marker that belongs to the markup (Gemma 4's `thought\n`), dropped when present. */
  label?: string;
}

export function openReasoning(env: SectionEnv, marker: string, options: ReasoningOptions): Section {
  const { callbacks } = env;
  let held = '';
  let done = false;
  /** How much of the label was matched; -1 once the label is settled (matched or absent). */
  let labelAt = options.label === undefined ? -1 : 0;
  let markup = marker;

  function settleLabel(text: string, from: number): number {
    const label = options.label as string;
    let i = from;
    while (labelAt >= 0 && i < text.length) {
      if (text.charAt(i) !== label.charAt(labelAt)) {
        // Not the label after all: what matched of it is thinking text.
        markup = markup.slice(0, markup.length - labelAt);
        held = label.slice(0, labelAt);
        labelAt = -1;
        return i;
      }
      markup += text.charAt(i);
      i++;
      labelAt++;
      if (labelAt === label.length) labelAt = -1;
    }
    return i;
  }

  return {
    write(text, from) {
      let i = from;
      if (labelAt >= 0) {
        i = settleLabel(text, i);
        if (labelAt >= 0) return i;
      }
      if (markup !== '') {
        // The markup is dropped; debug output still sees it (and nothing is unaccounted for).
        callbacks.onCallSegment?.(markup);
        markup = '';
      }
      const search = findDelimiter(held, text, i, options.end);
      held = search.held;
      if (search.before !== '') callbacks.onReasoning(search.before);
      if (!search.found) return text.length;
      callbacks.onCallSegment?.(options.end);
      callbacks.onReasoningEnd();
      done = true;
      return search.resumeAt;
    },
    get done() {
      return done;
    },
    restartsAnswer: true,
    end() {
      if (markup !== '') callbacks.onCallSegment?.(markup);
      // Cut off by the end of the output: still thinking, never text and never a call.
      if (held !== '') callbacks.onReasoning(held);
      callbacks.onReasoningEnd();
      done = true;
    },
  };
}
