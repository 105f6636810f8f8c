/**
 * MiniMax-M2 tool calls:
 *   <minimax:tool_call>
 *   <invoke name="get_weather">
 *   <parameter name="city">Paris</parameter>
 *   </invoke>
 *   </minimax:tool_call>
 * Several `<invoke>` blocks in one section are parallel calls. Parameter
 * values are raw text, coerced by the tool's schema.
 */
import { createCallWriter } from '../parse/call-writer.ts';
import { plainName } from '../parse/named-json-section.ts';
import { createSectionScanner, type Section, type SectionEnv, type Trigger } from '../parse/section-scanner.ts';
import { type ExpectStep, expectStep, trimmedPieces, type UntilStep, untilStep } from '../parse/tag-steps.ts';
import { defineProtocol } from './define-protocol.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { renderToolList } from './tool-list.ts';

const OPEN = '<minimax:tool_call>';
const CLOSE = '</minimax:tool_call>';
const INVOKE = '<invoke name=';
const PARAM = '<parameter name=';
const State = { Between: 0, InvokeName: 1, InCall: 2, ParamName: 3, Value: 4, Done: 5 } as const;
type State = (typeof State)[keyof typeof State];

/** `"get_weather"` (quotes optional) → `get_weather`. */
function unquote(text: string): string {
  return text.trim().replace(/^["']|["']$/g, '');
}

function openMinimaxSection(env: SectionEnv, marker: string): Section {
  const writer = createCallWriter(env.context, env.callbacks);
  writer.raw(marker);
  let state: State = State.Between;
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
            fail(state === State.Between ? 'expected <invoke name=…>' : 'expected <parameter name=…> or </invoke>');
            return i;
          }
          if (step.tag === CLOSE) {
            keep();
            writer.commit();
            state = State.Done;
            return i;
          }
          if (step.tag === '</invoke>') {
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
          expect = expectStep([PARAM, '</invoke>']);
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
          until = untilStep('</parameter>');
          state = State.Value;
          break;
        }
        case State.Value: {
          const step = until.read(text, i, value.push);
          i = step.i;
          if (step.found) {
            writer.args.endString();
            expect = expectStep([PARAM, '</invoke>']);
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
        // Complete parameters but the output stopped before </invoke>: the call stands.
        if (objectOpen) writer.args.endObject();
        writer.finish();
        writer.commit();
      } else if (state === State.Between) writer.commit();
      else if (state !== State.Done) fail('the output ended inside the tool call', 'unclosed-tool-call');
      state = State.Done;
    },
  };
}

export const minimaxM2Triggers: readonly Trigger[] = [{ marker: OPEN, open: openMinimaxSection }];

const defaultTemplate = (tools: string) =>
  [
    '# Tools',
    'You may call one or more tools to assist with the user query. Here are the tools available in JSON Schema format:',
    '<tools>',
    tools,
    '</tools>',
    '',
    'When making tool calls, use XML format to invoke tools and pass parameters:',
    OPEN,
    '<invoke name="tool-name-1">',
    '<parameter name="param-key-1">param-value-1</parameter>',
    '</invoke>',
    CLOSE,
    'Several <invoke> blocks in one section are run in parallel.',
  ].join('\n');

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** MiniMax-M2: `<minimax:tool_call><invoke name="f"><parameter name="p">v</parameter></invoke></minimax:tool_call>`. */
export function minimaxM2Protocol(): ToolCallProtocol {
  return defineProtocol({
    name: 'minimax-m2',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => {
      const params = Object.entries((input ?? {}) as Record<string, unknown>)
        .map(([k, v]) => `<parameter name="${k}">${valueText(v)}</parameter>\n`)
        .join('');
      return `${OPEN}\n<invoke name="${toolName}">\n${params}</invoke>\n${CLOSE}`;
    },
    formatToolResponse: ({ result }) => `<response>${valueText(result)}</response>`,
    createParser: (context, callbacks) => createSectionScanner(minimaxM2Triggers, context, callbacks),
  });
}
