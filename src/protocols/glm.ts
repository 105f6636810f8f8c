/**
 * GLM-4.5 / GLM-4.6 tool calls (Zhipu / Z.ai):
 *   <tool_call>get_weather
 *   <arg_key>city</arg_key>
 *   <arg_value>Beijing</arg_value>
 *   </tool_call>
 * Values are raw text, coerced by the tool's schema (`3` becomes a number
 * where the schema wants one). GLM-4's older `<tool_call>name\n{json}` and
 * Hermes-style `<tool_call>{"name": …}` are read as well, since they share
 * the tag.
 */
import { createJsonReader, type JsonReader } from '../json/json-reader.ts';
import { callableName, createCallSink, declaredName } from '../parse/call-sink.ts';
import { createRawBlock } from '../parse/raw-block.ts';
import type { Section, SectionEnv, Trigger } from '../parse/section.ts';
import { openByFirstChar } from '../parse/sections/basic.ts';
import { type ExpectStep, expectStep, untilStep } from '../parse/tag-steps.ts';
import { type ArgValueScanner, createArgValueScanner } from '../parse/xml-arg-value.ts';
import { type GivenParams, givenParams, schemaProperties } from '../parse/xml-next-param.ts';
import { defineFormat, type FormatDeclaration } from './define-protocol.ts';
import { hermesTriggers } from './json-mix.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { glmEnd } from './shared-triggers.ts';
import { renderToolList, resultText, templateJson } from './tool-list.ts';

const END = '</tool_call>';
const State = { Name: 0, Tag: 1, Key: 2, ValueTag: 3, Value: 4, Json: 5, Done: 6 } as const;
type State = (typeof State)[keyof typeof State];

/** The GLM call after `<tool_call>` and the whitespace after it. */
export function openGlmCall(env: SectionEnv, rawPrefix: string): Section {
  const sink = createCallSink(env.context, env.callbacks);
  const raw = createRawBlock(env.callbacks, rawPrefix);
  let state: State = State.Name;
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

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    sink.abort();
    // A partial tag from an earlier chunk that turned out to be something else is read again.
    raw.giveBack(reason, code, undefined, leftover.length);
    state = State.Done;
  }

  function finish(): void {
    if (objectOpen) sink.args.endObject();
    sink.end();
    raw.commit(leftover.length);
    state = State.Done;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    const keep = () => raw.keepTo(i);
    while (i < n && state !== State.Done) {
      switch (state) {
        case State.Name: {
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
            if (c === '{') {
              confirm();
              reader = createJsonReader(sink.args);
              expect = expectStep([END]);
              state = State.Json;
            } else state = State.Tag;
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
        case State.Tag: {
          const step = expect.read(text, i);
          i = step.i;
          if (step.tag === false && !objectOpen && text.charAt(i) === '{') {
            // GLM-4 style: the name line, then the arguments as one JSON object.
            confirm();
            reader = createJsonReader(sink.args);
            expect = expectStep([END]);
            state = State.Json;
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
            if (unconfirmed !== undefined)
              fail(`"${unconfirmed.trim()}" is not a declared tool, and no arguments follow it`);
            else finish();
            return i;
          }
          if (step.tag !== undefined) {
            confirm();
            key = '';
            state = State.Key;
          }
          break;
        }
        case State.Key: {
          const step = keyStep.read(text, i, (piece) => {
            key += piece;
          });
          i = step.i;
          if (step.found) {
            beginValue(key.trim());
            expect = expectStep(['<arg_value>']);
            state = State.ValueTag;
          }
          break;
        }
        case State.ValueTag: {
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
            state = State.Value;
          }
          break;
        }
        case State.Value: {
          const step = (valueStep as ArgValueScanner).write(text, i);
          i = step.stop;
          if (step.end === 'close') {
            sink.args.endString();
            expect = expectStep(['<arg_key>', END]);
            state = State.Tag;
          } else if (step.end === 'key') {
            // `</arg_value>` was left out before the next key: that value ends, the next one begins.
            sink.args.endString();
            beginValue(step.key as string);
            sink.args.beginString();
            valueStep = createArgValueScanner(value, startsKey);
          }
          break;
        }
        case State.Json: {
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
      return state === State.Done;
    },
    get leftover() {
      return leftover;
    },
    end() {
      if (unconfirmed !== undefined && state !== State.Done) {
        fail(`"${unconfirmed.trim()}" is not a declared tool, and no arguments follow it`);
      } else if (state === State.Json && (reader?.done || reader?.end())) finish();
      else if (state === State.Tag && expect.partial === '') finish();
      else if (state !== State.Done) fail('the output ended inside the tool call', 'unclosed-tool-call');
    },
  };
}

/** GLM reads Hermes JSON in the same tag too (GLM-4 fine-tunes write it). */
export const glmTriggers: readonly Trigger[] = [
  ...hermesTriggers,
  {
    marker: '<tool_call>',
    firstChar: (c) => c !== '<',
    open: (env, marker) => openByFirstChar(env, marker, () => openGlmCall),
  },
  ...glmEnd,
];

const defaultTemplate = (tools: string) =>
  [
    '# Tools',
    '',
    'You may call one or more functions to assist with the user query.',
    'The functions are described by these signatures:',
    '<tools>',
    tools,
    '</tools>',
    '',
    'For each function call, write the function name and its arguments like this:',
    '<tool_call>function_name',
    '<arg_key>parameter</arg_key>',
    '<arg_value>value</arg_value>',
    '</tool_call>',
  ].join('\n');

/** One argument value as GLM-4.6's template writes it: strings raw, anything else `| tojson`. */
function argText(value: unknown): string {
  return typeof value === 'string' ? value : templateJson(value);
}

/** GLM-4.5/4.6: `<tool_call>name` then `<arg_key>`/`<arg_value>` pairs, then `</tool_call>`. */
export function glmProtocol(): ToolCallProtocol {
  return defineFormat({
    name: 'glm',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => {
      const args = Object.entries((input ?? {}) as Record<string, unknown>)
        .map(([k, v]) => `<arg_key>${k}</arg_key>\n<arg_value>${argText(v)}</arg_value>\n`)
        .join('');
      return `<tool_call>${toolName}\n${args}</tool_call>`;
    },
    // The template writes each result as '\n<tool_response>\n' + content + '\n</tool_response>' in one
    // <|observation|> turn; toolshim's user turn holds the same text after its own header's line break.
    formatToolResponse: ({ result }) => `<tool_response>\n${resultText(result)}\n</tool_response>`,
    // GLM-4.6's template (llama.cpp models/templates/GLM-4.6.jinja) writes '<think>' + reasoning.strip() +
    // '</think>' and then '\n' + the content, for the turns after the last user message.
    formatReasoning: (reasoning) => `<think>${reasoning.trim()}</think>\n`,
    triggers: glmTriggers,
  });
}

/** The `glm` format in the registry (formats.ts). */
export const glmFormat: FormatDeclaration = {
  name: 'glm',
  label: 'GLM <arg_key>/<arg_value>',
  models: 'GLM-4.5, GLM-4.6',
  preset: 'glmToolMiddleware',
  create: glmProtocol,
  triggers: glmTriggers,
};
