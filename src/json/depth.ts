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
 * Whether `value` has an object or array deeper than `limit` levels. Walked
 * without recursion, so any depth is measured safely.
 */
export function nestsDeeperThan(value: unknown, limit = MAX_NESTING): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [current, depth] = top;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

interface Step {
  value: unknown;
  depth: number;
  parent: Step | undefined;
  key: string | number;
}

/**
 * The path (keys and indexes, outermost first) to the first object or array
 * that sits deeper than `limit` levels, or undefined when `value` stays
 * within it. Iterative, so any depth is measured safely; stops at the first
 * container past the limit.
 */
export function pathPastDepth(value: unknown, limit = MAX_NESTING): Array<string | number> | undefined {
  const stack: Step[] = [{ value, depth: 0, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const { value: current } = step;
    if (current === null || typeof current !== 'object') continue;
    const depth = step.depth + 1;
    if (depth > limit) {
      const path: Array<string | number> = [];
      for (let at: Step | undefined = step; at?.parent !== undefined; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], depth, parent: step, key: i });
    } else {
      for (const key of Object.keys(current)) {
        stack.push({ value: (current as Record<string, unknown>)[key], depth, parent: step, key });
      }
    }
  }
  return undefined;
}

/** A path as a field name: `messages[1].tool_calls[0]`; long paths keep their first steps and end in `…`. */
export function pathName(path: Array<string | number>, keep = 8): string {
  const shown = path
    .slice(0, keep)
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
  return path.length > keep ? `${shown}…` : shown;
}
