/** The error a request reader throws for `body`; fails the test when the body is accepted. */
import type { ProxyHttpError } from '../core/errors.ts';

export function refusalOf<Body>(read: (body: Body) => unknown, body: Body): ProxyHttpError {
  try {
    read(body);
  } catch (error) {
    return error as ProxyHttpError;
  }
  throw new Error('the request was accepted');
}
