/// <reference types="node" />
/**
 * The socket limits of `toolshim serve` (and of the proxy that `toolshim
 * claude|codex` start), one row each: the variable that sets it, its default
 * and what it is for. The banner, the validation and worker/README.md's
 * limits table come from these rows. The defaults fit a proxy on one machine:
 * a local client sends its headers at once and a 16 MiB body in well under a
 * second, so a client that dribbles them is not a client; and macOS allows a
 * process 256 open files by default, of which every proxied request holds two
 * (the client's socket and the upstream's).
 */
import { UsageError } from './args.ts';

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

interface LimitRow {
  key: keyof ServerLimits;
  variable: string;
  default: number;
  unit: 'ms' | 'connections';
  doc: string;
}

export const SERVER_LIMIT_ROWS: readonly LimitRow[] = [
  {
    key: 'headersTimeoutMs',
    variable: 'HEADERS_TIMEOUT_MS',
    default: 10_000,
    unit: 'ms',
    doc: 'a client must have sent its request headers within this time of connecting, else 408 and the socket closes',
  },
  {
    key: 'requestTimeoutMs',
    variable: 'REQUEST_TIMEOUT_MS',
    default: 60_000,
    unit: 'ms',
    doc: 'and its whole request, body included (the answer may take as long as it needs)',
  },
  {
    key: 'idleTimeoutMs',
    variable: 'IDLE_TIMEOUT_MS',
    default: 5_000,
    unit: 'ms',
    doc: 'a kept-alive connection with no request in flight is closed after this time',
  },
  {
    key: 'maxConnections',
    variable: 'MAX_CONNECTIONS',
    default: 100,
    unit: 'connections',
    doc: 'connections open at once; beyond them a new one is closed as it arrives',
  },
];

/** The limits from the environment, each variable a whole number of at least 1, else its default. */
export function serverLimits(environment: Record<string, string | undefined>): ServerLimits {
  const limits = {} as ServerLimits;
  for (const row of SERVER_LIMIT_ROWS) {
    const text = environment[row.variable]?.trim();
    const value = text === undefined || text === '' ? row.default : Number(text);
    if (!Number.isInteger(value) || value < 1) {
      const unit = row.unit === 'ms' ? 'milliseconds' : 'connections';
      throw new UsageError(`${row.variable} must be a whole number of ${unit}, at least 1 (default ${row.default}).`);
    }
    limits[row.key] = value;
  }
  return limits;
}

/** The banner's line: every limit with its value. */
export function describeLimits(limits: ServerLimits): string {
  const seconds = (ms: number) => `${ms / 1000} s`;
  return [
    `headers ${seconds(limits.headersTimeoutMs)}`,
    `request ${seconds(limits.requestTimeoutMs)}`,
    `idle ${seconds(limits.idleTimeoutMs)}`,
    `${limits.maxConnections} connections`,
  ].join(', ');
}
