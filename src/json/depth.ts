/**
 * How deep client and model data may nest. Every walk of such data that
 * recurses (rendering history as JSON, Python or XML, a schema as a type,
 * coercion, `JSON.stringify` itself) fails with "Maximum call stack size
 * exceeded" somewhere past a few thousand levels (Node: `templateJson` from
 * about 2,000, `JSON.stringify` from about 5,000; workerd's stack is smaller).
 * Real tool arguments and schemas nest a few levels; past MAX_NESTING the
 * data is refused (a request) or not taken as a call (a model's output), with
 * a message, before any recursive walk sees it.
 */
export const MAX_NESTING = 100;

/**
 * Whether `value` is a level of nesting: an object or array. A typed array (a
 * file's bytes in a tool result) holds numbers only: nothing to walk, and
 * there may be megabytes of them.
 */
function isLevel(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);
}

/**
 * Whether `value` has an object or array deeper than `limit` levels. The walk
 * recurses at most `limit` levels, so any depth is measured safely, and
 * allocates next to nothing: it runs over every tool schema and every result
 * in the history, per call.
 */
export function nestsDeeperThan(value: unknown, limit = MAX_NESTING): boolean {
  if (!isLevel(value)) return false;
  if (limit <= 0) return true;
  if (Array.isArray(value)) return value.some((item) => nestsDeeperThan(item, limit - 1));
  for (const key in value) if (nestsDeeperThan((value as Record<string, unknown>)[key], limit - 1)) return true;
  return false;
}

/**
 * The path (keys and indexes, outermost first) to the first object or array
 * that sits deeper than `limit` levels, or undefined when `value` stays
 * within it. Recurses at most `limit` levels; stops at the first container
 * past the limit.
 */
export function pathPastDepth(value: unknown, limit = MAX_NESTING): Array<string | number> | undefined {
  const path: Array<string | number> = [];
  return reachesPast(value, 1, limit, path) ? path.reverse() : undefined;
}

/**
 * Whether `value`, a container at level `depth` if it is one, holds one past
 * `limit`; on the way back out, `path` gets the keys to it, innermost first.
 */
function reachesPast(value: unknown, depth: number, limit: number, path: Array<string | number>): boolean {
  if (!isLevel(value)) return false;
  if (depth > limit) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (reachesPast(value[i], depth + 1, limit, path)) {
        path.push(i);
        return true;
      }
    }
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (reachesPast((value as Record<string, unknown>)[key], depth + 1, limit, path)) {
      path.push(key);
      return true;
    }
  }
  return false;
}

/** A path as a field name: `messages[1].tool_calls[0]`; long paths keep their first steps and end in `…`. */
export function pathName(path: Array<string | number>, keep = 8): string {
  const shown = path
    .slice(0, keep)
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
  return path.length > keep ? `${shown}…` : shown;
}
