/**
 * The server without a transport: fastify serves it over sockets (app.ts); the CLI's local calendar
 * calls it in-process. A request goes through named steps: who is calling (http/auth.ts), which route
 * of the one table it names (rest/router.ts), the route's answer through the one pipeline in one
 * transaction (rest/pipeline.ts, store/requests.ts) with the answer cache for reads (http/cache.ts),
 * and WordPress's headers (http/respond.ts). The site's own routes of the table (its pages, the REST
 * index, the batch route: rest/site-route.ts) answer outside the pipeline.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { callerOf } from './http/auth.js';
import { bodyParams, NO_BODY, type RequestBody, readRequestBody } from './http/body.js';
import { type CachedReply, ReplyCache } from './http/cache.js';
import { noRoute, RestError } from './http/errors.js';
import { jsonString } from './http/json-text.js';
import { parsePhpQuery } from './http/params.js';
import { headerOf, methodOf, normalizePath, splitTarget } from './http/request.js';
import { type PiecedResponse, respond } from './http/respond.js';
import { siteNow } from './posts/rules.js';
import { BATCH_ROUTE, type BatchContext } from './rest/batch.js';
import { Refused, run } from './rest/pipeline.js';
import { homeOf, REST_PREFIX, restRoot, routeOfPath, routeOfTarget } from './rest/root.js';
import { endpointOf, type Match, Router } from './rest/router.js';
import { encode, FRONT, type SiteRoute, type SiteServices } from './rest/site-route.js';
import type { Body, Call, Endpoint, Input, Reply } from './rest/types.js';
import type { RequestScope, SiteSettings, Stores } from './site.js';
import { RequestStore } from './store/requests.js';
import { buildTable, namespacesOf, SITE_ROUTES } from './table.js';

/** One request as the core sees it, whatever carried it (a socket through fastify, or an in-process call). */
export interface CoreRequest {
  method: string;
  /** path and query string, as sent */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer | string | null;
  /** client address (for the login throttle) */
  ip: string;
  /** scheme://host[:port] the client used; URLs in answers are built on it */
  origin: string;
}

/** The answer, JSON text in `body` (the transport encodes it: see BodyBuffers). */
export type CoreResponse = Omit<PiecedResponse, 'body'> & { body: string };

export interface Core {
  handle(req: CoreRequest): Promise<CoreResponse>;
  /** The same answer with its body possibly in pieces, for a transport that writes them one by one. */
  handleInPieces(req: CoreRequest): Promise<PiecedResponse>;
}

export interface CoreOptions {
  site: SiteSettings;
  stores: Stores;
  /** longest path parameter (slug), characters (414 above) */
  maxParamLength?: number;
  /**
   * In-process callers that already hold the data dir (the CLI's built-in local calendar) are trusted:
   * any credentials they send stand for the admin, and no password hash is checked.
   */
  trustCredentials?: boolean;
}

const NOT_FOUND = () => encode({ status: 404, body: noRoute().toBody() });

/**
 * A request's parts as the routes read them; the query string is parsed on first use, the body was
 * read before routing and its error (invalid JSON) is raised only where a route reads it.
 */
function inputOf(
  req: CoreRequest,
  method: string,
  query: string,
  groups: Record<string, string>,
  body: RequestBody,
): Input {
  let params: Input['query'] | undefined;
  return {
    method: method === 'HEAD' ? 'GET' : method,
    get query() {
      params ??= parsePhpQuery(query);
      return params;
    },
    groups,
    body: (): Body => bodyParams(body),
    header: (name) => headerOf(req.headers, name),
    bytes: () =>
      req.body === null ? Buffer.alloc(0) : typeof req.body === 'string' ? Buffer.from(req.body) : req.body,
  };
}

/** What the steps of a request share: the site, its stores and the pieces built once per core. */
interface CoreParts {
  site: SiteSettings;
  stores: Stores;
  router: Router;
  /** the site's own routes of the table, by where they are */
  own: ReadonlyMap<string, SiteRoute>;
  /** what the site's own routes use of the core */
  services: SiteServices;
  store: RequestStore;
  cache: ReplyCache;
}

/**
 * The answer of one endpoint: a read in one read transaction, asking the answer cache first when the
 * route allows it; a write as one write of the current group commit, answered once it is durable (so
 * is a read that saw a batch still open). An error changes nothing: its transaction rolls back.
 */
async function replyInTransaction(parts: CoreParts, call: Call, url: string): Promise<CachedReply> {
  const { store, cache } = parts;
  const { scope } = call;
  const isRead = call.input.method === 'GET';
  const cacheable = isRead && call.route.cache === true;
  // The answer depends on the caller, the host used (URLs in bodies) and the day (default window).
  const key = cacheable ? `${scope.userId ?? 0}|${scope.origin}|${siteNow(scope).local.slice(0, 10)}|${url}` : '';
  // (the data version the read's snapshot saw, for the answer cache)
  let version: number | undefined;
  let reply: Reply;
  let durable: Promise<void> | undefined;
  try {
    if (isRead) {
      durable = store.open;
      // The cache is asked inside the read transaction, with the data version its snapshot sees: one
      // read lock for the look and the answer.
      const read = store.read((): { hit: CachedReply } | { reply: Reply } => {
        if (cacheable) {
          version = store.dataVersion();
          const hit = cache.get(key, version);
          if (hit) return { hit };
        }
        return { reply: run(call) };
      });
      if ('hit' in read) return read.hit;
      reply = read.reply;
    } else {
      ({ result: reply, durable } = store.write(() => run(call)));
    }
  } catch (err) {
    if (err instanceof Refused) return encode(err.reply);
    throw err;
  }
  const encoded = encode(reply);
  // (an answer that saw an open batch is not cached: the batch may still fail)
  if (cacheable && reply.status === 200 && !durable && version !== undefined) cache.set(key, encoded, version);
  if (durable) await durable;
  return encoded;
}

/** OPTIONS on a route that describes itself: its description, with the `Allow` of its answers. */
function describe(scope: RequestScope, req: CoreRequest, hit: Match): CachedReply {
  const { route } = hit;
  if (!route.describe) return NOT_FOUND();
  const call: Call = {
    scope,
    route,
    endpoint: route.endpoints[0] as Endpoint,
    input: inputOf(req, 'OPTIONS', '', {}, NO_BODY),
  };
  const allow = route.namespace.allow(call, 'answer');
  return encode({ status: 200, body: route.describe(scope), headers: allow ? { Allow: allow } : {} });
}

/**
 * Routing: where the request lands on the site (rest/root.ts: the REST API in the deployment's style,
 * the front end, or outside the site), then the table: the site's own route there with the method (its
 * pages, the REST index, the batch), else the namespaces' routes; a route without the method is not found.
 */
async function dispatch(parts: CoreParts, scope: RequestScope, req: CoreRequest): Promise<CachedReply> {
  const sent = req.method.toUpperCase();
  const target = splitTarget(req.url);
  const sentGet = sent === 'GET' || sent === 'HEAD';
  const landing = routeOfTarget(scope, target.path, target.query);
  if (landing.kind === 'outside') return NOT_FOUND();
  if (landing.kind === 'front') {
    const own = parts.own.get(FRONT);
    if (!own?.methods.includes(sent)) return NOT_FOUND();
    const call = { scope, method: sent, url: req.url, path: target.path, query: target.query, body: NO_BODY };
    return own.answer(call, parts.services);
  }
  const { route, query } = landing;
  // (read once, before routing, as PHP reads it for the method sent; an unreadable JSON body is
  // refused only where a route reads it)
  const body = sentGet ? NO_BODY : await readRequestBody(sent, req.headers, req.body);
  // (the query is parsed here only when it may name `_method`: PHP's key rules make `.method` one too)
  const method = methodOf(sent, /method/i.test(query) ? parsePhpQuery(query) : {}, req.headers);
  const own = parts.own.get(route);
  if (own?.methods.includes(method)) {
    return own.answer({ scope, method, url: req.url, path: target.path, query, body }, parts.services);
  }
  const hit = parts.router.find(route);
  if (!hit) return NOT_FOUND();
  if (method === 'OPTIONS') return describe(scope, req, hit);
  const endpoint = endpointOf(hit.route, method);
  if (!endpoint) return NOT_FOUND();
  const input = inputOf(req, method, query, hit.groups, body);
  if (endpoint.prepare) input.prepared = await endpoint.prepare(input, scope);
  return replyInTransaction(parts, { scope, route: hit.route, endpoint, input }, req.url);
}

/** What `POST /wp-json/batch/v1` uses of the core: the same routing and write path as single requests. */
function batchContext(router: Router, store: RequestStore): BatchContext {
  return {
    route(path, method) {
      const route = routeOfPath(normalizePath(`${REST_PREFIX}${path}`));
      if (route === BATCH_ROUTE) return method === 'POST' ? 'batch' : undefined;
      const hit = route === undefined ? undefined : router.find(route);
      const endpoint = hit ? endpointOf(hit.route, method) : undefined;
      return hit && endpoint ? { route: hit.route, endpoint, groups: hit.groups } : undefined;
    },
    write: (fn) => store.write(fn),
    inRequest: (fn) => store.inRequest(fn),
    read: (fn) => store.readOnly(fn),
    open: () => store.open,
  };
}

export function createCore(opts: CoreOptions): Core {
  const { site, stores } = opts;
  const table = buildTable(site, opts.maxParamLength ?? 1000);
  const router = new Router(table);
  const own = new Map(SITE_ROUTES.map((r) => [r.at, r]));
  const cache = new ReplyCache();
  // (a batch that fails to commit may have been read by requests in the same loop pass)
  const store = new RequestStore(stores, () => cache.invalidate());
  const parts: CoreParts = {
    site,
    stores,
    router,
    own,
    services: {
      read: (fn) => store.read(fn),
      batch: batchContext(router, store),
      namespaces: namespacesOf(table),
    },
    store,
    cache,
  };
  const identify = callerOf(stores.auth, opts.trustCredentials === true);

  // Every address the answers hold is below the site's home: the host the client used and the folder.
  const scopeOf = (req: CoreRequest) => ({ site, stores, origin: homeOf(req.origin, site.basePath) });
  const rootOf = (req: CoreRequest) => `${restRoot(scopeOf(req))}/`;

  /** Who is calling, the route's answer, WordPress's headers; an error before a route answers is answered here. */
  async function handle(req: CoreRequest): Promise<PiecedResponse> {
    let userId: number | null = null;
    try {
      userId = await identify(req);
      const reply = await dispatch(parts, { ...scopeOf(req), userId }, req);
      return respond(req, rootOf(req), userId, reply.status, reply.body, reply.headers);
    } catch (err) {
      if (!(err instanceof RestError)) throw err;
      const headers: Record<string, string> =
        err.status === 429 ? { 'Retry-After': String(err.data.retry_after ?? 60) } : {};
      return respond(req, rootOf(req), userId, err.status, JSON.stringify(err.toBody()), headers);
    }
  }

  return {
    handleInPieces: handle,
    handle: async (req) => {
      const res = await handle(req);
      return { ...res, body: jsonString(res.body) };
    },
  };
}
