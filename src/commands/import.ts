/**
 * `calctl import <resource> FILE|-`: bulk create-or-update from CSV, NDJSON or a JSON array (the
 * command's flags: import-command.ts).
 */
import { resolve } from 'node:path';
import { BATCH_LIMIT } from '../api/batch.js';
import { isDocumentUrl } from '../api/fetch-document.js';
import type { ResourceSpec } from '../catalog/index.js';
import { InterruptedError, PartialError, UsageError } from '../errors/index.js';
import {
  type ImportInput,
  type ImportJob,
  type ImportSummary,
  importPipeline,
  type LossyAction,
  type PlanEntry,
} from '../import/index.js';
import type { Notes } from '../output/notes.js';
import { stderrNotes, summaryFormat } from '../output/notes.js';
import { printValue } from '../output/stdout.js';
import { tuneHeapForImport } from './heap.js';
import { fileSha256, sha256 } from './history/hash.js';
import { recordRun } from './history/store.js';
import { fetchInput, smallFile } from './import-input.js';
import { planForm, printPlan } from './plan-output.js';
import { dateZone, outputFormat } from './shared.js';
import type { Runtime } from './types.js';

/** The flags of `calctl import <resource>`, as commander gives them (typed where they are parsed). */
export interface ImportFlags {
  format?: 'csv' | 'ndjson' | 'json' | 'xlsx' | 'ics' | undefined;
  sheet?: string | undefined;
  /** iCalendar: occurrences of recurring events up to this date */
  until?: string | undefined;
  delimiter?: string | undefined;
  encoding?: string | undefined;
  map?: string[] | undefined;
  mapFile?: string | undefined;
  strict?: boolean | undefined;
  /** a length of time, as `durationText` writes it */
  defaultDuration?: string | undefined;
  onLossy?: LossyAction | undefined;
  /** fields or column names, comma-separated */
  matchBy?: string | undefined;
  onConflict?: 'update' | 'skip' | 'fail' | undefined;
  concurrency?: number | undefined;
  batchSize?: number | undefined;
  resume?: boolean | undefined;
  rejects?: string | undefined;
  failFast?: boolean | undefined;
  quiet?: boolean | undefined;
}

/**
 * The job of an import of `file` (or stdin for `-`, or an address read whole): the input, the flags
 * typed, and the reader of an iCalendar input (the command picks it; the pipeline reads the rest).
 * @throws UsageError (exit 2) for --resume with an input that cannot be read again
 */
async function importJob(
  rt: Runtime,
  resource: ResourceSpec,
  file: string,
  opts: ImportFlags,
  notes: Notes,
): Promise<{
  job: ImportJob;
  remote: { body: Buffer } | undefined;
  ics: typeof import('./ics-import.js') | undefined;
}> {
  const { ctx } = rt;
  const g = rt.globals();
  const address = isDocumentUrl(file);
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
  const input: ImportInput = remote
    ? { kind: 'document', path: remote.path, body: remote.body }
    : file === '-'
      ? { kind: 'stdin', stream: ctx.io.stdin }
      : { kind: 'file', path: resolve(ctx.cwd, file) };
  const path = input.kind === 'stdin' ? '-' : input.path;
  const isIcs =
    opts.format === 'ics' ||
    (opts.format === undefined && (/\.(ics|ical|icalendar)$/i.test(path) || remote?.calendar === true));
  const ics = isIcs ? await import('./ics-import.js') : undefined;
  const job: ImportJob = {
    resource,
    input,
    name: file,
    cwd: ctx.cwd,
    format: opts.format,
    reader: ics ? (stream) => ics.openIcs(rt, resource, stream, opts) : undefined,
    sheet: opts.sheet,
    delimiter: opts.delimiter,
    encoding: opts.encoding,
    map: opts.map,
    mapFile: opts.mapFile,
    strict: opts.strict === true,
    matchBy: opts.matchBy?.split(',').map((s) => s.trim()),
    onConflict: opts.onConflict,
    concurrency: opts.concurrency,
    batchSize: opts.batchSize ?? BATCH_LIMIT,
    resume: opts.resume === true,
    rejects: opts.rejects,
    failFast: opts.failFast === true,
    defaultDuration: opts.defaultDuration,
    onLossy: opts.onLossy,
    dryRun: g.dryRun === true,
    eventZone: g.timezone,
    dateFormat: g.dateFormat,
    now: ctx.now,
    signal: ctx.signal,
    notes,
    debug: (line) => rt.debug?.(line),
  };
  return { job, remote, ics };
}

/** The pipeline of an import, loaded when it runs. */
type ImportPipeline = Awaited<ReturnType<typeof importPipeline>>;

/**
 * The site of an import: its client, the facts remembered of it, the zone of relative dates, the
 * run's history record and the user's right to publish (a warning, said beside the first reads).
 */
async function connect(rt: Runtime, resource: ResourceSpec, notes: Notes, pipeline: ImportPipeline) {
  const api = await rt.api();
  // --timezone is checked now; the site's zone is asked only when a row's date needs a zone (a file
  // of plain wall times never does: the site reads them in each event's zone).
  const timezone = rt.globals().timezone ? await dateZone(rt) : () => dateZone(rt);
  // A user who may not publish (a contributor) leaves every imported event waiting for review: say so
  // as soon as the site has said who the user is, beside the import's first reads, not before them.
  // (both remembered for a day: a cron job's next run asks neither before its first write)
  const facts = await pipeline.importFacts(api, await rt.target(), rt.ctx);
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
  return { api, timezone, facts, roleWarning };
}

/**
 * Runs an import of `file` (or stdin for `-`): builds the job, has the pipeline run it, prints the
 * summary (and a dry run's plan).
 * @throws PartialError (exit 3) when rows were rejected; UsageError (exit 2) for bad flags or a
 *   malformed file; InterruptedError (exit 130) on Ctrl-C, with the checkpoint saved
 */
export async function importFile(rt: Runtime, resource: ResourceSpec, file: string, opts: ImportFlags): Promise<void> {
  const { ctx } = rt;
  const g = rt.globals();
  const dryRun = g.dryRun === true;
  // (notes and the summary in words on stderr; with --quiet only warnings, rejects and failures)
  const notes = stderrNotes(ctx, { quiet: opts.quiet === true });
  const { job, remote, ics } = await importJob(rt, resource, file, opts, notes);
  const pipeline = await importPipeline();
  const prepared = await pipeline.prepareImport(job);
  const { path, source } = prepared;
  const { api, timezone, facts, roleWarning } = await connect(rt, resource, notes, pipeline);
  // The summary in words on stderr, and as data on stdout in a machine format (JSON when piped):
  // one line of JSON per run, so a cron job's log of runs is NDJSON. With --quiet, the words only
  // when rows were rejected or the run stopped, the data only when -o asks for it.
  const shown = summaryFormat(await outputFormat(rt), { quiet: notes.quiet, output: g.output, json: g.json });
  const asData = shown === 'yaml' ? 'yaml' : shown ? 'ndjson' : undefined;
  // A dry run prints its plan: every row with what would happen to it, the counts last.
  const plan: PlanEntry[] = [];
  const form = dryRun ? await planForm(rt) : undefined;
  const printSummary = (summary: ImportSummary, trouble: boolean) => {
    notes.text(pipeline.summaryText(summary, dryRun), trouble || summary.rejected > 0 ? 'trouble' : 'info');
    if (form) printPlan(rt, form, plan, { ...summary });
    else if (asData) printValue(ctx, summary, asData);
  };
  // Every run that writes is recorded in the profile's history (calctl history, calctl undo).
  const recorder = await recordRun(
    rt,
    {
      kind: 'import',
      source: remote ? file : path,
      sha256: remote ? sha256(remote.body) : path === '-' ? undefined : await fileSha256(path),
    },
    (line) => notes.line(line),
  );
  let summary: ImportSummary;
  try {
    summary = await prepared.run({
      api,
      batching: facts.batching,
      learntBatching: facts.learntBatching,
      siteDateOrder: facts.siteDateOrder,
      timezone,
      plan: dryRun ? (entry) => plan.push(entry) : undefined,
      journal: recorder?.journal,
      linkCreated: recorder ? (linked, record) => recorder.linkCreated(linked, record) : undefined,
    });
  } catch (err) {
    const partial = pipeline.summaryAtStop(err);
    recorder?.finish(err instanceof InterruptedError ? 'interrupted' : 'failed', partial ?? {});
    await roleWarning;
    prepared.printReasons(ctx.io.stderr);
    // Interrupted, or stopped by a malformed line or a lost site: the counts so far still go out (a
    // cron job reads them); the error says what stopped it and how to go on.
    if (partial) printSummary(partial, true);
    throw err;
  }
  recorder?.finish('done', summary);
  await roleWarning;
  prepared.printReasons(ctx.io.stderr);
  if (notes.shows('note')) ics?.printNotes(rt, source);
  printSummary(summary, false);
  if (summary.rejected > 0) {
    throw new PartialError(
      `${summary.rejected} of ${pipeline.plural(summary.rows, 'row')} ${summary.rejected === 1 ? 'was' : 'were'} rejected`,
      opts.rejects !== undefined
        ? `fix them in ${opts.rejects} and import that file`
        : 'add --rejects FILE to collect them with their errors',
    );
  }
}
