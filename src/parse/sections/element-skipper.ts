/**
 * Skips one broken element of a list of calls (a JSON list, json-calls-list.ts;
 * a pythonic one, pythonic-list.ts) from where it broke, outside and inside
 * strings, to where the list goes on (a `,` at the element's own level), ends
 * (`]`), or the block's end marker comes: braces, brackets and parentheses
 * counted, both quotes and backslash escapes followed, each character looked
 * at once, the state kept across chunks.
 */

/** Where the skipped element ended: at a `,` or `]` of the list, or right after the block's end marker. */
export interface ElementEnd {
  at: number;
  by: 'comma' | 'list-end' | 'marker';
}

export interface ElementSkipper {
  /** Starts skipping inside an element `depth` containers deep, in a string opened by `quote` ('' if none). */
  reset(depth: number, quote: string): void;
  /** Reads `text` from `i` up to `to`; the element's end when it is there, else undefined (all of it skipped). */
  scan(text: string, i: number, to?: number): ElementEnd | undefined;
}

export function createElementSkipper(end: string): ElementSkipper {
  let depth = 0;
  let quote = '';
  let escaped = false;
  /** Characters of the end marker matched so far, outside strings. */
  let matched = 0;
  return {
    reset(at, open) {
      depth = at;
      quote = open;
      escaped = false;
      matched = 0;
    },
    scan(text, from, to = text.length) {
      for (let i = from; i < to; i++) {
        const c = text.charAt(i);
        if (quote !== '') {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === quote) quote = '';
          continue;
        }
        if (end !== '') {
          matched = c === end.charAt(matched) ? matched + 1 : c === end.charAt(0) ? 1 : 0;
          if (matched === end.length) return { at: i + 1, by: 'marker' };
          if (matched > 0) continue;
        }
        if (c === '"' || c === "'") quote = c;
        else if (c === '{' || c === '[' || c === '(') depth++;
        else if (c === '}' || c === ']' || c === ')') {
          if (depth === 0 && c === ']') return { at: i, by: 'list-end' };
          if (depth > 0) depth--;
        } else if (c === ',' && depth === 0) return { at: i, by: 'comma' };
      }
      return undefined;
    },
  };
}
