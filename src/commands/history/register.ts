/**
 * `calctl history [show RUN]` and `calctl undo [RUN]`: the runs that wrote to a profile's site, and
 * taking one back (docs/history.md). Flags are defined here (cheap, for --help); the work loads when
 * a command runs.
 */
import { InvalidArgumentError } from 'commander';
import type { RegisterCommands } from '../types.js';

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number from 1.');
  return n;
}

export const registerHistoryCommands: RegisterCommands = (program, deps) => {
  const history = program
    .command('history')
    .description('the runs that wrote to this profile (import, feeds run, sync push, delete, undo), newest first')
    .option('--limit <n>', 'show at most this many runs', parseLimit, 50)
    .action(async (opts: { limit: number }) => {
      await (await import('./show.js')).listRuns(deps.runtime(), opts.limit);
    });
  history
    .command('show')
    .description('one run: its command, source, counts and every record it wrote')
    .argument('<run>', 'the run number (calctl history lists them)')
    .action(async (run: string) => {
      await (await import('./show.js')).showRun(deps.runtime(), run);
    });
  program
    .command('undo')
    .description('take a run back: what it created is trashed, what it changed gets its earlier values')
    .argument('[run]', 'the run number (default: the last run not undone yet)')
    .option(
      '--force',
      'undo records changed on the site since the run too, and delete what the run created for good instead of trashing it',
    )
    .addHelpText(
      'after',
      '\nGlobal --dry-run shows the plan of the undo and writes nothing; --yes skips the question.\n' +
        'Exit codes: 0 all undone, 3 some records changed since the run were kept, 5 no such run.',
    )
    .action(async (run: string | undefined, opts: { force?: boolean }) => {
      await (await import('./undo.js')).undoRun(deps.runtime(), run, { force: opts.force === true });
    });
};
