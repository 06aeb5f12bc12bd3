/**
 * Runs the CLI in this process through the program with an injected context (captured streams, an
 * isolated environment and home, and a clock the test sets): no build, no child process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runProgram } from '../../src/cli/program.js';
import type { Context } from '../../src/io/context.js';

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

export async function runInProcess(argv: readonly string[], opts: InProcessOptions = {}): Promise<InProcessResult> {
  const home = opts.home ?? mkdtempSync(join(tmpdir(), 'calctl-home-'));
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  stdin.end();
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
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local/share'),
      CI: 'true',
      NO_COLOR: '1',
      ...opts.env,
    },
    now: opts.now ?? (() => new Date()),
    cwd: home,
    home,
    signal: controller.signal,
    fault: opts.fault,
  };
  const code = await runProgram([...argv], ctx, controller);
  return {
    code,
    stdout: out,
    stderr: err,
    json<T>() {
      try {
        return JSON.parse(out) as T;
      } catch {
        throw new Error(`not JSON:\n${out}\nstderr:\n${err}`);
      }
    },
  };
}
