import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { describeDoc } from './describe/doc.js';
import { describeIndex, describeNamespace } from './describe/root.js';
import { siteNow } from './handlers/common.js';
import { authenticate, LoginThrottle } from './http/auth.js';
import { ReplyCache } from './http/cache.js';
import { noRoute, RestError } from './http/errors.js';
import { clientErrorHandler, DEFAULT_LIMITS, frameworkErrors, type ServerLimits } from './http/limits.js';
import { parsePhpQuery } from './http/params.js';
import { type RawInput, runEndpoint } from './routes/pipeline.js';
import { buildRoutes, type RouteDef } from './routes/table.js';
import { namespaceOf, type RequestScope, type SiteSettings, type Stores } from './site.js';
import { addDays } from './time/zone.js';

export interface ServerOptions {
  site: SiteSettings;
  stores: Stores;
  /** largest request body accepted, bytes (413 above) */
  bodyLimit?: number;
  /** serve HTTPS with this PEM certificate and key (calctl serve --tls-cert/--tls-key) */
  https?: { cert: string; key: string } | undefined;
  /** connection and request limits (defaults: DEFAULT_LIMITS) */
  limits?: Partial<ServerLimits>;
}

declare module 'fastify' {
  interface FastifyRequest {
    calctlUser: number | null;
  }
}

const BASE_HEADERS = {
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
  'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
  'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
};

function originOf(req: FastifyRequest): string {
  const host =
    typeof req.headers.host === 'string' && /^[\w.:[\]-]{1,255}$/.test(req.headers.host)
      ? req.headers.host
      : 'localhost';
  return `${req.protocol}://${host}`;
}

function send(
  reply: FastifyReply,
  req: FastifyRequest,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return sendRaw(reply, req, status, JSON.stringify(body), headers);
}

function sendRaw(
  reply: FastifyReply,
  req: FastifyRequest,
  status: number,
  body: string,
  headers: Record<string, string>,
) {
  const origin = originOf(req);
  reply.code(status).headers({
    ...BASE_HEADERS,
    Link: `<${origin}/wp-json/>; rel="https://api.w.org/"`,
    'Content-Type': 'application/json; charset=UTF-8',
    ...(req.calctlUser !== null && req.calctlUser !== undefined
      ? {
          Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
          'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
        }
      : { Vary: 'Origin' }),
    ...headers,
  });
  return reply.send(body);
}

/** Builds the server (never listens: start.ts does). Every answer is JSON in the WordPress shapes. */
export function buildServer(opts: ServerOptions): FastifyInstance {
  const { site, stores } = opts;
  const ns = `/wp-json/${namespaceOf(site)}`;
  const routes = buildRoutes();
  const throttle = new LoginThrottle();
  const cache = new ReplyCache(stores.db);
  const limits: ServerLimits = {
    ...DEFAULT_LIMITS,
    ...opts.limits,
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
  };
  // Node's own limits: headers must arrive in time, checked every checkIntervalMs; header size cap.
  const nodeServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
    maxHeaderSize: limits.maxHeaderSize,
  };
  const app = Fastify({
    logger: false,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: limits.maxParamLength,
      querystringParser: (s: string) => parsePhpQuery(s),
    },
    bodyLimit: limits.bodyLimit,
    return503OnClosing: false,
    // Slow or stalled clients are cut off instead of holding a socket (and a body buffer) forever.
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: nodeServerOptions,
    // Whatever Node's parser or the router rejects is still answered in the WordPress envelope.
    clientErrorHandler,
    frameworkErrors,
    // Fastify's https overload changes the instance type; the routes are the same either way.
    // https.createServer takes the same limits as http.createServer.
    ...((opts.https ? { https: { ...opts.https, ...nodeServerOptions } } : {}) as object),
  });

  app.decorateRequest('calctlUser', null as unknown as never);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, { json: null, form: null });
    try {
      const parsed: unknown = JSON.parse(text);
      const json =
        typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : null;
      done(null, { json, form: null });
    } catch {
      done(
        new RestError(400, 'rest_invalid_json', 'The request body is not valid JSON.', {
          json_error_code: 4,
          json_error_message: 'Syntax error',
        }),
      );
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, { json: null, form: parsePhpQuery(String(body)) });
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, { json: null, form: null }));

  // Authentication runs before routing, as WordPress checks credentials for every REST request.
  app.addHook('onRequest', async (req) => {
    req.calctlUser = null;
    req.calctlUser = await authenticate(req.headers, req.ip, stores.auth, throttle);
  });

  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof RestError) {
      const headers: Record<string, string> =
        err.status === 429 ? { 'Retry-After': String(err.data.retry_after ?? 60) } : {};
      return send(reply, req, err.status, err.toBody(), headers);
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
      return send(
        reply,
        req,
        413,
        new RestError(413, 'rest_request_too_large', 'The request body is larger than the server accepts.').toBody(),
      );
    }
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return send(
        reply,
        req,
        e.statusCode,
        new RestError(e.statusCode, 'rest_invalid_request', 'The request could not be read.').toBody(),
      );
    }
    return send(
      reply,
      req,
      500,
      new RestError(500, 'rest_internal_error', 'The server failed to answer this request.').toBody(),
    );
  });
  app.setNotFoundHandler((req, reply) => send(reply, req, 404, noRoute().toBody()));

  const scopeOf = (req: FastifyRequest): RequestScope => ({
    site,
    stores,
    origin: originOf(req),
    userId: req.calctlUser ?? null,
  });

  app.get('/', (req, reply) => send(reply, req, 200, describeIndex(site, originOf(req))));
  app.get('/wp-json', (req, reply) => send(reply, req, 200, describeIndex(site, originOf(req))));
  app.get(ns, (req, reply) => {
    const now = siteNow(scopeOf(req)).local;
    const defaults = {
      start_date: `${addDays(now, -1).slice(0, 10)} 23:59:00`,
      end_date: `${Number(now.slice(0, 4)) + 2}${now.slice(4)}`,
      per_page: String(site.perPage),
    };
    return send(reply, req, 200, describeNamespace(routes, site, originOf(req), defaults), { Allow: 'GET' });
  });
  app.get(`${ns}/doc`, (req, reply) =>
    send(reply, req, 200, describeDoc(routes, site, originOf(req)), { Allow: 'GET' }),
  );

  for (const route of routes) registerRoute(app, ns, route, scopeOf, cache);
  return app;
}

function registerRoute(
  app: FastifyInstance,
  ns: string,
  route: RouteDef,
  scopeOf: (req: FastifyRequest) => RequestScope,
  cache: ReplyCache,
) {
  const allow = [...new Set(route.endpoints.flatMap((e) => e.methods))].join(', ');
  for (const endpoint of route.endpoints) {
    app.route({
      method: endpoint.methods,
      url: `${ns}${route.path}`,
      handler: (req, reply) => {
        const isRead = req.method === 'GET' || req.method === 'HEAD';
        const scope = scopeOf(req);
        // The answer depends on the caller, the host used (URLs in bodies) and the day (default window).
        const key = isRead
          ? `${scope.userId ?? 0}|${scope.origin}|${siteNow(scope).local.slice(0, 10)}|${req.url}`
          : '';
        if (isRead) {
          const hit = cache.get(key);
          if (hit) return sendRaw(reply, req, hit.status, hit.body, hit.headers);
        } else {
          cache.invalidate();
        }
        const params = (req.params ?? {}) as Record<string, unknown>;
        if (route.kind === 'slug' && (typeof params.slug !== 'string' || params.slug === '')) {
          return send(reply, req, 404, noRoute().toBody());
        }
        const parsed = (req.body as
          | { json: Record<string, unknown> | null; form: Record<string, unknown> | null }
          | undefined) ?? { json: null, form: null };
        const input: RawInput = {
          method: req.method,
          query: (req.query ?? {}) as Record<string, unknown>,
          json: parsed.json,
          form: parsed.form,
          path: params,
        };
        let result: ReturnType<typeof runEndpoint>;
        try {
          result = runEndpoint(endpoint, route.resource as NonNullable<RouteDef['resource']>, scope, input);
        } finally {
          // A write may have committed even when it ended in an error answer.
          if (!isRead) cache.invalidate();
        }
        const headers = { Allow: allow, ...(result.headers ?? {}) };
        const body = JSON.stringify(result.body);
        if (isRead && result.status === 200) cache.set(key, { status: result.status, body, headers });
        return sendRaw(reply, req, result.status, body, headers);
      },
    });
  }
}
