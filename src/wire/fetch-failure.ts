/**
 * Why a request to the upstream got no answer, in words a user can act on.
 * A fetch that fails throws a bare "fetch failed" (undici) or "Network
 * connection lost." (workerd); the socket's own error is in its `cause`
 * chain, with a code such as ECONNREFUSED. Shared by the proxy's upstream
 * client (its error to clients) and the `toolshim` command's startup check.
 */

export interface FetchFailure {
  /** What happened: `connection refused (ECONNREFUSED)`. */
  cause: string;
  /** What to do about it, one sentence. */
  fix: string;
}

/** The first `code` on the error's cause chain (undici nests the socket error a level or two down). */
function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  return undefined;
}

const TLS = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ALTNAME/;

/** The innermost message on the cause chain: "fetch failed" says nothing, its cause may ("bad port"). */
function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message !== '') message = e.message;
  }
  return message;
}

/**
 * `error`, thrown by fetch, described. `variable` names the setting of the
 * upstream's URL as the user gave it (`UPSTREAM_BASE_URL`, or a flag).
 */
export function describeFetchFailure(error: unknown, variable = 'UPSTREAM_BASE_URL'): FetchFailure {
  const code = codeOf(error);
  const check = `check ${variable}`;
  if (code === 'ECONNREFUSED') {
    return { cause: 'connection refused (ECONNREFUSED)', fix: `Is the model server running? Start it, or ${check}.` };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return { cause: `its host name does not resolve (${code})`, fix: `Check the host name in ${variable}.` };
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return { cause: `no route to its host (${code})`, fix: `Check the network to it, or ${check}.` };
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') {
    return { cause: `the connection was cut (${code})`, fix: `Check that it is an HTTP server, or ${check}.` };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return {
      cause: `connecting timed out (${code})`,
      fix: `Check that the host is up and the port open, or ${check}.`,
    };
  }
  if (code !== undefined && TLS.test(code)) {
    return {
      cause: `its TLS certificate was refused (${code})`,
      fix: 'Use its http:// URL if it has one, or give it a certificate this machine trusts.',
    };
  }
  const message = innermostMessage(error);
  if (message === 'bad port') {
    // The Fetch standard's blocked ports (9, 25, 6000, …): no fetch connects to them.
    return { cause: 'fetch refuses to connect to that port (bad port)', fix: 'Serve the model on another port.' };
  }
  return { cause: code ? `${message} (${code})` : message, fix: `Check that the model server is up, or ${check}.` };
}
