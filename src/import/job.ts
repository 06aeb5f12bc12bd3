/**
 * An import as a job: the command says what to import and how (`ImportJob`), the pipeline sets itself
 * up (the input read, its format, the checkpoint, the rejects file, the column mapping), then runs
 * against the site the command connects it to (`ImportSite`) and gives back the summary. Reading an
 * iCalendar file is the command's choice: it hands the pipeline that reader (`ImportJob.reader`).
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ApiClient } from '../api/index.js';
import type { ResourceSpec } from '../catalog/index.js';
import type { DateFormat } from '../dates/numeric.js';
import { UsageError } from '../errors/index.js';
import type { Notes } from '../output/notes.js';
import { Checkpoint, checkpointPath, inputIdentity, loadCheckpoint } from './checkpoint.js';
import { mapColumns, parseMapOptions } from './columns.js';
import type { SiteDateOrder } from './date-order.js';
import { IMPORT_CONCURRENCY } from './defaults.js';
import { runImport } from './import.js';
import type { ImportOptions } from './import-options.js';
import type { WriteJournal } from './journal.js';
import { DEFAULT_LOSSY_ACTION, type LossyAction } from './lossy.js';
import type { PlanEntry } from './plan.js';
import { createProgress, type ImportSummary } from './progress.js';
import { guessFormat, type InputFormat, openSource } from './read.js';
import { rejectionReasons } from './rejection-reasons.js';
import { noRejects, openRejects } from './rejects.js';
import type { RecordSource } from './source-row.js';
import { openXlsx } from './xlsx.js';

export { summaryAtStop } from './import.js';
export { plural, summaryText } from './progress.js';
export { importFacts } from './site-facts.js';

/** Where the rows come from. */
export type ImportInput =
  /** a local file (an absolute path) */
  | { kind: 'file'; path: string }
  /** stdin: read once, never resumed */
  | { kind: 'stdin'; stream: Readable }
  /** a document read whole from an address (its path from the address, with the extension of its type) */
  | { kind: 'document'; path: string; body: Buffer };

/** What the command asks of an import: its flags, typed, and the run's context. */
export interface ImportJob {
  resource: ResourceSpec;
  input: ImportInput;
  /** the input as the user named it (in messages) */
  name: string;
  /** the working directory (relative --map-file and --rejects paths) */
  cwd: string;
  /** `--format` (an iCalendar input is read by `reader` instead) */
  format?: string | undefined;
  /** a reader the command chose for the input (iCalendar): rows come from it, not from the CSV/JSON/xlsx readers */
  reader?: ((input: Readable) => Promise<RecordSource>) | undefined;
  sheet?: string | undefined;
  delimiter?: string | undefined;
  encoding?: string | undefined;
  /** `--map column=field`, repeated */
  map?: readonly string[] | undefined;
  mapFile?: string | undefined;
  strict: boolean;
  matchBy?: readonly string[] | undefined;
  onConflict?: 'update' | 'skip' | 'fail' | undefined;
  concurrency?: number | undefined;
  batchSize?: number | undefined;
  resume: boolean;
  /** `--rejects FILE` */
  rejects?: string | undefined;
  failFast: boolean;
  defaultDuration?: string | undefined;
  onLossy?: LossyAction | undefined;
  dryRun: boolean;
  /** `--timezone`: the zone events of rows that name none are made in */
  eventZone?: string | undefined;
  dateFormat?: DateFormat | undefined;
  now: () => Date;
  signal?: AbortSignal | undefined;
  /** the run's stderr */
  notes: Notes;
  /** debug lines (`--debug`) */
  debug?: ((line: string) => void) | undefined;
}

/** The site an import runs against, and what its run tells (given once the input is open). */
export interface ImportSite {
  api: ApiClient;
  /** whether the site took batched writes when last asked, and how to remember its answer */
  batching?: 'on' | 'off' | undefined;
  learntBatching?: ((mode: 'on' | 'off') => void) | undefined;
  siteDateOrder?: (() => Promise<SiteDateOrder | undefined>) | undefined;
  /** the zone of relative dates (a function: asked when a cell first needs it) */
  timezone: string | (() => Promise<string>);
  /** the run's history (absent: a dry run or a run not recorded) */
  journal?: WriteJournal | undefined;
  linkCreated?: ((linked: string, record: Record<string, unknown>) => void) | undefined;
  /** told each row's plan entry (a dry run) */
  plan?: ((entry: PlanEntry) => void) | undefined;
}

/** An import set up and ready to run. */
export interface PreparedImport {
  /** the input's path ('-' for stdin) */
  path: string;
  source: RecordSource;
  /** prints the first reasons rows were rejected for, once */
  printReasons(stderr: { write(text: string): unknown }): void;
  run(site: ImportSite): Promise<ImportSummary>;
}

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

const pathOf = (input: ImportInput): string => (input.kind === 'stdin' ? '-' : input.path);

/** The input's identity and size, and the checkpoint of a run that writes (a file only). */
async function openCheckpoint(
  job: ImportJob,
  path: string,
): Promise<{ checkpoint: Checkpoint | undefined; size: number | undefined }> {
  if (job.input.kind !== 'file') return { checkpoint: undefined, size: undefined };
  const { name, resource, notes } = job;
  const identity = await inputIdentity(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT')
      throw new UsageError(`${name}: no such file`, `check the name and the folder (looked in ${path})`, 'no-input');
    if (err.code === 'EISDIR')
      throw new UsageError(`${name} is a folder, not a file`, 'give the file inside it', 'no-input');
    throw new UsageError(`cannot read ${name}: ${err.message}`, 'check that the file can be read', 'no-input');
  });
  if (job.dryRun) return { checkpoint: undefined, size: identity.size };
  const cpPath = checkpointPath(path);
  const previous = await loadCheckpoint(cpPath, identity, resource.name).catch((err) => {
    if (job.resume) throw err;
    return undefined;
  });
  if (previous && job.resume)
    return { checkpoint: Checkpoint.fromData(cpPath, previous, job.now), size: identity.size };
  if (previous) notes.note('starting over (a checkpoint exists; --resume continues it)');
  if (job.resume) notes.note('no checkpoint to resume from; importing the whole file');
  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0, blank: 0 };
  return { checkpoint: new Checkpoint(cpPath, identity, resource.name, counts, job.now), size: identity.size };
}

/** The rows of the input, through the reader its format calls for. */
async function openRows(
  job: ImportJob,
  input: ReadStream | Readable,
  path: string,
  format: InputFormat,
  overrides: Map<string, string | null>,
): Promise<RecordSource> {
  if (job.reader) return job.reader(input);
  const { resource, notes, encoding } = job;
  const delimiter = job.delimiter ?? (/\.tsv$/i.test(path) ? '\t' : 'auto');
  // (a workbook's sheet: the one named, else the first with a column of this resource)
  const workbook = {
    sheet: job.sheet,
    fits: (header: readonly string[]) => mapColumns(resource, header, overrides, false).targets.size > 0,
  };
  const stdin = job.input.kind !== 'file';
  const source =
    format === 'xlsx'
      ? await openXlsx(stdin ? input : path, { ...workbook, note: (line) => notes.note(line) })
      : await openSource(input, format, delimiter, encoding);
  // (a file can be read ahead on a second stream while the order of its dates is not known yet)
  if (!stdin)
    source.reopen = () =>
      format === 'xlsx'
        ? openXlsx(path, workbook)
        : openSource(createReadStream(path), format, source.delimiter ?? delimiter, source.encoding ?? encoding);
  if (encoding === undefined && source.encoding !== undefined) {
    notes.note(`the file is not UTF-8; reading it as ${source.encoding} (--encoding to choose)`);
  }
  if (delimiter === 'auto' && source.delimiter !== undefined && source.delimiter !== ',') {
    const shown = source.delimiter === '\t' ? 'tab' : `"${source.delimiter}"`;
    notes.note(`the header is ${shown}-separated; reading the file so (--delimiter to choose)`);
  }
  return source;
}

/**
 * Sets an import up: the input's format and column mapping, its checkpoint, the rows and the rejects
 * file, in that order, so that a flag or a file at fault is said before the site is asked anything.
 * @throws UsageError (exit 2) for bad flags, a missing or malformed file, or rejects that cannot be written
 */
export async function prepareImport(job: ImportJob): Promise<PreparedImport> {
  const { resource, input: given, cwd } = job;
  const path = pathOf(given);
  const format = job.reader ? 'csv' : guessFormat(path, job.format);
  if (format !== 'xlsx' && job.sheet !== undefined)
    throw new UsageError(
      '--sheet is for Excel workbooks (.xlsx)',
      'leave it out, or give an .xlsx file (or --format xlsx)',
    );
  const mapFile = job.mapFile !== undefined ? await readMapFile(resolve(cwd, job.mapFile)) : undefined;
  const overrides = parseMapOptions(resource, job.map ?? [], mapFile);
  const { checkpoint, size } = await openCheckpoint(job, path);
  const rejectsFile = job.rejects;
  if (rejectsFile !== undefined && given.kind === 'file' && resolve(cwd, rejectsFile) === path) {
    throw new UsageError(
      `--rejects ${rejectsFile} is the input file: it would be overwritten`,
      'give the rejected rows another file, e.g. --rejects rejected.csv',
    );
  }
  const input: ReadStream | Readable =
    given.kind === 'document'
      ? Readable.from([given.body])
      : given.kind === 'stdin'
        ? given.stream
        : createReadStream(path);
  const source = await openRows(job, input, path, format, overrides);
  let fileWriter = noRejects;
  if (rejectsFile !== undefined) {
    fileWriter = await openRejects(resolve(cwd, rejectsFile), source.columns, {
      delimiter: source.delimiter ?? ',',
      append: checkpoint !== undefined && job.resume,
    }).catch((err: unknown) => {
      if (given.kind === 'file') (input as ReadStream).destroy();
      throw err;
    });
  }
  const reasons = rejectionReasons(fileWriter);
  // (rows know where they end in a CSV or NDJSON file; a JSON array, .ics or stdin give no share)
  const sized = size !== undefined && size > 0 && !job.reader && format !== 'json';
  const options: Omit<ImportOptions, 'api'> = {
    resource,
    source,
    overrides,
    strict: job.strict,
    matchBy: job.matchBy,
    onConflict: job.onConflict ?? 'update',
    concurrency: job.concurrency ?? IMPORT_CONCURRENCY,
    batchSize: job.batchSize,
    dryRun: job.dryRun,
    failFast: job.failFast,
    eventZone: job.eventZone,
    dateFormat: job.dateFormat,
    defaultDuration: job.defaultDuration,
    // (--strict refuses a row the site would keep otherwise than written, as it refuses unknown columns)
    onLossy: job.strict ? 'reject' : (job.onLossy ?? DEFAULT_LOSSY_ACTION),
    columnsNote: (line) => job.notes.line(line),
    checkpoint,
    rejects: reasons.writer,
    warn: (line) => job.notes.line(line),
    note: (line) => job.debug?.(line),
    size: sized ? size : undefined,
  };
  return {
    path,
    source,
    printReasons: (stderr) => reasons.print(stderr, rejectsFile),
    run: (site) =>
      runImport({
        ...options,
        api: site.api,
        batching: site.batching,
        learntBatching: site.learntBatching,
        timezone: site.timezone,
        siteDateOrder: site.siteDateOrder,
        now: job.now(),
        signal: job.signal,
        progress: createProgress(job.notes.stream('info'), `import ${resource.name}`, sized),
        plan: site.plan,
        journal: site.journal,
        linkCreated: site.linkCreated,
      }),
  };
}
