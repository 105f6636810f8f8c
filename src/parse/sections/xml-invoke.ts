/**
 * Calls as an invoke element holding parameter elements, values as raw text:
 *   Qwen3-Coder   <tool_call><function=f><parameter=p>v</parameter></function></tool_call>
 *   MiniMax-M2    <minimax:tool_call><invoke name="f"><parameter name="p">v</parameter></invoke></minimax:tool_call>
 *   DeepSeek V3.2 the same with `｜DSML｜` tags, each parameter typed by `string="true|false"`
 * Several invokes in one block are parallel calls. A value is the raw text
 * between its tags minus one line break at each end (the templates put the
 * value on its own lines); code in it needs no escaping, and a close tag
 * inside it only ends it when a valid continuation follows (see
 * xml-value-end.ts). Values are typed by the tool's schema (xml-args.ts).
 */
import { createCallSink, declaredName, knownName } from '../call-sink.ts';
import { createRawBlock } from '../raw-block.ts';
import type { Section, SectionEnv } from '../section.ts';
import { type ExpectStep, expectStep } from '../tag-steps.ts';
import { createXmlArgsWriter, ParamMode, type XmlArgsWriter } from '../xml-args.ts';
import { givenParams, schemaProperties } from '../xml-next-param.ts';
import { collectTag } from '../xml-tag.ts';
import { type TextStage, trimmedStage } from '../xml-text.ts';
import { createValueEndScanner, type InvokeTags, ValueEnd, type ValueEndScanner } from '../xml-value-end.ts';
import type { TypedValues } from './typed-param.ts';

export type { InvokeTags } from '../xml-value-end.ts';

export interface InvokeOptions {
  /**
   * Tags that re-open the block between calls: Qwen3-Coder writes one
   * `<tool_call>` per call, sometimes without closing the one before.
   */
  reopen?: readonly string[];
  /**
   * The trigger was the invoke tag itself (the model skipped the block
   * opener). Such a tag could be prose about the format, so only a declared
   * tool's name makes it a call; anything else is quietly text.
   */
  openedAtInvoke?: boolean;
  /**
   * Values are exactly what stands between the tags. MiniMax-M2's template
   * writes `<parameter name="k">{{ v }}</parameter>` with no padding, so a line
   * break at either end belongs to the value; Qwen3-Coder's writes
   * `<parameter=k>\n{{ v }}\n</parameter>`, whose padding is dropped.
   */
  verbatim?: boolean;
  /**
   * The parameter tag says how to read its value (`string="true|false"`,
   * DeepSeek V3.2's DSML): `dsmlValues` from typed-param.ts. Passed in, so the
   * formats that do not use it do not carry it.
   */
  typedValues?: TypedValues;
}

const BETWEEN = 0;
const CALL_NAME = 1;
const IN_CALL = 2;
const PARAM_NAME = 3;
const VALUE = 4;
/** After a call's close tag: the block's close, another call, or prose if the block was never closed. */
const AFTER_CALL = 5;
const DONE = 6;

export function openXmlInvoke(env: SectionEnv, marker: string, tags: InvokeTags, options: InvokeOptions = {}): Section {
  const { context, callbacks } = env;
  const sink = createCallSink(context, callbacks);
  const raw = createRawBlock(callbacks, marker);
  const reopen = options.reopen ?? [];
  let state = options.openedAtInvoke ? CALL_NAME : BETWEEN;
  let expect: ExpectStep = expectStep([tags.invoke, tags.close]);
  let header = '';
  let calls = 0;
  let args: XmlArgsWriter | undefined;
  let properties: Record<string, unknown> = {};
  /** The call's parameters so far: a forgotten close tag is told from value text by a name not given yet. */
  let given = givenParams({});
  let value: TextStage | undefined;
  let scanner: ValueEndScanner | undefined;
  let leftover = '';
  /**
   * Without a block opener, a declared name waits for a parameter or the
   * call's close tag before it is announced: `<function=get_weather> is the
   * tag` in prose stays text, quietly.
   */
  let unconfirmed: string | undefined;

  /** Starts the call a parameter or close tag just confirmed. */
  function confirm(): void {
    if (unconfirmed !== undefined) startCall(unconfirmed);
    unconfirmed = undefined;
  }

  function fail(reason: string, code: 'malformed-tool-call' | 'unclosed-tool-call' = 'malformed-tool-call'): void {
    sink.abort();
    // A partial tag from an earlier chunk that turned out to be something else is read again.
    raw.giveBack(reason, code, undefined, leftover.length);
    state = DONE;
  }

  function startCall(name: string): boolean {
    if (!sink.start(name, options.openedAtInvoke === true && calls === 0)) return false;
    const schema = context.tools.get(sink.toolName)?.inputSchema;
    properties = schemaProperties(schema);
    given = givenParams(properties);
    args = createXmlArgsWriter({ args: sink.args, toolName: sink.toolName, schema, onError: callbacks.onError });
    return true;
  }

  /** The parameter a tag's header names, and whether its value is typed JSON (DSML). */
  function parameterName(header: string): { name: string; json: boolean } {
    const typed = options.typedValues?.readHeader(header);
    const raw = typed?.name ?? header;
    const name = knownName(raw, (n) => Object.hasOwn(properties, n)) ?? raw.trim().replace(/^(["'])(.*)\1$/, '$2');
    return { name, json: typed?.json === true };
  }

  function startParameter(header: string): void {
    const writer = args as XmlArgsWriter;
    const { name, json } = parameterName(header);
    given.add(name);
    let target: TextStage;
    if (json) target = (options.typedValues as TypedValues).jsonStage(writer, name);
    else if (writer.modeOf(name) === ParamMode.Stream) target = writer.beginString(name);
    else {
      const parts: string[] = [];
      target = { write: (t) => parts.push(t), end: () => writer.addValue(name, parts.join('')) };
    }
    value = options.verbatim ? target : trimmedStage(target);
    scanner = createValueEndScanner(tags, value, (next) => given.isNext(parameterName(next).name));
  }

  function endParameter(): void {
    value?.end();
    value = undefined;
    scanner = undefined;
  }

  function endCall(): void {
    args?.finish();
    args = undefined;
    sink.end();
    calls++;
  }

  /** The call's name is read: start it (a bare invoke waits for a parameter to confirm it). False: no call. */
  function callNamed(name: string): boolean {
    if (options.openedAtInvoke === true && calls === 0 && declaredName(name, context.tools)) {
      unconfirmed = name;
      expect = expectStep([tags.param, tags.invokeEnd]);
    } else if (startCall(name)) expect = expectStep([tags.param, tags.invokeEnd, tags.close]);
    else return false;
    state = IN_CALL;
    return true;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    const keep = () => raw.keepTo(i);
    /** The call is final: a later broken call gives back only its own text. */
    const settle = () => {
      keep();
      raw.settle();
    };
    while (i < n && state !== DONE) {
      switch (state) {
        case BETWEEN:
        case IN_CALL:
        case AFTER_CALL: {
          const step = expect.read(text, i);
          i = step.i;
          if (step.tag === undefined) break;
          if (step.tag === false) {
            leftover = step.carried;
            keep();
            if (unconfirmed !== undefined) {
              raw.giveBack(undefined, undefined, undefined, leftover.length);
              state = DONE;
            } else if (state === AFTER_CALL) {
              // The block was never closed; what follows (maybe another format's call) is read again.
              raw.commit(leftover.length);
              state = DONE;
            } else
              fail(state === BETWEEN ? `expected ${tags.invoke}…>` : `expected ${tags.param}…> or ${tags.invokeEnd}`);
            return i;
          }
          confirm();
          if (step.tag === tags.close) {
            if (state === IN_CALL) endCall();
            keep();
            if (calls === 0) {
              raw.giveBack('the tool-call block holds no call');
            } else raw.commit();
            state = DONE;
            return i;
          }
          if (step.tag === tags.invokeEnd) {
            endCall();
            settle();
            expect = expectStep([tags.close, tags.invoke, ...reopen]);
            state = AFTER_CALL;
          } else if (reopen.includes(step.tag)) {
            expect = expectStep([tags.invoke, tags.close]);
            state = BETWEEN;
          } else {
            header = '';
            state = step.tag === tags.invoke ? CALL_NAME : PARAM_NAME;
          }
          break;
        }
        case CALL_NAME:
        case PARAM_NAME: {
          const got = collectTag(header, text, i);
          header = got.inner;
          i = got.stop;
          if (got.status === 'abort') {
            keep();
            fail('a function or parameter name has no closing ">"');
            return i;
          }
          if (got.status === 'open') break;
          if (state === PARAM_NAME) {
            startParameter(header);
            state = VALUE;
          } else if (!callNamed(header)) {
            keep();
            if (options.openedAtInvoke === true && calls === 0) {
              raw.giveBack(undefined); // prose that mentions the tag, not a call
              state = DONE;
            } else fail(`"${header.slice(0, 40)}" is not a tool name`);
            return i;
          }
          break;
        }
        case VALUE: {
          const result = (scanner as ValueEndScanner).write(text, i);
          i = result.stop;
          if (result.end === undefined) break;
          endParameter();
          header = '';
          if (result.end === ValueEnd.OpenedParameter) {
            startParameter(result.header as string);
            break;
          }
          if (result.end === ValueEnd.NextParameter) {
            state = PARAM_NAME;
            break;
          }
          endCall();
          settle();
          if (result.end === ValueEnd.BlockEnd) {
            raw.commit();
            state = DONE;
            return i;
          }
          if (result.end === ValueEnd.NextCall) state = CALL_NAME;
          else {
            expect = expectStep([tags.close, tags.invoke, ...reopen]);
            state = AFTER_CALL;
          }
          break;
        }
      }
    }
    if (state !== DONE) keep();
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
      if (state === VALUE) {
        if ((scanner as ValueEndScanner).finish()) {
          endParameter();
          endCall();
          raw.commit();
        } else fail('the output ended inside a parameter value', 'unclosed-tool-call');
      } else if (state === IN_CALL && unconfirmed !== undefined) {
        raw.giveBack(undefined);
      } else if (
        state === IN_CALL &&
        !tags.invokeEnd.startsWith(expect.partial) &&
        !tags.close.startsWith(expect.partial)
      ) {
        // Cut off inside the next parameter's tag (`<parameter na`), not a close tag: the call was not finished.
        fail('the output ended inside the tool call', 'unclosed-tool-call');
      } else if (state === IN_CALL) {
        // Complete parameters, but the output stopped before the call's close tag: the call stands.
        endCall();
        raw.commit();
      } else if (state === AFTER_CALL) raw.commit();
      else if (state !== DONE) fail('the output ended inside the tool call', 'unclosed-tool-call');
      state = DONE;
    },
  };
}
