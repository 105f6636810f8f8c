/**
 * Calls, results, then a new user turn, for every format in the registry
 * (the history rows check the formats with a template; this covers the rest,
 * gemma's fence and morph-XML included): the next user message is a user
 * turn of its own, as the chat templates write it, unless the family's
 * template demands alternating turns (then it shares the results' turn).
 */
import { describe, expect, it } from 'vitest';
import { sentTurns } from '../test/history-harness.ts';
import { FORMATS } from './registry.ts';

describe('history: calls, results, then a new user turn', () => {
  for (const format of FORMATS) {
    it(format.name, async () => {
      const protocol = format.create();
      const { results, after } = await sentTurns(protocol, 'calls and results', 'Thanks.');
      if (protocol.mergeUserTurns === true) {
        expect(after).toEqual([`user: ${results}`]);
        expect(results.endsWith('\nThanks.')).toBe(true);
      } else expect(after).toEqual([`user: ${results}`, 'user: Thanks.']);
    });
  }
});
