/**
 * The streaming parser for the qwen3-coder format (Qwen3-Coder, Qwen3.5):
 *
 *   <tool_call>
 *   <function=get_weather>
 *   <parameter=city>
 *   Seoul
 *   </parameter>
 *   </function>
 *   </tool_call>
 *
 * Prose streams through; only a tail that could begin `<tool_call>` is held.
 * Inside a block, names are read up to `>` (bounded), and values stream
 * through the value scanner, which decides where a value ends with a bounded
 * look past its close tag. Every character is handled a constant number of
 * times, so the work is linear in the output.
 */
import type { ParserCallbacks, ParserContext, StreamingParser } from '../protocols/protocol.ts';
import type { ToolshimErrorCode } from '../types.ts';
import { searchDelimiter } from './delimiter.ts';
import { createTextParts, type TextParts } from './text-parts.ts';
import { createXmlArgsWriter, ParamMode, type XmlArgsWriter } from './xml-args.ts';
import { createQwenValueScanner, type QwenValueScanner, ValueEnd } from './xml-qwen-value.ts';
import { collectTag } from './xml-tag.ts';
import { createValueTrimmer, type TextStage } from './xml-text.ts';

const BLOCK_OPEN = '<tool_call>';
const BLOCK_CLOSE = '</tool_call>';
const FUNCTION_OPEN = '<function=';
const FUNCTION_CLOSE = '</function>';
const PARAMETER_OPEN = '<parameter=';

const State = {
  Text: 0,
  /** After `<tool_call>`: blanks, then `<function=`. */
  BlockStart: 1,
  /** The function name, up to `>`. */
  FunctionName: 2,
  /** Between parameters: `<parameter=`, `</function>` or `</tool_call>`. */
  FunctionBody: 3,
  ParameterName: 4,
  ParameterValue: 5,
  /** After `</function>`: `</tool_call>`, or another `<function=` / `<tool_call>`. */
  AfterFunction: 6,
} as const;
type State = (typeof State)[keyof typeof State];

/** The literals each state may see next (after blanks). */
const EXPECTED: Partial<Record<State, string[]>> = {
  [State.BlockStart]: [FUNCTION_OPEN],
  [State.FunctionBody]: [PARAMETER_OPEN, FUNCTION_CLOSE, BLOCK_CLOSE],
  [State.AfterFunction]: [BLOCK_CLOSE, FUNCTION_OPEN, BLOCK_OPEN],
};

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

/**
 * `get_weather`, `"get_weather"`, ` get weather `: quotes and outer blanks go;
 * a name that is not known as written is tried with `_` for inner blanks.
 */
export function resolveName(raw: string, known: (name: string) => boolean): string {
  let name = raw.trim();
  if (name.length >= 2 && (name[0] === '"' || name[0] === "'") && name.endsWith(name[0]))
    name = name.slice(1, -1).trim();
  if (known(name)) return name;
  const underscored = name.replace(/\s+/g, '_');
  return known(underscored) ? underscored : name;
}

export function createQwen3CoderParser(context: ParserContext, callbacks: ParserCallbacks): StreamingParser {
  let state: State = State.Text;
  let held = '';
  /** Blanks and a partial literal (`</func`) seen in a structural state... */
  let look = '';
  /** ...and the literal part alone. */
  let literal = '';
  let nameText = '';

  let id: string | undefined;
  let toolName = '';
  let writer: XmlArgsWriter | undefined;
  let properties: Record<string, unknown> = {};
  let scanner: QwenValueScanner | undefined;
  let trimmer: TextStage | undefined;
  /** The raw text since the block (or the last call in it) began, to give back if it fails. */
  let rawParts: TextParts = createTextParts();
  let segmentStart = 0;

  function startCall(rawName: string): void {
    toolName = resolveName(rawName, (name) => context.tools.has(name));
    id = context.generateId();
    if (!context.tools.has(toolName)) {
      callbacks.onError(`The model called "${toolName}", which is not a declared tool.`, {
        code: 'unknown-tool',
        toolName,
      });
    }
    callbacks.onToolCallStart({ id, toolName });
    const schema = context.tools.get(toolName)?.inputSchema;
    const props = (schema as { properties?: unknown } | undefined)?.properties;
    properties = typeof props === 'object' && props !== null ? (props as Record<string, unknown>) : {};
    writer = createXmlArgsWriter({ id, toolName, schema, callbacks });
  }

  function startParameter(rawName: string): void {
    const w = writer as XmlArgsWriter;
    const name = resolveName(rawName, (n) => Object.hasOwn(properties, n));
    let sink: TextStage;
    if (w.modeOf(name) === ParamMode.Stream) sink = w.beginString(name);
    else {
      const parts: string[] = [];
      sink = { write: (t) => parts.push(t), end: () => w.addValue(name, parts.join('')) };
    }
    const trim = createValueTrimmer((t) => sink.write(t));
    trimmer = {
      write: (t) => trim.write(t),
      end() {
        trim.end();
        sink.end();
      },
    };
    scanner = createQwenValueScanner(trimmer);
  }

  function endParameter(): void {
    trimmer?.end();
    trimmer = undefined;
    scanner = undefined;
  }

  /** Ends the open call; `raw` is its text in the current chunk. */
  function endCall(raw: string): void {
    const input = (writer as XmlArgsWriter).finish();
    callbacks.onToolCallEnd({ id: id as string, toolName, input });
    callbacks.onCallSegment?.(rawParts.join() + raw);
    id = undefined;
    writer = undefined;
    rawParts = createTextParts();
  }

  /** Gives back the unit's raw text (the current chunk's part is `raw`) as prose. */
  function giveBack(raw: string, reason: string, code: ToolshimErrorCode): void {
    const text = rawParts.join() + raw;
    if (id !== undefined) callbacks.onToolCallAbort({ id });
    if (text !== '') callbacks.onText(text);
    callbacks.onError(`Kept a malformed tool call as text: ${reason}.`, { code, text, toolName });
    id = undefined;
    writer = undefined;
    scanner = undefined;
    trimmer = undefined;
    rawParts = createTextParts();
    look = '';
    literal = '';
    state = State.Text;
  }

  /** Matches the next literal of a structural state; returns the hit, or undefined while undecided. */
  function matchLiteral(c: string): string | 'miss' | undefined {
    if (literal === '' && isSpace(c)) {
      look += c;
      return undefined;
    }
    const next = literal + c;
    const options = EXPECTED[state] ?? [];
    const hit = options.find((o) => o === next);
    if (hit !== undefined) return hit;
    if (options.some((o) => o.startsWith(next))) {
      look += c;
      literal = next;
      return undefined;
    }
    return 'miss';
  }

  function feed(text: string): void {
    const n = text.length;
    let i = 0;
    segmentStart = 0;
    while (i < n) {
      switch (state) {
        case State.Text: {
          const search = searchDelimiter(held, text, i, BLOCK_OPEN);
          held = search.held;
          if (search.before !== '') callbacks.onText(search.before);
          i = search.resumeAt;
          if (search.found) {
            rawParts = createTextParts(BLOCK_OPEN);
            segmentStart = i;
            look = '';
            literal = '';
            state = State.BlockStart;
          }
          break;
        }
        case State.FunctionName:
        case State.ParameterName: {
          const got = collectTag(nameText, text, i);
          nameText = got.inner;
          i = got.stop;
          if (got.status === 'abort') {
            giveBack(
              text.slice(segmentStart, i),
              'a function or parameter name has no closing ">"',
              'malformed-tool-call',
            );
          } else if (got.status === 'closed') {
            if (state === State.FunctionName) startCall(nameText);
            else startParameter(nameText);
            state = state === State.FunctionName ? State.FunctionBody : State.ParameterValue;
            look = '';
          }
          break;
        }
        case State.ParameterValue: {
          const result = (scanner as QwenValueScanner).write(text, i);
          i = result.stop;
          if (result.end === undefined) break;
          endParameter();
          look = '';
          if (result.end === ValueEnd.NextParameter) {
            nameText = '';
            state = State.ParameterName;
          } else {
            endCall(text.slice(segmentStart, i));
            segmentStart = i;
            nameText = '';
            state =
              result.end === ValueEnd.BlockEnd
                ? State.Text
                : result.end === ValueEnd.NextFunction
                  ? State.FunctionName
                  : State.AfterFunction;
          }
          break;
        }
        default: {
          // BlockStart, FunctionBody, AfterFunction: blanks and a fixed literal.
          const c = text.charAt(i);
          const hit = matchLiteral(c);
          if (hit === undefined) {
            i++;
            break;
          }
          if (hit === 'miss') {
            if (state === State.AfterFunction) {
              // The block was never closed; what follows is prose again.
              callbacks.onText(look);
              rawParts = createTextParts();
              look = '';
              literal = '';
              state = State.Text;
            } else {
              giveBack(
                text.slice(segmentStart, i),
                `unexpected "${literal}${c}" in a tool call`,
                'malformed-tool-call',
              );
            }
            break; // `c` is read again as prose
          }
          i++;
          look = '';
          literal = '';
          nameText = '';
          if (hit === PARAMETER_OPEN) state = State.ParameterName;
          else if (hit === FUNCTION_OPEN) state = State.FunctionName;
          else if (hit === BLOCK_OPEN) {
            rawParts = createTextParts(BLOCK_OPEN);
            segmentStart = i;
            state = State.BlockStart;
          } else if (state === State.FunctionBody) {
            endCall(text.slice(segmentStart, i));
            segmentStart = i;
            state = hit === BLOCK_CLOSE ? State.Text : State.AfterFunction;
          } else state = State.Text; // `</tool_call>` after `</function>`
          break;
        }
      }
    }
    if (state !== State.Text) rawParts.push(text.slice(segmentStart, n));
  }

  function flush(): void {
    switch (state) {
      case State.Text:
        if (held !== '') callbacks.onText(held);
        break;
      case State.FunctionBody:
        // `</function>` or `</tool_call>` missing (or cut off) at the very end: the call counts.
        endCall('');
        break;
      case State.ParameterValue:
        if ((scanner as QwenValueScanner).finish()) {
          endParameter();
          endCall('');
        } else giveBack('', 'the output ended inside a parameter value', 'unclosed-tool-call');
        break;
      case State.AfterFunction:
        break;
      default:
        giveBack('', 'the output ended inside a tool call', 'unclosed-tool-call');
    }
    held = '';
    look = '';
    literal = '';
    state = State.Text;
  }

  return { feed, flush };
}
