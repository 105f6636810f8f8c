/**
 * What the replay engine adds to the registry's formats: the bare JSON of a
 * forced answer, calls broken the way small models break them, and which
 * format a system prompt teaches (by registry name) when it was not told.
 * Well-formed calls are written by the format's own history renderer
 * (replay-protocol.ts).
 */

export interface ReplayCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** `{"name": "x", "arguments": {"a": 1}}` with the spacing Qwen and Hermes fine-tunes produce. */
function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${spacedJson(v)}`);
    return `{${entries.join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** The bare JSON answer of a forced tool choice (what the `response_format` schema asks for). */
export function renderForcedCall(call: ReplayCall): string {
  return spacedJson({ name: call.name, arguments: call.arguments });
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function xmlValue(value: unknown): string {
  return typeof value === 'string' ? xmlEscape(value) : JSON.stringify(value);
}

function qwenValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A call broken the way small models break them, so the demo can show the
 * text kept and the error reported: unquoted string values in JSON (Llama 3.2
 * 1B and Qwen 0.5B do this), a mismatched close tag in XML. Undefined for the
 * other formats (the replay then cuts the call off instead).
 */
export function renderMalformedCall(format: string, call: ReplayCall): string | undefined {
  const unquoted = Object.entries(call.arguments)
    .map(([k, v]) => `"${k}": ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
  const body = `{"name": "${call.name}", "arguments": {${unquoted}}}`;
  switch (format) {
    case 'hermes':
      return `<tool_call>\n${body}\n</tool_call>`;
    case 'gemma':
      return `\`\`\`tool_call\n${body}\n\`\`\``;
    case 'morph-xml': {
      const [first = 'city', value = ''] = Object.entries(call.arguments)[0] ?? [];
      return `<${call.name}>\n<${first}>${xmlValue(value)}</${first}_name>\n</${call.name}>`;
    }
    case 'qwen3-coder': {
      const [first = 'city', value = ''] = Object.entries(call.arguments)[0] ?? [];
      return `<tool_call>\n<function=${call.name}>\n<parameter=${first}>\n${qwenValue(value)}\n</function=${call.name}>\n<tool_call>`;
    }
    default:
      return undefined;
  }
}

/** What the system prompt taught: the call format (a registry name) and the tool names it lists. */
export interface TaughtFormat {
  format: string | undefined;
  toolNames: string[];
}

/** Tool names from the rendered tool list (`{"type":"function","function":{"name":…}}` lines). */
function toolNamesIn(system: string): string[] {
  const names = new Set<string>();
  for (const match of system.matchAll(/"function"\s*:\s*\{\s*"name"\s*:\s*"([^"]+)"/g)) names.add(match[1] as string);
  if (names.size === 0) {
    for (const match of system.matchAll(/"name"\s*:\s*"([A-Za-z_][\w.-]*)"/g)) names.add(match[1] as string);
  }
  for (const match of system.matchAll(/<tool name="([^"]+)"/g)) names.add(match[1] as string);
  // Harmony lists tools as TypeScript: `type get_weather = (_: {…}) => any;`.
  for (const match of system.matchAll(/^type ([A-Za-z_][\w.-]*) = \(/gm)) names.add(match[1] as string);
  return [...names];
}

/**
 * Detects the taught format. Order matters: qwen3-coder's prompt also shows
 * `<tool_call>`, so its `<function=` is checked first. A prompt that lists
 * tools in no known format gets Hermes, the format most small models know.
 */
export function detectFormat(system: string): TaughtFormat {
  const toolNames = toolNamesIn(system);
  if (system.includes('<function=')) return { format: 'qwen3-coder', toolNames };
  if (system.includes('```tool_call')) return { format: 'gemma', toolNames };
  if (system.includes('<tool_call>')) return { format: 'hermes', toolNames };
  // morph-XML teaches with a placeholder element (`<function_name>`) or with the tools' own tags.
  if (system.includes('<function_name>') || toolNames.some((name) => system.includes(`<${name}>`))) {
    return { format: 'morph-xml', toolNames };
  }
  return { format: toolNames.length > 0 ? 'hermes' : undefined, toolNames };
}
