import type { JsonBody } from './json-text.js';

/**
 * The headers every answer carries, as WordPress sends them (rest_send_cors_headers, the REST API's
 * `Link` to its root, nocache_headers for signed-in callers).
 */
const BASE_HEADERS = {
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
  'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
};
const NO_CACHE = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
};

/** A response as the core hands it to its transport, its JSON body whole or in pieces. */
export interface PiecedResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, whole or in pieces (the transport encodes it) */
  body: JsonBody;
}

/**
 * The answer with WordPress's headers: no-cache headers for a signed-in caller; `Vary: Origin` on
 * anonymous GETs only, as WordPress sends it (not on HEAD, writes or signed-in reads). The route's own
 * headers come last.
 */
export function respond(
  req: { method: string },
  /** the REST root the `Link` header announces (`…/wp-json/` or `…/index.php?rest_route=/`) */
  root: string,
  userId: number | null,
  status: number,
  body: JsonBody,
  headers: Record<string, string>,
): PiecedResponse {
  return {
    status,
    body,
    headers: {
      ...BASE_HEADERS,
      Link: `<${root}>; rel="https://api.w.org/"`,
      'Content-Type': 'application/json; charset=UTF-8',
      ...(userId !== null ? NO_CACHE : req.method.toUpperCase() === 'GET' ? { Vary: 'Origin' } : {}),
      ...headers,
    },
  };
}
