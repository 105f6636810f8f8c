/**
 * The manual's table of model names: for each format, the patterns of the
 * model names that pick it (each format declares them in its own file) and
 * the formats it wins over when a name matches both.
 */
import { FORMATS } from '../../src/protocols/registry.ts';
import { markdownMarkers } from './generated-block.ts';

export const MODEL_NAMES_BLOCK = markdownMarkers('model-names', "the formats' declarations");

export function renderModelNameTable(): string {
  const rows = FORMATS.filter((format) => format.modelNames !== undefined).map((format) => {
    const patterns = (format.modelNames ?? []).map((pattern) => `\`${String(pattern).replaceAll('|', '\\|')}\``);
    const over = (format.outranks ?? []).map((name) => `\`${name}\``).join(', ');
    return `| \`${format.name}\` | ${patterns.join(', ')} | ${over} |`;
  });
  return ['| format | model names | wins over |', '| --- | --- | --- |', ...rows].join('\n');
}
