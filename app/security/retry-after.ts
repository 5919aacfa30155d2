import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's `headers`: pass on the Retry-After of a throttled action (with single fetch, headers
 * other than Set-Cookie reach the document only through this function).
 */
export const retryAfterHeader: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
