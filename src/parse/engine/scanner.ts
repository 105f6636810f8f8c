/**
 * The one text loop of every format. Prose streams through as text until a
 * trigger marker appears (`<tool_call>`, `[TOOL_CALLS]`, `<|tool_call>`, a
 * declared tool's `<get_weather`, …); that trigger's section then reads the
 * call(s) and hands control back when it is over.
 *
 * A format is a list of triggers. The auto-detecting protocol runs the same
 * loop with the triggers of every format, so a format parses identically
 * through its preset and through auto.
 *
 * Linear: prose characters that cannot start a marker are skipped with a table
 * lookup, only characters that can are compared against markers (in time
 * independent of how many there are: trigger-table.ts), and only a possible
 * partial marker at the end of a chunk is held back (at most the longest
 * marker's length).
 */
import { isSpace } from '../../json/chars.ts';
import type { ParserCallbacks, ParserContext, StreamingParser } from './events.ts';
import { notACall, openByFirstChar } from './marker-sections.ts';
import { openThinking } from './reasoning.ts';
import type { Section, Trigger } from './section.ts';
import { match, nextCandidate, type TriggerTable, tableOf } from './trigger-table.ts';

/**
 * One trigger per marker: the same trigger listed twice counts once, and
 * triggers sharing a marker are chosen between by the character after it
 * (specific tests first, a trigger without a test last; `atStart` ones only
 * at the start of the answer). When none applies, the marker stays text,
 * reported unless the marker is ordinary text.
 */
export function mergeTriggers(triggers: readonly Trigger[]): Trigger[] {
  const groups = new Map<string, Trigger[]>();
  for (const trigger of new Set(triggers)) {
    const group = groups.get(trigger.marker);
    if (group === undefined) groups.set(trigger.marker, [trigger]);
    else group.push(trigger);
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [Trigger];
    if (group.length === 1 && first.firstChar === undefined) return first;
    // Several formats list the same end-of-turn token (`<|endoftext|>`): it stays one such token.
    if (group.every((t) => t.endOfTurn)) return first;
    const ordered = [...group.filter((t) => t.firstChar), ...group.filter((t) => !t.firstChar)];
    const atStart = group.every((t) => t.atStart);
    const quiet = group.every((t) => t.atStart || t.quiet);
    // Per-tool markers that two formats share (morph-XML's and YAML-XML's `<get_weather` under auto) keep their index.
    const indexWith = group.find((t) => t.indexWith)?.indexWith;
    return {
      marker: first.marker,
      atStart,
      quiet,
      ...(indexWith ? { indexWith } : {}),
      open: (env, marker) =>
        openByFirstChar(
          env,
          marker,
          (c) =>
            ordered.find((t) => (env.atStart || !t.atStart) && (t.firstChar === undefined || t.firstChar(c)))?.open ??
            ((e, prefix) => notACall(e, prefix, quiet)),
          quiet,
        ),
    };
  });
}

/** The thinking block the template opened (`reasoning: { startInside: true }`): the output starts inside it. */
function openedByTemplate(
  triggers: readonly Trigger[],
  context: ParserContext,
  callbacks: ParserCallbacks,
): Section | undefined {
  const reasoning = context.reasoning;
  if (typeof reasoning !== 'object' || reasoning.startInside !== true) return undefined;
  const env = { context, callbacks, atStart: true };
  const openers = triggers.filter((t) => t.reasoning);
  if (openers.length === 1) return openers[0]?.open(env, '');
  // Several families' thinking (auto), or a family with no start marker at all (Apriel 1.6's template opens
  // the block in words): the block ends at any of their end markers, whichever comes first.
  if (!triggers.some((t) => t.closesReasoning)) return undefined;
  return openThinking(
    env,
    '',
    triggers.filter((t) => t.closesReasoning).map((t) => t.marker),
  );
}

/** A trigger list ready to scan with: the triggers kept, then the tables for anywhere, at the start, after a call. */
type ScanTables = [
  triggers: readonly Trigger[],
  anywhere: TriggerTable,
  startOnly: TriggerTable,
  afterCall: TriggerTable,
];

/**
 * Per trigger list, its tables with and without the reasoning triggers. A
 * format's listed triggers are one array for every call, so the merging and
 * the tables are made once, not per answer: they were about a twentieth of a
 * short emulated request's CPU in the proxy. Triggers hold no per-call state
 * (the call's comes in through `open`'s environment), so sharing them is safe;
 * lists made per call (from the call's tools) are simply not found again.
 */
const tablesByList = new WeakMap<readonly Trigger[], Array<ScanTables | undefined>>();

function tablesFor(all: readonly Trigger[], textReasoning: boolean): ScanTables {
  const cached = tablesByList.get(all) ?? [];
  tablesByList.set(all, cached);
  const slot = +textReasoning; // 0 or 1
  let tables = cached[slot];
  if (tables === undefined) {
    const triggers = textReasoning ? all.filter((t) => !t.reasoning) : all;
    const merged = mergeTriggers(triggers);
    tables = [
      triggers,
      tableOf(merged.filter((t) => !t.atStart)),
      tableOf(merged.filter((t) => t.atStart)),
      tableOf(merged.filter((t) => t.atStart && t.afterCall)),
    ];
    cached[slot] = tables;
  }
  return tables;
}

export function createScanner(
  allTriggers: readonly Trigger[],
  context: ParserContext,
  outer: ParserCallbacks,
): StreamingParser {
  const [triggers, anywhere, startOnly, afterCallOnly] = tablesFor(allTriggers, context.reasoning === 'text');

  // Sections report through these; a completed call is where interleaved thinking may start.
  const callbacks: ParserCallbacks = {
    ...outer,
    onToolCallEnd(call) {
      afterCall = true;
      outer.onToolCallEnd(call);
    },
  };
  let section: Section | undefined = openedByTemplate(triggers, context, callbacks);
  /** A possible partial marker kept from the end of the previous chunk. */
  let held = '';
  /** Something other than whitespace has been written since the answer (re)started. */
  let sawNonSpace = false;
  /** Only whitespace since the last completed call: thinking may open here again. */
  let afterCall = false;
  /** End-of-turn tokens and the blanks after them, dropped if the output ends here. */
  let tail = '';

  function feed(chunk: string): void {
    const text = held === '' ? chunk : held + chunk;
    held = '';
    const n = text.length;
    let i = 0;
    let runStart = 0;
    while (i < n) {
      if (section !== undefined) {
        // A section may be over as soon as it opens (a marker that only restarts the answer).
        if (!section.done) i = section.write(text, i);
        if (section.done) {
          if (section.restartsAnswer === true) sawNonSpace = false;
          const leftover = section.leftover ?? '';
          section = undefined;
          if (leftover !== '') {
            // Bounded: the leftover is shorter than a marker, and only the rest of this chunk is copied.
            feed(leftover + text.slice(i));
            return;
          }
        }
        runStart = i;
        continue;
      }
      let found: Trigger | 'partial' | undefined;
      if (tail !== '') {
        // Only blanks and end-of-turn tokens may follow an end-of-turn token that is dropped; a partial
        // marker is held as in prose (the tail ends at `i`, so no text comes before it).
        if (isSpace(text.charAt(i))) {
          tail += text.charAt(i);
          runStart = ++i;
          continue;
        }
        found = match(text, i, anywhere);
        if (found !== 'partial' && !found?.endOfTurn) {
          // More answer follows: the token was not the end after all, so it is text, unless a new
          // message starts here (then it ended the message before, and is markup). `i` is read again below.
          if (found?.opensMessage) callbacks.onCallSegment?.(tail);
          else callbacks.onText(tail);
          tail = '';
          continue;
        }
      } else if (!sawNonSpace || afterCall) {
        if (isSpace(text.charAt(i))) {
          i++;
          continue;
        }
        // Specific markers first: `[TOOL_CALLS]` at the start is Mistral, not a bare `[` list.
        found = match(text, i, anywhere) ?? match(text, i, sawNonSpace ? afterCallOnly : startOnly);
        if (found === undefined) {
          // The answer has begun (or gone on after a call): from here on only markers that count anywhere.
          sawNonSpace = true;
          afterCall = false;
        }
      } else {
        i = nextCandidate(text, i, anywhere);
        if (i === n) break;
        found = match(text, i, anywhere);
      }
      if (found === undefined) {
        i++;
        continue;
      }
      if (i > runStart) callbacks.onText(text.slice(runStart, i));
      if (found === 'partial') {
        // The chunk ends inside what may become a marker: hold it back.
        held = text.slice(i);
        return;
      }
      i += found.marker.length;
      runStart = i;
      if (found.endOfTurn) {
        tail += found.marker;
        continue;
      }
      const atStart = !sawNonSpace;
      sawNonSpace = true;
      afterCall = false;
      section = found.open({ context, callbacks, atStart }, found.marker);
    }
    if (n > runStart && section === undefined) callbacks.onText(text.slice(runStart, n));
  }

  function flush(): void {
    section?.end();
    section = undefined;
    // No more text can complete a held marker: it was prose after all (and so was a pending end-of-turn
    // token). End-of-turn tokens that end the output are dropped (debug output still hears of them).
    if (held !== '') callbacks.onText(tail + held);
    else if (tail !== '') callbacks.onCallSegment?.(tail);
    held = tail = '';
  }

  return { feed, flush };
}
