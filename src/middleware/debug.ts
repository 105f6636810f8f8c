/**
 * Debug output. `stream` logs every raw and emitted part; `parse` logs, per
 * response, the raw text with tool-call segments highlighted and a summary of
 * the parsed calls.
 */
import type { DebugLevel, DebugStyle } from '../types.ts';
import { readEnv } from '../util/env.ts';

const STYLES: Record<DebugStyle, string> = {
  bg: '\u001b[43m\u001b[30m',
  inverse: '\u001b[7m',
  underline: '\u001b[4m',
  bold: '\u001b[1m',
};
const RESET = '\u001b[0m';

export function resolveDebug(level: DebugLevel | undefined): DebugLevel {
  const value = level ?? readEnv('DEBUG_PARSER_MW');
  return value === 'stream' || value === 'parse' ? value : 'off';
}

export function resolveDebugStyle(style: DebugStyle | undefined): DebugStyle {
  const value = style ?? readEnv('DEBUG_PARSER_MW_STYLE');
  return value === 'inverse' || value === 'underline' || value === 'bold' ? value : 'bg';
}

/** Marks each segment (in order) inside `text`. Segments are found left to right, so this is linear. */
export function highlightSegments(text: string, segments: string[], style: DebugStyle): string {
  let out = '';
  let from = 0;
  for (const segment of segments) {
    const at = text.indexOf(segment, from);
    if (at < 0) continue;
    out += text.slice(from, at) + STYLES[style] + segment + RESET;
    from = at + segment.length;
  }
  return out + text.slice(from);
}

export interface ParseSummary {
  protocol: string;
  text: string;
  segments: string[];
  calls: Array<{ toolName: string; input: string }>;
  /** The `debugStyle` option; unset, the environment's or `bg`. */
  style: DebugStyle | undefined;
}

export function logParseSummary({ protocol, text, segments, calls, style }: ParseSummary): void {
  console.debug(`[toolshim:${protocol}] raw output:\n${highlightSegments(text, segments, resolveDebugStyle(style))}`);
  console.debug(
    `[toolshim:${protocol}] ${calls.length} tool call(s)${calls.map((c) => `\n  ${c.toolName} ${c.input}`).join('')}`,
  );
}

export function logStreamPart(direction: 'raw' | 'out', part: unknown): void {
  console.debug(`[toolshim] ${direction}`, part);
}
