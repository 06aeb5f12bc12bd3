import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createCore } from './core.js';
import { BodyBuffers, POOLED_FROM_CHARS } from './http/body-buffers.js';
import { internalError, noRoute, RestError } from './http/errors.js';
import { clientErrorHandler, DEFAULT_LIMITS, frameworkErrors, type ServerLimits } from './http/limits.js';
import { serveUpload } from './http/uploads.js';
import type { SiteSettings, Stores } from './site.js';
import { UPLOADS_URL_PATH } from './store/media.js';

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

function originOf(req: FastifyRequest): string {
  const host =
    typeof req.headers.host === 'string' && /^[\w.:[\]-]{1,255}$/.test(req.headers.host)
      ? req.headers.host
      : 'localhost';
  return `${req.protocol}://${host}`;
}

function sendError(reply: FastifyReply, err: RestError) {
  return reply
    .code(err.status)
    .header('Content-Type', 'application/json; charset=UTF-8')
    .send(JSON.stringify(err.toBody()));
}

/** Builds the server (never listens: start.ts does). Every answer is JSON in the WordPress shapes. */
export function buildServer(opts: ServerOptions): FastifyInstance {
  const { site, stores } = opts;
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

  const core = createCore({ site, stores, maxParamLength: limits.maxParamLength });
  const buffers = new BodyBuffers();

  // Bodies reach the core as raw bytes: it parses JSON and forms the way WordPress does.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  // (an empty Content-Type is no type, as WordPress reads it; fastify would refuse it with 415)
  app.addHook('onRequest', (req, _reply, done) => {
    if (typeof req.headers['content-type'] === 'string' && req.headers['content-type'].trim() === '')
      delete req.headers['content-type'];
    done();
  });

  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof RestError) return sendError(reply, err);
    const e = err as { statusCode?: number; code?: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
      return sendError(
        reply,
        new RestError(413, 'rest_request_too_large', 'The request body is larger than the server accepts.'),
      );
    }
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return sendError(reply, new RestError(e.statusCode, 'rest_invalid_request', 'The request could not be read.'));
    }
    // A bug: leave a trace for the operator (path only: query strings and bodies may hold personal data).
    process.stderr.write(
      `calctl serve: internal error on ${req.method} ${req.url.split('?')[0]}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return sendError(reply, internalError());
  });

  // Methods the catch-all route does not take (PROPFIND, TRACE, …) still get the WordPress envelope.
  app.setNotFoundHandler((_req, reply) => sendError(reply, noRoute()));

  // The media library's files, as the web server in front of WordPress serves wp-content/uploads.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_URL_PATH}/*`,
    exposeHeadRoute: false,
    handler: (req, reply) => serveUpload(stores.media, req, reply),
  });

  // One catch-all route: the core routes by the WordPress patterns itself.
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '*',
    exposeHeadRoute: false,
    handler: async (req, reply) => {
      const res = await core.handleInPieces({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.isBuffer(req.body) ? req.body : null,
        ip: req.ip,
        origin: originOf(req),
      });
      reply.code(res.status).headers(res.headers);
      if (typeof res.body === 'string' && res.body.length < POOLED_FROM_CHARS) return reply.send(res.body);
      // A large body goes out from a reused buffer, taken back once Node has written it all.
      const body = buffers.encode(res.body);
      reply.raw.once('finish', body.release);
      return reply.send(body.bytes);
    },
  });
  return app;
}
