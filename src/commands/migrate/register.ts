/**
 * `calctl migrate SOURCE TARGET`: a whole calendar moved to another site (docs/hygiene.md). Flags are
 * defined here (cheap, for --help); the work loads when the command runs.
 */
import type { RegisterCommands } from '../types.js';
import { MIGRATE_DEFAULT_STATUS } from './settings.js';

export const registerMigrateCommand: RegisterCommands = (program, deps) => {
  program
    .command('migrate')
    .description(
      'copy a whole calendar to another site: categories (with parents), tags, venues, organizers, images and events, links kept; again: only what changed',
    )
    .argument('<source>', 'the site to copy from: @profile, local (the built-in calendar) or its address')
    .argument('<target>', 'the site to copy to: @profile, local or its address')
    .option(
      '--status <list>',
      'statuses of the events to copy: publish, future, draft, pending, private (comma-separated), or any',
      MIGRATE_DEFAULT_STATUS,
    )
    .option('-q, --quiet', 'print nothing when the run succeeds (failures and warnings still go to stderr)')
    .action(async (source: string, target: string, opts: { status: string; quiet?: boolean }) => {
      const { runMigrate } = await import('./run.js');
      await runMigrate(deps, source, target, opts);
    });
};
