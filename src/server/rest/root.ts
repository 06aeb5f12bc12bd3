/**
 * Where the REST API lives on the site: the one place that knows its address, in both permalink styles
 * and for WordPress installed in a folder. Incoming requests are routed by the REST route they name
 * ({@link routeOfTarget}); every URL the server writes (links, `rest_url`, `Location`, the index, the
 * `Link` header) starts with {@link restRoot} and gains its query through {@link withQuery}.
 *
 * As WordPress decides it (get_rest_url, rest_api_loaded, add_query_arg):
 * - pretty permalinks: `<home>/wp-json/<route>`, and `<home>/?rest_route=<route>` too (the query
 *   variable is always read);
 * - plain permalinks: `<home>/index.php?rest_route=<route>` only; `<home>/wp-json/…` is no REST route
 *   there (no rewrite rule reads it: WordPress answers its front page);
 * - `<home>` is the site's address: `scheme://host[:port]` plus the folder WordPress lives in (`/blog`).
 */

import { namespaceOf, type Permalinks, type RequestScope } from '../site.js';

export type { Permalinks };
export const PERMALINK_STYLES: readonly Permalinks[] = ['pretty', 'plain'];

/** The prefix of the pretty REST path (rest_get_url_prefix). */
export const REST_PREFIX = '/wp-json';

/** What the addresses depend on: the site's home URL (origin and folder) and its permalinks. */
export interface Where {
  /** the site's home URL: `scheme://host[:port][/folder]`, no trailing slash */
  origin: string;
  site: { permalinks?: Permalinks | undefined };
}

const plain = (where: Where) => where.site.permalinks === 'plain';

/**
 * What a route path is appended to: `<home>/wp-json` (pretty) or `<home>/index.php?rest_route=`
 * (plain), so `${restRoot(w)}/tribe/events/v1` names the namespace in either style and
 * `${restRoot(w)}/` is the root the `Link` header announces.
 */
export const restRoot = (where: Where): string =>
  plain(where) ? `${where.origin}/index.php?rest_route=` : `${where.origin}${REST_PREFIX}`;

/**
 * A REST URL with query arguments added, as add_query_arg writes it: after `?`, or after `&` when the
 * URL has a query already (plain permalinks), whose `rest_route` is then URL-encoded (`%2F`), as
 * add_query_arg re-encodes the query it finds. `query` is already encoded, without `?`.
 */
export function withQuery(url: string, query: string): string {
  if (query === '') return url;
  const q = url.indexOf('?');
  if (q < 0) return `${url}?${query}`;
  const existing = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${encodeURIComponent(decodeURIComponent(pair.slice(eq + 1)))}`;
    })
    .join('&');
  return `${url.slice(0, q)}?${existing}&${query}`;
}

/** The site's home URL for a request that reached `origin` (scheme://host[:port]). */
export const homeOf = (origin: string, basePath: string | undefined): string => `${origin}${basePath ?? ''}`;

/** A folder for `--base-path`: `blog`, `/blog/` → `/blog`; `/` or empty → `''`; undefined when unusable. */
export function normalizeBasePath(input: string): string | undefined {
  const trimmed = input.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(trimmed)) return undefined;
  if (trimmed.split('/').some((s) => s === '.' || s === '..')) return undefined;
  return `/${trimmed}`;
}

/** Where a request lands: a REST route (with the query left for its parameters), the site's front end, or outside the site. */
export type Landing = { kind: 'rest'; route: string; query: string } | { kind: 'front' } | { kind: 'outside' };

/** The query without its `rest_route` pair, and that pair's decoded value (PHP reads `+` as a space). */
function takeRestRoute(query: string): { route: string | undefined; rest: string } {
  let route: string | undefined;
  const rest: string[] = [];
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (key === 'rest_route') {
      const raw = eq < 0 ? '' : pair.slice(eq + 1);
      try {
        route = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        route = raw;
      }
    } else rest.push(pair);
  }
  return { route, rest: rest.join('&') };
}

/** `/a//b/` → `/a/b`, the REST route as WordPress dispatches it (untrailingslashit; `/` for empty). */
const routeForm = (route: string): string => {
  const p = route.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return p === '' ? '' : p.startsWith('/') ? p : `/${p}`;
};

/**
 * Where a request lands, from its normalised path and its query string: `?rest_route=` at the site's
 * home or its `index.php` in either style; `<home>/wp-json[/…]` only with pretty permalinks; any other
 * path inside the site is its front end (a page, or WordPress's front page), a path outside the
 * folder is not the site's. The route is '' for the REST index.
 */
export function routeOfTarget(
  where: { site: { permalinks?: Permalinks | undefined; basePath?: string | undefined } },
  path: string,
  query: string,
): Landing {
  const base = where.site.basePath ?? '';
  const inside = path === base || path === '' ? '/' : path.startsWith(`${base}/`) ? path.slice(base.length) : undefined;
  if (inside === undefined) return { kind: 'outside' };
  if (inside === '/' || inside === '/index.php') {
    const { route, rest } = takeRestRoute(query);
    if (route !== undefined) return { kind: 'rest', route: routeForm(route), query: rest };
  }
  if (where.site.permalinks !== 'plain') {
    if (inside === REST_PREFIX) return { kind: 'rest', route: '', query };
    if (inside.startsWith(`${REST_PREFIX}/`)) return { kind: 'rest', route: inside.slice(REST_PREFIX.length), query };
  }
  return { kind: 'front' };
}

/** The route a path below the REST prefix names (`/wp-json/tec/v1` → `/tec/v1`), for batch sub-requests. */
export function routeOfPath(path: string): string | undefined {
  if (path === REST_PREFIX) return '';
  return path.startsWith(`${REST_PREFIX}/`) ? path.slice(REST_PREFIX.length) : undefined;
}

/** Where the plugin's `tribe/events/v1` namespace lives on the site. */
export const restBase = (scope: RequestScope) => `${restRoot(scope)}/${namespaceOf(scope.site)}`;
