/// <reference types="node" />
/**
 * The command line of `toolshim`: a command, then flags. The flags and their
 * help come from the settings rows (command-settings.ts). Kept free of I/O so
 * the tests can feed it any argv; cli.ts turns a UsageError into the usage
 * text on stderr and exit code 2.
 */
import { nearest } from '../../src/server.ts';
import { CLIENT_NAMES, CLIENTS, type ClientName, isClientName } from './clients/client-table.ts';
import { FLAG_SETTINGS, flagSetting } from './command-settings.ts';
import { UsageError } from './usage-error.ts';

export { UsageError };

/** Flag name (without `--`) → the value typed; a switch's value is "true". */
export type Flags = Partial<Record<string, string>>;
export type { ClientName };

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'serve'; flags: Flags }
  | { kind: 'client'; client: ClientName; flags: Flags; clientArgs: string[] };

/** `text` wrapped to lines of at most `width`, each after `indent`. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replaceAll('`', '').split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((each, i) => (i === 0 ? each : `${indent}${each}`));
}

const FLAG_COLUMN = 24;

function flagHelp(): string[] {
  return FLAG_SETTINGS.flatMap((setting) => {
    const name = `  --${setting.flag}${setting.value ? ` ${setting.value}` : ''}`;
    const variable = setting.variable ? ` [${setting.variable}]` : '';
    const byDefault = setting.default === undefined ? '' : `; default ${setting.default}`;
    const lead = name.length < FLAG_COLUMN ? name.padEnd(FLAG_COLUMN) : `${name}\n${' '.repeat(FLAG_COLUMN)}`;
    return `${lead}${wrap(`${setting.doc}${byDefault}${variable}`, 92, ' '.repeat(FLAG_COLUMN)).join('\n')}`;
  });
}

export const USAGE = [
  'Usage:',
  '  toolshim serve  [flags]                 run the proxy (OpenAI chat completions, Responses, Anthropic Messages, Gemini)',
  ...CLIENT_NAMES.map(
    (name) =>
      `  toolshim ${name.padEnd(6)} [flags] [--] [args...]  run ${CLIENTS[name].title} on the proxy (args go to ${CLIENTS[name].binary})`,
  ),
  '  toolshim --help | --version',
  '',
  'Flags (each also read from the variable in brackets; a flag wins):',
  ...flagHelp(),
  'Every other variable of the proxy (UPSTREAM_TIMEOUT_MS, KEEPALIVE_MS, HEADERS_TIMEOUT_MS, ...) is read from',
  'the environment. Docs: node_modules/toolshim/src/server/README.md.',
].join('\n');

/** The error for an argument that is not one of our flags, with the nearest flag when one is close. */
function unknownFlag(arg: string): UsageError {
  const name = /^--?([a-z-]+)/.exec(arg)?.[1];
  const guess =
    name === undefined
      ? undefined
      : nearest(
          name,
          FLAG_SETTINGS.map((setting) => setting.flag),
        );
  return new UsageError(`Unknown argument: ${arg}${guess ? ` (did you mean --${guess}?)` : ''}`);
}

/**
 * Reads `--name value` and `--name=value` flags from the front of `args`.
 * `stopAtUnknown` (claude, codex): the first argument that is not one of our
 * flags, and everything after it, is the client's; `--` ends our flags
 * explicitly. Otherwise (serve) an unknown argument is an error.
 */
function readFlags(args: string[], stopAtUnknown: boolean): { flags: Flags; rest: string[] } {
  const flags: Flags = {};
  let i = 0;
  while (i < args.length) {
    const arg = args[i] as string;
    if (arg === '--') return { flags, rest: args.slice(i + 1) };
    const match = /^--([a-z-]+)(?:=([\s\S]*))?$/.exec(arg);
    const setting = match === null ? undefined : flagSetting(match[1] as string);
    if (setting === undefined) {
      if (stopAtUnknown) return { flags, rest: args.slice(i) };
      throw unknownFlag(arg);
    }
    const name = setting.flag;
    let value = match?.[2];
    if (setting.kind.type === 'switch') {
      if (value !== undefined) throw new UsageError(`--${name} takes no value.`);
      value = 'true';
    } else if (value === undefined) {
      value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
      i += 1;
    }
    // `--token ""` or `--token=` (an unset shell variable, say) must not quietly mean "no token".
    if (value.trim() === '') throw new UsageError(`--${name} is empty: give it a value, or leave the flag out.`);
    flags[name] = value;
    i += 1;
  }
  return { flags, rest: [] };
}

/** `argv` without node and the script: `['serve', '--port', '0']`. Throws UsageError. */
export function parseArgs(argv: readonly string[]): Command {
  const [command, ...args] = argv;
  if (command === undefined) throw new UsageError(`Name a command: serve, ${CLIENT_NAMES.join(', ')}.`);
  if (command === '--help' || command === '-h' || command === 'help') return { kind: 'help' };
  if (command === '--version' || command === '-v' || command === '-V') return { kind: 'version' };
  if (command === 'serve') {
    if (args.includes('--help') || args.includes('-h')) return { kind: 'help' };
    return { kind: 'serve', flags: readFlags(args, false).flags };
  }
  if (isClientName(command)) {
    const { flags, rest } = readFlags(args, true);
    return { kind: 'client', client: command, flags, clientArgs: rest };
  }
  const guess = nearest(command.replace(/^-+/, ''), ['serve', ...CLIENT_NAMES]);
  throw new UsageError(
    command.startsWith('-')
      ? `Unknown flag: ${command} (flags go after the command)`
      : `Unknown command: ${command}${guess ? ` (did you mean ${guess}?)` : ''}`,
  );
}
