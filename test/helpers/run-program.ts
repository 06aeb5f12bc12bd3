/**
 * Runs the CLI in-process (runProgram with an injected context): captured streams, a temp HOME, a
 * fixed environment and, when asked, a fixed clock and a terminal width. No process is spawned.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runProgram } from '../../src/cli/program.js';
import type { Context, OutStream } from '../../src/io/context.js';

/** A finished in-process run. */
export interface ProgramResult {
  code: number;
  stdout: string;
  stderr: string;
  json<T = unknown>(): T;
}

/** Options of {@link runProgramIn}. */
export interface ProgramOptions {
  home?: string;
  env?: Record<string, string | undefined>;
  input?: string;
  now?: Date;
  /** present stdout and stderr as terminals of this many columns */
  tty?: number;
  cwd?: string;
  /** the context's crash seam (see Context.fault) */
  fault?: (point: string) => void;
}

function capture(tty: number | undefined): { stream: OutStream; text: () => string } {
  const stream = new PassThrough() as PassThrough & OutStream;
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (c: string) => {
    text += c;
  });
  if (tty !== undefined) {
    stream.isTTY = true;
    stream.columns = tty;
  }
  return { stream, text: () => text };
}

/** Runs `calctl …args` in this process. */
export async function runProgramIn(args: readonly string[], opts: ProgramOptions = {}): Promise<ProgramResult> {
  const home = opts.home ?? mkdtempSync(join(tmpdir(), 'calctl-home-'));
  const stdout = capture(opts.tty);
  const stderr = capture(opts.tty);
  const stdin = new PassThrough();
  stdin.end(opts.input ?? '');
  const env: Record<string, string | undefined> = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    CI: 'true',
    NO_COLOR: '1',
    ...opts.env,
  };
  const controller = new AbortController();
  const ctx: Context = {
    io: { stdout: stdout.stream, stderr: stderr.stream, stdin },
    env,
    now: () => opts.now ?? new Date(),
    cwd: opts.cwd ?? home,
    home,
    signal: controller.signal,
    fault: opts.fault,
  };
  const code = await runProgram([...args], ctx, controller);
  await new Promise((r) => setImmediate(r));
  const out = stdout.text();
  return {
    code,
    stdout: out,
    stderr: stderr.text(),
    json<T>() {
      try {
        return JSON.parse(out) as T;
      } catch {
        throw new Error(`not JSON (exit ${code}):\n${out}\nstderr: ${stderr.text()}`);
      }
    },
  };
}
