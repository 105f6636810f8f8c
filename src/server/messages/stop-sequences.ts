/**
 * `stop_sequences`, matched in the answer text as it streams. The text up to
 * the first match is kept, the match and everything after it are dropped, and
 * the writer reports which sequence stopped the answer.
 *
 * Linear: only the last (longest sequence − 1) characters are held back
 * between pieces, because only they can be the start of a match that the
 * next piece completes; each piece is searched once together with that tail.
 */

export interface StopMatch {
  /** The text that may go out now. */
  text: string;
  /** The sequence that matched, when one did; nothing after it may be sent. */
  stop?: string;
}

export interface StopMatcher {
  push(piece: string): StopMatch;
  /** The held-back tail, when the text ends (or a block closes) without a match. */
  flush(): string;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function createStopMatcher(sequences: readonly string[]): StopMatcher {
  // A loop, not Math.max(...lengths): spreading a long list overflows the call stack.
  let longest = 0;
  for (const sequence of sequences) longest = Math.max(longest, sequence.length);
  const hold = longest - 1;
  let tail = '';
  return {
    push(piece) {
      const text = tail + piece;
      let at = -1;
      let stop: string | undefined;
      for (const sequence of sequences) {
        const found = text.indexOf(sequence);
        if (found !== -1 && (at === -1 || found < at)) {
          at = found;
          stop = sequence;
        }
      }
      if (stop !== undefined) {
        tail = '';
        return { text: text.slice(0, at), stop };
      }
      let cut = Math.max(0, text.length - hold);
      // Never split a surrogate pair: a lone half is not a character any client can show.
      if (cut > 0 && cut < text.length && isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
      tail = text.slice(cut);
      return { text: text.slice(0, cut) };
    },
    flush() {
      const rest = tail;
      tail = '';
      return rest;
    },
  };
}
