/**
 * The tool results in a history message, as any format writes them: the
 * replay engine reads them to answer with what the tools returned. Every
 * bracketed value in the text is tried (Gemma's quote tokens read as quotes,
 * bare keys allowed), and a wrapper that only names the tool is taken off:
 * `{"name": "f", "result": …}`, `{"output": …}` (Llama), `{"content": …}`
 * (Mistral), `[{"name": "f", "results": …}]` (xLAM), and Cohere's
 * `[{"tool_call_id": "0", "results": {"0": …}, "is_error": null}]`, whose
 * results are numbered documents.
 */
import { parseRelaxedJson } from '../../json/json-value.ts';

const WRAPPERS = new Set(['result', 'results', 'output', 'content']);
/** Keys beside a wrapper that only say which call the result answers. */
const LABELS = new Set(['name', 'tool_call_id', 'is_error']);

/** Cohere's results: an object of documents numbered "0", "1", …. */
function numberedDocuments(value: unknown): unknown[] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key))
    ? Object.values(value as Record<string, unknown>)
    : undefined;
}

/** Where the value opened at `start` closes, by bracket matching outside strings; -1 when it does not. */
export function closingOf(text: string, start: number): number {
  let depth = 0;
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const c = text.charAt(i);
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"') quote = c;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i;
  }
  return -1;
}

/** A result that is itself JSON text: OpenAI clients send tool results as strings, encoded once more by a proxy. */
function decodeNested(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  const parsed = parseRelaxedJson(value);
  return parsed.ok ? parsed.value : value;
}

function unwrap(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.length === 1 ? unwrap(value[0]) : [value];
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => !LABELS.has(key));
    const only = keys[0];
    if (keys.length === 1 && only !== undefined && WRAPPERS.has(only)) {
      const inner = (value as Record<string, unknown>)[only];
      return (numberedDocuments(inner) ?? [inner]).map(decodeNested);
    }
  }
  return [decodeNested(value)];
}

/** The value of a JSON string literal opened at `start` holding JSON text, and where it closes; undefined otherwise. */
function jsonInString(text: string, start: number): { value: unknown; end: number } | undefined {
  let end = start + 1;
  while (end < text.length && text.charAt(end) !== '"') end += text.charAt(end) === '\\' ? 2 : 1;
  try {
    const inner: unknown = JSON.parse(text.slice(start, end + 1));
    const parsed = typeof inner === 'string' ? parseRelaxedJson(inner) : undefined;
    return parsed?.ok ? { value: parsed.value, end } : undefined;
  } catch {
    return undefined;
  }
}

export function resultsIn(message: string): unknown[] {
  const text = message.replaceAll('<|"|>', '"').replaceAll('<escape>', '"');
  const results: unknown[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    // Llama's ipython turn and Harmony write a result as `content | tojson`: a JSON string holding the JSON.
    const quoted = c === '"' && /[[{]/.test(text.charAt(i + 1)) ? jsonInString(text, i) : undefined;
    if (quoted !== undefined) {
      results.push(...unwrap(quoted.value));
      i = quoted.end;
      continue;
    }
    if (c !== '{' && c !== '[') continue;
    const end = closingOf(text, i);
    if (end < 0) break;
    const parsed = parseRelaxedJson(text.slice(i, end + 1));
    if (parsed.ok) {
      results.push(...unwrap(parsed.value));
      i = end;
    }
  }
  return results.length > 0 || message.trim() === '' ? results : [message];
}
