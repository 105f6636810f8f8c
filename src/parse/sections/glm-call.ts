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
import { callableName, createCallSink, declaredName } from '../call-sink.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { type ExpectStep, expectStep, untilStep } from '../tag-steps.ts';
import { type ArgValueScanner, createArgValueScanner } from '../xml-arg-value.ts';
import { type GivenParams, givenParams, schemaProperties } from '../xml-next-param.ts';

const END = '</tool_call>';

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

/** The GLM call after `<tool_call>` and the whitespace after it. */
export function openGlmCall(env: SectionEnv, rawPrefix: string): Section {
  const sink = createCallSink(env.context, env.callbacks);
  const raw = createRawBlock(env.callbacks, rawPrefix);
  let state = NAME;
  let name = '';
  let key = '';
  let objectOpen = false;
  let expect: ExpectStep = expectStep(['<arg_key>', END]);
  const keyStep = untilStep('</arg_key>');
  let valueStep: ArgValueScanner | undefined;
  // Values are verbatim: the template writes `<arg_value>{{ v }}</arg_value>` with no padding, so
  // blanks and line breaks at either end are the value's own (GLM-4.6 template, ggml-org/llama.cpp).
  const value = (piece: string) => sink.args.stringChunk(piece);
  /** The keys given so far: a forgotten `</arg_value>` is told from value text by a key not given yet. */
  let given: GivenParams | undefined;
  const startsKey = (name: string) => (given as GivenParams).isNext(name);
  function beginValue(key: string): void {
    if (!objectOpen) sink.args.beginObject();
    objectOpen = true;
    given ??= givenParams(schemaProperties(env.context.tools.get(sink.toolName)?.inputSchema));
    given.add(key);
    sink.args.key(key);
  }
  let reader: JsonReader | undefined;
  let leftover = '';
  /**
   * An undeclared name waiting for its arguments to show it is a call:
   * `<tool_call>example</tool_call>` is prose, `<tool_call>fly\n<arg_key>…` a
   * call to an unknown tool.
   */
  let unconfirmed: string | undefined;

  /** Starts the call held by `unconfirmed`, now that arguments follow it. */
  function confirm(): void {
    if (unconfirmed !== undefined) sink.start(unconfirmed);
    unconfirmed = undefined;
  }

  /** GLM-4 style: the name line, then the arguments as one JSON object. */
  function startJson(): void {
    confirm();
    reader = createJsonReader(sink.args);
    expect = expectStep([END]);
    state = JSON_ARGS;
  }

  /** An undeclared name with no arguments after it: prose (`<tool_call>example</tool_call>`). */
  const unconfirmedFails = () =>
    fail(`"${(unconfirmed as string).trim()}" is not a declared tool, and no arguments follow it`);

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    sink.abort();
    // A partial tag from an earlier chunk that turned out to be something else is read again.
    raw.giveBack(reason, code, undefined, leftover.length);
    state = DONE;
  }

  function finish(): void {
    if (objectOpen) sink.args.endObject();
    sink.end();
    raw.commit(leftover.length);
    state = DONE;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    const keep = () => raw.keepTo(i);
    while (i < n && state !== DONE) {
      switch (state) {
        case NAME: {
          const c = text.charAt(i);
          if (c === '\n' || c === '<' || c === '{') {
            const declared = declaredName(name, env.context.tools);
            if (declared !== undefined) sink.start(declared);
            else if (callableName(name, env.context.tools) !== undefined) unconfirmed = name;
            else {
              keep();
              fail('the tool name is missing or not a name');
              return i;
            }
            if (c === '{') startJson();
            else state = TAG;
          } else if (name.length > 128 || !/[\w.\-\r]/.test(c)) {
            // `<tool_call> tags…` in prose: not a name, so not a call.
            keep();
            fail('expected a tool name after <tool_call>');
            return i;
          } else {
            name += c;
            i++;
          }
          break;
        }
        case TAG: {
          const step = expect.read(text, i);
          i = step.i;
          if (step.tag === false && !objectOpen && text.charAt(i) === '{') {
            startJson();
            break;
          }
          if (step.tag === false) {
            leftover = step.carried;
            keep();
            fail('expected <arg_key> or </tool_call>');
            return i;
          }
          if (step.tag === END) {
            keep();
            if (unconfirmed !== undefined) unconfirmedFails();
            else finish();
            return i;
          }
          if (step.tag !== undefined) {
            confirm();
            key = '';
            state = KEY;
          }
          break;
        }
        case KEY: {
          const step = keyStep.read(text, i, (piece) => {
            key += piece;
          });
          i = step.i;
          if (step.found) {
            beginValue(key.trim());
            expect = expectStep(['<arg_value>']);
            state = VALUE_TAG;
          }
          break;
        }
        case VALUE_TAG: {
          const step = expect.read(text, i);
          i = step.i;
          if (step.tag === false) {
            leftover = step.carried;
            keep();
            fail('expected <arg_value> after </arg_key>');
            return i;
          }
          if (step.tag !== undefined) {
            sink.args.beginString();
            valueStep = createArgValueScanner(value, startsKey);
            state = VALUE;
          }
          break;
        }
        case VALUE: {
          const step = (valueStep as ArgValueScanner).write(text, i);
          i = step.stop;
          if (step.end === 'close') {
            sink.args.endString();
            expect = expectStep(['<arg_key>', END]);
            state = TAG;
          } else if (step.end === 'key') {
            // `</arg_value>` was left out before the next key: that value ends, the next one begins.
            sink.args.endString();
            beginValue(step.key as string);
            sink.args.beginString();
            valueStep = createArgValueScanner(value, startsKey);
          }
          break;
        }
        case JSON_ARGS: {
          const args = reader as JsonReader;
          if (!args.done) {
            i = args.write(text, i);
            if (!args.done && i < n) {
              keep();
              fail(args.problem ?? 'the arguments are not valid JSON');
              return i;
            }
            break;
          }
          const step = expect.read(text, i);
          i = step.i;
          if (step.tag !== undefined) {
            // A missing </tool_call> does not cost a complete call; what follows is read again.
            if (step.tag === false) leftover = step.carried;
            keep();
            finish();
            return i;
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
      return state === DONE;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if (unconfirmed !== undefined && state !== DONE) unconfirmedFails();
      else if (state === JSON_ARGS && (reader?.done || reader?.end())) finish();
      else if (state === TAG && expect.partial === '') finish();
      else if (state !== DONE) fail('the output ended inside the tool call', 'unclosed-tool-call');
    },
  };
}
