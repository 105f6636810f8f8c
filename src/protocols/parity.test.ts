/**
 * A format parses identically through its own preset and through auto: the
 * same stream parts (ids normalised, a text block's deltas joined), the same
 * text, the same argument deltas byte for byte, and the same onError codes,
 * in every chunking. Auto runs the
 * same sections with every format's triggers, so any difference here is a
 * trigger of another format firing on this format's text.
 */
import { describe, expect, it } from 'vitest';
import { createToolMiddleware } from '../middleware/create-tool-middleware.ts';
import { FORMAT_FIXTURES } from '../test/format-fixtures.ts';
import { chunkings, normalizeIds, streamParts } from '../test/harness.ts';
import { autoProtocol } from './auto/auto.ts';
import { NATIVE_FORMATS } from './formats.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { findFormat } from './registry.ts';

/**
 * Consecutive text deltas of one block joined: where prose is cut into deltas
 * depends on which markers could still be starting (auto holds back more), not
 * on what was parsed.
 */
function joinTextDeltas<T extends { type: string }>(parts: T[]): T[] {
  const out: T[] = [];
  for (const part of parts) {
    const last = out[out.length - 1] as { type: string; id?: string; delta?: string } | undefined;
    const text = part as unknown as { type: string; id: string; delta: string };
    if (part.type === 'text-delta' && last?.type === 'text-delta' && last.id === text.id) {
      last.delta += text.delta;
    } else out.push({ ...part });
  }
  return out;
}

async function run(protocol: ToolCallProtocol, tools: Parameters<typeof streamParts>[0]['tools'], chunks: string[]) {
  const errors: string[] = [];
  const middleware = createToolMiddleware({ protocol, onError: (_m, meta) => errors.push(meta.code) });
  return { parts: joinTextDeltas(normalizeIds(await streamParts({ middleware, tools }, chunks))), errors };
}

describe('preset and auto parse every format identically', () => {
  for (const set of FORMAT_FIXTURES) {
    const format = findFormat(set.format);
    // A format auto leaves out (yaml-xml) is read by auto prompting in it.
    const outOfAuto = NATIVE_FORMATS.find((f) => f.name === set.format)?.inAuto === false;
    const auto = () => (outOfAuto ? autoProtocol({ prompt: format?.create() }) : autoProtocol());
    describe(set.format, () => {
      it('is in the registry', () => expect(format?.name).toBe(set.format));
      for (const fixture of set.fixtures) {
        it(fixture.name, async () => {
          for (const { chunks } of chunkings(fixture.text)) {
            const preset = await run(format?.create() as ToolCallProtocol, set.tools, chunks);
            const viaAuto = await run(auto(), set.tools, chunks);
            expect(viaAuto.parts).toEqual(preset.parts);
            expect(viaAuto.errors).toEqual(preset.errors);
          }
        });
      }
    });
  }
});
