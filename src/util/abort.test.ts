import { afterEach, describe, expect, it } from 'vitest';
import { anySignal } from './abort.ts';

describe.each([
  ['with AbortSignal.any', false],
  ['without AbortSignal.any (edge-runtime 4)', true],
])('anySignal %s', (_name, hideNative) => {
  const original = Object.getOwnPropertyDescriptor(AbortSignal, 'any');
  afterEach(() => {
    if (original) Object.defineProperty(AbortSignal, 'any', original);
  });

  function setup() {
    if (hideNative) Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true, writable: true });
  }

  it('aborts when any input aborts, with its reason', () => {
    setup();
    const a = new AbortController();
    const b = new AbortController();
    const combined = anySignal([a.signal, b.signal]);
    expect(combined.aborted).toBe(false);
    b.abort('because');
    expect(combined.aborted).toBe(true);
    expect(combined.reason).toBe('because');
  });

  it('is aborted at once when an input already is', () => {
    setup();
    const a = new AbortController();
    a.abort('early');
    expect(anySignal([new AbortController().signal, a.signal]).reason).toBe('early');
  });
});
