/**
 * Tool-call ids. crypto.getRandomValues exists in every target runtime, even
 * on plain-http pages where crypto.randomUUID is missing. It is fetched 4 KB
 * at a time: one call per id cost ~14 µs on Node 24 (4% of a prose run with
 * two thousand calls), a 4 KB fill costs about the same.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ID_LENGTH = 20;
const pool = new Uint8Array(4096);
let used = pool.length;

export function generateToolCallId(): string {
  if (used + ID_LENGTH > pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  let id = 'call_';
  for (let i = used; i < used + ID_LENGTH; i++) id += ALPHABET.charAt((pool[i] as number) % ALPHABET.length);
  used += ID_LENGTH;
  return id;
}
