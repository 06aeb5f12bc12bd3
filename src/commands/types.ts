import type { Command } from 'commander';
import type { ApiClient } from '../api/index.js';
import type { Target } from '../config/index.js';
import type { DateFormat } from '../dates/numeric.js';
import type { Context } from '../io/context.js';

/**
 * What one invocation needs to reach a site. Created per invocation (never a global), resolved lazily
 * so `--help` and local-only commands never touch the network or the store.
 */
export interface Runtime {
  ctx: Context;
  /** the resolved target: the built-in local default or a remote site */
  target(): Promise<Target>;
  /** one API client for the whole run (for the local default the embedded server runs in-process) */
  api(): Promise<ApiClient>;
  /** global options as parsed (output format, fields, verbose …) */
  globals(): GlobalOptions;
  /** the command line as given (without node and the script), for the history of runs that write */
  argv?: readonly string[] | undefined;
  /** closes the client and any in-process server */
  close(): Promise<void>;
  /** a line on stderr with --verbose only */
  debug?(line: string): void;
}

/** The runtime the CLI hands to commands: the seam plus a few CLI-only helpers (made in cli/runtime.ts). */
export interface CliRuntime extends Runtime {
  /** stdin as text, read at most once per run (for --password-stdin, --data - and `delete -`) */
  stdinText(purpose: string): Promise<string>;
  /** a line on stderr for --verbose / CALCTL_DEBUG=api (credentials never reach it) */
  debug(line: string): void;
}

/** Options accepted by every command (defined once on the root program). */
export interface GlobalOptions {
  profile?: string;
  url?: string;
  user?: string;
  token?: string;
  passwordStdin?: boolean;
  vendor?: string;
  output?: string;
  json?: boolean;
  fields?: string;
  field?: string;
  verbose?: boolean;
  debug?: boolean;
  timeout?: number;
  insecure?: boolean;
  caFile?: string;
  timezone?: string;
  /** `--date-format`: the order of numeric dates */
  dateFormat?: DateFormat;
  yes?: boolean;
  dryRun?: boolean;
  /** print text exactly as the site sent it (plain fields are decoded otherwise) */
  raw?: boolean;
  /** work on the profile's offline working copy (calctl sync) */
  offline?: boolean;
}

export interface CommandDeps {
  ctx: Context;
  /** the runtime of the current invocation (shared by every command of one run) */
  runtime(): CliRuntime;
  /**
   * The resource named first on the command line, when there is one: the other resources' commands
   * cannot run in this invocation, so their registration (and start-up time) is skipped.
   */
  onlyResource?: string | undefined;
  /**
   * Builds the whole program (every command registered), for the completion scripts and the man page:
   * given by the CLI, so that commands never import the program that registers them.
   */
  wholeProgram?: (() => Promise<Command>) | undefined;
  /**
   * A runtime for another site than the invocation's (a stored profile, or an address), with the
   * invocation's network settings (--timeout, --insecure, --verbose): what `feeds` reads another
   * site through. Given by the CLI, like `wholeProgram`. The caller closes it.
   */
  siteRuntime?: ((site: { profile?: string | undefined; url?: string | undefined }) => Runtime) | undefined;
}

/** A module that adds commands to the program. */
export type RegisterCommands = (program: Command, deps: CommandDeps) => void;
