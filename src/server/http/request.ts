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
