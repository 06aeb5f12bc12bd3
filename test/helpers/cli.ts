/**
 * Runs the CLI with a temp HOME and XDG dirs, CI=true, stdin empty or given, and collects stdout,
 * stderr and the exit code. `runCli` runs it in this process (the program with an injected context:
 * no build, no node start-up); `spawnCli` spawns the BUILT CLI (`node bin/calctl …`; run
 * `npm run build` first), for tests about the process itself (signals, start-up, pipes, locks).
 * The one CLI harness: a test that spawns `calctl serve` (spawn-serve.ts) runs its commands with these.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { homeOf } from '../../src/io/context.js';
import { runWithContext } from './in-process.js';

const BIN = resolve(import.meta.dirname, '../../bin/calctl');

/** A finished run. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** the signal that ended a spawned child (null when it exited, and for an in-process run) */
  signal: NodeJS.Signals | null;
  /** stdout parsed as JSON (throws with the output when it is not JSON) */
  json<T = unknown>(): T;
}

/** Options of {@link runCli}. */
export interface CliOptions {
  /** text for stdin (else stdin is closed at once) */
  input?: string;
  /** extra environment (merged over the isolated one) */
  env?: Record<string, string | undefined>;
  /** HOME to use (default: a new temp dir) */
  home?: string;
  /** working directory (default: this process's, the project's root under vitest) */
  cwd?: string;
  /** ms before the run is stopped and the promise rejects (default 20000) */
  timeoutMs?: number;
  /** in-process runs only: stderr is a terminal */
  stderrTTY?: boolean;
}

/** Options of {@link spawnCli}. */
export interface SpawnOptions extends CliOptions {
  /** the child as soon as it is spawned (a test that kills it midway) */
  onSpawn?: ((child: ChildProcess) => void) | undefined;
  /** at the timeout, kill the child and resolve with its signal instead of failing (a run the test may cut short) */
  killOnTimeout?: boolean;
}

/** A fresh temp HOME (config and data dirs live below it). */
export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), 'calctl-home-'));
}

/** A clean environment for the CLI in `home`: nothing of the developer's calctl/WordPress settings leaks in. */
export function cliEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'SYSTEMROOT', 'TMPDIR', 'LANG']) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    CI: 'true',
    NO_COLOR: '1',
    TZ: 'UTC',
  };
}

/** The environment of one run: the clean one in `home`, with the test's variables over it. */
function runEnv(home: string, extra: CliOptions['env']): Record<string, string> {
  const env = cliEnv(home);
  for (const [k, v] of Object.entries(extra ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Runs the CLI once, in this process, as the spawned binary would run: the same environment, the
 * working directory of the test process (the spawned child's too) and the home its HOME names.
 */
export async function runCli(args: readonly string[], opts: CliOptions = {}): Promise<CliResult> {
  const env = runEnv(opts.home ?? tempHome(), opts.env);
  const cwd = opts.cwd ?? process.cwd();
  const run = await runWithContext(args, {
    env,
    cwd,
    home: homeOf(env, cwd),
    input: opts.input,
    timeoutMs: opts.timeoutMs,
    stderrTTY: opts.stderrTTY,
  });
  return Object.assign(run, { signal: null });
}

/** Runs the built CLI once in a child process (`npm run build` first). */
export function spawnCli(args: readonly string[], opts: SpawnOptions = {}): Promise<CliResult> {
  const env = runEnv(opts.home ?? tempHome(), opts.env);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(opts.cwd ? { cwd: opts.cwd } : {}),
    });
    opts.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      if (opts.killOnTimeout) return; // (resolved on 'close', with the signal)
      fail(new Error(`calctl ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, opts.timeoutMs ?? 20_000);
    child.on('error', fail);
    // ('close', not 'exit': stdout and stderr are read to their end by then)
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({
        code,
        signal,
        stdout,
        stderr,
        json<T>() {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`not JSON (exit ${code}):\n${stdout}\nstderr: ${stderr}`);
          }
        },
      });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Environment that points the CLI at a test server as admin. */
export function siteEnv(server: { baseUrl: string; user: string; password: string }): Record<string, string> {
  return { CALCTL_URL: server.baseUrl, CALCTL_USER: server.user, CALCTL_PASSWORD: server.password };
}

/** Whether a command-line tool is installed (`tool …args` runs): tests that need it skip otherwise. */
export function toolAvailable(tool: string, args: readonly string[]): boolean {
  try {
    execFileSync(tool, [...args], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
