/**
 * `calctl serve`: the embedded server for other clients. The base URL goes to stdout (for scripts:
 * `url=$(calctl serve --port 0 &)`), the password file path to stderr; the password never appears.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors/index.js';
import { stderrNotes } from '../../output/notes.js';
import { printText } from '../../output/stdout.js';
import { dataDirOption } from '../data-dir.js';
import { growYoungGenerationAtOnce } from '../heap.js';
import type { CliRuntime } from '../types.js';
import type { ServeOptions } from './options.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|\[::1\])$/i;

function readPem(rt: CliRuntime, file: string, flag: string): string {
  try {
    return readFileSync(resolve(rt.ctx.cwd, file), 'utf8');
  } catch (err) {
    throw new UsageError(`${flag}: cannot read ${file}: ${(err as Error).message}`);
  }
}

const PEM_HINT =
  '--tls-cert takes the certificate (-----BEGIN CERTIFICATE-----), --tls-key its private key (-----BEGIN … PRIVATE KEY-----)';

/** Checks the PEM pair before listening: a swapped or mismatched pair is a usage error, not an OpenSSL trace. */
async function checkTlsPair(tls: { cert: string; key: string }, files: { cert: string; key: string }): Promise<void> {
  const { X509Certificate, createPrivateKey } = await import('node:crypto');
  let certificate: InstanceType<typeof X509Certificate>;
  try {
    certificate = new X509Certificate(tls.cert);
  } catch {
    throw new UsageError(`--tls-cert: ${files.cert} is not a PEM certificate`, PEM_HINT, 'bad-tls');
  }
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(tls.key);
  } catch {
    throw new UsageError(`--tls-key: ${files.key} is not a PEM private key`, PEM_HINT, 'bad-tls');
  }
  if (!certificate.checkPrivateKey(key)) {
    throw new UsageError(
      `--tls-key: ${files.key} is not the private key of the certificate in ${files.cert}`,
      PEM_HINT,
      'bad-tls',
    );
  }
}

/** Why a port cannot be listened on, in words, with what to do instead. */
function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new UsageError(
      `port ${port} on ${host} is already in use (another calctl serve, or a web server?)`,
      `choose another with --port ${port + 1}, or --port 0 for any free port (the URL is printed)`,
      'port-in-use',
    );
  }
  if (code === 'EACCES') {
    return new UsageError(
      `port ${port} on ${host} needs more rights than this user has`,
      'use a port above 1023 (e.g. --port 8080), or --port 0 for any free port',
      'port-denied',
    );
  }
  if (code === 'EADDRNOTAVAIL') {
    return new UsageError(
      `${host} is not an address of this machine`,
      'use --host 127.0.0.1 (or 0.0.0.0 for every address)',
      'bad-host',
    );
  }
  return err;
}

/**
 * Checks that the port can be listened on before anything is written: a taken port must not leave a
 * new data dir and a password file behind.
 */
async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const { createServer } = await import('node:net');
  await new Promise<void>((resolveProbe, reject) => {
    const probe = createServer();
    probe.once('error', (err) => reject(listenError(err, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolveProbe()));
  });
}

/** A `--date-format` order as WordPress keeps a numeric date format. */
const PHP_FORMATS = { dmy: 'd/m/Y', mdy: 'm/d/Y', ymd: 'Y-m-d' } as const;

/** Runs until SIGINT/SIGTERM (the context's signal), then closes cleanly (exit 0). */
export async function serve(rt: CliRuntime, opts: ServeOptions): Promise<void> {
  const { ctx } = rt;
  const g = rt.globals();
  const host = opts.host ?? '127.0.0.1';
  const cert = opts.tlsCert;
  const key = opts.tlsKey;
  if ((cert === undefined) !== (key === undefined)) throw new UsageError('--tls-cert and --tls-key go together');
  const tls = cert && key ? { cert: readPem(rt, cert, '--tls-cert'), key: readPem(rt, key, '--tls-key') } : undefined;
  if (tls && cert && key) await checkTlsPair(tls, { cert, key });
  const { defaultDataDir } = await import('../../config/paths.js');
  const given = dataDirOption(ctx, opts);
  const dataDir = given !== undefined ? resolve(ctx.cwd, given) : defaultDataDir(ctx.env, ctx.home);
  const replicaZone = (await import('../../config/replicas.js')).readReplicaMeta(dataDir)?.timezone;
  if (!tls && !LOOPBACK.test(host)) {
    stderrNotes(ctx).text(
      `calctl: WARNING: listening on ${host} without TLS: passwords and data cross the network in clear text.\n` +
        'calctl: WARNING: use --tls-cert/--tls-key, or keep --host 127.0.0.1 behind a TLS proxy.\n',
      'warning',
    );
  }
  const port = opts.port;
  const { normalizeBasePath } = await import('../../server/index.js');
  const basePath = normalizeBasePath(opts.basePath ?? '');
  if (basePath === undefined)
    throw new UsageError(
      `--base-path: ${opts.basePath} is not a folder path`,
      'give the folder WordPress lives in, e.g. --base-path /blog (letters, digits, - . _ ~ and /)',
      'bad-base-path',
    );
  await checkPortFree(host, port);
  growYoungGenerationAtOnce();
  const { startServer } = await import('../../server/index.js');
  const server = await startServer({
    dataDir,
    host,
    port,
    perPage: opts.perPage,
    permalinks: opts.permalinks === 'plain' ? 'plain' : 'pretty',
    basePath,
    locale: opts.locale ?? 'en_US',
    // (as a stock WordPress site: /batch/v1 refuses the plugin's routes, rest_batch_not_allowed, unless
    // asked to play a site where a plugin allows them)
    batchPluginRoutes: opts.batchPluginRoutes === true,
    // (the global --date-format is the site's date format here, in PHP's letters)
    ...(g.dateFormat ? { dateFormat: PHP_FORMATS[g.dateFormat.order] } : {}),
    ...(g.vendor ? { vendor: g.vendor } : {}),
    // (an offline working copy answers in its site's zone, as the site does)
    ...(g.timezone ? { timezone: g.timezone } : replicaZone ? { timezone: replicaZone } : {}),
    adminPassword: ctx.env.CALCTL_ADMIN_PASSWORD || undefined,
    tls,
  }).catch((err: unknown) => {
    throw listenError(err, host, port);
  });
  printText(ctx, `${server.baseUrl}\n`);
  stderrNotes(ctx).text(
    `calctl: serving ${dataDir}\ncalctl: user "admin", application password in ${server.passwordFile ?? '(not stored)'}\n` +
      'calctl: press Ctrl-C to stop\n',
    'info',
  );
  if (!ctx.signal.aborted) {
    await new Promise<void>((done) => ctx.signal.addEventListener('abort', () => done(), { once: true }));
  }
  await server.close();
  stderrNotes(ctx).text('calctl: stopped\n', 'info');
}
