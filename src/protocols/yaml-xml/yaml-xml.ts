/**
 * yaml-xml: one element per call, named after the tool, whose body is a YAML
 * mapping of the arguments. The format of @ai-sdk-tool/parser's
 * `yamlXmlProtocol` (its README: "XML tool tags + YAML bodies"), so an app
 * that prompted with it keeps its prompts when it switches:
 *
 *   <write_file>
 *   path: /tmp/a.txt
 *   contents: |
 *     First line
 *     Second line
 *   </write_file>
 *
 * Multi-line text goes in a `|` block scalar, unescaped, which suits code.
 */
import type { ParserContext } from '../../parse/engine/events.ts';
import type { Trigger } from '../../parse/engine/section.ts';
import { indexMarkers } from '../../parse/engine/trigger-index.ts';
import { openYamlElement } from '../../parse/sections/yaml-element.ts';
import { defineFormat, type FormatDeclaration } from '../builtin-format.ts';
import type { ToolCallProtocol } from '../protocol.ts';
import { chatmlEnd, gemmaEnd, llamaEnd, thinkTriggers } from '../shared-triggers.ts';
import { renderToolList, resultText } from '../tool-list.ts';

/**
 * A call opens at a declared tool's own tag: `<name>` then the body, or `<name/>`. Where auto
 * prompts in yaml-xml it also reads morph-XML, whose trigger is the same `<name`: the prompted format's
 * triggers come first there, so the element is read as YAML.
 */
function yamlXmlTriggers(context: ParserContext): Trigger[] {
  return [...context.tools.keys()]
    .map((name): Trigger => ({ marker: `<${name}`, open: openYamlElement, indexWith: indexMarkers }))
    .concat(thinkTriggers, chatmlEnd, llamaEnd, gemmaEnd);
}

export interface YamlXmlProtocolOptions {
  /** Show the model a multi-line `|` value in the system prompt, as @ai-sdk-tool/parser does. Default true. */
  includeMultilineExample?: boolean;
}

/** Plain YAML text that reads back as this same string (no type, no indicator, no comment, no `key:`). */
const PLAIN =
  /^(?![-?:,[\]{}#&*!|>'"%@`\s])(?!.*(?:: |\s#|:$))(?!(?:[-+]?[\d.]|~$|null$|true$|false$|Null$|NULL$|True$|TRUE$|False$|FALSE$|0x|0o))[^\n\r\t]*[^\s]$/;

function yamlKey(key: string): string {
  return /^[A-Za-z_][\w.-]*$/.test(key) ? key : JSON.stringify(key);
}

/** A value after `key:` (or `- `), at `indent`: on the same line, or as the block that follows. */
function yamlValue(value: unknown, indent: string): string {
  if (typeof value === 'string') {
    if (PLAIN.test(value) && !value.includes('</')) return ` ${value}`;
    const lines = value.split('\n');
    // Multi-line text as a `|` block (`|-` without a final line break, `|+` with several), when each
    // line reads back as written: no leading blank on the first line, no carriage returns. Text with a
    // tag's `</` goes in a block too, where a close tag is content.
    if ((lines.length > 1 || value.includes('</')) && !/^[ \t]/.test(value) && !value.includes('\r')) {
      const trailing = /\n*$/.exec(value)?.[0].length ?? 0;
      const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
      const body = (trailing > 0 ? lines.slice(0, -1) : lines).map((l) => (l === '' ? '' : `${indent}  ${l}`));
      return ` |${chomp}\n${body.join('\n')}`;
    }
    return ` ${JSON.stringify(value)}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return ' []';
    return value.map((item) => `\n${indent}-${yamlItem(item, `${indent}  `)}`).join('');
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return ' {}';
    return `\n${yamlMapping(entries, `${indent}  `)}`;
  }
  return ` ${JSON.stringify(value ?? null)}`;
}

/** A list item: a mapping starts on the dash's line. */
function yamlItem(item: unknown, indent: string): string {
  const entries = item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.entries(item) : [];
  if (entries.length === 0) return yamlValue(item, indent);
  return ` ${yamlMapping(entries, indent).slice(indent.length)}`;
}

function yamlMapping(entries: Array<[string, unknown]>, indent: string): string {
  return entries.map(([key, value]) => `${indent}${yamlKey(key)}:${yamlValue(value, indent)}`).join('\n');
}

/** A call as the format writes it; the parser reads it back unchanged. */
export function renderYamlXmlCall(toolName: string, input: unknown): string {
  const entries = input !== null && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  return entries.length === 0 ? `<${toolName}/>` : `<${toolName}>\n${yamlMapping(entries, '')}\n</${toolName}>`;
}

export function yamlXmlProtocol(options: YamlXmlProtocolOptions = {}): ToolCallProtocol {
  const multiline = options.includeMultilineExample !== false;
  const defaultTemplate = (tools: string) =>
    [
      'You have functions you can call. Each one is described by a JSON schema, one per line:',
      tools,
      '',
      'To call a function, write an XML element named after it whose body holds the arguments in YAML:',
      '<get_weather>\nlocation: New York\nunit: celsius\n</get_weather>',
      ...(multiline
        ? [
            '',
            'Write text of several lines with YAML\'s "|" block, indented under its key:',
            '<write_file>\npath: notes.txt\ncontents: |\n  First line\n  Second line\n</write_file>',
          ]
        : []),
      '',
      'A function without arguments is an empty element: <function_name/>. You may call several functions, one element after the other.',
      'Use only the functions listed above. Each result comes back inside <tool_response>. When no function is needed, answer normally.',
    ].join('\n');

  return defineFormat({
    name: 'yaml-xml',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) => renderYamlXmlCall(toolName, input),
    formatToolResponse: ({ toolName, result }) =>
      `<tool_response name="${toolName}">\n${resultText(result)}\n</tool_response>`,
    triggers: yamlXmlTriggers,
  });
}

/** @internal The `yaml-xml` format in the registry (formats.ts). */
export const yamlXmlFormat: FormatDeclaration = {
  name: 'yaml-xml',
  label: 'YAML in XML elements',
  models: 'apps leaving @ai-sdk-tool/parser’s yamlXmlProtocol; code-heavy values',
  preset: 'yamlXmlToolMiddleware',
  create: yamlXmlProtocol,
  triggers: yamlXmlTriggers,
  // A prompted format (no model is trained on it): auto reads it when it prompts in it, and otherwise
  // does not ship its YAML reader (about 2 KB min+gzip).
  inAuto: false,
};
