/**
 * Spawns the built CLI (`node bin/calctl serve --port 0 --data-dir DIR`) and waits for the base URL it
 * prints on stdout; a command runs against it with `runCli` or `spawnCli` (cli.ts), given
 * `isolatedEnv()` or the site's variables. Every server is tracked so `stopAllServes()` in
 * afterAll/afterEach cleans up even when a test failed half-way. Needs `npm run build` (dist/calctl.js).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The launcher package.json publishes as `calctl` (bin/calctl, or whatever it becomes). */
export const CALCTL = join(
  ROOT,
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { calctl: string } }).bin.calctl,
);
export const SERVE_PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

let serveKnown: boolean | undefined;
/** True when the built CLI exists and has a `serve` command. */
export function serveAvailable(): boolean {
  if (serveKnown === undefined) {
    serveKnown =
      existsSync(join(ROOT, 'dist', 'calctl.js')) &&
      spawnSync(process.execPath, [CALCTL, 'serve', '--help'], { encoding: 'utf8', timeout: 20_000 }).status === 0;
  }
  return serveKnown;
}

/** A temp HOME so the CLI never reads or writes the real user's config. */
export function isolatedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'calctl-home-'));
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    NO_COLOR: '1',
    CALCTL_ADMIN_PASSWORD: SERVE_PASSWORD,
    ...extra,
  };
}

export interface ServeProcess {
  child: ChildProcess;
  pid: number;
  /** …/wp-json/tribe/events/v1 */
  baseUrl: string;
  origin: string;
  port: number;
  dataDir: string;
  /** everything written to stderr so far */
  stderr(): string;
  /** resolves with the exit code / signal once the process has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, and wait for the exit */
  kill(): Promise<void>;
  /** SIGTERM (clean stop), SIGKILL after 5 s */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

export interface SpawnServeOptions {
  dataDir: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** ms to wait for the URL line */
  startTimeoutMs?: number;
  /**
   * play a stock site, whose /batch/v1 refuses the plugin's routes (`calctl serve`'s default); the
   * tests written for a site that batches them (their request counts, their kill timing) leave it off
   */
  stockBatch?: boolean;
}

/** Starts `calctl serve` on a data dir (port 0) and resolves once it listens. */
export function spawnServe(opts: SpawnServeOptions): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [
      CALCTL,
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--data-dir',
      opts.dataDir,
      ...(opts.stockBatch ? [] : ['--batch-plugin-routes']),
      ...(opts.args ?? []),
    ],
    { cwd: ROOT, env: opts.env ?? isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let out = '';
  let err = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      res({ code, signal });
    });
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  return new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rejectStart(new Error(`calctl serve did not print its URL within ${opts.startTimeoutMs ?? 20_000} ms: ${err}`));
    }, opts.startTimeoutMs ?? 20_000);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      rejectStart(new Error(`calctl serve exited (${code ?? signal}) before listening: ${err}`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => /^https?:\/\//.test(l.trim()));
      if (!line) return;
      clearTimeout(timer);
      const baseUrl = line.trim();
      const url = new URL(baseUrl);
      resolveStart({
        child,
        pid: child.pid as number,
        baseUrl,
        origin: url.origin,
        port: Number(url.port),
        dataDir: opts.dataDir,
        stderr: () => err,
        exited,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
        stop: async () => {
          child.kill('SIGTERM');
          const t = setTimeout(() => child.kill('SIGKILL'), 5000);
          const r = await exited;
          clearTimeout(t);
          return r;
        },
      });
    });
  });
}

/** Kills every child this helper started and that is still running (afterAll/afterEach). */
export async function stopAllServes(): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const child of running) {
    waits.push(new Promise((r) => child.once('exit', r)));
    child.kill('SIGKILL');
  }
  await Promise.all(waits);
}
