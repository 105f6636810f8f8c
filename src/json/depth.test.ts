import { describe, expect, it } from 'vitest';
import { MAX_NESTING, nestsDeeperThan, pathName, pathPastDepth } from './depth.ts';

/** `{"a":{"a":…1…}}`, `depth` objects deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('pathPastDepth', () => {
  it('is undefined for scalars and for data within the limit', () => {
    expect(pathPastDepth('text')).toBeUndefined();
    expect(pathPastDepth(null)).toBeUndefined();
    expect(pathPastDepth(nested(MAX_NESTING))).toBeUndefined();
    expect(pathPastDepth({ list: [1, [2, [3]]], other: { x: {} } }, 4)).toBeUndefined();
  });

  it('gives the path to the first container past the limit', () => {
    expect(pathPastDepth(nested(MAX_NESTING + 1))).toEqual(Array(MAX_NESTING).fill('a'));
    expect(pathPastDepth({ ok: [1], deep: [[[[]]]] }, 3)).toEqual(['deep', 0, 0]);
    expect(pathPastDepth({ first: [[[[]]]], second: { a: { b: { c: {} } } } }, 3)).toEqual(['first', 0, 0]);
    expect(pathPastDepth([[1], [[[[]]]]], 3)).toEqual([1, 0, 0]);
  });

  it('measures a million levels without recursion (no stack overflow)', () => {
    let value: unknown = [];
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(pathPastDepth(value)?.length).toBe(MAX_NESTING);
  });
});

describe('nestsDeeperThan', () => {
  it('agrees with pathPastDepth at the limit, for objects and arrays', () => {
    expect(nestsDeeperThan(nested(MAX_NESTING))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_NESTING + 1))).toBe(true);
    expect(nestsDeeperThan([[[]]], 3)).toBe(false);
    expect(nestsDeeperThan([[[[]]]], 3)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [{ c: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [{ c: [] }] }, 3)).toBe(true);
  });
});

describe('nestsDeeperThan on bytes', () => {
  it("counts a typed array (a file's bytes in a tool result) as data, not as a level to walk", () => {
    // Walking each of its elements took 0.4 s for 4 MB of image bytes.
    expect(nestsDeeperThan({ file: { data: new Uint8Array(4_000_000) } }, 2)).toBe(false);
    expect(nestsDeeperThan({ file: { data: new Uint8Array(8) } }, 1)).toBe(true);
    // The proxy's walk of a request body follows the same rule.
    expect(pathPastDepth({ file: { data: new Uint8Array(8) } }, 2)).toBeUndefined();
    expect(pathPastDepth({ file: { data: [] } }, 2)).toEqual(['file', 'data']);
  });
});

describe('pathName', () => {
  it('writes keys and indexes as a field name, long paths cut with …', () => {
    expect(pathName(['messages', 1, 'tool_calls', 0])).toBe('messages[1].tool_calls[0]');
    expect(pathName(['a', 'b', 'c'], 2)).toBe('a.b…');
    expect(pathName([])).toBe('');
  });
});

describe('coerceToolInput on a value nested past the limit', () => {
  it('returns it as it is instead of overflowing the stack', async () => {
    const { coerceToolInput } = await import('../coerce/coerce.ts');
    const value = nested(10_000);
    expect(coerceToolInput(value, { type: 'object', properties: { a: { type: 'object' } } })).toBe(value);
    expect(coerceToolInput({ a: '1' }, { type: 'object', properties: { a: { type: 'number' } } })).toEqual({ a: 1 });
  });
});
