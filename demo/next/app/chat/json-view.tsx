/**
 * A tool's arguments or result as indented JSON. Long strings (a file's
 * content) show their start and their length instead of all of it, and a
 * block longer than a few lines starts collapsed.
 */

/** Strings longer than this show as their first characters and a count. */
const LONG_STRING = 400;
/** Blocks with more lines than this start collapsed. */
const LONG_BLOCK_LINES = 12;

function shorten(_key: string, value: unknown): unknown {
  if (typeof value !== 'string' || value.length <= LONG_STRING) return value;
  return `${value.slice(0, 80)}… (${value.length.toLocaleString('en-US')} characters)`;
}

/** Indented JSON for display; `undefined` (arguments not started yet) as an empty string. */
function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, shorten, 2) ?? String(value);
}

export function JsonView({ label, value, testId }: { label: string; value: unknown; testId: string }) {
  const text = prettyJson(value);
  const lines = text.split('\n').length;
  const block = (
    <pre className="json" data-testid={testId}>
      {text}
    </pre>
  );
  if (lines <= LONG_BLOCK_LINES) {
    return (
      <div className="field">
        <div className="field-label">{label}</div>
        {block}
      </div>
    );
  }
  return (
    <details className="field">
      <summary className="field-label">
        {label} <span className="muted">({lines} lines)</span>
      </summary>
      {block}
    </details>
  );
}
