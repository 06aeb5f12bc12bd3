import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.js';
import type { ServerLimits } from './http/limits.js';
import { homeOf, type Permalinks, restRoot } from './rest/root.js';
import { namespaceOf, type Stores, siteSettingsOf } from './site.js';
import { readAdminPassword } from './store/auth.js';
import { openForServing, openStores, type ServingDataDir } from './stores.js';

export interface StartOptions {
  /** data dir holding the SQLite file, or ':memory:' */
  dataDir: string;
  host?: string;
  port?: number;
  perPage?: number;
  vendor?: string;
  timezone?: string;
  /** where the REST API lives: pretty (`/wp-json/`, default) or plain (`/?rest_route=/` only) */
  permalinks?: Permalinks;
  /** the folder of a WordPress installed below the host's root (`/blog`); default the root */
  basePath?: string;
  /** the site's language: the locale of the routes' descriptions (default en_US) */
  locale?: string;
  /** WordPress's `date_format` (PHP letters, `d/m/Y`); default: the language's */
  dateFormat?: string;
  /** admin application password for a new data dir (else generated) */
  adminPassword?: string | undefined;
  now?: () => Date;
  tls?: { cert: string; key: string } | undefined;
  bodyLimit?: number;
  /** connection and request limits (see DEFAULT_LIMITS) */
  limits?: Partial<ServerLimits>;
  /** `false`: refuse the `tribe/events/v1` routes in batches, as a stock site does (default: they take batches) */
  batchPluginRoutes?: boolean;
}

export interface RunningServer {
  /** scheme://host:port */
  origin: string;
  /** full namespace URL: origin/wp-json/tribe/events/v1 (origin/index.php?rest_route=/… with plain permalinks) */
  baseUrl: string;
  /** the 0600 file holding the admin's application password (null for :memory:) */
  passwordFile: string | null;
  /** the admin password when this process knows it (new data dir or password file present) */
  adminPassword: string | undefined;
  stores: Stores;
  app: FastifyInstance;
  close(): Promise<void>;
}

export { openStores };

/**
 * Opens the store, creates the admin on first use and listens (127.0.0.1 unless told otherwise).
 * `opened` is the data dir already opened by {@link openForServing} (src/server/index.ts opens it
 * before loading this module, so the admin's hash runs while fastify loads).
 */
export async function startServer(
  opts: StartOptions,
  opened: ServingDataDir = openForServing(opts),
): Promise<RunningServer> {
  const { stores } = opened;
  const dir = opts.dataDir === ':memory:' ? null : opts.dataDir;
  const site = siteSettingsOf(opts);
  let app: FastifyInstance;
  try {
    app = buildServer({
      site,
      stores,
      ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
      ...(opts.tls ? { https: opts.tls } : {}),
      ...(opts.limits ? { limits: opts.limits } : {}),
    });
  } catch (err) {
    await opened.passwordFile.catch(() => {}); // (the admin is made either way, as before)
    throw err;
  }
  const host = opts.host ?? '127.0.0.1';
  // (no request is answered before the admin exists)
  const passwordFile = await opened.passwordFile;
  await app.listen({ host, port: opts.port ?? 8080 });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : (opts.port ?? 8080);
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const origin = `${opts.tls ? 'https' : 'http'}://${shownHost}:${port}`;
  let adminPassword = opts.adminPassword;
  if (!adminPassword && dir) adminPassword = readAdminPassword(dir);
  return {
    origin,
    baseUrl: `${restRoot({ origin: homeOf(origin, site.basePath), site })}/${namespaceOf(site)}`,
    passwordFile,
    adminPassword,
    stores,
    app,
    close: async () => {
      await app.close();
      stores.db.close();
    },
  };
}
