/**
 * Runs the CLI in this process through the program with an injected context (captured streams, an
 * isolated environment and home, and a clock the test sets): no build, no child process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Context } from '../../src/io/context.js';
import { runInContext } from '../../src/main.js';

/** A finished in-process run. */
export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
  json<T = unknown>(): T;
}

/** What a run sees besides its arguments. */
export interface InProcessOptions {
  /** environment variables (nothing of the test process leaks in) */
  env?: Record<string, string>;
  /** home directory (default: a new temp dir) */
  home?: string;
  /** the run's clock (default: the real one) */
  now?: () => Date;
  /** the context's crash seam (see Context.fault): a test throws at a named point */
  fault?: (point: string) => void;
}

/** Everything one in-process run is given: the whole environment, directories, stdin, clock and seams. */
export interface RunContext {
  env: Record<string, string>;
  home: string;
  cwd: string;
  /** text for stdin (else stdin is empty and ended) */
  input?: string | undefined;
  now?: (() => Date) | undefined;
  fault?: ((point: string) => void) | undefined;
  /** stderr is a terminal (a person watching while stdout may be piped) */
  stderrTTY?: boolean | undefined;
  /** ms before the run is aborted and the promise rejects (a hung command fails its test) */
  timeoutMs?: number | undefined;
}

/**
 * Runs `argv` as `bin/calctl` would (the entry's `runInContext`: the program and its last-resort error
 * line) with every stream, variable and directory given: nothing of this process is read or changed,
 * so runs in one worker do not see each other.
 */
export async function runWithContext(argv: readonly string[], run: RunContext): Promise<InProcessResult> {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: run.stderrTTY === true });
  const stdin = new PassThrough();
  stdin.end(run.input ?? '');
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  stderr.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  const controller = new AbortController();
  const ctx: Context = {
    io: { stdout, stderr, stdin },
    env: run.env,
    now: run.now ?? (() => new Date()),
    cwd: run.cwd,
    home: run.home,
    signal: controller.signal,
    fault: run.fault,
  };
  // Node's own warnings (MaxListenersExceeded, a deprecation) go to a spawned child's stderr: here
  // they are the run's too, so a test that wants a quiet stderr still sees them.
  const onWarning = (w: Error) => {
    err += `(node:${process.pid}) ${w.name}: ${w.message}\n`;
  };
  process.on('warning', onWarning);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, fail) => {
    timer = setTimeout(() => {
      controller.abort(new Error('timeout'));
      fail(new Error(`calctl ${argv.join(' ')} timed out\nstdout: ${out}\nstderr: ${err}`));
    }, run.timeoutMs ?? 20_000);
  });
  let code: number;
  try {
    code = await Promise.race([runInContext([...argv], ctx, controller), timedOut]);
  } finally {
    clearTimeout(timer);
    process.off('warning', onWarning);
  }
  return {
    code,
    stdout: out,
    stderr: err,
    json<T>() {
      try {
        return JSON.parse(out) as T;
      } catch {
        throw new Error(`not JSON (exit ${code}):\n${out}\nstderr:\n${err}`);
      }
    },
  };
}

export async function runInProcess(argv: readonly string[], opts: InProcessOptions = {}): Promise<InProcessResult> {
  const home = opts.home ?? mkdtempSync(join(tmpdir(), 'calctl-home-'));
  return runWithContext(argv, {
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local/share'),
      CI: 'true',
      NO_COLOR: '1',
      ...opts.env,
    },
    home,
    cwd: home,
    now: opts.now,
    fault: opts.fault,
    // (a test's own timeout applies; no second one here)
    timeoutMs: 2 ** 31 - 1,
  });
}
