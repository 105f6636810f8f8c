/**
 * Upstream text on its way to a client (error bodies, stream error events,
 * lines that are not events, exception messages): the one place it is made
 * safe. Redaction comes first, then truncation, so a key cut by the
 * truncation cannot leak in part. Some gateways quote the Authorization
 * header they refused, whole, URL-encoded, or shortened.
 */

/** Shortest piece of the key treated as the key: any 8 characters of it in a row. */
const SLICE = 8;

export function quoteUpstream(text: string, secrets: string | readonly string[] | undefined, max = 300): string {
  let safe = text.replace(/\b(Bearer|Basic)\s+[^\s"',;}]+/gi, '$1 [redacted]');
  const forms = new Set<string>();
  for (const secret of typeof secrets === 'string' ? [secrets] : (secrets ?? [])) {
    if (secret.length === 0) continue;
    forms.add(secret).add(encodeURIComponent(secret));
    for (let at = 0; at + SLICE <= secret.length; at++) forms.add(secret.slice(at, at + SLICE));
  }
  // Longest first, so a whole key is replaced once rather than slice by slice.
  for (const form of [...forms].sort((a, b) => b.length - a.length)) safe = safe.replaceAll(form, '[redacted]');
  return safe.length > max ? `${safe.slice(0, max)}…` : safe;
}
