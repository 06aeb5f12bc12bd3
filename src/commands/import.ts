/**
 * `calctl import <resource> FILE|-`: bulk create-or-update from CSV, NDJSON or a JSON array (the
 * command's flags: import-command.ts).
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { BATCH_LIMIT } from '../api/batch.js';
import { isDocumentUrl } from '../api/fetch-document.js';
import type { ResourceSpec } from '../catalog/index.js';
import { Checkpoint, checkpointPath, inputIdentity, loadCheckpoint } from '../csv/checkpoint.js';
import { mapColumns, parseMapOptions } from '../csv/columns.js';
import { IMPORT_CONCURRENCY } from '../csv/defaults.js';
import { runImport, summaryAtStop } from '../csv/import.js';
import { DEFAULT_LOSSY_ACTION, type LossyAction } from '../csv/lossy.js';
import type { PlanEntry } from '../csv/plan.js';
import { createProgress, type ImportSummary, plural, summaryText } from '../csv/progress.js';
import { guessFormat, openSource } from '../csv/read.js';
import { rejectionReasons } from '../csv/rejection-reasons.js';
import { noRejects, openRejects } from '../csv/rejects.js';
import { openXlsx as openWorkbook } from '../csv/xlsx.js';
import { InterruptedError, PartialError, UsageError } from '../errors/index.js';
import { stderrNotes, summaryFormat } from '../output/notes.js';
import { printValue } from '../output/stdout.js';
import { tuneHeapForImport } from './heap.js';
import { fileSha256, sha256 } from './history/hash.js';
import { recordRun } from './history/store.js';
import { importFacts } from './import-facts.js';
import { fetchInput, smallFile } from './import-input.js';
import { planForm, printPlan } from './plan-output.js';
import { dateZone, outputFormat } from './shared.js';
import type { Runtime } from './types.js';

type Opts = Record<string, unknown>;

async function readMapFile(path: string): Promise<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch (err) {
    throw new UsageError(
      `--map-file ${path}: ${(err as Error).message}`,
      'give a JSON object such as {"Start": "start_date"}',
    );
  }
}

/**
 * Runs an import of `file` (or stdin for `-`).
 * @throws PartialError (exit 3) when rows were rejected; UsageError (exit 2) for bad flags or a
 *   malformed file; InterruptedError (exit 130) on Ctrl-C, with the checkpoint saved
 */
export async function importFile(rt: Runtime, resource: ResourceSpec, file: string, opts: Opts): Promise<void> {
  const { ctx } = rt;
  const g = rt.globals();
  const address = isDocumentUrl(file);
  const dryRun = g.dryRun === true;
  // (notes and the summary in words on stderr; with --quiet only warnings, rejects and failures)
  const notes = stderrNotes(ctx, { quiet: opts.quiet === true });
  if ((file === '-' || address) && opts.resume) {
    throw new UsageError(
      `--resume needs a file: ${address ? 'an address is read again in full' : 'stdin cannot be read again'}`,
      address
        ? 'import it again without --resume: a re-run changes nothing already imported'
        : 'save the input to a file and import that',
    );
  }
  const remote = address ? await fetchInput(rt, file) : undefined;
  // A long run's heap is sized for it (heap.ts); a small file's run is short either way, and leaving
  // V8's flags alone lets the launcher keep the code it compiled for the next run (bin/calctl.cjs).
  if (!(await smallFile(file === '-' || address ? undefined : resolve(ctx.cwd, file)))) tuneHeapForImport();
  const stdin = file === '-' || remote !== undefined;
  const path = remote ? remote.path : stdin ? '-' : resolve(ctx.cwd, file);
  const ics =
    opts.format === 'ics' ||
    (opts.format === undefined && (/\.(ics|ical|icalendar)$/i.test(path) || remote?.calendar === true));
  const format = ics ? 'csv' : guessFormat(path, opts.format as string | undefined);
  if (format !== 'xlsx' && opts.sheet !== undefined)
    throw new UsageError(
      '--sheet is for Excel workbooks (.xlsx)',
      'leave it out, or give an .xlsx file (or --format xlsx)',
    );
  const mapFile = typeof opts.mapFile === 'string' ? await readMapFile(resolve(ctx.cwd, opts.mapFile)) : undefined;
  const overrides = parseMapOptions(resource, (opts.map as string[] | undefined) ?? [], mapFile);
  const delimiter = (opts.delimiter as string | undefined) ?? (/\.tsv$/i.test(path) ? '\t' : 'auto');
  const encoding = opts.encoding as string | undefined;

  let checkpoint: Checkpoint | undefined;
  let size: number | undefined;
  if (!stdin) {
    const identity = await inputIdentity(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT')
        throw new UsageError(`${file}: no such file`, `check the name and the folder (looked in ${path})`, 'no-input');
      if (err.code === 'EISDIR')
        throw new UsageError(`${file} is a folder, not a file`, 'give the file inside it', 'no-input');
      throw new UsageError(`cannot read ${file}: ${err.message}`, 'check that the file can be read', 'no-input');
    });
    size = identity.size;
    if (!dryRun) {
      const cpPath = checkpointPath(path);
      const previous = await loadCheckpoint(cpPath, identity, resource.name).catch((err) => {
        if (opts.resume) throw err;
        return undefined;
      });
      if (previous && opts.resume) checkpoint = Checkpoint.fromData(cpPath, previous, ctx.now);
      else {
        if (previous) notes.note('starting over (a checkpoint exists; --resume continues it)');
        if (opts.resume) notes.note('no checkpoint to resume from; importing the whole file');
        const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0, blank: 0 };
        checkpoint = new Checkpoint(cpPath, identity, resource.name, counts, ctx.now);
      }
    }
  }
  const rejectsFile = typeof opts.rejects === 'string' ? opts.rejects : undefined;
  if (rejectsFile !== undefined && !stdin && resolve(ctx.cwd, rejectsFile) === path) {
    throw new UsageError(
      `--rejects ${rejectsFile} is the input file: it would be overwritten`,
      'give the rejected rows another file, e.g. --rejects rejected.csv',
    );
  }
  const input: ReadStream | Readable = remote
    ? Readable.from([remote.body])
    : stdin
      ? ctx.io.stdin
      : createReadStream(path);
  const icsInput = ics ? await import('./ics-import.js') : undefined;
  // (a workbook's sheet: the one named, else the first with a column of this resource)
  const workbook = {
    sheet: opts.sheet as string | undefined,
    fits: (header: readonly string[]) => mapColumns(resource, header, overrides, false).targets.size > 0,
  };
  const source = icsInput
    ? await icsInput.openIcs(rt, resource, input, opts)
    : format === 'xlsx'
      ? await openWorkbook(stdin ? input : path, {
          ...workbook,
          note: (line) => notes.note(line),
        })
      : await openSource(input, format, delimiter, encoding);
  // (a file can be read ahead on a second stream while the order of its dates is not known yet)
  if (!icsInput && !stdin)
    source.reopen = () =>
      format === 'xlsx'
        ? openWorkbook(path, workbook)
        : openSource(createReadStream(path), format, source.delimiter ?? delimiter, source.encoding ?? encoding);
  if (encoding === undefined && source.encoding !== undefined) {
    notes.note(`the file is not UTF-8; reading it as ${source.encoding} (--encoding to choose)`);
  }
  if (delimiter === 'auto' && source.delimiter !== undefined && source.delimiter !== ',') {
    const shown = source.delimiter === '\t' ? 'tab' : `"${source.delimiter}"`;
    notes.note(`the header is ${shown}-separated; reading the file so (--delimiter to choose)`);
  }
  let fileWriter = noRejects;
  if (rejectsFile !== undefined) {
    fileWriter = await openRejects(resolve(ctx.cwd, rejectsFile), source.columns, {
      delimiter: source.delimiter ?? ',',
      append: checkpoint !== undefined && opts.resume === true,
    }).catch((err: unknown) => {
      if (!stdin) (input as ReadStream).destroy();
      throw err;
    });
  }
  const reasons = rejectionReasons(fileWriter);
  // (rows know where they end in a CSV or NDJSON file; a JSON array, .ics or stdin give no share)
  const sized = size !== undefined && size > 0 && !ics && format !== 'json';
  const api = await rt.api();
  // --timezone is checked now; the site's zone is asked only when a row's date needs a zone (a file
  // of plain wall times never does: the site reads them in each event's zone).
  const timezone = rt.globals().timezone ? await dateZone(rt) : () => dateZone(rt);
  // A user who may not publish (a contributor) leaves every imported event waiting for review: say so
  // as soon as the site has said who the user is, beside the import's first reads, not before them.
  // (both remembered for a day: a cron job's next run asks neither before its first write)
  const facts = await importFacts(rt, api);
  const roleWarning =
    resource.name === 'events'
      ? facts
          .publishRight()
          .then((right) => {
            if (right && !right.canPublish)
              notes.warn(
                `this user's role (${right.roles.join(', ') || 'none'}) cannot publish events: every event this import writes will wait for review (status pending), whatever its status column says`,
              );
          })
          .catch(() => {})
      : undefined;
  // The summary in words on stderr, and as data on stdout in a machine format (JSON when piped):
  // one line of JSON per run, so a cron job's log of runs is NDJSON. With --quiet, the words only
  // when rows were rejected or the run stopped, the data only when -o asks for it.
  const shown = summaryFormat(await outputFormat(rt), { quiet: notes.quiet, output: g.output, json: g.json });
  const asData = shown === 'yaml' ? 'yaml' : shown ? 'ndjson' : undefined;
  // A dry run prints its plan: every row with what would happen to it, the counts last.
  const plan: PlanEntry[] = [];
  const form = dryRun ? await planForm(rt) : undefined;
  const printSummary = (summary: ImportSummary, trouble: boolean) => {
    notes.text(summaryText(summary, dryRun), trouble || summary.rejected > 0 ? 'trouble' : 'info');
    if (form) printPlan(rt, form, plan, { ...summary });
    else if (asData) printValue(ctx, summary, asData);
  };
  // Every run that writes is recorded in the profile's history (calctl history, calctl undo).
  const recorder = await recordRun(
    rt,
    {
      kind: 'import',
      source: address ? file : stdin ? '-' : path,
      sha256: remote ? sha256(remote.body) : stdin ? undefined : await fileSha256(path),
    },
    (line) => notes.line(line),
  );
  let summary: ImportSummary;
  try {
    summary = await runImport({
      api,
      resource,
      source,
      overrides,
      strict: opts.strict === true,
      matchBy: typeof opts.matchBy === 'string' ? opts.matchBy.split(',').map((s) => s.trim()) : undefined,
      onConflict: (opts.onConflict as 'update' | 'skip' | 'fail' | undefined) ?? 'update',
      concurrency: (opts.concurrency as number | undefined) ?? IMPORT_CONCURRENCY,
      batchSize: (opts.batchSize as number | undefined) ?? BATCH_LIMIT,
      batching: facts.batching,
      learntBatching: facts.learntBatching,
      dryRun,
      failFast: opts.failFast === true,
      timezone,
      eventZone: g.timezone,
      dateFormat: g.dateFormat,
      siteDateOrder: facts.siteDateOrder,
      defaultDuration: typeof opts.defaultDuration === 'string' ? opts.defaultDuration : undefined,
      // (--strict refuses a row the site would keep otherwise than written, as it refuses unknown columns)
      onLossy: opts.strict === true ? 'reject' : ((opts.onLossy as LossyAction | undefined) ?? DEFAULT_LOSSY_ACTION),
      columnsNote: (line) => notes.line(line),
      now: ctx.now(),
      signal: ctx.signal,
      checkpoint,
      rejects: reasons.writer,
      warn: (line) => notes.line(line),
      note: (line) => rt.debug?.(line),
      progress: createProgress(notes.stream('info'), `import ${resource.name}`, sized),
      size: sized ? size : undefined,
      plan: dryRun ? (entry) => plan.push(entry) : undefined,
      journal: recorder?.journal,
      linkCreated: recorder ? (linked, record) => recorder.linkCreated(linked, record) : undefined,
    });
  } catch (err) {
    recorder?.finish(err instanceof InterruptedError ? 'interrupted' : 'failed', summaryAtStop(err) ?? {});
    await roleWarning;
    reasons.print(ctx.io.stderr, rejectsFile);
    // Interrupted, or stopped by a malformed line or a lost site: the counts so far still go out (a
    // cron job reads them); the error says what stopped it and how to go on.
    const partial = summaryAtStop(err);
    if (partial) printSummary(partial, true);
    throw err;
  }
  recorder?.finish('done', summary);
  await roleWarning;
  reasons.print(ctx.io.stderr, rejectsFile);
  if (notes.shows('note')) icsInput?.printNotes(rt, source);
  printSummary(summary, false);
  if (summary.rejected > 0) {
    throw new PartialError(
      `${summary.rejected} of ${plural(summary.rows, 'row')} ${summary.rejected === 1 ? 'was' : 'were'} rejected`,
      rejectsFile !== undefined
        ? `fix them in ${rejectsFile} and import that file`
        : 'add --rejects FILE to collect them with their errors',
    );
  }
}
