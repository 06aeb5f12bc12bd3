import type { Readable, Writable } from 'node:stream';

/** A writable stream as commands see it: a file, a pipe or a terminal. */
export type OutStream = Writable & { isTTY?: boolean; columns?: number };
export type InStream = Readable & { isTTY?: boolean };

/** Standard streams, injected so tests can capture them. */
export interface IO {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
}

/**
 * Everything a command may touch outside its arguments. No command reads `process.*`, globals or the
 * real home directory: tests pass temp dirs and captured streams.
 */
export interface Context {
  io: IO;
  /** environment variables (a copy of process.env in production) */
  env: Readonly<Record<string, string | undefined>>;
  /** the current time (injected so tests can fix it) */
  now: () => Date;
  /** working directory, for relative paths */
  cwd: string;
  /** the user's home directory */
  home: string;
  /** aborted on SIGINT: long commands stop cleanly and leave a resumable state */
  signal: AbortSignal;
  /**
   * Crash injection for tests: called at named points of long operations (`sync-pull-stored`: the copy
   * written, its status database not yet); a test's hook throws there. Absent in production.
   */
  fault?: ((point: string) => void) | undefined;
}

/** Builds the production context from the running process. */
export function processContext(signal: AbortSignal): Context {
  return {
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      // (made on first use: Node builds the stream when it is first asked for, and most commands,
      // `serve` among them, never read stdin)
      get stdin() {
        return process.stdin;
      },
    },
    env: { ...process.env },
    now: () => new Date(),
    cwd: process.cwd(),
    home: homeOf(process.env, process.cwd()),
    signal,
  };
}

/** The user's home directory as an environment names it (HOME, else USERPROFILE), else `cwd`. */
export function homeOf(env: Readonly<Record<string, string | undefined>>, cwd: string): string {
  return env.HOME ?? env.USERPROFILE ?? cwd;
}
