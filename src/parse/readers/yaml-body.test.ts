/**
 * Where a yaml-xml call's YAML body ends a value that spans lines (a block
 * scalar, a flow collection): read through the middleware, fed whole, one
 * character at a time and at random split points. Inputs are scripted.
 */
import { describe, expect, it } from 'vitest';
import { yamlXmlToolMiddleware } from '../../index.ts';
import { yamlXmlTools } from '../../protocols/yaml-xml/test/fixtures.ts';
import { chunkings, streamParts, summarize } from '../../test/harness.ts';

async function read(text: string) {
  const results = [];
  for (const { name, chunks } of chunkings(text)) {
    const { text: prose, calls } = summarize(
      await streamParts({ middleware: yamlXmlToolMiddleware, tools: yamlXmlTools }, chunks),
    );
    results.push({ name, prose, calls: calls.map((c) => ({ toolName: c.toolName, input: c.input })) });
  }
  const [whole] = results;
  for (const other of results) expect({ ...other, name: 'whole' }, other.name).toEqual(whole);
  return whole as (typeof results)[number];
}

describe('yaml-xml bodies: values over several lines', () => {
  it('a close tag among a block scalar’s more indented lines is content', async () => {
    const text = '<write_file>\nfile_path: a.txt\ncontents: |\n  x\n  </write_file>\n</write_file>';
    expect(await read(text)).toMatchObject({
      prose: '',
      calls: [{ toolName: 'write_file', input: { file_path: 'a.txt', contents: 'x\n</write_file>\n' } }],
    });
  });

  it('once the block scalar has ended, an indented close tag ends the call', async () => {
    // Prose follows: a close tag that ends the output would end the call either way.
    const text = '<write_file>\ncontents: |\n  x\nfile_path: a.txt\n  </write_file>\nDone.';
    expect(await read(text)).toMatchObject({
      prose: 'Done.', // the line break after a call is dropped, as after any call
      calls: [{ toolName: 'write_file', input: { contents: 'x\n', file_path: 'a.txt' } }],
    });
  });

  it('a flow collection still open when the body ends is no YAML: the call goes back as text', async () => {
    const text = '<write_file>\nfile_path: a.txt\ncontents: [a,\n  b\n</write_file>';
    expect(await read(text)).toMatchObject({ prose: text, calls: [] });
  });
});
