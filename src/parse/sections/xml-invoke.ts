/**
 * Calls as an invoke element holding parameter elements, values as raw text:
 *   Qwen3-Coder   <tool_call><function=f><parameter=p>v</parameter></function></tool_call>
 *   MiniMax-M2    <minimax:tool_call><invoke name="f"><parameter name="p">v</parameter></invoke></minimax:tool_call>
 *   DeepSeek V3.2 the same with `｜DSML｜` tags, each parameter typed by `string="true|false"`
 * Several invokes in one block are parallel calls. A value is the raw text
 * between its tags (Qwen3-Coder's minus one line break at each end: see
 * InvokeOptions.valueStage); code in it needs no escaping, and a close tag
 * inside it only ends it when a valid continuation follows (see
 * xml-value-end.ts). Values are typed by the tool's schema (xml-args.ts).
 */
import { createCallSink, declaredName, knownName } from '../engine/call-sink.ts';
import { createRawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv } from '../engine/section.ts';
import { type ExpectStep, expectStep } from '../engine/tag-steps.ts';
import { createXmlArgsWriter, ParamMode, type XmlArgsWriter } from '../readers/xml-args.ts';
import { givenParams, schemaProperties } from '../readers/xml-next-param.ts';
import { collectTag } from '../readers/xml-tag.ts';
import type { TextStage } from '../readers/xml-text.ts';
import {
  BLOCK_END,
  CALL_END,
  createValueEndScanner,
  type InvokeTags,
  NEXT_CALL,
  NEXT_PARAMETER,
  OPENED_PARAMETER,
  opensParameter,
  type ValueEnd,
  type ValueEndScanner,
} from '../readers/xml-value-end.ts';
import { ENDED_INSIDE } from './json-calls-shared.ts';
import type { TypedValues } from './typed-param.ts';

export type { InvokeTags } from '../readers/xml-value-end.ts';

export interface InvokeOptions {
  /**
   * Tags that re-open the block between calls: Qwen3-Coder writes one
   * `<tool_call>` per call, sometimes without closing the one before.
   */
  reopen?: readonly string[];
  /**
   * The trigger was the invoke tag itself (the model skipped the block
   * opener). Such a tag could be prose about the format, so only a declared
   * tool's name makes it a call, and only once a parameter or the call's
   * close tag follows (`<function=get_weather> is the tag` in prose stays
   * text); anything else is quietly text.
   */
  openedAtInvoke?: boolean;
  /**
   * What a value's text passes through on its way to the parameter.
   * Qwen3-Coder's template writes `<parameter=k>\n{{ v }}\n</parameter>`, so
   * qwen3-coder.ts drops that padding with `trimmedStage` (xml-text.ts).
   * Without one, values are exactly what stands between the tags, as
   * MiniMax-M2's template writes them (`<parameter name="k">{{ v }}</parameter>`:
   * a line break at either end belongs to the value). Passed in, so the
   * formats that keep values verbatim do not carry the trimmer.
   */
  valueStage?: (target: TextStage) => TextStage;
  /**
   * The parameter tag says how to read its value (`string="true|false"`,
   * DeepSeek V3.2's DSML): `dsmlValues` from typed-param.ts. Passed in, so the
   * formats that do not use it do not carry it.
   */
  typedValues?: TypedValues;
}

/** The parameter a tag's header names (a typed header's without its quotes, see typed-param.ts). */
function parameterName(raw: string, properties: Record<string, unknown>): string {
  return knownName(raw, (n) => Object.hasOwn(properties, n)) ?? raw.trim().replace(/^(["'])(.*)\1$/, '$2');
}

/** Starts the value of the parameter a tag's header names: the scanner that reads it. */
type ValueOpener = (header: string) => ValueEndScanner;

/**
 * The values of one call's parameters: the returned function starts the
 * value of the parameter a tag's header names, and gives the scanner that
 * passes its text on to `writer` as it streams and finds where it ends.
 */
function valueOpener(writer: XmlArgsWriter, schema: unknown, tags: InvokeTags, options: InvokeOptions): ValueOpener {
  const properties = schemaProperties(schema);
  /** The call's parameters so far: a forgotten close tag is told from value text by a name not given yet. */
  const given = givenParams(properties);
  return (header) => {
    const typed = options.typedValues?.readHeader(header);
    const name = parameterName(typed?.name ?? header, properties);
    given.add(name);
    let target: TextStage;
    if (typed?.json) target = (options.typedValues as TypedValues).jsonStage(writer, name);
    else if (writer.modeOf(name) === ParamMode.Stream) target = writer.beginString(name);
    else {
      const parts: string[] = [];
      target = { write: (t) => parts.push(t), end: () => writer.addValue(name, parts.join('')) };
    }
    return createValueEndScanner(tags, options.valueStage?.(target) ?? target, (next) =>
      given.isNext(parameterName(options.typedValues?.readHeader(next).name ?? next, properties)),
    );
  };
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
  let args: XmlArgsWriter | undefined;
  let openValue: ValueOpener | undefined;
  let value: ValueEndScanner | undefined;
  let leftover = '';
  /** A bare invoke's declared name, announced once a parameter or close tag confirms it (see openedAtInvoke). */
  let unconfirmed: string | undefined;

  /** The trigger was this call's invoke tag (the model skipped the block opener): true until the first call ends. */
  let bare = options.openedAtInvoke === true;

  /** No reason: the text was no call (prose that mentions the tag), nothing to report. */
  function fail(reason?: string, code?: 'unclosed-tool-call'): void {
    sink.abort();
    // A partial tag from an earlier chunk that turned out to be something else is read again.
    raw.giveBack(reason, code, undefined, leftover.length);
    state = DONE;
  }

  /** Announces the call `name` names; its parameters come next. False: it is no call. */
  function startCall(name: string): boolean {
    if (!sink.start(name, bare)) return false;
    const schema = context.tools.get(sink.toolName)?.inputSchema;
    args = createXmlArgsWriter({ args: sink.args, toolName: sink.toolName, schema, onError: callbacks.onError });
    openValue = valueOpener(args, schema, tags, options);
    expect = expectStep([tags.param, tags.invokeEnd, tags.close]);
    state = IN_CALL;
    return true;
  }

  /** The call ended, `how` says what followed it. It is final: a later broken call gives back only its own text. */
  function callEnded(how: ValueEnd): void {
    args?.finish();
    if (sink.end()) bare = false;
    raw.settle();
    if (how === BLOCK_END) {
      raw.commit();
      state = DONE;
    } else if (how === NEXT_CALL) state = CALL_NAME;
    else {
      expect = expectStep([tags.close, tags.invoke, ...reopen]);
      state = AFTER_CALL;
    }
  }

  function write(text: string, from: number): number {
    let i = from;
    raw.from(text, from);
    const keep = () => raw.keepTo(i);
    while (i < text.length && state !== DONE) {
      if (state === BETWEEN || state === IN_CALL || state === AFTER_CALL) {
        const step = expect.read(text, i);
        i = step.i;
        if (step.tag === undefined) continue;
        keep();
        if (step.tag === false) {
          // The block was never closed; what follows (maybe another format's call) is read again.
          leftover = step.carried;
          if (state === AFTER_CALL) raw.commit(leftover.length);
          else if (state === BETWEEN) fail(`expected ${tags.invoke}…>`);
          else fail(unconfirmed === undefined ? `expected ${tags.param}…> or ${tags.invokeEnd}` : undefined);
          state = DONE;
          continue;
        }
        if (unconfirmed !== undefined) startCall(unconfirmed);
        unconfirmed = undefined;
        if (state === IN_CALL && step.tag !== tags.param) callEnded(step.tag === tags.close ? BLOCK_END : CALL_END);
        else if (step.tag === tags.close) {
          if (sink.ended === 0) fail('the tool-call block holds no call');
          else raw.commit();
          state = DONE;
        } else if (reopen.includes(step.tag)) {
          expect = expectStep([tags.invoke, tags.close]);
          state = BETWEEN;
        } else state = step.tag === tags.invoke ? CALL_NAME : PARAM_NAME;
      } else if (state === VALUE) {
        const result = (value as ValueEndScanner).write(text, i);
        i = result.stop;
        if (result.end === OPENED_PARAMETER) value = (openValue as ValueOpener)(result.header as string);
        else if (result.end === NEXT_PARAMETER) state = PARAM_NAME;
        else if (result.end !== undefined) {
          keep();
          callEnded(result.end);
        }
      } else {
        // CALL_NAME or PARAM_NAME: the name up to `>`.
        const got = collectTag(header, text, i);
        header = got.status === 'open' ? got.inner : '';
        i = got.stop;
        if (got.status === 'open') continue;
        keep();
        if (got.status === 'abort') fail('a function or parameter name has no closing ">"');
        else if (state === PARAM_NAME) {
          value = (openValue as ValueOpener)(got.inner);
          state = VALUE;
        } else if (bare && declaredName(got.inner, context.tools)) {
          // A bare invoke waits for a parameter or its close tag to confirm it.
          unconfirmed = got.inner;
          expect = expectStep([tags.param, tags.invokeEnd]);
          state = IN_CALL;
        } else if (!startCall(got.inner)) fail(bare ? undefined : `"${got.inner.slice(0, 40)}" is not a tool name`);
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
      const complete =
        state === VALUE
          ? (value as ValueEndScanner).finish()
          : state === IN_CALL && unconfirmed === undefined && !opensParameter(tags, expect.partial);
      // The output stopped after complete parameters, before the call's close tag: the call stands.
      if (complete) callEnded(BLOCK_END);
      else if (state === AFTER_CALL) raw.commit();
      // Cut off inside a value or a tag (`<parameter na` is not a close tag): the call was not finished.
      else if (state === VALUE) fail('the output ended inside a parameter value', 'unclosed-tool-call');
      else if (state !== DONE) fail(unconfirmed === undefined ? ENDED_INSIDE : undefined, 'unclosed-tool-call');
      state = DONE;
    },
  };
}
