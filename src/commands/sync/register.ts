/**
 * `calctl @site sync [pull|push|status|resolve]`: an offline working copy of a site's calendar
 * (docs/sync.md). The copy is a data dir of the embedded server; `--offline` runs any command on it.
 * The work itself (SQLite, the embedded server) is loaded only when a sync command runs.
 */
import { Option } from 'commander';
import { addDataDirOption, dataDirOption } from '../data-dir.js';
import type { RegisterCommands } from '../types.js';

type Policy = 'local' | 'site' | undefined;
const load = () => import('./run.js');

const WHERE = 'keep the working copy in this directory (remembered for the profile)';

const QUIET = [
  '-q, --quiet',
  'print nothing when it succeeds (conflicts and failures still go to stderr; the summary on stdout only with -o json)',
] as const;

const onConflictOption = () =>
  new Option('--on-conflict <side>', 'decide every conflict for this side: local (the copy) or site').choices([
    'local',
    'site',
  ]);

export const registerSyncCommands: RegisterCommands = (program, deps) => {
  const sync = program
    .command('sync')
    .description("an offline working copy of the site's calendar: pull, then push (see docs/sync.md)")
    .addOption(onConflictOption())
    .option(...QUIET);
  addDataDirOption(sync, WHERE);
  sync.action(async (opts: { onConflict?: Policy; dataDir?: string; data?: string; quiet?: boolean }) => {
    await (await load()).run(deps.runtime(), {
      pull: true,
      push: true,
      dryRun: false,
      onConflict: opts.onConflict,
      data: dataDirOption(deps.ctx, opts),
      quiet: opts.quiet === true,
    });
  });
  const pull = sync
    .command('pull')
    .description('bring the site into the working copy (the first pull makes it; later ones fetch what changed)')
    .addOption(onConflictOption())
    .option(...QUIET);
  addDataDirOption(pull, WHERE);
  pull.action(async (opts: { onConflict?: Policy; dataDir?: string; data?: string; quiet?: boolean }) => {
    await (await load()).run(deps.runtime(), {
      pull: true,
      push: false,
      dryRun: false,
      onConflict: opts.onConflict,
      data: dataDirOption(deps.ctx, opts),
      quiet: opts.quiet === true,
    });
  });
  sync
    .command('push')
    .description("send the working copy's creates, updates, trashes, restores and deletes to the site")
    .addOption(onConflictOption())
    .option('--dry-run', 'print the writes a push would send (as JSON with -o json or in a pipe), send nothing')
    .option(...QUIET)
    .action(async (opts: { onConflict?: Policy; dryRun?: boolean; quiet?: boolean }) => {
      await (await load()).run(deps.runtime(), {
        pull: false,
        push: true,
        dryRun: Boolean(opts.dryRun),
        onConflict: opts.onConflict,
        quiet: opts.quiet === true,
      });
    });
  sync
    .command('status')
    .description('what changed in the copy and on the site since the last sync, and the conflicts; writes nothing')
    .option('-v, --changes', 'list every changed record')
    .action(async (opts: { changes?: boolean }) => {
      const rt = deps.runtime();
      await (await load()).status(rt, Boolean(opts.changes || rt.globals().verbose));
    });
  sync
    .command('resolve')
    .description("decide one conflict: keep the copy's version (pushed next) or the site's")
    .argument('<id>', 'the record id the conflict names')
    .addOption(new Option('--take <side>', 'local or site').choices(['local', 'site']).makeOptionMandatory())
    .option('--resource <name>', 'events, venues, organizers, categories or tags, when the id names several conflicts')
    .option('-q, --quiet', 'print nothing when it succeeds')
    .action(async (id: string, opts: { take: 'local' | 'site'; resource?: string; quiet?: boolean }) => {
      await (await load()).resolveOne(deps.runtime(), id, opts.take, opts.resource, opts.quiet === true);
    });
};
