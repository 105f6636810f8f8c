/**
 * A generated block inside a hand-written file, between two marker lines
 * (`<!-- id:start … -->` and `<!-- id:end -->` in Markdown, `// id:start …`
 * and `// id:end` in JSONC). `npm run sync` rewrites what is between them;
 * the tests that check a block is current compare against the same text.
 */
export interface BlockMarkers {
  start: string;
  end: string;
}

export function markdownMarkers(id: string, source: string): BlockMarkers {
  return { start: `<!-- ${id}:start (generated from ${source} by \`npm run sync\`) -->`, end: `<!-- ${id}:end -->` };
}

export function jsoncMarkers(id: string, source: string): BlockMarkers {
  return { start: `// ${id}:start (generated from ${source} by npm run sync)`, end: `// ${id}:end` };
}

/** `text` with the block between `markers` replaced by `body`; throws when the markers are missing. */
export function withBlock(text: string, markers: BlockMarkers, body: string): string {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`The file has no "${markers.start}" … "${markers.end}" block.`);
  // The end marker's line keeps its indent.
  return `${text.slice(0, start)}${markers.start}\n${body}\n${text.slice(text.lastIndexOf('\n', end) + 1)}`;
}

/** What is between the markers now, for a staleness check. */
export function blockOf(text: string, markers: BlockMarkers): string | undefined {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + markers.start.length + 1, text.lastIndexOf('\n', end));
}
