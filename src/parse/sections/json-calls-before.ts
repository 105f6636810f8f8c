/**
 * What comes before the value in a block of JSON calls (json-calls.ts):
 * blanks, the info line of a ``` fence, and the outer `{` of a doubled-brace
 * call (`{{"name": …}}`: models that saw Jinja-escaped examples write it,
 * reported for Qwen-family fine-tunes). What follows the value is read by
 * json-calls-after.ts.
 */
import { isSpace } from '../../json/chars.ts';
import type { JsonReader } from '../../json/json-reader.ts';
import { DOUBLED_VALUE, ENDED_INSIDE, type JsonCallsOptions, type Step, VALUE } from './json-calls-shared.ts';

// The states, read by the one step below.
const BEFORE_VALUE = 0;
/** Inside the ```json line before a value. */
const FENCE_OPEN = 1;
/** After the value's first `{`: a second one makes it a doubled-brace call. */
const OPEN_BRACE = 3;

/**
 * The step that reads up to a block's value, from right after `marker`;
 * called with no text (`''`) when the
 * output ends there. One closure, made for every block: see
 * json-calls-after.ts on a closure per state.
 */
export function beforeValueStep(
  marker: string,
  options: JsonCallsOptions,
  end: string,
  /** The value being read: it gets the `{` read here when that was the value's own. */
  reader: JsonReader,
  /** The text up to `i` is no call (json-calls.ts's giveBack). */
  giveBack: (i: number, reason?: string, code?: 'malformed-tool-call' | 'unclosed-tool-call') => number,
  /** What follows a value is read from `i`; here only for an empty block (blanks alone before the closing marker). */
  readAfter: (i: number, noValue: typeof giveBack) => number,
  /** Moves json-calls.ts to the state `next` at `i`: the value begins there. */
  move: (next: number, i: number) => number,
): Step {
  let state = options.fenced ? FENCE_OPEN : options.markerIsValue ? OPEN_BRACE : BEFORE_VALUE;
  /** The info string of a ``` fence before the value. */
  let fenceInfo = '';
  // A marker that ends with the value's `[` (`functools[`) opened it: the value begins right away.
  if (state === OPEN_BRACE && !marker.endsWith('{')) {
    reader.write(marker.slice(Math.max(marker.lastIndexOf('['), marker.lastIndexOf('{'))));
    move(VALUE, 0);
  }
  return (text, i) => {
    if (text === '')
      return giveBack(
        0,
        state === OPEN_BRACE ? ENDED_INSIDE : 'the output ended before the tool call',
        'unclosed-tool-call',
      );
    const c = text.charAt(i);
    if (state === OPEN_BRACE) {
      // A second `{` doubles the braces: the outer pair is dropped.
      if (c !== '{') reader.write('{'); // the brace read before was the value's own
      return move(c === '{' ? DOUBLED_VALUE : VALUE, i);
    }
    if (state === FENCE_OPEN) {
      // The fence's info string: only ```json (or a bare ```) holds a call.
      if (c === '{' || c === '[' || c === '\n') {
        const info = fenceInfo.trim().toLowerCase();
        if (info !== '' && info !== 'json') return giveBack(i, `a \`\`\`${info} fence holds no tool call`);
        state = BEFORE_VALUE;
        if (c === '\n') return i + 1;
        return c === '{' && options.listOnly ? i : move(VALUE, i);
      }
      if (fenceInfo.length > 16) return giveBack(i, 'the fence holds no tool call');
      if (c !== '`') fenceInfo += c;
      return i + 1;
    }
    if (isSpace(c)) return i + 1;
    // Perhaps an empty block (blanks alone before the closing marker).
    if (options.emptyList && c === end.charAt(0)) return readAfter(i, giveBack);
    if (c === '{' && options.listOnly) return giveBack(i, 'only a list of calls counts here');
    if (c === '[') return move(VALUE, i);
    if (c === '{') {
      state = OPEN_BRACE;
      return i + 1;
    }
    if (c !== '`') return giveBack(i, 'no JSON value follows the tool-call marker');
    state = FENCE_OPEN;
    return i;
  };
}
