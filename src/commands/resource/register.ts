/**
 * The generic commands of every resource, generated from the catalog: list|ls, get, create, update,
 * delete|rm. Only flag definitions live here (cheap to load for --help); each action loads its module
 * when it runs.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { aResource, catalog, type ResourceSpec } from '../../catalog/index.js';
import type { CommandDeps, RegisterCommands } from '../types.js';
import { addFlags, bindFlags, type FlagValues, kebab } from './flags.js';
import { type ListOptions, listRecords } from './list.js';

/** `--slug` of get, update, copy, delete and restore: the record found by its slug. */
interface SlugOption {
  slug?: string;
}

/** `--where NAME=VALUE` (repeatable) and, for events, `--before DATE`: records chosen by filter. */
interface WhereOptions {
  where?: string[];
  before?: string;
}

/** What create, update and copy take besides the catalog's flags. */
interface WriteOptions {
  data?: string;
  createMissing?: boolean;
  porcelain?: boolean;
  duration?: string;
}

type UpdateOptions = FlagValues & WriteOptions & SlugOption & WhereOptions;

/** `delete`: by ids, slug or filter; `--force` deletes for good. */
interface DeleteOptions extends SlugOption, WhereOptions {
  force?: boolean;
}

/** `restore`: by ids, slug or filter, back to `--status` (publish by default). */
interface RestoreOptions extends SlugOption, WhereOptions {
  status: string;
}

function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number.');
  return n;
}

const createMissingOption = () =>
  new Option(
    '--create-missing',
    'create the venues, organizers, categories and tags named that do not exist yet (else an error)',
  );

/** `--duration` for events: the end counted from the start. */
const durationOption = () =>
  new Option(
    '--duration <length>',
    'the event lasts this long from its start: 90m, 2h, 1h30m, 1d (instead of --end-date)',
  );

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `--where NAME=VALUE` (repeatable) and, for events, `--before DATE`: records chosen by filter. */
function whereOptions(cmd: Command, resource: ResourceSpec, what: string): void {
  cmd.option(
    '--where <filter>',
    `${what} every ${resource.singular} the list's filter chooses: NAME=VALUE (category=music, venue=7, status=draft), dates with < > <= >= ("end_date<2025-01-01"); repeatable`,
    collect,
  );
  if (resource.name === 'events') cmd.option('--before <date>', `${what} the events that ended before this date`);
}

/** The filters of a bulk change, when some were given. */
async function filtersOf(resource: ResourceSpec, opts: WhereOptions, ids: readonly string[]) {
  const where = opts.where ?? [];
  if (where.length === 0 && opts.before === undefined) return undefined;
  const { UsageError } = await import('../../errors/index.js');
  if (ids.length > 0) throw new UsageError('give ids or --where/--before, not both');
  const { parseWhere } = await import('./where.js');
  return parseWhere(resource, where, opts.before);
}

const dataOption = () =>
  new Option('--data <json|@file|->', 'the body as JSON: inline, @file.json, or - for stdin (flags override it)');

function listCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent.command('list').alias('ls').description(`list ${resource.name} (one page; --all for every page)`);
  addFlags(cmd, bindFlags(resource.listParams));
  cmd
    .option('--all', 'fetch every page (streamed; follows the total_pages the site reports)')
    .option('--limit <n>', 'stop after this many records (fetches further pages as needed)', parseLimit)
    .action(async (_opts: FlagValues & ListOptions, command: Command) => {
      await listRecords(deps.runtime(), resource, command.opts<FlagValues & ListOptions>());
    });
}

function getCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent
    .command('get')
    .description(`show one ${resource.singular}`)
    .argument('[id]', `${resource.singular} id`);
  if (resource.bySlug) cmd.option('--slug <slug>', `find the ${resource.singular} by its slug instead of the id`);
  cmd.action(async (id: string | undefined, opts: SlugOption) => {
    const { getRecord, recordRef } = await import('./record.js');
    await getRecord(deps.runtime(), resource, recordRef(resource, id, opts.slug));
  });
}

function createCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent.command('create').description(`create ${aResource(resource)}`);
  addFlags(cmd, bindFlags(resource.fields), (spec) => 'required' in spec && spec.required === true);
  if (resource.name === 'events') cmd.addOption(durationOption());
  cmd
    .addOption(dataOption())
    .addOption(createMissingOption())
    .option('--porcelain', 'print only the new id')
    .action(async (opts: FlagValues & WriteOptions) => {
      const { createRecord } = await import('./create.js');
      await createRecord(deps.runtime(), resource, opts);
    });
}

function updateCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent
    .command('update')
    .description(
      `change ${aResource(resource)}: only the given fields change, everything else is kept` +
        (resource.bySlug ? '\n(without an ID, --slug finds the record; with an ID, --slug renames it)' : ''),
    )
    .argument('[id]', `${resource.singular} id`);
  addFlags(cmd, bindFlags(resource.fields));
  if (resource.name === 'events') cmd.addOption(durationOption());
  if (resource.bySlug && !resource.fields.some((f) => f.name === 'slug')) {
    cmd.option('--slug <slug>', `find the ${resource.singular} by its slug instead of the id`);
  }
  whereOptions(cmd, resource, 'update');
  cmd
    .addOption(dataOption())
    .addOption(createMissingOption())
    .action(async (id: string | undefined, opts: UpdateOptions) => {
      const filters = await filtersOf(resource, opts, id === undefined ? [] : [id]);
      if (filters) {
        const { bulkUpdate } = await import('./bulk.js');
        await bulkUpdate(deps.runtime(), resource, filters, opts);
        return;
      }
      const { recordRef } = await import('./record.js');
      const { updateRecord } = await import('./update.js');
      const bySlug = id === undefined && resource.bySlug && typeof opts.slug === 'string';
      const ref = recordRef(resource, id, bySlug ? opts.slug : undefined);
      const changes = bySlug ? { ...opts, slug: undefined } : opts;
      await updateRecord(deps.runtime(), resource, ref, changes);
    });
}

function copyCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent
    .command('copy')
    .description(
      `create a new ${resource.singular} from an existing one: everything kept, linked records reused;\n` +
        'flags change what they name, and a new --start-date moves the end with it (same duration)',
    )
    .argument('[id]', `${resource.singular} id to copy`);
  if (resource.bySlug) cmd.option('--slug <slug>', `find the ${resource.singular} to copy by its slug`);
  addFlags(cmd, bindFlags(resource.fields.filter((f) => f.name !== 'slug')));
  cmd
    .addOption(durationOption())
    .addOption(createMissingOption())
    .option('--porcelain', 'print only the new id')
    .action(async (id: string | undefined, opts: FlagValues & WriteOptions & SlugOption) => {
      const { recordRef } = await import('./record.js');
      const { copyRecord } = await import('./copy.js');
      const ref = recordRef(resource, id, opts.slug);
      await copyRecord(deps.runtime(), resource, ref, { ...opts, slug: undefined });
    });
}

function deleteCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const trash = resource.kind === 'term' ? 'deleted for good' : 'moved to the trash; --force deletes for good';
  const cmd = parent
    .command('delete')
    .alias('rm')
    .description(`delete ${resource.name} (${trash}); asks first unless --yes`)
    .argument('[ids...]', `${resource.singular} ids, or - to read ids from stdin (one per line)`);
  if (resource.bySlug) cmd.option('--slug <slug>', `delete the ${resource.singular} with this slug`);
  if (resource.kind === 'post') {
    cmd.option(
      '--force',
      `delete for good instead of trashing, through WordPress core's route /wp/v2/${resource.coreBase} (cannot be undone)`,
    );
  }
  whereOptions(cmd, resource, 'delete');
  cmd.action(async (ids: string[], opts: DeleteOptions) => {
    const filters = await filtersOf(resource, opts, ids);
    if (filters) {
      const { bulkDelete } = await import('./bulk.js');
      const forGood = opts.force === true || resource.kind === 'term';
      await bulkDelete(deps.runtime(), resource, filters, forGood ? 'delete' : 'trash');
      return;
    }
    const { deleteRecords, deleteRefs } = await import('./delete.js');
    const rt = deps.runtime();
    const named = await deleteRefs(rt, resource, ids, opts.slug);
    await deleteRecords(rt, resource, named, opts.force === true);
  });
}

function restoreCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent
    .command('restore')
    .description(
      `take ${resource.name} out of the trash (with the slug they had); see the trash with list --status trash`,
    )
    .argument('[ids...]', `${resource.singular} ids, or - to read ids from stdin (one per line)`);
  if (resource.bySlug) cmd.option('--slug <slug>', `restore the ${resource.singular} with this slug`);
  cmd.addOption(
    new Option('--status <status>', 'the status it gets back')
      .choices(['publish', 'draft', 'pending', 'private'])
      .default('publish'),
  );
  whereOptions(cmd, resource, 'restore');
  cmd.action(async (ids: string[], opts: RestoreOptions) => {
    const filters = await filtersOf(resource, opts, ids);
    if (filters) {
      const { bulkDelete } = await import('./bulk.js');
      await bulkDelete(deps.runtime(), resource, filters, 'restore', opts.status);
      return;
    }
    const { deleteRefs } = await import('./delete.js');
    const { restoreRecords } = await import('./restore.js');
    const rt = deps.runtime();
    const named = await deleteRefs(rt, resource, ids, opts.slug);
    await restoreRecords(rt, resource, named, opts.status);
  });
}

/** `calctl venues|organizers duplicates` and `merge KEEP DUP…`. */
function duplicatesCommands(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  parent
    .command('duplicates')
    .description(
      `groups of ${resource.name} that are likely the same (name folded, one holding the other, same address, alike), with their events`,
    )
    .action(async () => {
      const { listDuplicates } = await import('./duplicates.js');
      await listDuplicates(deps.runtime(), resource);
    });
  parent
    .command('merge')
    .description(
      `move every event of the duplicates to the ${resource.singular} kept, then trash the duplicates (plan first; --dry-run shows it)`,
    )
    .argument('<keep>', `the ${resource.singular} kept (id)`)
    .argument('<duplicates...>', 'the ids merged into it')
    .option('--fill', `fill the kept ${resource.singular}'s empty fields (address, phone …) from the duplicates`)
    .action(async (keep: string, dups: string[], opts: { fill?: boolean }) => {
      const { mergeIds, mergeRecords } = await import('./merge.js');
      const [keepId, dupIds] = mergeIds(resource, keep, dups);
      await mergeRecords(deps.runtime(), resource, keepId, dupIds, { fill: opts.fill === true });
    });
}

/** Adds `calctl <resource> …` for the five resources of the catalog. */
export const registerResourceCommands: RegisterCommands = (program, deps) => {
  for (const resource of catalog) {
    if (deps.onlyResource && resource.name !== deps.onlyResource) continue;
    const parent = program
      .command(resource.name)
      .description(
        `${resource.name}: list, get, create, update, ${resource.name === 'events' ? 'copy, ' : ''}delete${resource.kind === 'post' ? ', restore' : ''}`,
      )
      .addHelpText('after', `\nFields: ${resource.fields.map((f) => kebab(f.name)).join(', ')}`);
    listCommand(parent, resource, deps);
    getCommand(parent, resource, deps);
    createCommand(parent, resource, deps);
    updateCommand(parent, resource, deps);
    if (resource.name === 'events') copyCommand(parent, resource, deps);
    deleteCommand(parent, resource, deps);
    if (resource.kind === 'post') restoreCommand(parent, resource, deps);
    if (resource.name === 'venues' || resource.name === 'organizers') duplicatesCommands(parent, resource, deps);
  }
};
