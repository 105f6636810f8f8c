/**
 * A section of JSON tool calls after a trigger: `{"name": …, "arguments"|
 * "parameters": …}` objects or arrays of them, as Llama 3.x, the older
 * Mistral, Granite, Phi-4-mini, xLAM and Hermes write them.
 *
 * - `repeat`: several values separated by `;`, `,` or newlines (Llama 3.x
 *   writes `{…}; {…}` and one object per line for parallel calls).
 * - `end`: a closing marker (`</tool_call>`) that is consumed when present;
 *   a missing one does not cost the call.
 * - `declaredOnly`: the trigger is ordinary text (`{` or `[` at the start of
 *   an answer), so the JSON only counts when its first call names a declared
 *   tool; anything else goes back as prose, silently.
 */
import type { ParserCallbacks } from '../protocols/protocol.ts';
import { type CallAssembler, createCallAssembler } from './call-assembler.ts';
import { createJsonReader, type JsonReader } from './json-reader.ts';
import type { JsonSink } from './json-sink.ts';
import type { Section, SectionEnv } from './section-scanner.ts';

export interface JsonSectionOptions {
  /** The trigger ends with the `{` or `[` that opens the JSON value (`[`, `functools[`). */
  markerIsValue?: boolean;
  /** Closing marker, consumed after the value if present. */
  end?: string;
  /** Accept several values separated by `;`, `,` or whitespace. */
  repeat?: boolean;
  /** Only count JSON whose first call names a declared tool. */
  declaredOnly?: boolean;
}

/** Keys a call object may have (Llama writes `type`; some fine-tunes `id` or `function`). */
const CALL_KEYS = new Set(['name', 'arguments', 'parameters', 'args', 'input', 'type', 'id', 'function']);

const State = {
  BeforeValue: 0,
  /** Inside the ```json line of a fenced value. */
  FenceOpen: 1,
  Value: 2,
  AfterValue: 3,
  /** Matching the closing marker. */
  Closing: 4,
  /** Between values: a separator was read, a value may follow. */
  BeforeNext: 5,
  Done: 6,
} as const;
type State = (typeof State)[keyof typeof State];

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

export function openJsonSection(env: SectionEnv, marker: string, options: JsonSectionOptions = {}): Section {
  const { context, callbacks } = env;
  const end = options.end ?? '';
  let undecided = options.declaredOnly === true;
  let rejected = false;
  let state: State = State.BeforeValue;
  let rawParts: string[] = [marker];
  let firstValue = true;
  let closeMatched = 0;
  /** A separator read after a call; given back as text if no value follows. */
  let pending = '';
  let openId: string | undefined;

  /**
   * The assembler's events pass a gate. While undecided, an undeclared first
   * call means "not a call", and the announcement waits for the first argument delta: data
   * such as `{"name": "get_weather", "temp": 21}` names a tool but has no
   * arguments key, and must stay text.
   */
  let heldStart: { id: string; toolName: string } | undefined;
  const gated: ParserCallbacks = {
    ...callbacks,
    onToolCallStart(call) {
      if (rejected) return;
      if (undecided) {
        if (!context.tools.has(call.toolName)) rejected = true;
        else heldStart = call;
        return;
      }
      openId = call.id;
      callbacks.onToolCallStart(call);
    },
    onToolCallDelta(call) {
      if (rejected) return;
      if (heldStart !== undefined) {
        // The only way to get `{}` as a first delta is a call object without arguments.
        if (call.delta === '{}') return;
        undecided = false;
        openId = heldStart.id;
        callbacks.onToolCallStart(heldStart);
        heldStart = undefined;
      }
      callbacks.onToolCallDelta(call);
    },
    onToolCallEnd(call) {
      if (heldStart !== undefined) {
        heldStart = undefined;
        rejected = true;
      }
      if (rejected) return;
      openId = undefined;
      callbacks.onToolCallEnd(call);
    },
    onError(message, meta) {
      if (!(undecided && meta.code === 'unknown-tool')) callbacks.onError(message, meta);
    },
  };

  /**
   * While undecided, a key that no call object has (`{"city": …}`) proves the
   * JSON is data: give it back now instead of holding it to its end.
   */
  function guarded(sink: JsonSink): JsonSink {
    const open: boolean[] = []; // true for arrays
    const atCallObject = () =>
      (open.length === 1 && open[0] === false) || (open.length === 2 && open[0] === true && open[1] === false);
    return {
      ...sink,
      beginObject() {
        open.push(false);
        sink.beginObject();
      },
      beginArray() {
        open.push(true);
        sink.beginArray();
      },
      endObject() {
        open.pop();
        sink.endObject();
      },
      endArray() {
        open.pop();
        sink.endArray();
      },
      key(name) {
        if (undecided && atCallObject() && !CALL_KEYS.has(name)) rejected = true;
        sink.key(name);
      },
    };
  }

  let assembler: CallAssembler = createCallAssembler({ context, callbacks: gated });
  let reader: JsonReader = createJsonReader(options.declaredOnly ? guarded(assembler) : assembler);
  if (options.markerIsValue) {
    reader.write(marker.slice(Math.max(marker.lastIndexOf('['), marker.lastIndexOf('{'))));
    state = State.Value;
  }

  function newValue(): void {
    assembler = createCallAssembler({ context, callbacks: gated });
    reader = createJsonReader(options.declaredOnly ? guarded(assembler) : assembler);
  }

  function commit(): void {
    if (callbacks.onCallSegment !== undefined) callbacks.onCallSegment(rawParts.join(''));
    rawParts = [];
    firstValue = false;
  }

  /** Gives the raw text back as prose; the section is over. */
  function giveBack(reason: string | undefined, code: 'malformed-tool-call' | 'unclosed-tool-call'): void {
    if (openId !== undefined) callbacks.onToolCallAbort({ id: openId });
    openId = undefined;
    const text = rawParts.join('');
    rawParts = [];
    if (text !== '') callbacks.onText(text);
    // Prose that merely looked like JSON is not an error.
    if (reason !== undefined && !undecided && !rejected)
      callbacks.onError(`Kept a malformed tool call as text: ${reason}.`, { code, text });
    state = State.Done;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    let segmentStart = from;
    const keep = () => {
      if (i > segmentStart) rawParts.push(text.slice(segmentStart, i));
      segmentStart = i;
    };
    while (i < n && state !== State.Done) {
      const c = text.charAt(i);
      switch (state) {
        case State.BeforeValue:
          if (isSpace(c)) i++;
          else if (c === '{' || c === '[') state = State.Value;
          else if (c === '`' && firstValue) state = State.FenceOpen;
          else {
            keep();
            giveBack('no JSON value follows the tool-call marker', 'malformed-tool-call');
            return i;
          }
          break;
        case State.BeforeNext:
          if (isSpace(c)) {
            pending += c;
            i++;
          } else if (c === '{' || c === '[') {
            segmentStart = i;
            pending = '';
            newValue();
            state = State.Value;
          } else {
            if (pending !== '') callbacks.onText(pending);
            pending = '';
            segmentStart = i;
            state = State.Done;
          }
          break;
        case State.FenceOpen:
          if (c === '{' || c === '[') state = State.Value;
          else i++;
          break;
        case State.Value: {
          i = reader.write(text, i);
          if (rejected || assembler.failure !== undefined) {
            keep();
            giveBack(assembler.failure, 'malformed-tool-call');
            return i;
          }
          if (reader.done) state = State.AfterValue;
          else if (i < n) {
            keep();
            giveBack(reader.problem ?? 'the JSON is not valid', 'malformed-tool-call');
            return i;
          }
          break;
        }
        case State.AfterValue:
          // The closing marker first: for Gemma it is ``` itself, which must not be eaten as a fence closer.
          if (end !== '' && c === end.charAt(0)) {
            state = State.Closing;
            closeMatched = 0;
          } else if (isSpace(c) || c === '`') i++;
          else if (end !== '' && (c === '}' || c === ']')) {
            // A stray closing bracket before the end marker (small models add one): the call stands.
            i++;
            callbacks.onError(`Ignored a stray "${c}" after a tool call.`, { code: 'trailing-content' });
          } else {
            keep();
            commit();
            if (options.repeat && (c === ';' || c === ',')) {
              pending = c;
              i++;
              segmentStart = i;
              state = State.BeforeNext;
            } else if (options.repeat && (c === '{' || c === '[')) {
              newValue();
              state = State.Value;
            } else {
              state = State.Done;
            }
          }
          break;
        case State.Closing:
          while (i < n && closeMatched < end.length && text.charAt(i) === end.charAt(closeMatched)) {
            i++;
            closeMatched++;
          }
          if (closeMatched === end.length) {
            keep();
            commit();
            state = options.repeat ? State.BeforeNext : State.Done;
          } else if (i < n) {
            // Only looked like the closing marker: the call stands, the rest is prose.
            keep();
            commit();
            callbacks.onText(end.slice(0, closeMatched));
            state = State.Done;
          }
          break;
      }
    }
    if (state === State.BeforeNext) segmentStart = i;
    keep();
    return i;
  }

  return {
    write,
    get done() {
      return state === State.Done;
    },
    end() {
      switch (state) {
        case State.BeforeValue:
        case State.FenceOpen:
          giveBack('the output ended before the tool call', 'unclosed-tool-call');
          break;
        case State.Value:
          if (reader.end() && assembler.failure === undefined && !rejected) commit();
          else
            giveBack(
              assembler.failure ?? `the output ended inside the tool call${reader.inString ? ' (in a string)' : ''}`,
              'unclosed-tool-call',
            );
          break;
        case State.AfterValue:
        case State.Closing:
          commit();
          break;
        case State.BeforeNext:
          if (pending !== '') callbacks.onText(pending);
          break;
      }
      state = State.Done;
    },
  };
}
