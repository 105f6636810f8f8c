/**
 * morph-XML: one element per call, named after the tool, with one child
 * element per parameter. Small models often get this right more reliably
 * than JSON, because nothing in it needs escaping.
 *
 *   <get_weather>
 *   <city>Seoul</city>
 *   </get_weather>
 */
import type { ParserContext } from '../../parse/engine/events.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { indexMarkers } from '../../parse/engine/trigger-index.ts';
import { openXmlElement } from '../../parse/sections/xml-element.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { chatmlEnd, gemmaEnd, llamaEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList } from '../tool-list.ts';

/** @internal A call opens at a declared tool's own tag, so the triggers are the declared tools' names. */
export function morphXmlTriggers(context: ParserContext): Trigger[] {
  return [...context.tools.keys()]
    .map((name): Trigger => ({ marker: `<${name}`, open: openXmlElement, indexWith: indexMarkers }))
    .concat(thinkTriggers, chatmlEnd, llamaEnd, gemmaEnd);
}

export interface MorphXmlProtocolOptions {
  /** The element that wraps a tool result in the history. Default `tool_response`. */
  toolResponseTag?: string;
  /** The protocol's name in debug output. Default `morph-xml`. */
  name?: string;
}

/** `&` that would otherwise be read back as an entity, and the value's own close tag. */
function escapeText(text: string, element: string): string {
  return text
    .replace(/&(?=(?:amp|lt|gt|quot|apos|#\d+|#[xX][0-9a-fA-F]+);)/g, '&amp;')
    .split(`</${element}>`)
    .join(`&lt;/${element}>`);
}

/** Renders a value as the children of `<name>`, the way the parser reads it back. */
function renderElement(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => renderElement(name, item)).join('\n');
  if (value !== null && typeof value === 'object') {
    const children = Object.entries(value).map(([key, child]) => renderElement(key, child));
    return `<${name}>\n${children.join('\n')}\n</${name}>`;
  }
  const text = escapeText(typeof value === 'string' ? value : JSON.stringify(value), name);
  // The parser drops one line break after the open tag and one before the close tag, so a
  // multi-line value gets one of each added: it then reads back unchanged.
  return /[\r\n]/.test(text) ? `<${name}>\n${text}\n</${name}>` : `<${name}>${text}</${name}>`;
}

function renderMorphXmlCall(toolName: string, input: unknown): string {
  const entries = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  if (entries.length === 0) return `<${toolName}/>`;
  return `<${toolName}>\n${entries.map(([key, value]) => renderElement(key, value)).join('\n')}\n</${toolName}>`;
}

export function morphXmlProtocol(options: MorphXmlProtocolOptions = {}): ToolCallProtocol {
  const responseTag = options.toolResponseTag ?? 'tool_response';
  if (!/^[A-Za-z_][\w.:-]*$/.test(responseTag)) {
    throw new TypeError(
      `morphXmlProtocol: toolResponseTag must be an XML element name such as "tool_response", got ${JSON.stringify(responseTag)}.`,
    );
  }

  const defaultTemplate = (tools: string) =>
    [
      'You have functions you can call. Each one is described by a JSON schema, one per line:',
      tools,
      '',
      'To call a function, write an XML element named after the function, with one child element per argument:',
      '<function_name>\n<parameter_name>value</parameter_name>\n</function_name>',
      '',
      'Rules:',
      '- Write argument values as plain text; code and text go in unchanged, with no escaping and no quotes around them.',
      '- Numbers and booleans are written as they are: <count>3</count>, <enabled>true</enabled>.',
      '- A list is the same element repeated: <tag>a</tag>\n<tag>b</tag>. An object is nested elements.',
      '- A function without arguments is a single empty element: <function_name/>.',
      '- You may call several functions, one element after the other. Use only the functions listed above.',
      `Each result comes back inside <${responseTag}>. When no function is needed, answer normally.`,
    ].join('\n');

  return defineFormat({
    name: options.name ?? 'morph-xml',
    formatTools({ tools, toolSystemPromptTemplate }) {
      return (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools));
    },
    formatToolCall({ toolName, input }) {
      return renderMorphXmlCall(toolName, input);
    },
    formatToolResponse({ toolName, result }) {
      const text = typeof result === 'string' ? result : JSON.stringify(result);
      return `<${responseTag} name="${toolName}">\n${text}\n</${responseTag}>`;
    },
    triggers: morphXmlTriggers,
  });
}

/** @internal The `morph-xml` format in the registry (formats.ts). */
export const morphXmlFormat: FormatDeclaration = {
  name: 'morph-xml',
  label: 'morph-XML elements',
  models: 'small models that handle XML better than JSON; code-heavy arguments',
  preset: 'morphXmlToolMiddleware',
  create: morphXmlProtocol,
  triggers: morphXmlTriggers,
  aliases: ['xml'],
};
