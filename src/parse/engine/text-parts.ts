/**
 * Text that arrives in many small pieces (about one per chunk) and is read
 * whole once: a call's input, a call's raw text. An array of 4-character
 * strings costs about ten times the characters it holds (a 1 MB streamed
 * argument kept ~12 MB live), so every 2048 pieces are folded into one
 * string. Each character is copied at most twice: still linear.
 */
export interface TextParts {
  push(piece: string): void;
  /** Everything pushed so far, joined. */
  join(): string;
}

const FOLD_AT = 2048;

export function createTextParts(...first: string[]): TextParts {
  let pieces: string[] = first;
  const folded: string[] = [];
  return {
    push(piece) {
      pieces.push(piece);
      if (pieces.length === FOLD_AT) {
        folded.push(pieces.join(''));
        pieces = [];
      }
    },
    join() {
      return folded.length === 0 ? pieces.join('') : folded.join('') + pieces.join('');
    },
  };
}
