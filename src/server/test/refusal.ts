/** The error a request reader throws for `body`; fails the test when the body is accepted. */
import type { ProxyHttpError } from '../core/errors.ts';

export function refusalOf(read: (body: unknown) => unknown, body: unknown): ProxyHttpError {
  try {
    read(body);
  } catch (error) {
    return error as ProxyHttpError;
  }
  throw new Error('the request was accepted');
}
