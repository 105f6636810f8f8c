/**
 * The checks before a request reaches a model, the same for every front
 * door: the Host allow-list (403), the proxy token (constant time, from the
 * headers the door names), the CORS allow-list, JSON only (415) and the body
 * size limit (413).
 */
import { raceAbort } from '../../util/abort.ts';
import { ProxyHttpError } from './errors.ts';

const encoder = new TextEncoder();

/**
 * Compares two secrets in time independent of where they differ and of their
 * lengths: both are hashed to 32 bytes first, then every byte is compared.
 */
export async function secretsEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(given)),
    crypto.subtle.digest('SHA-256', encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] as number) ^ (y[i] as number);
  return diff === 0;
}

/** The tokens a request carries in `headers` (see TokenHeader): none, one, or one per header. */
export function tokenOf(request: Request, headers: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of headers) {
    const value = (
      name.startsWith('?') ? new URL(request.url).searchParams.get(name.slice(1)) : request.headers.get(name)
    )?.trim();
    if (!value) continue;
    if (name.toLowerCase() !== 'authorization') found.push(value);
    else {
      const match = /^Bearer\s+(.+)$/i.exec(value);
      if (match !== null) found.push(match[1] as string);
    }
  }
  return found;
}

function describeHeaders(headers: readonly string[]): string {
  return headers
    .map((name) =>
      name.toLowerCase() === 'authorization'
        ? '`Authorization: Bearer <PROXY_TOKEN>`'
        : name.startsWith('?')
          ? `\`${name}=<PROXY_TOKEN>\` in the URL`
          : `\`${name}: <PROXY_TOKEN>\``,
    )
    .join(' or ');
}

/**
 * Throws 401 unless one of `headers` carries the token (`Authorization:
 * Bearer <token>`, or the token as the whole value of another header such as
 * `x-api-key`). Every candidate is compared, in constant time.
 */
export async function requireToken(
  request: Request,
  token: string,
  headers: readonly string[] = ['authorization'],
): Promise<void> {
  const given = tokenOf(request, headers);
  let ok = false;
  for (const candidate of given) ok = (await secretsEqual(candidate, token)) || ok;
  if (ok) return;
  const only = headers.length === 1 && headers[0]?.toLowerCase() === 'authorization';
  throw new ProxyHttpError(
    401,
    given.length === 0
      ? only
        ? 'Missing bearer token: send `Authorization: Bearer <PROXY_TOKEN>` (the OpenAI SDKs send their apiKey this way).'
        : `Missing token: send ${describeHeaders(headers)}.`
      : only
        ? "Invalid bearer token: it does not match this proxy's PROXY_TOKEN."
        : "Invalid token: it does not match this proxy's PROXY_TOKEN.",
    { type: 'authentication_error', code: 'invalid_api_key', headers: { 'www-authenticate': 'Bearer' } },
  );
}

/**
 * A host name no DNS answer can point elsewhere: an IP address (IPv4 as the
 * URL parser writes it, IPv6 in brackets), or `localhost` and its subdomains,
 * which browsers resolve to loopback themselves.
 */
function pinnedHost(hostname: string): boolean {
  return (
    /^\d+\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname.startsWith('[') ||
    hostname === 'localhost' ||
    hostname.endsWith('.localhost')
  );
}

/** `hostname` is in `allowed`: a name exactly, or under an entry with a leading dot (`.example.com`). */
function listedHost(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some(
    (entry) =>
      entry === '*' ||
      entry === hostname ||
      (entry.startsWith('.') && (hostname === entry.slice(1) || hostname.endsWith(entry))),
  );
}

/**
 * Throws 403 unless the request's host (its URL's, from the Host header) is
 * an IP address, `localhost`, or listed. Against DNS rebinding: a web page
 * whose name an attacker points at 127.0.0.1 reaches a loopback proxy with
 * the browser's Host header still naming the page's own domain.
 */
export function requireAllowedHost(request: Request, allowed: readonly string[]): void {
  const { hostname } = new URL(request.url);
  if (pinnedHost(hostname) || listedHost(hostname, allowed)) return;
  const others = allowed.filter((entry) => !pinnedHost(entry));
  throw new ProxyHttpError(
    403,
    `Host ${JSON.stringify(hostname.slice(0, 100))} is not allowed: this proxy answers to localhost and IP addresses${others.length > 0 ? `, and ${others.slice(0, 10).join(', ')}` : ' only'} (ALLOWED_HOSTS), which keeps out web pages that point their own domain at this machine (DNS rebinding). If you reach the proxy by this name, add it to ALLOWED_HOSTS (toolshim: --allowed-hosts).`,
    { type: 'permission_error', code: 'host_not_allowed' },
  );
}

/** Response headers a browser client may read: the rate-limit wait of a 429. */
const EXPOSED = 'retry-after';

/**
 * The CORS headers for this request's Origin, or none when it is not allowed.
 * With an allow-list the answer depends on the Origin, so it always says
 * `Vary: Origin`, allowed or not, and a shared cache never serves one
 * origin's answer to another.
 */
export function corsHeaders(request: Request, allowed: string[] | '*' | undefined): Record<string, string> {
  const origin = request.headers.get('origin');
  if (allowed === undefined) return {};
  if (allowed === '*') {
    return origin === null ? {} : { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED };
  }
  if (origin === null || !allowed.includes(origin)) return { vary: 'Origin' };
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED, vary: 'Origin' };
}

/**
 * 415 unless the body is JSON. Besides naming the fix, this keeps a plain
 * cross-origin form or text POST (which a browser sends without a CORS
 * preflight) from spending the upstream quota.
 */
export function requireJson(request: Request): void {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || /^application\/[\w.+-]*\+json$/.test(type)) return;
  throw new ProxyHttpError(
    415,
    'The request body must be JSON: send `Content-Type: application/json` (the OpenAI SDKs do).',
    { type: 'invalid_request_error', code: 'unsupported_media_type' },
  );
}

/** Answers a CORS preflight: 204 with the allowances, or 403 naming the origin. */
export function preflight(request: Request, allowed: string[] | '*' | undefined): Response {
  const cors = corsHeaders(request, allowed);
  if (cors['access-control-allow-origin'] === undefined) {
    const origin = request.headers.get('origin') ?? '(none)';
    const error = new ProxyHttpError(
      403,
      `Origin ${origin} is not allowed. Add it to ALLOWED_ORIGINS (comma-separated), or set ALLOWED_ORIGINS to "*".`,
      { type: 'permission_error', code: 'origin_not_allowed' },
    );
    return Response.json(error.toBody(), { status: 403, headers: { vary: 'Origin' } });
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...cors,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers':
        request.headers.get('access-control-request-headers') ?? 'authorization, content-type',
      'access-control-max-age': '86400',
    },
  });
}

function tooLarge(limit: number): ProxyHttpError {
  return new ProxyHttpError(413, `The request body exceeds the limit of ${limit} bytes (MAX_BODY_BYTES).`, {
    type: 'invalid_request_error',
    code: 'request_too_large',
  });
}

/**
 * How much of a too-large body is read (and dropped) before the 413 goes
 * out. Clients such as undici's fetch (and so the openai SDK) write the whole
 * body before they read the answer: a 413 sent while they still write makes
 * the connection close under them, and they report a reset (EPIPE,
 * ECONNRESET, "fetch failed") instead of the 413. Reading the rest first
 * lets the 413 reach them. Beyond these bounds the body is cut off at once.
 */
export const DRAIN_BYTES = 16 * 1024 * 1024;
export const DRAIN_MS = 5000;

/** Reads and drops what is left of a too-large body, within the bounds; never throws. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number, ms: number): Promise<void> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), ms);
  let left = bytes;
  try {
    while (left >= 0) {
      const { done, value } = await raceAbort(reader.read(), deadline.signal);
      if (done) return;
      left -= value.byteLength;
    }
  } catch {
    // The client stopped sending, or took too long: it gets the 413 if it still listens.
  } finally {
    clearTimeout(timer);
  }
  reader.cancel().catch(() => {});
}

/** A body the runtime cannot read (broken chunked framing, a client that cut it off) is the client's fault. */
function unreadableBody(): ProxyHttpError {
  return new ProxyHttpError(400, 'The request body could not be read: its framing is broken or it was cut off.', {
    type: 'invalid_request_error',
    code: 'invalid_body',
  });
}

/**
 * Reads the body as text, refusing (413) one past `limit` bytes. A body whose
 * Content-Length is within the limit is read whole (HTTP framing holds it to
 * that length); any other is read in chunks and stopped as soon as it passes
 * `limit`, whatever Content-Length claimed. The rest of a too-large body is
 * drained first (up to `drainBytes` more, for at most `drainMs`), so the 413
 * reaches clients that write the whole body before reading.
 */
export async function readBodyLimited(
  request: Request,
  limit: number,
  { drainBytes = DRAIN_BYTES, drainMs = DRAIN_MS }: { drainBytes?: number; drainMs?: number } = {},
): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit + drainBytes) throw tooLarge(limit);
  if (request.body === null) return '';
  if (declared <= limit) {
    // A body of declared length is read by the runtime in one go: HTTP framing holds it to its Content-Length.
    // In workerd a loop of reads and decodes here was a twentieth of a Claude Code request's CPU.
    let text: string;
    try {
      text = await request.text();
    } catch {
      throw unreadableBody();
    }
    // A string is never longer than its UTF-8 bytes, so this refuses only what broke the declared length.
    if (text.length > limit) throw tooLarge(limit);
    return text;
  }
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  if (declared > limit) {
    await drain(reader, declared, drainMs);
    throw tooLarge(limit);
  }
  while (true) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw unreadableBody();
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, drainBytes, drainMs);
      throw tooLarge(limit);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
