/**
 * The runtime of one invocation: resolves the target once, creates one API client, and for the
 * built-in local default starts the embedded server in-process on 127.0.0.1 (port 0) so that every
 * command talks HTTP with basic auth — the same code path as a remote site.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve as resolvePath } from 'node:path';
import { discoverApiBase, probedSiteUrl } from '../api/discover.js';
import type { ApiClient, ApiClientOptions, RequestOptions } from '../api/index.js';
import { ApiError, createApiClient, createDiscoveryFetcher } from '../api/index.js';
import type { LocalCalendar } from '../commands/local-server.js';
import type { CliRuntime, GlobalOptions } from '../commands/types.js';
import type { LoadedConfig, Target } from '../config/index.js';
// Small and needed by every data command: static, so they ride in the main chunk (each dynamic
// import is one more file for the module loader on every start).
import { defaultCacheDir, defaultConfigDir } from '../config/paths.js';
import { resolveTarget } from '../config/resolve.js';
import { cachedApiBase, siteCacheKey, storeApiBase } from '../config/site-cache.js';
import { UsageError } from '../errors/index.js';
import type { Context } from '../io/context.js';
import { CALCTL_VERSION } from '../io/version.js';
import { readStdinText } from './stdin.js';

/** Whether request logging is on: --verbose or CALCTL_DEBUG containing "api". */
export function verboseEnabled(globals: GlobalOptions, env: Context['env']): boolean {
  if (globals.verbose) return true;
  const flag = env.CALCTL_DEBUG ?? '';
  return flag.split(',').some((s) => s.trim() === 'api' || s.trim() === '1' || s.trim() === 'all');
}

/** What one run's connection holds: its client and, for an in-process server, how to close it. */
interface Session {
  ctx: Context;
  globals: GlobalOptions;
  verbose: boolean;
  debug: (line: string) => void;
  client?: ApiClient | undefined;
  closeServer?: (() => Promise<void>) | undefined;
}

/** Options every client of the run shares, whatever it talks to. */
type CommonOptions = Partial<ApiClientOptions>;

/** The target of the run: flags, environment and the config (read only when a file exists). */
async function loadTarget(
  ctx: Context,
  globals: GlobalOptions,
  stdinText: (purpose: string) => Promise<string>,
): Promise<Target> {
  const dir = defaultConfigDir(ctx.env, ctx.home);
  // Without any config file there is nothing to read: skip loading conf (and its ajv), the
  // largest part of start-up for a new user on the local calendar.
  let config:
    | { profiles: Record<string, never>; defaultProfile?: undefined; secrets: Record<string, never> }
    | LoadedConfig = {
    profiles: {},
    secrets: {},
  };
  if (existsSync(join(dir, 'config.json')) || existsSync(join(dir, 'secrets.json'))) {
    const { loadConfigModule } = await import('../config/lazy.js');
    config = (await loadConfigModule()).loadConfig(dir);
  }
  let passwordFromStdin: string | undefined;
  if (globals.passwordStdin) {
    passwordFromStdin = (await stdinText('--password-stdin')).replace(/\r?\n$/, '');
    if (passwordFromStdin === '') throw new UsageError('--password-stdin read an empty password');
  }
  return resolveTarget({
    flags: {
      profile: globals.profile,
      url: globals.url,
      user: globals.user,
      token: globals.token,
      vendor: globals.vendor,
      passwordFromStdin,
      caFile: globals.caFile === undefined ? undefined : resolvePath(ctx.cwd, globals.caFile),
    },
    env: ctx.env,
    config,
    secrets: config.secrets,
  });
}

/** The run's client of an in-process server (the local calendar or a copy), closed with the run. */
function clientOfLocal(session: Session, server: LocalCalendar, common: CommonOptions): ApiClient {
  session.closeServer = server.close;
  session.client = createApiClient({
    ...common,
    baseUrl: server.baseUrl,
    transport: server.transport,
    auth: { type: 'basic', user: server.user, password: server.password },
  });
  return session.client;
}

/** The working copy of the site `target` names, opened in-process (`--offline`). */
async function connectOffline(session: Session, target: Target & { kind: 'remote' }, common: CommonOptions) {
  const { ctx } = session;
  const { replicaDir, replicaName, readReplicaMeta } = await import('../config/replicas.js');
  const name = replicaName(target);
  const dir = replicaDir(ctx.env, ctx.home, name);
  const meta = readReplicaMeta(dir);
  if (!meta) {
    const again = target.profileName ? `calctl @${name}` : 'calctl';
    throw new UsageError(`there is no offline copy of ${name} yet`, `make it with: ${again} sync pull`);
  }
  const local = await import('../commands/local-server.js');
  const server = await local.openLocalCalendar(ctx, target.vendor, { dataDir: dir, timezone: meta.timezone });
  session.debug(`offline copy of ${name} in ${dir}`);
  if (ctx.io.stderr.isTTY && meta.pulledAt !== '') {
    const minutes = Math.max(0, Math.round((ctx.now().getTime() - Date.parse(meta.pulledAt)) / 60_000));
    ctx.io.stderr.write(`calctl: offline copy of ${name}, pulled ${minutes} minute${minutes === 1 ? '' : 's'} ago\n`);
  }
  return clientOfLocal(session, server, common);
}

/** The client of a WordPress site: its REST root found (or remembered), a private CA trusted. */
async function connectRemote(
  session: Session,
  target: Target & { kind: 'remote' },
  common: CommonOptions,
  timeoutMs: number | undefined,
): Promise<ApiClient> {
  const { ctx, globals, debug } = session;
  // A private CA is trusted besides Node's own, for discovery and every request alike.
  const ca = target.caFile ? (await import('../api/tls.js')).trustedCertificates(target.caFile, ctx.env) : undefined;
  // (discovery is bounded by --timeout too: a site that never answers fails within it)
  const fetcher = createDiscoveryFetcher({
    userAgent: `calctl/${CALCTL_VERSION}`,
    ...(timeoutMs ? { timeoutMs } : {}),
    ca,
    insecure: globals.insecure,
  });
  // A plain site URL is probed for its REST root once, then the answer is remembered: the probe
  // renders the site's home page, about as long as the request it precedes.
  const probed = probedSiteUrl(target.url, target.vendor);
  const cacheDir = defaultCacheDir(ctx.env, ctx.home);
  // (no cache without a home: a relative directory would land wherever calctl was started)
  const key = probed === undefined || !isAbsolute(cacheDir) ? undefined : siteCacheKey(probed, target.vendor);
  const discover = async (): Promise<string> => {
    const found = await discoverApiBase(target.url, target.vendor, fetcher);
    if (key !== undefined && found.announced) storeApiBase(cacheDir, key, found.apiBase);
    return found.apiBase;
  };
  const cached = key === undefined ? undefined : cachedApiBase(cacheDir, key);
  const baseUrl = cached ?? (await discover());
  debug(
    `site ${baseUrl}${cached ? ' (found earlier)' : ''} (${Object.entries(target.sources)
      .map(([k, v]) => `${k} from ${v}`)
      .join(', ')})`,
  );
  const options = { ...common, auth: target.auth, ca };
  session.client =
    cached !== undefined && key !== undefined
      ? rebasingClient(options, cached, async () => {
          storeApiBase(cacheDir, key, undefined);
          const found = await discover();
          if (found !== cached) debug(`site ${found} (the API moved from ${cached})`);
          return found;
        })
      : createApiClient({ ...options, baseUrl });
  return session.client;
}

/** The run's one client: of the local calendar, of a site's offline copy, or of the site. */
async function connect(session: Session, target: Target): Promise<ApiClient> {
  const { ctx, globals, verbose } = session;
  // The server's core (a quarter of a megabyte of code with SQLite's bindings) is loaded for the
  // local calendar only: a command against a site never parses it.
  const local = target.kind === 'local' ? await import('../commands/local-server.js') : undefined;
  const timeoutMs = globals.timeout !== undefined ? Math.round(globals.timeout * 1000) : undefined;
  const common = {
    version: CALCTL_VERSION,
    signal: ctx.signal,
    log: verbose ? (line: string) => ctx.io.stderr.write(`calctl: api ${line}\n`) : undefined,
    // (with --verbose the log line already says it)
    notice: verbose ? undefined : (line: string) => ctx.io.stderr.write(`calctl: ${line}\n`),
    timeoutMs,
    insecure: globals.insecure,
  };
  if (globals.offline && target.kind === 'remote') return connectOffline(session, target, common);
  if (globals.offline) {
    throw new UsageError(
      '--offline works on the copy of a site, and no site is selected (the local calendar needs no copy)',
      'name the site: calctl @prod --offline events list, after calctl @prod sync pull',
    );
  }
  if (target.kind === 'local' && local) {
    const server = await local.openLocalCalendar(ctx, globals.vendor);
    session.debug(`local calendar in ${server.dataDir} at ${server.baseUrl}`);
    return clientOfLocal(session, server, common);
  }
  if (target.kind === 'local') throw new Error('local server module missing');
  return connectRemote(session, target, common, timeoutMs);
}

/**
 * Creates the runtime for one run. Nothing is read or started until a command asks: `--help` and
 * local commands (profile, help) never open the store or the network.
 */
export function createRuntime(ctx: Context, globals: GlobalOptions, argv: readonly string[] = []): CliRuntime {
  let targetPromise: Promise<Target> | undefined;
  let apiPromise: Promise<ApiClient> | undefined;
  let stdinUse: string | undefined;
  let stdinPromise: Promise<string> | undefined;
  const verbose = verboseEnabled(globals, ctx.env);
  const debug = (line: string) => {
    if (verbose) ctx.io.stderr.write(`calctl: ${line}\n`);
  };
  const session: Session = { ctx, globals, verbose, debug };

  const stdinText = (purpose: string): Promise<string> => {
    if (stdinUse !== undefined && stdinUse !== purpose) {
      return Promise.reject(
        new UsageError(`stdin is already used for ${stdinUse}; cannot also read ${purpose} from it`),
      );
    }
    stdinUse = purpose;
    stdinPromise ??= readStdinText(ctx.io.stdin, ctx.signal);
    return stdinPromise;
  };

  const runtime: CliRuntime = {
    ctx,
    target: () => {
      targetPromise ??= loadTarget(ctx, globals, stdinText);
      return targetPromise;
    },
    api: () => {
      apiPromise ??= runtime.target().then((target) => connect(session, target));
      return apiPromise;
    },
    globals: () => globals,
    argv,
    stdinText,
    debug,
    close: async () => {
      await session.client?.close();
      await session.closeServer?.();
    },
  };
  return runtime;
}

/** Answers that say no REST API is at the base used: nothing was done there, and it may have moved. */
const NO_API_HERE = new Set(['rest_no_route', 'invalid_json', 'redirect', 'http_404']);

/**
 * A client on an API base remembered from an earlier run. When a request meets no REST API there,
 * the site is asked again where its API is (the remembered base is dropped meanwhile); if it has
 * moved, that request is sent again to the new base and the rest of the run uses it, as a run that
 * had probed first would have. Otherwise the error stands, as it would have without the cache.
 * (A request given as a full URL is not sent again: its URL was made from the old base.)
 */
function rebasingClient(
  options: Omit<ApiClientOptions, 'baseUrl'>,
  cached: string,
  rediscover: () => Promise<string>,
): ApiClient {
  let current = createApiClient({ ...options, baseUrl: cached });
  const clients = [current];
  let moved: Promise<ApiClient | undefined> | undefined;
  const request = async <T>(method: string, path: string, ro?: RequestOptions) => {
    const used = current;
    try {
      return await used.request<T>(method, path, ro);
    } catch (err) {
      if (!(err instanceof ApiError) || !NO_API_HERE.has(err.code) || used !== clients[0]) throw err;
      moved ??= rediscover().then(
        (base) => {
          if (base === cached) return undefined;
          current = createApiClient({ ...options, baseUrl: base });
          clients.push(current);
          return current;
        },
        () => undefined,
      );
      const next = await moved;
      if (next === undefined || /^[a-z][a-z0-9+.-]*:/i.test(path)) throw err;
      return next.request<T>(method, path, ro);
    }
  };
  return {
    get baseUrl() {
      return current.baseUrl;
    },
    request,
    get: (path, ro) => request('GET', path, ro),
    post: (path, body, ro) => request('POST', path, { ...ro, body }),
    put: (path, body, ro) => request('PUT', path, { ...ro, body }),
    patch: (path, body, ro) => request('PATCH', path, { ...ro, body }),
    delete: (path, ro) => request('DELETE', path, ro),
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}
