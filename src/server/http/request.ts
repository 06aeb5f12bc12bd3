/**
 * The parts of a request line and its headers the core reads: the path as WordPress routes it and
 * the query string, and a header's value.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** `/a//b/` → `/a/b` (WordPress ignores repeated and trailing slashes). */
export function normalizePath(path: string): string {
  const p = path.replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** A request target split into its normalised path and its query string (without `?`). */
export function splitTarget(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return { path: normalizePath(q >= 0 ? url.slice(0, q) : url), query: q >= 0 ? url.slice(q + 1) : '' };
}

/** A header's first value (node gives repeated ones as arrays), by its name in any case. */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The method a REST request is answered as: the query's `_method`, else the `X-HTTP-Method-Override`
 * header, else the one sent, in upper case — whatever method carried it, as WP_REST_Server::serve_request
 * does for clients that cannot send PUT, PATCH or DELETE (the reference site trashes an event on
 * `POST …/events/ID?_method=DELETE`, and on a GET with it too). `query` is the parsed query string.
 */
export function methodOf(sent: string, query: Record<string, unknown>, headers: IncomingHttpHeaders): string {
  const asked = query._method;
  if (typeof asked === 'string') return asked.toUpperCase();
  // (an array `_method[]` is no method PHP can upper-case: left as sent)
  if (asked !== undefined) return sent;
  const header = headerOf(headers, 'x-http-method-override');
  return header !== undefined ? header.toUpperCase() : sent;
}
