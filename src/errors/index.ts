/**
 * Errors that carry their exit code. This is the one mapping point from failures to exit codes;
 * `calctl help exit-codes` and the README print the same table.
 */

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  partial: 3,
  auth: 4,
  notFound: 5,
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODE_TABLE: ReadonlyArray<readonly [ExitCode, string]> = [
  [0, 'success (also empty results, --help, --version)'],
  [1, 'failure: server error (5xx), network problem, timeout, anything unexpected'],
  [
    2,
    'usage: bad flags or arguments (also a value the site refuses: 400), bad configuration, a prompt needed without a terminal',
  ],
  [3, 'partial: a bulk run finished but some rows were rejected'],
  [4, 'auth: missing or wrong credentials, or not allowed (401/403)'],
  [5, 'not found: no such record (404, 410, or the site answering "invalid id")'],
  [130, 'interrupted: Ctrl-C or a cancelled prompt'],
];

/** Base class: a failure with a stable string code, an exit code and a hint that says how to fix it. */
export class CalctlError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;
  /** HTTP status when the failure came from a server answer */
  readonly status: number | undefined;

  constructor(
    message: string,
    opts: { code: string; exitCode: ExitCode; hint?: string | undefined; status?: number | undefined; cause?: unknown },
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.code = opts.code;
    this.exitCode = opts.exitCode;
    this.hint = opts.hint;
    this.status = opts.status;
  }
}

/** Bad flags, arguments or configuration (exit 2). */
export class UsageError extends CalctlError {
  constructor(message: string, hint?: string, code = 'usage') {
    super(message, { code, exitCode: EXIT.usage, hint });
  }
}

/** The user pressed Ctrl-C or cancelled a prompt (exit 130). */
export class InterruptedError extends CalctlError {
  constructor(message = 'interrupted') {
    super(message, { code: 'interrupted', exitCode: EXIT.interrupted });
  }
}

/** A bulk run finished but some rows were rejected (exit 3). */
export class PartialError extends CalctlError {
  constructor(message: string, hint?: string) {
    super(message, { code: 'partial', exitCode: EXIT.partial, hint });
  }
}

/** Exit code for any thrown value: our errors carry one, everything else is a failure. */
export function exitCodeOf(err: unknown): ExitCode {
  if (err instanceof CalctlError) return err.exitCode;
  return EXIT.failure;
}

/**
 * A usage error from the argument parser (commander), for the JSON error line of `-o json`: the
 * message without commander's `error: ` prefix, its "(Did you mean …?)" as the hint, and a code
 * named after commander's (`commander.unknownOption` → `unknown-option`).
 */
export function parserUsageError(err: { code: string; message: string }): UsageError {
  const name = err.code.replace(/^commander\./, '');
  const code = name === 'help' ? 'missing-command' : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const [first = '', ...rest] = err.message.split('\n');
  const message = name === 'help' ? 'missing command' : first.replace(/^error: /, '').trim();
  const hint = rest
    .map((line) => line.trim().replace(/^\((.*)\)$/, '$1'))
    .filter((line) => line !== '')
    .join(' ');
  return new UsageError(message, hint === '' ? undefined : `${hint[0]?.toLowerCase()}${hint.slice(1)}`, code);
}
