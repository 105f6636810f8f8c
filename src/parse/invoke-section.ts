/**
 * Calls as an invoke element holding parameter elements, values as raw text:
 *   MiniMax-M2    <minimax:tool_call><invoke name="f"><parameter name="p">v</parameter></invoke></minimax:tool_call>
 *   Qwen3-Coder   <tool_call><function=f><parameter=p>v</parameter></function></tool_call>
 * Several invokes in one section are parallel calls. Values stream into the
 * call's ArgsStreamer as strings, which coerces them to the tool's schema.
 */
import { createCallWriter } from './call-writer.ts';
import { plainName } from './named-json-section.ts';
import type { Section, SectionEnv } from './section-scanner.ts';
import { type ExpectStep, expectStep, trimmedPieces, type UntilStep, untilStep } from './tag-steps.ts';

export interface InvokeTags {
  /** Opens a call up to its name, e.g. `<invoke name=`; the name runs to `>`. */
  invoke: string;
  invokeEnd: string;
  /** Opens a parameter up to its name, e.g. `<parameter name=`. */
  param: string;
  paramEnd: string;
  /** Closes the whole section. */
  close: string;
}

/** `"get_weather"` (quotes optional) → `get_weather`. */
function unquote(text: string): string {
  return text.trim().replace(/^["']|["']$/g, '');
}

const State = { Between: 0, InvokeName: 1, InCall: 2, ParamName: 3, Value: 4, Done: 5 } as const;
type State = (typeof State)[keyof typeof State];

export function openInvokeSection(env: SectionEnv, marker: string, tags: InvokeTags): Section {
  const writer = createCallWriter(env.context, env.callbacks);
  writer.raw(marker);
  let state: State = State.Between;
  const { invoke: INVOKE, invokeEnd, param: PARAM, paramEnd, close: CLOSE } = tags;
  let expect: ExpectStep = expectStep([INVOKE, CLOSE]);
  let until: UntilStep = untilStep('>');
  let header = '';
  let objectOpen = false;
  const value = trimmedPieces((piece) => writer.args.stringChunk(piece));

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    writer.giveBack(reason, code);
    state = State.Done;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    let segmentStart = from;
    const keep = () => {
      writer.raw(text.slice(segmentStart, i));
      segmentStart = i;
    };
    const readHeader = (): boolean => {
      const step = until.read(text, i, (piece) => {
        header += piece;
      });
      i = step.i;
      return step.found;
    };
    while (i < n && state !== State.Done) {
      switch (state) {
        case State.Between:
        case State.InCall: {
          const step = expect.read(text, i);
          i = step.i;
          if (step.tag === false) {
            keep();
            fail(state === State.Between ? `expected ${INVOKE}…>` : `expected ${PARAM}…> or ${invokeEnd}`);
            return i;
          }
          if (step.tag === CLOSE) {
            keep();
            writer.commit();
            state = State.Done;
            return i;
          }
          if (step.tag === invokeEnd) {
            if (objectOpen) writer.args.endObject();
            objectOpen = false;
            writer.finish();
            keep();
            writer.commit();
            expect = expectStep([INVOKE, CLOSE]);
            state = State.Between;
          } else if (step.tag !== undefined) {
            header = '';
            until = untilStep('>');
            state = step.tag === INVOKE ? State.InvokeName : State.ParamName;
          }
          break;
        }
        case State.InvokeName: {
          if (!readHeader()) break;
          const name = plainName(unquote(header));
          if (name === undefined) {
            keep();
            fail('the invoke has no valid tool name');
            return i;
          }
          writer.start(name);
          expect = expectStep([PARAM, invokeEnd]);
          state = State.InCall;
          break;
        }
        case State.ParamName: {
          if (!readHeader()) break;
          if (!objectOpen) writer.args.beginObject();
          objectOpen = true;
          writer.args.key(unquote(header));
          writer.args.beginString();
          value.reset();
          until = untilStep(paramEnd);
          state = State.Value;
          break;
        }
        case State.Value: {
          const step = until.read(text, i, value.push);
          i = step.i;
          if (step.found) {
            writer.args.endString();
            expect = expectStep([PARAM, invokeEnd]);
            state = State.InCall;
          }
          break;
        }
      }
    }
    keep();
    return i;
  }

  return {
    write,
    get done() {
      return state === State.Done;
    },
    end() {
      if (state === State.InCall && expect.partial === '') {
        // Complete parameters but the output stopped before the call's end tag: the call stands.
        if (objectOpen) writer.args.endObject();
        writer.finish();
        writer.commit();
      } else if (state === State.Between) writer.commit();
      else if (state !== State.Done) fail('the output ended inside the tool call', 'unclosed-tool-call');
      state = State.Done;
    },
  };
}
