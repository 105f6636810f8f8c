/// <reference types="node" />
/**
 * HTTP/1.1 as a hostile or odd client writes it, over a bare socket: any Host
 * header, any method, a request target in absolute form, a half-close after
 * the request, bytes dribbled one at a time. fetch and node:http would not
 * send most of these.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** Milliseconds from connecting until the server closed the socket (or the wait ended). */
  closedAfterMs: number;
}

function parse(text: string, closedAfterMs: number): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  let body = end < 0 ? '' : text.slice(end + 4);
  if (/\r\ntransfer-encoding: chunked/i.test(head)) body = unchunk(body);
  return { status, head, body, closedAfterMs };
}

/** The payload of a chunked body (enough of the framing for these tests: no trailers). */
function unchunk(body: string): string {
  let out = '';
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (!(size > 0)) break;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
  return out;
}

/**
 * Sends `text` and reads until the server closes or `waitMs` passes.
 * `halfClose`: end the writing side once the request is out, keeping the socket open for the answer.
 */
export function rawRequest(
  port: number,
  text: string,
  { halfClose = false, waitMs = 5000 }: { halfClose?: boolean; waitMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parse(received, Date.now() - started));
    });
    socket.write(text, () => {
      if (halfClose) socket.end();
    });
  });
}

/** A request's text: `Connection: close`, so the answer ends with the socket. */
export function requestText(
  method: string,
  target: string,
  { host, headers = {}, body }: { host: string; headers?: Record<string, string>; body?: string },
): string {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
}

/**
 * A socket that connects, sends the first `upfront` characters of `text` at
 * once and then the rest one byte every `everyMs`, until the server closes it.
 */
export function dribble(port: number, text: string, everyMs: number, upfront = 0): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let at = upfront;
    if (upfront > 0) socket.write(text.slice(0, upfront));
    const timer = setInterval(() => {
      if (at < text.length && socket.writable) socket.write(text.charAt(at++));
    }, everyMs);
    const giveUp = setTimeout(() => socket.destroy(), 60_000);
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve(parse(received, Date.now() - started));
    });
  });
}

/** Opens a socket and sends nothing; resolves once connected, with a promise of when the server closes it. */
export function idleSocket(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}
