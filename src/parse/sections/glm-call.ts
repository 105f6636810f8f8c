/**
 * The GLM-4.5 / GLM-4.6 call after `<tool_call>` (Zhipu / Z.ai):
 *   <tool_call>get_weather
 *   <arg_key>city</arg_key>
 *   <arg_value>Beijing</arg_value>
 *   </tool_call>
 * Values are raw text, coerced by the tool's schema (`3` becomes a number
 * where the schema wants one). GLM-4's older `<tool_call>name\n{json}` is read
 * here too; Hermes-style `<tool_call>{"name": …}` goes to the JSON section.
 */
import { createJsonReader, type JsonReader } from '../../json/json-reader.ts';
import { type CallSink, callableName, createCallSink, declaredName } from '../call-sink.ts';
import type { ParserContext } from '../events.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { expectStep, untilStep } from '../tag-steps.ts';
import { type ArgValueScanner, createArgValueScanner } from '../xml-arg-value.ts';
import { type GivenParams, givenParams, schemaProperties } from '../xml-next-param.ts';

const END = '</tool_call>';

type ToolMap = ParserContext['tools'];

// What the section reads next:
const NAME = 0;
/** `<arg_key>` or `</tool_call>`. */
const TAG = 1;
const KEY = 2;
const VALUE_TAG = 3;
const VALUE = 4;
/** GLM-4's name line, then the arguments as one JSON object. */
const JSON_ARGS = 5;
const DONE = 6;

/**
 * A key of the arguments: its object opens before the first one. Returns the
 * keys given so far, which tell a forgotten `</arg_value>` from value text by
 * a key not given yet.
 */
function beginKey(sink: CallSink, given: GivenParams | undefined, key: string, tools: ToolMap): GivenParams {
  if (given === undefined) sink.args.beginObject();
  given ??= givenParams(schemaProperties(tools.get(sink.toolName)?.inputSchema));
  given.add(key);
  sink.args.key(key);
  return given;
}

/**
 * A key's value. Values are verbatim: the template writes `<arg_value>{{ v }}</arg_value>` with no
 * padding, so blanks and line breaks at either end are the value's own (GLM-4.6 template, ggml-org/llama.cpp).
 */
function beginValue(sink: CallSink, given: GivenParams): ArgValueScanner {
  sink.args.beginString();
  return createArgValueScanner(
    (piece) => sink.args.stringChunk(piece),
    (name) => given.isNext(name),
  );
}

/** The GLM call after `<tool_call>` and the whitespace after it. */
export function openGlmCall(env: SectionEnv, rawPrefix: string): Section {
  const { tools } = env.context;
  const sink = createCallSink(env.context, env.callbacks);
  const raw = createRawBlock(env.callbacks, rawPrefix);
  let state = NAME;
  let name = '';
  let key = '';
  let expect = expectStep(['<arg_key>', END]);
  const keyStep = untilStep('</arg_key>');
  let valueStep: ArgValueScanner | undefined;
  /** The keys given so far; the arguments' object is open once there is one. */
  let given: GivenParams | undefined;
  let reader: JsonReader | undefined;
  let leftover = '';
  /**
   * An undeclared name waiting for its arguments to show it is a call:
   * `<tool_call>example</tool_call>` is prose, `<tool_call>fly\n<arg_key>…` a
   * call to an unknown tool.
   */
  let unconfirmed: string | undefined;

  /** Arguments follow: the call held by `unconfirmed` starts. */
  function confirm(next: number): void {
    if (unconfirmed !== undefined) sink.start(unconfirmed);
    unconfirmed = undefined;
    state = next;
  }

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    sink.abort();
    // A partial tag from an earlier chunk that turned out to be something else is read again.
    raw.giveBack(reason, code, undefined, leftover.length);
    state = DONE;
  }

  /** At the call's end: the call, or, for an undeclared name with no arguments after it, prose. */
  function finish(): void {
    if (unconfirmed !== undefined) {
      fail(`"${unconfirmed.trim()}" is not a declared tool, and no arguments follow it`);
      return;
    }
    if (given !== undefined) sink.args.endObject();
    sink.end();
    raw.commit(leftover.length);
    state = DONE;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    while (i < n && state !== DONE) {
      if (state === NAME) {
        const c = text.charAt(i);
        if (c === '\n' || c === '<' || c === '{') {
          // The name's line is over; what ended it is read next, as the arguments' (GLM-4's `{` too).
          const declared = declaredName(name, tools);
          if (declared !== undefined) sink.start(declared);
          else if (callableName(name, tools) !== undefined) unconfirmed = name;
          else {
            raw.keepTo(i);
            fail('the tool name is missing or not a name');
            break;
          }
          state = TAG;
        } else if (name.length > 128 || !/[\w.\-\r]/.test(c)) {
          // `<tool_call> tags…` in prose: not a name, so not a call.
          raw.keepTo(i);
          fail('expected a tool name after <tool_call>');
        } else {
          name += c;
          i++;
        }
      } else if (state === KEY) {
        const step = keyStep.read(text, i, (piece) => {
          key += piece;
        });
        i = step.i;
        if (step.found) {
          given = beginKey(sink, given, key.trim(), tools);
          expect = expectStep(['<arg_value>']);
          state = VALUE_TAG;
        }
      } else if (state === VALUE) {
        const step = (valueStep as ArgValueScanner).write(text, i);
        i = step.stop;
        if (step.end !== undefined) sink.args.endString();
        if (step.end === 'close') {
          expect = expectStep(['<arg_key>', END]);
          state = TAG;
        } else if (step.end === 'key') {
          // `</arg_value>` was left out before the next key: that value ends, the next one begins.
          given = beginKey(sink, given, step.key as string, tools);
          valueStep = beginValue(sink, given);
        }
      } else if (state === JSON_ARGS && !(reader as JsonReader).done) {
        const args = reader as JsonReader;
        i = args.write(text, i);
        if (!args.done && i < n) {
          raw.keepTo(i);
          fail(args.problem ?? 'the arguments are not valid JSON');
        }
      } else {
        const step = expect.read(text, i);
        i = step.i;
        if (step.tag === false && state === TAG && given === undefined && text.charAt(i) === '{') {
          // GLM-4's form: the name's line, then the arguments as one JSON object, then </tool_call>.
          confirm(JSON_ARGS);
          reader = createJsonReader(sink.args);
          expect = expectStep([END]);
          continue;
        }
        if (step.tag === false) leftover = step.carried;
        if (step.tag !== undefined) raw.keepTo(i);
        // A missing </tool_call> after the JSON does not cost a complete call; what follows is read again.
        if (step.tag === END || (step.tag === false && state === JSON_ARGS)) finish();
        else if (step.tag === false) {
          fail(state === TAG ? 'expected <arg_key> or </tool_call>' : 'expected <arg_value> after </arg_key>');
        } else if (step.tag === '<arg_value>') {
          valueStep = beginValue(sink, given as GivenParams);
          state = VALUE;
        } else if (step.tag !== undefined) {
          confirm(KEY);
          key = '';
        }
      }
    }
    raw.keepTo(i);
    return i;
  }

  return {
    write,
    get done() {
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      const json = state === JSON_ARGS && (reader?.done || reader?.end());
      if (state === DONE) return;
      if (unconfirmed !== undefined || json || (state === TAG && expect.partial === '')) finish();
      else fail('the output ended inside the tool call', 'unclosed-tool-call');
    },
  };
}
