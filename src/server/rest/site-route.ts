/**
 * The site's own routes, outside any namespace and its pipeline: the pages outside the REST API
 * (front.ts), the REST index and WordPress core's batch route (site.ts). They are entries of the one
 * table (table.ts) beside the namespaces' routes; the core answers a request with the first that
 * names where it landed and its method, else with the namespaces' routes.
 */
import type { RequestBody } from '../http/body.js';
import type { CachedReply } from '../http/cache.js';
import { stringifyBody } from '../http/json-text.js';
import type { RequestScope } from '../site.js';
import type { BatchContext } from './batch.js';
import type { Namespace, Reply } from './types.js';

/** Where a front-end page lands, in {@link SiteRoute.at}: any address outside the REST API. */
export const FRONT = 'front';

/** A request to one of the site's own routes. */
export interface SiteCall {
  scope: RequestScope;
  /** the method as the route reads it (after `_method` on a REST route), upper case */
  method: string;
  /** the path and query as sent */
  url: string;
  /** the path without its query, and the query string (of the REST route, for a REST route) */
  path: string;
  query: string;
  /** the body, read before routing (none for a page) */
  body: RequestBody;
}

/** What the site's own routes use of the core. */
export interface SiteServices {
  /** `fn` as one request in one read transaction */
  read<T>(fn: () => T): T;
  /** the routing and the write path a batch's requests take, as single requests do */
  batch: BatchContext;
  /** the namespaces of the table, in its order */
  namespaces: readonly Namespace[];
}

export interface SiteRoute {
  /** {@link FRONT}, or the REST route it answers (`''` is the REST index) */
  at: string;
  /** the methods it answers; other methods go on to the namespaces' routes */
  methods: readonly string[];
  answer(call: SiteCall, services: SiteServices): CachedReply | Promise<CachedReply>;
}

/** A reply with its body as JSON text. */
export const encode = (reply: Reply): CachedReply => ({
  status: reply.status,
  body: stringifyBody(reply.body),
  headers: reply.headers ?? {},
});
