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
import { type CallSink, callableName, createCallSink, declaredName } from '../engine/call-sink.ts';
import type { ParserContext } from '../engine/events.ts';
import { createRawBlock, type RawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv } from '../engine/section.ts';
import { expectStep, findDelimiter } from '../engine/tag-steps.ts';
import { type ArgValueScanner, createArgValueScanner } from '../readers/xml-arg-value.ts';
import { type GivenParams, givenParams, schemaProperties } from '../readers/xml-next-param.ts';

const END = '</tool_call>';
const ENDED_INSIDE = 'the output ended inside the tool call';

type ToolMap = ParserContext['tools'];

// What the arguments' step reads next:
/** `<arg_key>` or `</tool_call>` (first, GLM-4's `{` too). */
const TAG = 0;
const KEY = 1;
const VALUE_TAG = 2;
const VALUE = 3;
/** GLM-4's arguments: one JSON object, then `</tool_call>`. */
const JSON_ARGS = 4;

/** Reads from `i` and returns where it stopped; called with no text (`''`) when the output ends there. */
type Step = (text: string, i: number) => number;

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

/**
 * The step that reads a call's arguments, from the end of its name's line to `</tool_call>`: the
 * `<arg_key>`/`<arg_value>` pairs, or GLM-4's one JSON object. When no call is open yet, `name` is an
 * undeclared one waiting for its arguments to show it is a call (`<tool_call>example</tool_call>` is
 * prose, `<tool_call>fly\n<arg_key>…` a call to an unknown tool): they start it. The call ends through
 * `finish` or `fail`, with the text it matched in earlier chunks that is not its own (`rest`, read
 * again by the scanner).
 */
function argsStep(
  sink: CallSink,
  tools: ToolMap,
  raw: RawBlock,
  name: string,
  finish: (rest: string) => void,
  fail: (reason: string, rest?: string, code?: 'unclosed-tool-call') => void,
): Step {
  let state = TAG;
  // Made once per call, not per key or value: a step starts afresh after each tag it matched.
  const tags = expectStep(['<arg_key>', END]);
  const valueTag = expectStep(['<arg_value>']);
  let expect = tags;
  let key = '';
  /** The start of a `</arg_key>` split across chunks. */
  let held = '';
  let value: ArgValueScanner | undefined;
  /** The keys given so far; the arguments' object is open once there is one. */
  let given: GivenParams | undefined;
  let reader: JsonReader | undefined;

  /** Arguments follow: the call an undeclared name waited for starts. */
  function confirm(next: number): void {
    if (!sink.open) sink.start(name);
    state = next;
  }

  /** At `</tool_call>`, or at the end of the output where only it is missing. */
  function end(rest: string): void {
    if (given !== undefined) sink.args.endObject();
    finish(rest);
  }

  return (text, i) => {
    if (text === '') {
      // The output ended where only the call's `</tool_call>` is missing: the call stands.
      const json = state === JSON_ARGS && ((reader as JsonReader).done || (reader as JsonReader).end());
      if (!sink.open || json || (state === TAG && expect.partial === '')) end('');
      else fail(ENDED_INSIDE, '', 'unclosed-tool-call');
    } else if (state === KEY) {
      const search = findDelimiter(held, text, i, '</arg_key>');
      held = search.held;
      key += search.before;
      i = search.resumeAt;
      if (search.found) {
        given = beginKey(sink, given, key.trim(), tools);
        expect = valueTag;
        state = VALUE_TAG;
      }
    } else if (state === VALUE) {
      const step = (value as ArgValueScanner).write(text, i);
      i = step.stop;
      if (step.end !== undefined) sink.args.endString();
      if (step.end === 'close') {
        expect = tags;
        state = TAG;
      } else if (step.end === 'key') {
        // `</arg_value>` was left out before the next key: that value ends, the next one begins.
        given = beginKey(sink, given, step.key as string, tools);
        value = beginValue(sink, given);
      }
    } else if (state === JSON_ARGS && !(reader as JsonReader).done) {
      i = (reader as JsonReader).write(text, i);
      if (!(reader as JsonReader).done && i < text.length) {
        raw.keepTo(i);
        fail((reader as JsonReader).problem ?? 'the arguments are not valid JSON');
      }
    } else {
      const step = expect.read(text, i);
      i = step.i;
      if (step.tag === false && state === TAG && given === undefined && text.charAt(i) === '{') {
        // GLM-4's form: the name's line, then the arguments as one JSON object, then </tool_call>.
        confirm(JSON_ARGS);
        reader = createJsonReader(sink.args);
        expect = expectStep([END]);
        return i;
      }
      if (step.tag !== undefined) raw.keepTo(i);
      // A missing </tool_call> after the JSON does not cost a complete call; what follows is read again.
      if (step.tag === END || (step.tag === false && state === JSON_ARGS)) end(step.carried);
      else if (step.tag === false) {
        const expected = state === TAG ? 'expected <arg_key> or </tool_call>' : 'expected <arg_value> after </arg_key>';
        fail(expected, step.carried);
      } else if (step.tag === '<arg_value>') {
        value = beginValue(sink, given as GivenParams);
        state = VALUE;
      } else if (step.tag !== undefined) {
        confirm(KEY);
        key = '';
      }
    }
    return i;
  };
}

/** The GLM call after `<tool_call>` and the whitespace after it: its name's line, then argsStep. */
export function openGlmCall(env: SectionEnv, rawPrefix: string): Section {
  const { tools } = env.context;
  const sink = createCallSink(env.context, env.callbacks);
  const raw = createRawBlock(env.callbacks, rawPrefix);
  let done = false;
  let name = '';
  /** The arguments' step, once the name's line is over. */
  let args: Step | undefined;
  let leftover = '';

  function fail(reason: string, rest = '', code?: 'unclosed-tool-call') {
    leftover = rest;
    sink.abort();
    // A partial tag from an earlier chunk that turned out to be something else is read again.
    raw.giveBack(reason, code, undefined, rest.length);
    done = true;
  }

  /** At the call's end: the call, or, for an undeclared name with no arguments after it, prose. */
  function finish(rest: string) {
    if (!sink.open) return fail(`"${name.trim()}" is not a declared tool, and no arguments follow it`, rest);
    leftover = rest;
    sink.end();
    raw.commit(rest.length);
    done = true;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    while (i < n && !done) {
      if (args !== undefined) {
        i = args(text, i);
        continue;
      }
      const c = text.charAt(i);
      if (c === '\n' || c === '<' || c === '{') {
        // The name's line is over; what ended it is read next, as the arguments' (GLM-4's `{` too).
        const declared = declaredName(name, tools);
        if (declared !== undefined) sink.start(declared);
        else if (callableName(name, tools) === undefined) {
          raw.keepTo(i);
          fail('the tool name is missing or not a name');
          break;
        }
        args = argsStep(sink, tools, raw, name, finish, fail);
      } else if (name.length > 128 || !/[\w.\-\r]/.test(c)) {
        // `<tool_call> tags…` in prose: not a name, so not a call.
        raw.keepTo(i);
        fail('expected a tool name after <tool_call>');
      } else {
        name += c;
        i++;
      }
    }
    raw.keepTo(i);
    return i;
  }

  return {
    write,
    get done() {
      return done;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if (done) return;
      if (args !== undefined) args('', 0);
      else fail(ENDED_INSIDE, '', 'unclosed-tool-call');
    },
  };
}
