/**
 * One setting of the proxy, as a row: the variable that sets it (and the
 * `toolshim` flag, if any), what kind of value it takes, its default and one
 * line of documentation. The rows (settings.ts for the handler, the Node
 * command's own in worker/node/) are the only place a setting is described:
 * the parsing and its errors below, the command's flags and help, the
 * startup banner, the Worker's settings line, the docs tables and the
 * wrangler.jsonc comments are all made from them.
 */

export type SettingKind =
  /** One of `choices` (compared in lower case); `aliases` are older names that still work. */
  | { type: 'choice'; choices: readonly string[]; aliases?: readonly string[]; noun?: string }
  /** A whole number (of `unit`), at least `min` (at most `max`); `why` says what a smaller value would do. */
  | {
      type: 'integer';
      unit?: 'milliseconds' | 'bytes' | 'tokens' | 'connections';
      min: number;
      max?: number;
      why?: string;
    }
  /** An http(s) URL. */
  | { type: 'url' }
  /** Comma-separated entries (or `*`). */
  | { type: 'list' }
  /** Any text. */
  | { type: 'text' }
  /** A command-line switch: present or not (`--no-token`); no variable sets it. */
  | { type: 'switch' };

export interface Setting {
  /** The variable that sets it (a Worker var or secret, or the environment); none for a flag alone. */
  variable?: string;
  /** The `toolshim` flag that sets it, without `--`; none for a variable alone. */
  flag?: string;
  /** The flag's value in the help: `URL|NAME`. */
  value?: string;
  kind: SettingKind;
  /** The default, as the docs show it (a sentence where it depends). */
  default?: string;
  /** Never shown, logged or handed to another program. */
  secret?: true;
  /** Read by the Node command only (`toolshim`); the Worker has no such setting. */
  commandOnly?: true;
  /** One line: what it does. */
  doc: string;
}

/** How a value reached the proxy, for the error: `--mode` when the user typed a flag, else the variable. */
export interface SettingSource {
  /** The name the user typed. */
  from: string;
  /** Quote the value in errors: the command line, local to the user. Never for a Worker, whose errors may reach callers. */
  echo?: boolean;
}

/** Edits (insert, delete, replace) from `a` to `b`, for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(replace, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** The candidate nearest to `given` (a third of its length in edits at most, or one it starts), else undefined. */
export function nearest(given: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = candidate.startsWith(given) && given.length >= 3 ? 0.5 : distance(given, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(given.length / 3)) ? best : undefined;
}

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`);

function choiceError(kind: Extract<SettingKind, { type: 'choice' }>, value: string, source: SettingSource): string {
  const { choices } = kind;
  const expected =
    choices.length === 2
      ? `${quoted(choices).join(' or ')}`
      : `${kind.noun ?? 'one of its names'}. Use one of: ${choices.join(', ')}${kind.aliases?.length ? ` (or ${kind.aliases.join(', ')})` : ''}`;
  const suggestion = nearest(value, [...choices, ...(kind.aliases ?? [])]);
  const got = source.echo ? `; got "${value}"` : '';
  const hint = suggestion === undefined ? '' : ` Did you mean "${suggestion}"?`;
  return choices.length === 2
    ? `${source.from} must be ${expected}${got}.${hint}`
    : `${source.from} is not ${expected}${got}.${hint}`;
}

type Parsed = string | number | string[] | true;

/**
 * The value of `raw` for `setting`: undefined when unset or blank (an empty
 * variable counts as unset), else the parsed value; a TypeError naming the
 * source, and the nearest valid value where there is one, when it is invalid.
 */
export function readSetting(setting: Setting, raw: unknown, source: SettingSource): Parsed | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const value = raw.trim();
  const { kind } = setting;
  switch (kind.type) {
    case 'choice': {
      const lower = value.toLowerCase();
      if (kind.choices.includes(lower) || kind.aliases?.includes(lower)) return lower;
      throw new TypeError(choiceError(kind, lower, source));
    }
    case 'integer': {
      const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (number >= kind.min && number <= (kind.max ?? Number.MAX_SAFE_INTEGER)) return number;
      const got = source.echo ? `; got "${value}"` : '';
      const of = kind.unit === undefined ? '' : ` of ${kind.unit}`;
      const range = kind.max === undefined ? `at least ${kind.min}` : `from ${kind.min} to ${kind.max}`;
      throw new TypeError(`${source.from} must be a whole number${of}, ${range}${kind.why ?? ''}${got}.`);
    }
    case 'url':
      if (/^https?:\/\//i.test(value)) return value;
      throw new TypeError(`${source.from} must be an http(s) URL such as http://127.0.0.1:8080/v1.`);
    case 'list':
      return value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    case 'switch':
      return true;
    default:
      return value;
  }
}
