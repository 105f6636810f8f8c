/**
 * The tool prompt, rendered once per distinct tool set. A proxy gets the same
 * tools with every request of an agent (Claude Code: 20 tools, 70 KB of
 * schemas and descriptions), and rendering them was a tenth of an emulated
 * request's CPU in Node. A cached prompt is found by the tool choice and the
 * tool names, then given only if every tool is the same as the one it was made
 * from: the same description (string equality, no copy), flags, and schema and
 * examples walked side by side, keys in order. The walk makes only each
 * object's short key list, where serialising every schema to a key (as this
 * cache did first) made a string of tens of KB per request for the collector.
 *
 * Per middleware (the protocol and the template are fixed there), a few sets
 * (an app with several agents), least recently used first out; a tool set
 * too large to keep is rendered every time. Reached from cachingToolMiddleware
 * (the proxy's) only: an app's middleware renders per call and stays as small. `formatTools` and the template
 * are pure functions of the tools, as the protocol interface describes them.
 * Synchronous, so concurrent requests cannot see a half-made entry.
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';

type Tools = NonNullable<LanguageModelV4CallOptions['tools']>;

/** Tool sets kept per middleware. */
const MAX_ENTRIES = 16;
/** Characters of a prompt above which its tool set is not kept: 16 of them (with the tools they came from) stay under ~16 MB. */
const MAX_ENTRY_CHARS = 512 * 1024;

/** One kept prompt: the choice and tool names it was made for, the tools themselves, the prompt. */
type Entry = [names: string, tools: Tools, prompt: string];

/** Per middleware (keyed by its setup object, which this module need not know), least recently used first. */
const caches = new WeakMap<object, Entry[]>();

/**
 * `render()`, or what it gave before for the same tools and choice (`choice`
 * names what else the prompt says). The cache is shared by every client of a
 * proxy, and one must never get a prompt made from another's tools: a hit
 * needs every field the prompt depends on to be equal, and anything the walk
 * cannot tell equal (a key order, a NaN) counts as a change.
 */
export function cachedToolPrompt(setup: object, tools: Tools, choice: string, render: () => string): string {
  let cache = caches.get(setup);
  if (cache === undefined) {
    cache = [];
    caches.set(setup, cache);
  }
  let names = choice;
  for (const tool of tools) names += `\0${tool.name}`;
  // At most 16 entries: comparing the names first keeps a miss to a few string comparisons.
  const at = cache.findIndex((entry) => entry[0] === names && sameTools(entry[1], tools));
  if (at >= 0) {
    const [hit] = cache.splice(at, 1) as [Entry];
    cache.push(hit);
    return hit[2];
  }
  const prompt = render();
  if (names.length + prompt.length <= MAX_ENTRY_CHARS) {
    cache.push([names, tools, prompt]);
    if (cache.length > MAX_ENTRIES) cache.shift();
  }
  return prompt;
}

function sameTools(kept: Tools, tools: Tools): boolean {
  if (kept.length !== tools.length) return false;
  return kept.every((was, i) => {
    const tool = tools[i];
    if (tool === undefined || tool.type !== was.type || tool.name !== was.name) return false;
    if (tool.type !== 'function' || was.type !== 'function') {
      return tool.type === 'provider' && was.type === 'provider' && tool.id === was.id;
    }
    return (
      tool.description === was.description &&
      tool.strict === was.strict &&
      sameJson(tool.inputSchema, was.inputSchema) &&
      sameJson(tool.inputExamples, was.inputExamples)
    );
  });
}

/** Equal as JSON written out: the same values, arrays and objects, keys in the same order. Loops, not callbacks: it runs per request. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key !== otherKeys[i] || !sameJson(left[key], right[key])) return false;
  }
  return true;
}

/**
 * The system text joined from `prefix` and `parts` (withSystemPrompt), the
 * last one kept: an agent sends the same system prompt and tools with every
 * request, and joining its 70 KB anew each time was about a twentieth of what
 * the proxy's emulated path allocated per request. A pure function of its
 * inputs, so one copy serves every caller; on the proxy's path only, as the
 * prompt cache is, so an app's bundle does not carry it.
 */
let lastSystem: { prefix: string; parts: string[]; text: string } | undefined;

export function joinedSystem(prefix: string, parts: string[]): string {
  const last = lastSystem;
  if (last !== undefined && last.prefix === prefix && last.parts.length === parts.length) {
    let same = true;
    for (let i = 0; same && i < parts.length; i++) same = last.parts[i] === parts[i];
    if (same) return last.text;
  }
  const text = prefix + parts.join('\n\n');
  lastSystem = { prefix, parts, text };
  return text;
}
