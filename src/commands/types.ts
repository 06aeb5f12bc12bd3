import type { Command } from 'commander';
import type { ApiClient } from '../api/index.js';
import type { Context } from '../cli/context.js';
import type { Target } from '../config/index.js';

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
  /** closes the client and any in-process server */
  close(): Promise<void>;
  /** a line on stderr with --verbose only */
  debug?(line: string): void;
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
  timezone?: string;
  yes?: boolean;
  dryRun?: boolean;
}

export interface CommandDeps {
  ctx: Context;
  /** the runtime of the current invocation (shared by every command of one run) */
  runtime(): Runtime;
  /**
   * The resource named first on the command line, when there is one: the other resources' commands
   * cannot run in this invocation, so their registration (and start-up time) is skipped.
   */
  onlyResource?: string | undefined;
}

/** A module that adds commands to the program. */
export type RegisterCommands = (program: Command, deps: CommandDeps) => void;
