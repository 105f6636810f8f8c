/**
 * gpt-oss Harmony tool calls:
 *   <|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>
 * The recipient (`to=functions.NAME`) may also come before `<|channel|>`.
 * Engines often stop on `<|call|>` and drop it; a call ending with the
 * output still counts. Messages to no function (analysis, final) are left as
 * text, untouched. The markers are special tokens: the engine must keep
 * special tokens (transformers.js `skip_special_tokens: false`).
 */
import { openNamedJsonSection } from '../parse/named-json-section.ts';
import { createSectionScanner, type SectionEnv, type Trigger } from '../parse/section-scanner.ts';
import { defineProtocol } from './define-protocol.ts';
import type { ToolCallProtocol } from './protocol.ts';
import { renderToolList } from './tool-list.ts';

const RECIPIENT = /\bto=(?:functions\.)?([A-Za-z_][\w.-]{0,127})/;

function openHarmonyMessage(env: SectionEnv, marker: string) {
  return openNamedJsonSection(env, marker, {
    headerEnd: '<|message|>',
    toolName: (header) => RECIPIENT.exec(header)?.[1],
    end: ['<|call|>', '<|end|>'],
    quiet: true,
  });
}

export const harmonyTriggers: readonly Trigger[] = [
  { marker: '<|start|>', open: openHarmonyMessage },
  { marker: '<|channel|>', open: openHarmonyMessage },
];

const defaultTemplate = (tools: string) =>
  [
    '# Tools',
    '',
    '## functions',
    '',
    'These functions are available; call them on the commentary channel:',
    tools,
    '',
    'To call a function, write:',
    '<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{"parameter": "value"}<|call|>',
    'When no function is needed, answer on the final channel.',
  ].join('\n');

/** gpt-oss Harmony: `<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>`. */
export function harmonyProtocol(): ToolCallProtocol {
  return defineProtocol({
    name: 'harmony',
    formatTools: ({ tools, toolSystemPromptTemplate }) =>
      (toolSystemPromptTemplate ?? defaultTemplate)(renderToolList(tools)),
    formatToolCall: ({ toolName, input }) =>
      `<|start|>assistant<|channel|>commentary to=functions.${toolName} <|constrain|>json<|message|>${JSON.stringify(input ?? {})}<|call|>`,
    formatToolResponse: ({ toolName, result }) =>
      `<|start|>functions.${toolName} to=assistant<|channel|>commentary<|message|>${JSON.stringify(result)}<|end|>`,
    createParser: (context, callbacks) => createSectionScanner(harmonyTriggers, context, callbacks),
  });
}
