/**
 * The credentials of an upstream request. A base URL may carry a user and
 * password (`http://user:pass@host/v1`, as for a model server behind a
 * reverse proxy with basic auth), but the Fetch API refuses to send such a
 * URL, and its error quotes the URL, password and all. So the credentials
 * leave the URL here and go as `Authorization: Basic`, the header a browser
 * or curl would send for them; the URL that remains is the only one used or
 * shown anywhere.
 */

export interface UpstreamAuth {
  /** The base URL without user and password. */
  baseURL: string;
  /** The Authorization header's value, if any: the API key as a bearer token, or the URL's credentials as Basic. */
  authorization?: string;
  /** Every secret here (key, password, the Basic token), for redacting upstream text that quotes one. */
  secrets: string[];
}

/** A URL as it may be shown: without its user, password, query and fragment, which may carry a key. */
export function safeURL(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** Base64 of the UTF-8 bytes (btoa alone takes Latin-1 only). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Splits `baseURL`'s credentials off. Throws a TypeError (never quoting the
 * URL) when it carries them and `apiKey` is set too: one request has one
 * Authorization header, and neither choice between them would be what the
 * user meant.
 */
export function upstreamAuth(baseURL: string, apiKey: string | undefined): UpstreamAuth {
  const url = URL.canParse(baseURL) ? new URL(baseURL) : undefined;
  if (url === undefined || (url.username === '' && url.password === '')) {
    return { baseURL, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), secrets: apiKey ? [apiKey] : [] };
  }
  if (apiKey) {
    throw new TypeError(
      "The upstream URL carries a user and password and UPSTREAM_API_KEY is set too: keep one (the key goes as a bearer token, the URL's user and password as basic auth).",
    );
  }
  const encoded = url.password;
  const password = decodeURIComponent(encoded);
  const token = base64(`${decodeURIComponent(url.username)}:${password}`);
  url.username = '';
  url.password = '';
  const secrets = [...new Set([token, password, encoded])].filter((secret) => secret !== '');
  return { baseURL: url.href, authorization: `Basic ${token}`, secrets };
}
