/**
 * Client data too deep to write into a prompt: a tool schema, or a tool
 * call's input or result in the history, nested past MAX_NESTING levels.
 * Every renderer (JSON as the templates write it, Python literals, XML, a
 * schema as a TypeScript type, `JSON.stringify` itself) recurses on the data
 * and would fail with "Maximum call stack size exceeded"; the prompt
 * rewriting hands each such value through this check, which walks it without
 * recursion and refuses the call with a message that names the tool or call,
 * before the model is called (the proxy answers 400).
 */
import { ToolshimInvalidRequestError } from '../errors.ts';
import { MAX_NESTING, nestsDeeperThan } from '../json/depth.ts';

/** `value` itself, unless it nests too deep: then the call is refused, naming the tool (`schema`) or the call. */
export function notTooDeep<T>(value: T, name: string, what: 'schema' | 'input' | 'result'): T {
  if (nestsDeeperThan(value)) {
    const schema = what === 'schema';
    throw new ToolshimInvalidRequestError(
      `Tool${schema ? '' : ' call'} "${name}"'s ${what} nests deeper than ${MAX_NESTING} levels; flatten it.`,
      schema ? 'tools' : 'prompt',
    );
  }
  return value;
}
