/**
 * Tool-call ids. crypto.getRandomValues exists in every target runtime, even
 * on plain-http pages where crypto.randomUUID is missing.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function generateToolCallId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = 'call_';
  for (const byte of bytes) id += ALPHABET.charAt(byte % ALPHABET.length);
  return id;
}
