/**
 * A Responses request with what it refers to put back in place: the
 * conversation of `previous_response_id` before its input, and each
 * `item_reference` replaced by the item this proxy returned (store.ts). A
 * reference the store does not hold is the client's 400, which names the fix.
 */
import { invalidRequest } from '../core/errors.ts';
import { isObject, type Json } from '../door-kit/request-fields.ts';
import type { ResponseStore } from './store.ts';

/** A conversation longer than this many responses is refused rather than walked. */
const MAX_CHAIN = 10_000;

export interface StoredInput {
  /** The body, its `input` the whole conversation, `previous_response_id` resolved. */
  body: Json;
  /** This request's own input items (references resolved): what is kept of it. */
  own: unknown[];
  previous?: string;
}

const notHeld = (what: string, param: string) =>
  invalidRequest(
    `${what}, which this proxy does not hold: it keeps the responses it gave for a while (RESPONSES_STORE_TTL_MS, RESPONSES_STORE_MAX_BYTES), and this one is older, was never given by this proxy, or it restarted. Send the items themselves: set \`store: false\` in your client (the AI SDK's openai provider: providerOptions.openai.store = false), and it sends whole items.`,
    param,
  );

/** The request's input as items (a string is one user message). */
function inputItems(input: unknown): unknown[] | undefined {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  return Array.isArray(input) ? input : undefined;
}

async function resolveReferences(items: unknown[], store: ResponseStore, owner: string): Promise<unknown[]> {
  const resolved: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isObject(item) || item.type !== 'item_reference') {
      resolved.push(item);
      continue;
    }
    const param = `input[${i}].id`;
    if (typeof item.id !== 'string' || item.id === '') throw invalidRequest(`\`${param}\` must be an item id.`, param);
    const found = await store.item(owner, item.id);
    if (found === undefined) throw notHeld(`\`input[${i}]\` refers to the item ${JSON.stringify(item.id)}`, param);
    resolved.push(found);
  }
  return resolved;
}

/** The conversation a response ended, oldest first: every response's input, then its output. */
async function conversationOf(id: string, store: ResponseStore, owner: string): Promise<unknown[]> {
  const turns: unknown[][] = [];
  let at: string | undefined = id;
  for (let depth = 0; at !== undefined; depth++) {
    if (depth >= MAX_CHAIN) {
      throw invalidRequest(
        `previous_response_id leads back more than ${MAX_CHAIN} responses; send the conversation in \`input\`.`,
        'previous_response_id',
      );
    }
    const response = await store.response(owner, at);
    if (response === undefined) {
      const what = at === id ? `\`previous_response_id\` is ${JSON.stringify(id)}` : `it follows ${JSON.stringify(at)}`;
      throw notHeld(what, 'previous_response_id');
    }
    turns.push([...response.input, ...response.output]);
    at = response.previous;
  }
  return turns.reverse().flat();
}

export async function withStoredInput(
  body: unknown,
  store: ResponseStore,
  owner: string,
): Promise<StoredInput | undefined> {
  // Not an object, or an input that is neither a string nor a list: the request reader refuses it, naming the field.
  if (!isObject(body)) return undefined;
  const items = inputItems(body.input);
  if (items === undefined) return undefined;
  const own = await resolveReferences(items, store, owner);
  const previous = body.previous_response_id;
  if (previous === undefined || previous === null) return { body: { ...body, input: own }, own };
  if (typeof previous !== 'string' || previous === '') {
    throw invalidRequest('`previous_response_id` must be a response id.', 'previous_response_id');
  }
  const earlier = await conversationOf(previous, store, owner);
  const { previous_response_id: _resolved, ...rest } = body;
  return { body: { ...rest, input: [...earlier, ...own] }, own, previous };
}
