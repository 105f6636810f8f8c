/**
 * What the Responses door keeps of the answers it gave, so a client may
 * refer to them instead of sending them again: `previous_response_id` (the
 * conversation that led to a response, and what it answered) and
 * `{"type": "item_reference", "id": …}` (one item it returned). The AI SDK's
 * own Responses model sends earlier items this way unless `store: false`.
 *
 * Only what this proxy itself returned is held, never anything else of
 * OpenAI's server state; and by owner (the proxy token the request came
 * with), so one token's conversation is never served to another. A response
 * is kept as the items its request added and its output, with a link to the
 * response it followed, so a long conversation is not stored once per turn.
 *
 * The memory store (the default; in a Worker, per isolate) is bounded: entries
 * older than their time to live are gone, and past the size cap the oldest go
 * first. A Worker may pass a KV namespace instead (kvResponseStore), which
 * every isolate sees.
 */

/** One answer, as kept: the request's own input items, what it answered, and the response it followed. */
export interface StoredResponse {
  previous?: string;
  input: unknown[];
  output: unknown[];
}

export interface ResponseStore {
  save(owner: string, id: string, response: StoredResponse): Promise<void>;
  response(owner: string, id: string): Promise<StoredResponse | undefined>;
  /** An item the proxy returned (a message, a function call, reasoning), by its id. */
  item(owner: string, id: string): Promise<unknown | undefined>;
}

export interface MemoryStoreLimits {
  /** The most characters of JSON held at once; past it the oldest entries go. Default 33554432 (32 MiB). */
  maxBytes?: number;
  /** How long an entry is held, in ms. Default 3600000 (an hour). */
  ttlMs?: number;
}

export const DEFAULT_STORE_MAX_BYTES = 32 * 1024 * 1024;
export const DEFAULT_STORE_TTL_MS = 60 * 60 * 1000;

interface Entry {
  value: StoredResponse | unknown;
  size: number;
  expires: number;
}

/** The ids of a response's output items, which `item_reference` may name. */
function itemIds(items: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const item of items) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && id !== '') ids.push(id);
  }
  return ids;
}

/** A bounded store in this process's memory (a Map keeps insertion order: the oldest come first). */
export function memoryResponseStore({
  maxBytes = DEFAULT_STORE_MAX_BYTES,
  ttlMs = DEFAULT_STORE_TTL_MS,
}: MemoryStoreLimits = {}): ResponseStore {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    bytes -= entry.size;
    entries.delete(key);
  };
  const put = (key: string, value: unknown, size: number) => {
    drop(key);
    entries.set(key, { value, size, expires: Date.now() + ttlMs });
    bytes += size;
  };
  const get = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= Date.now()) {
      drop(key);
      return undefined;
    }
    return entry.value;
  };
  return {
    async save(owner, id, response) {
      const size = JSON.stringify(response).length;
      // An answer larger than the whole store is not kept: a reference to it gets the store's 400.
      if (size > maxBytes) return;
      const responseKey = `${owner}\u0000r\u0000${id}`;
      put(responseKey, response, size);
      // An item key names its response: the item is held (and counted) once, and goes when its response goes.
      for (const itemId of itemIds(response.output)) put(`${owner}\u0000i\u0000${itemId}`, responseKey, itemId.length);
      for (const [key] of entries) {
        if (bytes <= maxBytes) break;
        drop(key);
      }
    },
    async response(owner, id) {
      return get(`${owner}\u0000r\u0000${id}`) as StoredResponse | undefined;
    },
    async item(owner, id) {
      const responseKey = get(`${owner}\u0000i\u0000${id}`);
      const response = typeof responseKey === 'string' ? (get(responseKey) as StoredResponse | undefined) : undefined;
      return response?.output.find((item) => (item as { id?: unknown } | null)?.id === id);
    },
  };
}

/** The part of a Workers KV namespace the store uses. */
export interface KvNamespaceLike {
  get(key: string, type: 'json'): Promise<unknown>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

/** The owner as a KV key part: a token must not stand in the namespace's key list as it is. */
async function ownerKey(owner: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(owner));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A store in a Workers KV namespace: every isolate sees it; KV expires the entries (at least 60 s). */
export function kvResponseStore(kv: KvNamespaceLike, ttlMs = DEFAULT_STORE_TTL_MS): ResponseStore {
  const expirationTtl = Math.max(60, Math.round(ttlMs / 1000));
  return {
    async save(owner, id, response) {
      const key = await ownerKey(owner);
      await kv.put(`${key}:r:${id}`, JSON.stringify(response), { expirationTtl });
      for (const item of response.output) {
        const itemId = itemIds([item])[0];
        if (itemId !== undefined) await kv.put(`${key}:i:${itemId}`, JSON.stringify(item), { expirationTtl });
      }
    },
    async response(owner, id) {
      return ((await kv.get(`${await ownerKey(owner)}:r:${id}`, 'json')) ?? undefined) as StoredResponse | undefined;
    },
    async item(owner, id) {
      return (await kv.get(`${await ownerKey(owner)}:i:${id}`, 'json')) ?? undefined;
    },
  };
}
