/**
 * `--data-dir DIR`: the directory a command keeps a calendar in (`serve`, `sync`). `--data` names a
 * JSON body on create, update and api; its old use as a directory here is kept, hidden from help and
 * completion, so scripts that spell it so still run (with a note on stderr).
 */
import { type Command, Option } from 'commander';
import { UsageError } from '../errors/index.js';
import type { Context } from '../io/context.js';
import { stderrNotes } from '../output/notes.js';

/** Adds `--data-dir <dir>` and the hidden old spelling `--data <dir>`. */
export function addDataDirOption(cmd: Command, description: string): Command {
  return cmd
    .option('--data-dir <dir>', description)
    .addOption(new Option('--data <dir>', 'old spelling of --data-dir').hideHelp());
}

/** The directory given by `--data-dir` or its old spelling; a note on stderr for the old one. */
export function dataDirOption(
  ctx: Pick<Context, 'io'>,
  opts: { dataDir?: unknown; data?: unknown },
): string | undefined {
  const dir = typeof opts.dataDir === 'string' ? opts.dataDir : undefined;
  const old = typeof opts.data === 'string' ? opts.data : undefined;
  if (old === undefined) return dir;
  if (dir !== undefined && dir !== old) {
    throw new UsageError('--data-dir and --data name two directories', 'give only --data-dir', 'conflicting-options');
  }
  stderrNotes(ctx).text(
    'calctl: note: --data DIR is now spelled --data-dir DIR (--data stays for JSON bodies)\n',
    'note',
  );
  return old;
}
