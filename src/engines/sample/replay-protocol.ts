/**
 * The replay engine told its format (`createReplayEngine({ format })`):
 * calls are written by that protocol's own history renderer, so the scripted
 * sample model speaks every format in the registry, and earlier turns are
 * recognised by that protocol's own parser. Arguments are fitted to the
 * schemas the system prompt lists, so a script never sends a parameter the
 * tool does not declare.
 */
import { triggersOf } from '../../protocols/builtin-format.ts';
import { parseGeneratedText } from '../../protocols/parse-text.ts';
import type { ToolCallProtocol } from '../../protocols/protocol.ts';
import { FORMAT_NAMES, findFormat } from '../../protocols/registry.ts';
import { type ReplayCall, renderMalformedCall } from './replay-formats.ts';
import { closingOf } from './replay-results.ts';
import type { ReplayTurn } from './replay-scripts.ts';

/** The protocol called `name`, or a TypeError that lists the names. */
export function replayProtocol(name: string): ToolCallProtocol {
  const format = findFormat(name);
  if (format === undefined) {
    throw new TypeError(`createReplayEngine: unknown format. Use one of: ${FORMAT_NAMES.join(', ')}.`);
  }
  return format.create();
}

type Properties = Record<string, unknown>;

/**
 * Each tool's declared properties, from the tool list in the system prompt:
 * `{"type":"function","function":{…}}` objects however they are laid out
 * (one per line, in a `[AVAILABLE_TOOLS]` list, in `<tool>` tags), or
 * Harmony's TypeScript (`type get_weather = (_: { city: string, }) => any;`).
 * Tools listed another way are left out.
 */
export function toolPropertiesIn(system: string): Map<string, Properties | undefined> {
  const found = new Map<string, Properties | undefined>();
  for (let at = system.indexOf('{"type":"function"'); at >= 0; at = system.indexOf('{"type":"function"', at + 1)) {
    const end = closingOf(system, at);
    if (end < 0) continue;
    const text = system.slice(at, end + 1);
    try {
      const tool = JSON.parse(text) as { function?: { name?: string; parameters?: { properties?: Properties } } };
      const name = tool.function?.name;
      if (typeof name === 'string') found.set(name, tool.function?.parameters?.properties);
    } catch {
      // Only looks like a tool: not ours to read.
    }
  }
  for (const match of system.matchAll(/^type ([A-Za-z_][\w.-]*) = \(_: \{([\s\S]*?)^\}\) => any;/gm)) {
    const properties: Properties = {};
    for (const key of (match[2] as string).matchAll(/^ {2}([A-Za-z_]\w*)\??:/gm)) properties[key[1] as string] = {};
    found.set(match[1] as string, properties);
  }
  for (const match of system.matchAll(/^type ([A-Za-z_][\w.-]*) = \(\) => any;/gm)) found.set(match[1] as string, {});
  return found;
}

/** Keeps the arguments the tool declares (all of them when its schema is unknown or lists none). */
export function fitToSchema(call: ReplayCall, tools: Map<string, Properties | undefined>): ReplayCall {
  const properties = tools.get(call.name);
  if (properties === undefined) return call;
  return {
    name: call.name,
    arguments: Object.fromEntries(Object.entries(call.arguments).filter(([key]) => Object.hasOwn(properties, key))),
  };
}

/** A call cut off inside its first string value, as a model stopped mid-call writes it. */
function cutCall(rendered: string, call: ReplayCall): string {
  const value = Object.values(call.arguments).find((v): v is string => typeof v === 'string' && v.length > 1);
  const at = value === undefined ? -1 : rendered.indexOf(value);
  return at < 0
    ? rendered.slice(0, Math.ceil(rendered.length / 2))
    : rendered.slice(0, at + Math.ceil((value as string).length / 2));
}

/**
 * The turn as `protocol` writes it. A malformed turn breaks its first call the
 * scripted way where there is one, else ends inside the call's first string
 * value (a model cut off mid-call); either way the parser keeps it as text.
 */
export function renderTurnWith(protocol: ToolCallProtocol, turn: ReplayTurn): string {
  const calls = (turn.calls ?? []).map((call, i) =>
    protocol.formatToolCall({ toolCallId: `call_${i + 1}`, toolName: call.name, input: call.arguments }),
  );
  // Bare formats (Llama 3 JSON, xLAM and pythonic lists) count only when the calls open the answer, and a
  // list format writes parallel calls in one list: the models of these families answer with the calls alone.
  const bare = calls.length > 0 && /^[[{]/.test(calls[0] as string);
  const before = bare ? '' : (turn.before ?? '');
  const first = turn.calls?.[0];
  if (turn.malformed && first !== undefined) {
    // Auto writes the format it teaches (`auto(hermes)`), so it breaks calls as that format's models do.
    const scripted = renderMalformedCall(protocol.name.replace(/^auto\((.*)\)$/, '$1'), first);
    return `${before}${scripted ?? cutCall(calls[0] as string, first)}`;
  }
  const lists = bare && calls.every((call) => call.startsWith('[') && call.endsWith(']'));
  const body = lists && calls.length > 1 ? `[${calls.map((call) => call.slice(1, -1)).join(', ')}]` : calls.join('\n');
  return `${before}${body}${turn.after ?? ''}`;
}

/** Whether an earlier assistant text made a call, read by the protocol's own parser. */
export function madeCallWith(protocol: ToolCallProtocol, text: string, toolNames: string[]): boolean {
  const tools = toolNames.map((name) => ({ name, inputSchema: {} }));
  return parseGeneratedText(protocol, { text, tools }).some((part) => part.type === 'tool-call');
}

/** Each thinking start marker the families use, and how a block in it is written (their chat templates). */
const THINKING: Record<string, (thought: string) => string> = {
  '<think>': (t) => `<think>\n${t}\n</think>\n\n`,
  '[THINK]': (t) => `[THINK]${t}[/THINK]`,
  '<|channel>': (t) => `<|channel>thought\n${t}<channel|>`,
};

/**
 * How `protocol` writes a thinking block, or undefined for a format without
 * thinking markers. Harmony thinks on its analysis channel; the others in
 * the block their reasoning trigger opens.
 */
export function thinkingWriter(protocol: ToolCallProtocol | undefined): ((thought: string) => string) | undefined {
  if (protocol === undefined) return THINKING['<think>'];
  if (protocol.name === 'harmony') return (t) => `<|channel|>analysis<|message|>${t}<|end|>`;
  const triggers = triggersOf(protocol)?.({ tools: new Map(), generateId: () => '' }) ?? [];
  const start = triggers.find((trigger) => trigger.reasoning === true && THINKING[trigger.marker] !== undefined);
  return start === undefined ? undefined : THINKING[start.marker];
}
