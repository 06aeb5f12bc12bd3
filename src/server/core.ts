import type { IncomingHttpHeaders } from 'node:http';
import { addDays } from '../clock/index.js';
import { describeDoc } from './describe/doc.js';
import { describeBatchRoute, describeIndex, describeNamespace, describeRoute } from './describe/root.js';
import { siteNow } from './handlers/common.js';
import { authenticate, LoginThrottle } from './http/auth.js';
import { BATCH_PATH, type BatchContext, serveBatch } from './http/batch.js';
import { bodyParams, NO_BODY, type RequestBody, readRequestBody } from './http/body.js';
import { type CachedReply, ReplyCache } from './http/cache.js';
import { noRoute, RestError } from './http/errors.js';
import { fieldsParam, filterFields } from './http/fields.js';
import { parsePhpQuery } from './http/params.js';
import { type RawInput, runEndpoint } from './routes/pipeline.js';
import { buildRoutes, type Endpoint, type RouteDef } from './routes/table.js';
import { namespaceOf, type RequestScope, type SiteSettings, type Stores } from './site.js';
import { requestDataVersion } from './store/shared-cache.js';
import { WriteBatch } from './store/write-batch.js';
import { serveTec, type TecStoreAccess } from './tec/router.js';
import { tecIndexExtra } from './tec/routes.js';
import { serveWpCore, wpCoreIndexRoutes } from './tec/wp-core.js';

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

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text (the transport encodes it: see BodyBuffers) */
  body: string;
}

export interface Core {
  handle(req: CoreRequest): Promise<CoreResponse>;
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

interface CompiledRoute {
  route: RouteDef;
  regex: RegExp;
  /** `Allow` for a signed-in caller (every method) and for an anonymous one (the public methods) */
  allow: { user: string; anonymous: string };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** WordPress route patterns (`(?P<id>\d+)`) as anchored JavaScript regexes below the namespace. */
function compile(routes: RouteDef[], ns: string): CompiledRoute[] {
  return routes.map((route) => ({
    route,
    regex: new RegExp(`^${escapeRe(ns)}${route.pattern.replace(/\(\?P</g, '(?<')}$`),
    allow: {
      user: [...new Set(route.endpoints.flatMap((e) => e.methods))].join(', '),
      anonymous: [...new Set(route.endpoints.filter((e) => e.permission === 'public').flatMap((e) => e.methods))].join(
        ', ',
      ),
    },
  }));
}

/** `/a//b/` → `/a/b` (WordPress ignores repeated and trailing slashes). */
function normalizePath(path: string): string {
  const p = path.replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** The parameters of a core (wp/v2) request: a write's JSON and form bodies win over the query string. */
function wpCoreParams(method: string, query: string, body: RequestBody): Record<string, unknown> {
  const params: Record<string, unknown> = parsePhpQuery(query);
  if (method === 'GET' || method === 'HEAD') return params;
  const { json, form } = bodyParams(body);
  return Object.assign(params, form ?? {}, json ?? {});
}

/**
 * The server without a transport: authentication, routing, body parsing, the WordPress pipeline, the
 * answer cache and the response headers. fastify serves it over sockets (app.ts); the CLI's local
 * calendar calls it in-process.
 */
export function createCore(opts: CoreOptions): Core {
  const { site, stores } = opts;
  const ns = `/wp-json/${namespaceOf(site)}`;
  const routes = buildRoutes();
  const compiled = compile(routes, ns);
  const throttle = new LoginThrottle();
  const cache = new ReplyCache();
  // A batch that fails to commit may have been read by requests in the same loop pass.
  const batch = new WriteBatch(stores.db, () => cache.invalidate());
  const inReadTransaction = stores.db.transaction((fn: () => unknown) => fn());
  const maxParam = opts.maxParamLength ?? 1000;
  /** How the tec/v1 routes reach the store: the same transactions and group commit as the others. */
  const tecStore: TecStoreAccess = {
    read: <T>(fn: () => T) => inReadTransaction.deferred(() => inRequest(fn)) as T,
    write: async <T>(fn: () => T) => {
      const { result, durable } = write(() => inRequest(fn));
      await durable;
      return result;
    },
  };

  /**
   * The answer with WordPress's headers: no-cache headers for a signed-in caller; `Vary: Origin` on
   * anonymous GETs only, as WordPress sends it (not on HEAD, writes or signed-in reads).
   */
  function respond(
    req: { method: string; origin: string },
    userId: number | null,
    status: number,
    body: string,
    headers: Record<string, string>,
  ) {
    return {
      status,
      body,
      headers: {
        ...BASE_HEADERS,
        Link: `<${req.origin}/wp-json/>; rel="https://api.w.org/"`,
        'Content-Type': 'application/json; charset=UTF-8',
        ...(userId !== null ? NO_CACHE : req.method.toUpperCase() === 'GET' ? { Vary: 'Origin' } : {}),
        ...headers,
      },
    };
  }

  /** `Allow` lists the methods the caller may use on the route, as WordPress filters it. */
  const allowOf = (c: CompiledRoute, userId: number | null) => (userId === null ? c.allow.anonymous : c.allow.user);

  async function resolveUser(req: CoreRequest): Promise<number | null> {
    if (opts.trustCredentials) return req.headers.authorization ? 1 : null;
    return authenticate(req.headers, req.ip, stores.auth, throttle);
  }

  /** The first route whose pattern matches a normalised path (handle() and batch items alike). */
  function findRoute(path: string): { c: CompiledRoute; match: RegExpExecArray } | undefined {
    for (const c of compiled) {
      const match = c.regex.exec(path);
      if (match) return { c, match };
    }
    return undefined;
  }

  const endpointOf = (c: CompiledRoute, method: string) =>
    c.route.endpoints.find((e) => (e.methods as string[]).includes(method));

  /** The decoded path parameters of a match. */
  function pathParams(match: RegExpExecArray): Record<string, unknown> {
    const path: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(match.groups ?? {})) {
      if (v.length > maxParam) throw new RestError(414, 'rest_request_uri_too_long', 'A part of the URL is too long.');
      try {
        path[k] = decodeURIComponent(v);
      } catch {
        throw new RestError(400, 'rest_invalid_request', 'The URL could not be decoded.');
      }
    }
    return path;
  }

  /** `fn` between the post store's request markers (its per-request memo). */
  function inRequest<T>(fn: () => T): T {
    stores.posts.beginRequest();
    try {
      return fn();
    } finally {
      stores.posts.endRequest();
    }
  }

  /** `fn` as one write of the current group-commit batch; whatever it answers, the cache starts over. */
  function write<T>(fn: () => T): { result: T; durable: Promise<void> } {
    try {
      return batch.run(fn);
    } finally {
      cache.invalidate();
    }
  }

  /** What `POST /wp-json/batch/v1` uses of the core: the same routing and write path as single requests. */
  const batchContext: BatchContext = {
    route(path, method, userId) {
      const full = normalizePath(`/wp-json${path}`);
      if (full === BATCH_PATH) return method === 'POST' ? 'batch' : undefined;
      const hit = findRoute(full);
      const endpoint = hit && endpointOf(hit.c, method);
      if (!hit || !endpoint) return undefined;
      return {
        endpoint,
        resource: hit.c.route.resource as NonNullable<RouteDef['resource']>,
        allow: allowOf(hit.c, userId),
        pathParams: () => pathParams(hit.match),
      };
    },
    write,
    inRequest,
    read: <T>(fn: () => T) => inReadTransaction.deferred(fn) as T,
    open: () => batch.open,
  };

  function runRoute(
    c: CompiledRoute,
    endpoint: Endpoint,
    scope: RequestScope,
    req: CoreRequest,
    match: RegExpExecArray,
    query: string,
    body: RequestBody,
  ): CachedReply & { durable?: Promise<void> | undefined } {
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    // The answer depends on the caller, the host used (URLs in bodies) and the day (default window).
    const key = isRead ? `${scope.userId ?? 0}|${scope.origin}|${siteNow(scope).local.slice(0, 10)}|${req.url}` : '';
    const readInput = (): RawInput => {
      const path = pathParams(match);
      const params = isRead ? { json: null, form: null } : bodyParams(body);
      return { method: req.method === 'HEAD' ? 'GET' : req.method, query: parsePhpQuery(query), ...params, path };
    };
    const answer = (input: RawInput) =>
      runEndpoint(endpoint, c.route.resource as NonNullable<RouteDef['resource']>, scope, input);
    let input: RawInput;
    let result: ReturnType<typeof runEndpoint>;
    let durable: Promise<void> | undefined;
    // (a read notes the data version its snapshot saw, for the answer cache)
    let version: number | undefined;
    // One transaction per request, so validation, the write and the answer's reads see one
    // snapshot and a request that ends in an error changes nothing. Writes join the current
    // group-commit batch (see WriteBatch); their answer waits for its commit, and so does the
    // answer of a read made while a batch is open (it sees the batch's writes).
    if (isRead) {
      durable = batch.open;
      // The answer cache is asked inside the read transaction, with the data version its snapshot
      // sees: one read lock for the look and the answer.
      const read = inReadTransaction.deferred(() =>
        inRequest(() => {
          version = requestDataVersion(stores.db);
          const hit = cache.get(key, version);
          if (hit) return { hit };
          const asked = readInput();
          return { input: asked, result: answer(asked) };
        }),
      ) as { hit: CachedReply } | { input: RawInput; result: ReturnType<typeof runEndpoint> };
      if ('hit' in read) return read.hit;
      ({ input, result } = read);
    } else {
      const asked = readInput();
      input = asked;
      ({ result, durable } = write(() => inRequest(() => answer(asked))));
    }
    // (`_fields` trims a successful answer, as WordPress core does on every route)
    const fields = fieldsParam(isRead ? [input.query] : [input.json, input.form, input.query]);
    const data = fields === undefined || result.status >= 400 ? result.body : filterFields(result.body, fields);
    const reply = {
      status: result.status,
      body: JSON.stringify(data),
      headers: { Allow: allowOf(c, scope.userId), ...(result.headers ?? {}) },
    };
    // (an answer that saw an open batch is not cached: the batch may still fail)
    if (isRead && result.status === 200 && !durable && version !== undefined) cache.set(key, reply, version);
    return { ...reply, durable };
  }

  async function handle(req: CoreRequest): Promise<CoreResponse> {
    let userId: number | null = null;
    // Errors of a matched route carry its `Allow` too, as on the site.
    let allow: string | undefined;
    try {
      userId = await resolveUser(req);
      const q = req.url.indexOf('?');
      const rawPath = q >= 0 ? req.url.slice(0, q) : req.url;
      const query = q >= 0 ? req.url.slice(q + 1) : '';
      const path = normalizePath(rawPath);
      const scope: RequestScope = { site, stores, origin: req.origin, userId };
      const method = req.method.toUpperCase();
      const isGet = method === 'GET' || method === 'HEAD';
      // (read once, before routing; an unreadable JSON body is refused only where a route reads it)
      const body = isGet ? NO_BODY : await readRequestBody(method, req.headers, req.body);
      if (isGet && (path === '/' || path === '/wp-json')) {
        const extra = tecIndexExtra(scope, wpCoreIndexRoutes(req.origin));
        return respond(req, userId, 200, JSON.stringify(describeIndex(site, req.origin, extra)), {});
      }
      if (path.startsWith('/wp-json/tec/v1') || path.startsWith('/wp-json/wp/v2/')) {
        const header = (name: string) => {
          const v = req.headers[name.toLowerCase()];
          return Array.isArray(v) ? v[0] : v;
        };
        const reply = path.startsWith('/wp-json/wp/v2/')
          ? await serveWpCore(method, path, scope, wpCoreParams(method, query, body), tecStore)
          : await serveTec({ method, path, query, header, body: () => bodyParams(body), scope }, tecStore);
        if (reply) return respond(req, userId, reply.status, JSON.stringify(reply.body), reply.headers ?? {});
      }
      if (path === BATCH_PATH && (method === 'POST' || method === 'OPTIONS')) {
        allow = 'POST';
        if (method === 'OPTIONS')
          return respond(req, userId, 200, JSON.stringify(describeBatchRoute(req.origin)), { Allow: allow });
        const input: RawInput = { method, query: parsePhpQuery(query), ...bodyParams(body), path: {} };
        const answer = serveBatch(batchContext, scope, input);
        await Promise.all(answer.durable);
        return respond(req, userId, 207, JSON.stringify(answer.body), { Allow: allow });
      }
      const now = siteNow(scope).local;
      const defaults = {
        start_date: `${addDays(now, -1).slice(0, 10)} 23:59:00`,
        end_date: `${Number(now.slice(0, 4)) + 2}${now.slice(4)}`,
        per_page: String(site.perPage),
      };
      if (isGet && path === ns) {
        const body = describeNamespace(routes, site, req.origin, defaults);
        return respond(req, userId, 200, JSON.stringify(body), { Allow: 'GET' });
      }
      if (isGet && path === `${ns}/doc`) {
        return respond(req, userId, 200, JSON.stringify(describeDoc(routes, site, req.origin)), {
          Allow: 'GET',
        });
      }
      const hit = findRoute(path);
      if (hit) {
        const { c, match } = hit;
        // OPTIONS describes the route, as WordPress answers it.
        if (method === 'OPTIONS') {
          const body = JSON.stringify(describeRoute(c.route, site, req.origin, defaults));
          return respond(req, userId, 200, body, { Allow: allowOf(c, userId) });
        }
        const endpoint = endpointOf(c, method === 'HEAD' ? 'GET' : method);
        if (endpoint) {
          allow = allowOf(c, userId);
          const reply = runRoute(c, endpoint, scope, { ...req, method }, match, query, body);
          if (reply.durable) await reply.durable;
          return respond(req, userId, reply.status, reply.body, reply.headers);
        }
      }
      return respond(req, userId, 404, JSON.stringify(noRoute().toBody()), {});
    } catch (err) {
      if (err instanceof RestError) {
        const headers: Record<string, string> =
          err.status === 429 ? { 'Retry-After': String(err.data.retry_after ?? 60) } : {};
        if (allow) headers.Allow = allow;
        return respond(req, userId, err.status, JSON.stringify(err.toBody()), headers);
      }
      throw err;
    }
  }

  return { handle };
}
