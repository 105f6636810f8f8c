/**
 * The Gemma-family call: `call:get_weather{location:<Q>London<Q>}` after an
 * opening token and before a closing one, where <Q> is the format's string
 * token (`<|"|>` for Gemma 4, `<escape>` for FunctionGemma).
 *
 * Gemma 4 drifts from that shape in ways users reported, all read here:
 * - the `call:` prefix shortened to `:` or left out (`<|tool_call>:get_weather{…}`,
 *   vllm-project/vllm#53431, #54778);
 * - the arguments in parentheses, with `:` or `=` (`call:terminal(command:<Q>ls<Q>)`,
 *   vllm-project/vllm#53657; `call:name(key=value)`, jundot/omlx#1886);
 * - no closing token at the end of the answer (the call is complete without it);
 * - several calls in one block, `call:a{…}call:b{…}<tool_call|>` (a peer's parser test:
 *   alez007/modelship tests/test_gemma4_parsers.py@d5af0e34, test_multiple_concatenated_tool_calls).
 */
import { createCallSink } from '../engine/call-sink.ts';
import { callOpens, giveBackWith } from '../engine/give-back.ts';
import { createRawBlock } from '../engine/raw-block.ts';
import type { Section, SectionEnv } from '../engine/section.ts';
import { expectStep } from '../engine/tag-steps.ts';
import { createQuotedValueReader, type QuotedValueReader } from '../readers/custom-quote-reader.ts';

export interface CallBraceOptions {
  /** The token that wraps string values. */
  quote: string;
  /** The token that closes the call. */
  end: string;
  /**
   * The marker is ordinary text (Gemma 4's `call:` with its `<|tool_call>` opener left out): only a
   * declared tool's name makes it a call, and anything else goes back as prose without a report.
   */
  declaredOnly?: boolean;
}

const NEXT_CALL = 'call:';

// What the section reads next:
const NAME = 1;
const ARGS = 2;
const CLOSING = 3;
const DONE = 4;

export function openGemmaCall(env: SectionEnv, marker: string, options: CallBraceOptions): Section {
  const sink = createCallSink(env.context, env.callbacks, true);
  const raw = createRawBlock(env.callbacks, marker);
  const giveBack = giveBackWith(env.callbacks, sink, raw);
  let state = NAME;
  /** After a call: the block's closing token, or the next call of the same block. */
  const closing = expectStep([options.end, NEXT_CALL]);
  let name = '';
  let reader: QuotedValueReader | undefined;
  let leftover = '';
  callOpens(env.callbacks);

  function fail(reason: string, code?: 'unclosed-tool-call'): void {
    giveBack(options.declaredOnly && !sink.open ? undefined : reason, code, leftover.length);
    state = DONE;
  }

  function finish(): void {
    sink.end();
    raw.commit(leftover.length);
    state = DONE;
  }

  /** Another `call:`, read up to `i`: the call before it is final, and the next one's text and name start with it. */
  function nextCall(i: number): void {
    sink.end();
    raw.keepTo(i);
    raw.commit(NEXT_CALL.length);
    raw.keep(NEXT_CALL);
    name = NEXT_CALL;
    reader = undefined;
    state = NAME;
  }

  function write(text: string, from: number): number {
    const n = text.length;
    let i = from;
    raw.from(text, from);
    while (i < n && state !== DONE) {
      if (state === NAME) {
        const c = text.charAt(i);
        if (c === '{' || c === '(') {
          if (!sink.start(toolName(name), options.declaredOnly)) {
            raw.keepTo(i);
            fail('the tool name is missing or not a name');
          } else {
            reader = createQuotedValueReader(options.quote, sink.args, { parens: c === '(' });
            if (c === '(') i++;
            state = ARGS;
          }
        } else if (c === '<' && name.trim() === '') {
          // An empty block (`<|tool_call><tool_call|>`): only its closing token may follow.
          state = CLOSING;
        } else if (name.length > 128 || c === '<' || (c === '\n' && name.trim() !== '')) {
          raw.keepTo(i);
          fail('expected "call:", the tool name and "{"');
        } else {
          name += c;
          i++;
        }
      } else if (state === ARGS) {
        const args = reader as QuotedValueReader;
        i = args.write(text, i);
        if (args.problem !== undefined) {
          // What the reader held from an earlier chunk as a possible quote token is read again.
          leftover = args.carried;
          raw.keepTo(i);
          fail(args.problem);
        } else if (args.done) {
          state = CLOSING;
          // Held from an earlier chunk after the value: it may be the closing token, or the next call (it starts
          // like the quote token, `<`, so it is never a whole `call:`).
          const step = args.carried === '' ? undefined : closing.read(args.carried, 0);
          if (step?.tag === false) {
            leftover = args.carried.slice(step.i);
            raw.keepTo(i);
            finish();
          }
        }
      } else {
        const step = closing.read(text, i);
        i = step.i;
        if (step.tag === NEXT_CALL) nextCall(i);
        else if (step.tag !== undefined) {
          // Without its closing token the complete call still stands; the rest (maybe the next call) is read again.
          if (step.tag === false) leftover = step.carried;
          raw.keepTo(i);
          // An empty block that is not closed is no call: its text goes back.
          if (step.tag === false && !sink.open) fail('expected "call:", the tool name and "{"');
          else finish();
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
      if (state === ARGS && reader?.end()) state = CLOSING;
      if (state === CLOSING && sink.open) finish();
      else if (state !== DONE) {
        fail(
          reader?.inString
            ? 'the output ended inside a string of the arguments'
            : 'the output ended inside the tool call',
          'unclosed-tool-call',
        );
      }
    },
  };
}

/** The name after the optional `call:` (or its shortened `:`) prefix. */
function toolName(written: string): string {
  const name = written.trim();
  if (name.startsWith('call:')) return name.slice(5);
  return name.startsWith(':') ? name.slice(1) : name;
}

/** Renders a value in the Gemma argument syntax (history): strings in the quote token, keys bare. */
export function braceValue(value: unknown, quote: string): string {
  if (typeof value === 'string') return `${quote}${value}${quote}`;
  if (Array.isArray(value)) return `[${value.map((v) => braceValue(v, quote)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}:${braceValue(v, quote)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
