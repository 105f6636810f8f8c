/**
 * The tool prompt, rendered once per distinct tool set. A proxy gets the same
 * tools with every request of an agent (Claude Code: 20 tools, 70 KB of
 * schemas and descriptions), and rendering them was a tenth of an emulated
 * request's CPU in Node; keying the cache costs a fifth of that: names,
 * schemas and examples as JSON, while the long descriptions are compared
 * with the cached ones (string equality, no copy) instead of serialised.
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
/** Characters (key and prompt) above which a tool set is not kept: 16 of them stay under ~16 MB. */
const MAX_ENTRY_CHARS = 512 * 1024;

/** Per middleware (keyed by its setup object, which this module need not know): key → [the descriptions, the prompt]. */
const caches = new WeakMap<object, Map<string, [Array<string | undefined>, string]>>();

/**
 * `render()`, or what it gave for the same tools and choice before (`choice`
 * names what else the prompt says). The key is everything the prompt depends
 * on but the descriptions, as JSON, which gives no two tool sets one key: the
 * cache is shared by every client of a proxy, and one must never get a prompt
 * made from another's tools.
 */
export function cachedToolPrompt(setup: object, tools: Tools, choice: string, render: () => string): string {
  let cache = caches.get(setup);
  if (cache === undefined) {
    cache = new Map();
    caches.set(setup, cache);
  }
  const key = JSON.stringify([
    choice,
    tools.map((t) => (t.type === 'function' ? [t.name, t.strict, t.inputSchema, t.inputExamples] : [t.name, t.id])),
  ]);
  const descriptions = tools.map((t) => (t.type === 'function' ? t.description : undefined));
  const hit = cache.get(key);
  // Taken out and put back last: the Map's order is the eviction order, least recently used first.
  cache.delete(key);
  if (hit?.[0].every((description, i) => description === descriptions[i])) {
    cache.set(key, hit);
    return hit[1];
  }
  const prompt = render();
  if (key.length + prompt.length <= MAX_ENTRY_CHARS) {
    cache.set(key, [descriptions, prompt]);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return prompt;
}
