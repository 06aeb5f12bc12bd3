/**
 * The one builder of every URL calctl sends a request to. A WordPress site serves its REST API in one
 * of two shapes (`get_rest_url()` in wp-includes/rest-api.php decides which):
 *
 * - pretty permalinks: the route follows the REST prefix in the path, `<home>/wp-json/<route>?<query>`;
 * - plain permalinks: the route travels in the query, `<home>/index.php?rest_route=<route>&<query>`
 *   (and `<home>/?rest_route=…` works too), so every further parameter continues with `&`;
 *
 * and `<home>` may be a folder (`https://example.org/blog`). Everything here takes a REST root as the
 * site announces it in its `Link: <…>; rel="https://api.w.org/"` header, or a namespace base built on
 * one (`…/wp-json/tribe/events/v1`, `…/index.php?rest_route=/tribe/events/v1`), and a route such as
 * `/tribe/events/v1/events?_fields=id` (a route may carry its own query).
 */
import { encodeParams, type ParamObject } from './params.js';

/** A REST root taken apart. */
export interface RestRoot {
  /** whether routes travel in `rest_route` (plain permalinks) rather than in the path */
  readonly plain: boolean;
  /**
   * pretty: the root URL without query, ending in `/` (`https://x.org/blog/wp-json/`); plain: the URL
   * before the query (`https://x.org/blog/index.php`, `https://x.org/blog/`)
   */
  readonly prefix: string;
  /** plain: other parameters of the announced root, kept before `rest_route` (raw, `a=1&b=2`) */
  readonly extra: string;
}

/** Reads a REST root URL (`…/wp-json/`, `…/index.php?rest_route=/`). */
export function parseRestRoot(root: string): RestRoot {
  const url = new URL(root);
  url.hash = '';
  if (url.searchParams.has('rest_route')) {
    const extra = url.search
      .slice(1)
      .split('&')
      .filter((part) => part !== '' && !/^rest_route(=|$)/.test(part))
      .join('&');
    return { plain: true, prefix: `${url.origin}${url.pathname}`, extra };
  }
  return { plain: false, prefix: `${url.origin}${url.pathname.replace(/\/*$/, '/')}`, extra: '' };
}

/** The REST root as a site writes it in its Link header. */
export function restRootHref(root: RestRoot): string {
  return restUrl(root, '/').href;
}

/**
 * The folder WordPress is installed in, from its REST root: `/` for `https://x.org/wp-json/`,
 * `/blog/` for `https://x.org/blog/wp-json/` or `https://x.org/blog/index.php?rest_route=/`.
 */
export function homePathOf(root: RestRoot): string {
  const path = new URL(root.prefix).pathname;
  return root.plain ? path.replace(/index\.php$/, '') : path.replace(/[^/]+\/$/, '');
}

/**
 * A route's path as the value of `rest_route`: PHP decodes the query once, as it decodes a pretty
 * path once, so the route's own percent escapes stay; only what would end the value or change its
 * meaning in a query (`&`, `+`, `#`, spaces) is escaped.
 */
function routeParam(path: string): string {
  return path.replace(/[&+#\s]/g, (c) => encodeURIComponent(c));
}

/** Joins query parts that are not empty with `&`. */
function joinQuery(parts: readonly string[]): string {
  return parts.filter((p) => p !== '').join('&');
}

/**
 * The URL of `route` on the site whose REST root is `root`, with `query` encoded after the route's
 * own query (PHP-style brackets for arrays and objects, {@link encodeParams}).
 */
export function restUrl(root: RestRoot | string, route: string, query?: ParamObject): URL {
  const r = typeof root === 'string' ? parseRestRoot(root) : root;
  const at = route.indexOf('?');
  const path = `/${(at < 0 ? route : route.slice(0, at)).replace(/^\/+/, '')}`;
  const params = joinQuery([at < 0 ? '' : route.slice(at + 1), query ? encodeParams(query).toString() : '']);
  if (r.plain) return new URL(`${r.prefix}?${joinQuery([r.extra, `rest_route=${routeParam(path)}`, params])}`);
  return new URL(`${r.prefix}${path.slice(1)}${params === '' ? '' : `?${params}`}`);
}

/** A namespace base taken apart: the site's REST root and the namespace's route (`/tribe/events/v1`). */
export interface ApiBase {
  root: RestRoot;
  namespace: string;
}

/**
 * Splits a namespace base URL: `https://x.org/blog/wp-json/tribe/events/v1` → root
 * `https://x.org/blog/wp-json/` + `/tribe/events/v1`; `https://x.org/index.php?rest_route=/tribe/events/v1`
 * → the plain root + `/tribe/events/v1`. A pretty URL without a `<vendor>/events/v1` ending is taken
 * as a root whose namespace is empty.
 */
export function splitApiBase(base: string): ApiBase {
  const url = new URL(base);
  url.hash = '';
  const route = url.searchParams.get('rest_route');
  if (route !== null) {
    return { root: parseRestRoot(url.href), namespace: `/${route.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '') };
  }
  url.search = '';
  const path = url.pathname.replace(/\/+$/, '');
  const ns = /\/[^/]+\/events\/v1$/.exec(path)?.[0] ?? '';
  url.pathname = `${path.slice(0, path.length - ns.length)}/`;
  return { root: parseRestRoot(url.href), namespace: ns };
}

/** Whether `path` is a whole http(s) URL (a `next_rest_url`, a core route built by {@link siteRouteUrl}). */
export function isAbsoluteUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** `url` with `query` appended (`?` or `&`, whichever continues its query). */
export function withQuery(url: string, query?: ParamObject): URL {
  const encoded = query ? encodeParams(query).toString() : '';
  if (encoded === '') return new URL(url);
  const [head = '', hash] = url.split('#', 2);
  const joined = `${head}${head.includes('?') ? (/[?&]$/.test(head) ? '' : '&') : '?'}${encoded}`;
  return new URL(hash === undefined ? joined : `${joined}#${hash}`);
}

/**
 * The URL of `path` under a namespace base: `''` is the namespace's index, `/events/9?x=1` a route in
 * it; a whole http(s) URL is used as it is (with `query` appended).
 */
export function apiUrl(base: string, path: string, query?: ParamObject): URL {
  if (isAbsoluteUrl(path)) return withQuery(path, query);
  const { root, namespace } = splitApiBase(base);
  const rel = path === '' || path.startsWith('/') || path.startsWith('?') ? path : `/${path}`;
  return restUrl(root, `${namespace}${rel}`, query);
}

/**
 * The URL of another route of the same site as a namespace base: `/` the REST index, `/wp/v2/…`
 * WordPress core's routes, `/batch/v1` the batch route, `/tec/v1/…` the plugin's newer namespace.
 */
export function siteRouteUrl(base: string, route: string, query?: ParamObject): URL {
  return restUrl(splitApiBase(base).root, route, query);
}
