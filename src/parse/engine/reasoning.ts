/**
 * A thinking block: its text goes out as reasoning as it arrives, and
 * nothing inside it is parsed, so a call the model drafted while thinking
 * (and maybe rejected) is never executed. Only a possible partial end marker
 * at the end of a chunk is held back.
 *
 *   `<think>…</think>`                          Qwen3, DeepSeek-R1/V3.1, GLM-4.5+, MiniMax-M2, Kimi-K2-Thinking
 *   `[THINK]…[/THINK]`                          Magistral (Mistral)
 *   `<|channel>thought\n…<channel|>`            Gemma 4
 *   `<|channel|>analysis<|message|>…<|end|>`    gpt-oss Harmony (basic.ts's wrapped text, as reasoning)
 *
 * A block cut off by the end of the output stays reasoning. After the block
 * the answer starts afresh (a bare JSON call may follow `</think>`).
 */
import type { Section, SectionEnv } from './section.ts';
import { findDelimiter } from './tag-steps.ts';

export interface ReasoningOptions {
  /** Ends the block. */
  end: string;
  /** Text right after the start marker that belongs to the markup (Gemma 4's `thought\n`), dropped when present. */
  label?: string;
}

export function openReasoning(env: SectionEnv, marker: string, options: ReasoningOptions): Section {
  return options.label === undefined
    ? openThinking(env, marker, options.end)
    : openLabelledThinking(env, marker, options.end, options.label);
}

/**
 * A block with no label. `thinking` is text already read as thinking (what matched of a label that was none).
 * Several ends: a block the template opened for a parser that reads several families (auto), which ends at
 * whichever family's end marker comes first.
 */
export function openThinking(env: SectionEnv, marker: string, end: string | readonly string[], thinking = ''): Section {
  const { callbacks } = env;
  const ends = typeof end === 'string' ? [end] : end;
  let held = thinking;
  let done = false;
  let markup = marker;

  return {
    write(text, from) {
      if (markup !== '') {
        // The markup is dropped; debug output still sees it (and nothing is unaccounted for).
        callbacks.onCallSegment?.(markup);
        markup = '';
      }
      // The end found first (least text before it); with none found, the longest possible partial end held.
      let search: ReturnType<typeof findDelimiter> | undefined;
      let ended = '';
      for (const candidate of ends) {
        const next = findDelimiter(held, text, from, candidate);
        if (
          search === undefined ||
          (next.found
            ? !search.found || next.before.length < search.before.length
            : !search.found && next.held.length > search.held.length)
        ) {
          search = next;
          ended = candidate;
        }
      }
      if (search === undefined) return text.length;
      held = search.held;
      if (search.before !== '') callbacks.onReasoning(search.before);
      if (!search.found) return text.length;
      callbacks.onCallSegment?.(ended);
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

/**
 * Reads the label first, then hands over to the block. Its own function, so
 * the formats whose blocks have no label (all but Gemma 4) do not ship it.
 */
function openLabelledThinking(env: SectionEnv, marker: string, end: string, label: string): Section {
  let matched = 0;
  let inner: Section | undefined;
  return {
    write(text, from) {
      let i = from;
      while (inner === undefined && i < text.length) {
        if (text.charAt(i) !== label.charAt(matched)) {
          inner = openThinking(env, marker, end, label.slice(0, matched));
          break;
        }
        i++;
        matched++;
        if (matched === label.length) inner = openThinking(env, marker + label, end);
      }
      return inner === undefined ? i : inner.write(text, i);
    },
    get done() {
      return inner?.done ?? false;
    },
    restartsAnswer: true,
    end() {
      // Cut off inside the label: what matched of it is markup.
      inner ??= openThinking(env, marker + label.slice(0, matched), end);
      inner.end();
    },
  };
}
