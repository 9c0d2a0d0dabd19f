import type { HeadersFunction } from "@remix-run/node";

/**
 * For pages whose action can answer 429 or 503: Remix builds a page's headers from its route's
 * `headers` export, so the action's Retry-After would otherwise be dropped.
 */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return headers;
};
