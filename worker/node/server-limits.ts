/// <reference types="node" />
/**
 * The socket limits of `toolshim serve` (and of the proxy that `toolshim
 * claude|codex` start), one settings row each (the handler's own rows are in
 * src/server/core/settings.ts; command-settings.ts lists both). The defaults
 * fit a proxy on one machine: a local client sends its headers at once and a
 * 16 MiB body in well under a second, so a client that dribbles them is not a
 * client; and macOS allows a process 256 open files by default, of which
 * every proxied request holds two (the client's socket and the upstream's).
 */
import { readSetting, type Setting } from '../../src/server.ts';
import { UsageError } from './usage-error.ts';

/** The socket limits of the server (node:http's options, and a cap on connections). */
export interface ServerLimits {
  /** A client must send its request headers within this many ms of connecting. */
  headersTimeoutMs: number;
  /** ... and its whole request, body included, within this many ms. */
  requestTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this many ms. */
  idleTimeoutMs: number;
  /** Connections beyond this many at once are closed as they arrive. */
  maxConnections: number;
}

type LimitRow = Setting & { variable: string; key: keyof ServerLimits; default: string };

const ms = { type: 'integer', unit: 'milliseconds', min: 1 } as const;

export const SERVER_LIMIT_SETTINGS: readonly LimitRow[] = [
  {
    key: 'headersTimeoutMs',
    variable: 'HEADERS_TIMEOUT_MS',
    kind: ms,
    default: '10000',
    commandOnly: true,
    doc: 'a client must have sent its request headers within this time of connecting, else 408 and the socket closes',
  },
  {
    key: 'requestTimeoutMs',
    variable: 'REQUEST_TIMEOUT_MS',
    kind: ms,
    default: '60000',
    commandOnly: true,
    doc: 'and its whole request, body included (the answer may take as long as it needs)',
  },
  {
    key: 'idleTimeoutMs',
    variable: 'IDLE_TIMEOUT_MS',
    kind: ms,
    default: '5000',
    commandOnly: true,
    doc: 'a kept-alive connection with no request in flight is closed after this time',
  },
  {
    key: 'maxConnections',
    variable: 'MAX_CONNECTIONS',
    kind: { type: 'integer', unit: 'connections', min: 1 },
    default: '100',
    commandOnly: true,
    doc: 'connections open at once; beyond them a new one is closed as it arrives',
  },
];

/** The limits from the environment, each by its row, else its default. */
export function serverLimits(environment: Record<string, string | undefined>): ServerLimits {
  const limits = {} as ServerLimits;
  for (const row of SERVER_LIMIT_SETTINGS) {
    let value: unknown;
    try {
      value = readSetting(row, environment[row.variable], { from: row.variable, echo: true });
    } catch (error) {
      throw new UsageError(`${(error as Error).message} (default ${row.default})`);
    }
    limits[row.key] = (value as number | undefined) ?? Number(row.default);
  }
  return limits;
}

/** The banner's line: every limit with its value. */
export function describeLimits(limits: ServerLimits): string {
  const seconds = (value: number) => `${value / 1000} s`;
  return [
    `headers ${seconds(limits.headersTimeoutMs)}`,
    `request ${seconds(limits.requestTimeoutMs)}`,
    `idle ${seconds(limits.idleTimeoutMs)}`,
    `${limits.maxConnections} connections`,
  ].join(', ');
}
