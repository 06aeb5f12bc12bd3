/**
 * The import pipeline: read (streaming) → map columns → validate → resolve links → match → create /
 * update, with a bounded pool of concurrent requests over one keep-alive client. Only the rows in
 * flight are held in memory, plus the match index of the target.
 */
import { BATCH_LIMIT, createBatchWriter } from '../api/batch.js';
import type { ResourceSpec } from '../catalog/index.js';
import { InterruptedError } from '../errors/index.js';
import { createLinkResolver } from '../links/index.js';
import { keyedLock } from '../primitives/index.js';
import type { Body } from '../records/index.js';
import { applyRow, type Decision } from './apply.js';
import type { Counts } from './checkpoint.js';
import { columnsRead, missingColumns } from './column-notes.js';
import { type ColumnMapping, mapColumns } from './columns.js';
import { DateOrderSurvey, inDateOrder } from './date-order.js';
import { IMPORT_CONCURRENCY } from './defaults.js';
import { type ImportOptions, matchFields } from './import-options.js';
import { buildMatchIndex } from './match-loader.js';
import { type LinkNames, type PlanEntry, planChanges, planEntry, rowLinkNames } from './plan.js';
import { prepareRow } from './prepare.js';
import { type ImportSummary, plural } from './progress.js';
import { isBlankRow, type SourceRow } from './read.js';
import { readAhead } from './read-ahead.js';
import { noRejects } from './rejects.js';
import { convertRow, isProblem } from './row.js';

export type { ImportOptions } from './import-options.js';

/** Ctrl-C during an import (exit 130), with the counts of the rows finished so far. */
export class ImportInterruptedError extends InterruptedError {
  constructor(
    message: string,
    readonly summary: ImportSummary,
  ) {
    super(message);
  }
}

/** The counts at the moment a fatal error (a malformed line, a lost site) stopped a started import. */
const countsAtStop = new WeakMap<object, ImportSummary>();

/** Rows read ahead of the writes at least (more with a higher --concurrency). */
const READ_AHEAD = 32;

/**
 * What an import had done when `err` stopped it: the counts of an interrupted or fatally stopped run
 * (the rows above a malformed line are imported); undefined when `err` came before any row was read.
 */
export function summaryAtStop(err: unknown): ImportSummary | undefined {
  if (err instanceof ImportInterruptedError) return err.summary;
  return typeof err === 'object' && err !== null ? countsAtStop.get(err) : undefined;
}

/** The columns of a source as read so far: the mapping, said and warned of once per column. */
function columnReader(opts: ImportOptions) {
  const { resource, source } = opts;
  const overrides = opts.overrides ?? new Map();
  const strict = opts.strict ?? false;
  const records = source.records === true;
  const warned = new Set<string>();
  const saidColumns = new Set<string>();
  const sayColumns = (m: ColumnMapping) => {
    const line = columnsRead(resource, m, saidColumns);
    if (line) opts.columnsNote?.(line);
  };
  const warnUnknown = (unknown: readonly string[]) => {
    const fresh = unknown.filter((c) => !warned.has(c));
    if (fresh.length === 0) return;
    for (const c of fresh) warned.add(c);
    opts.warn?.(
      `warning: ignoring unknown column${fresh.length > 1 ? 's' : ''} ${fresh.map((c) => `"${c}"`).join(', ')} ` +
        `(map with --map 'Column=field', or --strict to refuse)`,
    );
  };
  let mapping = mapColumns(resource, source.columns, overrides, strict, records);
  let seenColumns = source.columns.length;
  if (source.columns.length > 0) {
    const missing = missingColumns(resource, mapping);
    if (missing) throw missing;
  }
  sayColumns(mapping);
  const keyFields = matchFields(resource, opts.matchBy);
  warnUnknown(mapping.unknown);
  return {
    keyFields,
    mapping: () => mapping,
    /** reads the mapping again when the source has shown new columns (JSON: new keys in any record) */
    refresh() {
      if (source.columns.length === seenColumns) return;
      seenColumns = source.columns.length;
      mapping = mapColumns(resource, source.columns, overrides, strict, records);
      warnUnknown(mapping.unknown);
      sayColumns(mapping);
    },
  };
}

/** The zone of relative dates: given, or asked of the site once, when a cell first needs it. */
function zoneOf(given: ImportOptions['timezone']): string | (() => Promise<string>) {
  if (typeof given !== 'function') return given ?? 'UTC';
  let asked: Promise<string> | undefined;
  return () => {
    asked ??= given();
    return asked;
  };
}

/** A row's plan entry, from what was decided for it. */
function planOf(
  resource: ResourceSpec,
  linkNames: LinkNames,
  row: SourceRow,
  d: Decision,
  body: Body,
  converted: { links: Map<string, string>; warnings: string[] },
): PlanEntry {
  const links = rowLinkNames(converted.links);
  const title = String(body[resource.titleField] ?? ('current' in d ? d.current?.[resource.titleField] : '') ?? '');
  const common = { line: row.line, resource: resource.name, title, links, warnings: converted.warnings };
  switch (d.kind) {
    case 'create':
      return planEntry({ ...common, action: 'create' });
    case 'unchanged':
      return planEntry({ ...common, action: 'unchanged', id: d.id });
    case 'update':
      return planEntry({
        ...common,
        action: 'update',
        id: d.entry.id,
        changes: planChanges(d.changed, d.current, d.sent, linkNames, links),
      });
    case 'rejected':
      return planEntry({
        ...common,
        action: 'reject',
        id: d.id ?? null,
        error: d.message,
        changes: d.current && d.changed ? planChanges(d.changed, d.current, body, linkNames, links) : [],
      });
  }
}

/**
 * The progress of a run: rows done, and where the rows finished without a gap end, in bytes of the
 * input (rows finish out of order; the furthest one would overstate it).
 */
function progressOf(opts: ImportOptions, counts: Counts) {
  let done = counts.created + counts.updated + counts.unchanged + counts.rejected + counts.blank;
  let unbroken = 0;
  let reached = 0;
  const after = new Map<number, number>();
  const passed = (row: SourceRow) => {
    after.set(row.index, row.offset ?? reached);
    for (let next = unbroken + 1; after.has(next); next++) {
      reached = after.get(next) ?? reached;
      after.delete(next);
      unbroken = next;
    }
  };
  return {
    done: () => done,
    passed,
    finished(row: SourceRow) {
      done++;
      passed(row);
      opts.progress?.tick(done, opts.size && row.offset !== undefined ? reached / opts.size : undefined);
    },
  };
}

/** What runs the rows of an import: its writer, match index, link resolver and date reading. */
async function setUp(opts: ImportOptions, columns: ReturnType<typeof columnReader>) {
  const { api, resource } = opts;
  const dryRun = opts.dryRun ?? false;
  const concurrency = Math.max(1, opts.concurrency ?? IMPORT_CONCURRENCY);
  const writer = createBatchWriter(api, {
    size: dryRun ? 1 : (opts.batchSize ?? BATCH_LIMIT),
    slots: concurrency,
    log: opts.note,
    signal: opts.signal,
    known: opts.batching,
    learnt: opts.learntBatching,
  });
  // Whether the site batches writes is asked while the match index is built.
  writer.probe(`/${resource.name}/0`);
  // Events are matched through listings of the rows' days from the first row on, without waiting for
  // (or paying for) a listing of the calendar: the site renders every event a listing holds, and a
  // file's days hold few of them.
  const index = await buildMatchIndex({
    api,
    resource,
    keyFields: columns.keyFields,
    signal: opts.signal,
    windowsFirst: true,
  });
  const links = createLinkResolver({ api, dryRun, signal: opts.signal, onCreated: opts.linkCreated });
  const survey = new DateOrderSurvey(
    () => {
      columns.refresh();
      return columns.mapping().targets;
    },
    opts.dateFormat,
    (line) => opts.warn?.(line),
    opts.siteDateOrder,
  );
  const rowOpts = {
    resource,
    now: opts.now ?? new Date(),
    timezone: zoneOf(opts.timezone),
    eventZone: opts.eventZone,
    reading: () => survey.reading(),
    defaultDuration: opts.defaultDuration,
    onLossy: opts.onLossy,
  };
  return { concurrency, writer, index, links, survey, rowOpts };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** The handling of one row: prepared, decided and applied (or rejected), counted and checkpointed. */
function rowHandler(opts: ImportOptions, counts: Counts, columns: ReturnType<typeof columnReader>, setup: Setup) {
  const { resource } = opts;
  const rejects = opts.rejects ?? noRejects;
  const cp = opts.checkpoint;
  const { index, links, rowOpts } = setup;
  const applyOpts = {
    api: opts.api,
    writer: setup.writer,
    resource,
    index,
    onConflict: opts.onConflict ?? 'update',
    dryRun: opts.dryRun ?? false,
    signal: opts.signal,
    journal: opts.journal,
  };
  const linkNames: LinkNames = (linked, id) => index.linkName(linked, id);
  const state = { stop: false, rejectedNow: false };
  // Rows with the same key run one after the other: a duplicate row then finds the record its twin
  // created instead of creating another.
  const withLock = keyedLock();
  const rowTitle = (row: SourceRow): string => {
    for (const [column, field] of columns.mapping().targets)
      if (field === resource.titleField) return row.cells.get(column) ?? '';
    return '';
  };
  const reject = (row: SourceRow, column: string | undefined, message: string, planned = false) => {
    if (!planned)
      opts.plan?.(
        planEntry({
          line: row.line,
          action: 'reject',
          resource: resource.name,
          title: rowTitle(row),
          error: `${column ? `column "${column}": ` : ''}${message}`,
        }),
      );
    counts.rejected++;
    state.rejectedNow = true;
    rejects.write(row.cells, `line ${row.line}${column ? `, column "${column}"` : ''}: ${message}`);
    if (opts.failFast) state.stop = true;
  };
  async function handle(row: SourceRow): Promise<void> {
    if (row.problem !== undefined) {
      reject(row, undefined, row.problem);
      cp?.finish(row.index);
      return;
    }
    const converted = await prepareRow(row.cells, { ...rowOpts, targets: columns.mapping().targets }, links);
    if (isProblem(converted)) {
      reject(row, converted.column, converted.message);
      cp?.finish(row.index);
      return;
    }
    for (const warning of converted.warnings) {
      counts.warned = (counts.warned ?? 0) + 1;
      opts.warn?.(`warning: line ${row.line}, ${warning}`);
    }
    if (converted.defaulted) counts.defaulted = (counts.defaulted ?? 0) + 1;
    const { body } = converted;
    const lockKey = String(body[resource.titleField] ?? '').toLowerCase() || `#${row.index}`;
    const verify = cp?.previousPending.has(row.index) ?? false;
    let planned = false;
    const outcome = await withLock(lockKey, () =>
      applyRow(
        { ...applyOpts, beforeCreate: () => cp?.pending.add(row.index) },
        converted.id,
        body,
        verify,
        opts.plan
          ? (d) => {
              planned = true;
              opts.plan?.(planOf(resource, linkNames, row, d, body, converted));
            }
          : undefined,
      ),
    );
    if (outcome.kind === 'rejected') {
      reject(row, undefined, outcome.message, planned);
      cp?.finish(row.index);
      return;
    }
    counts[outcome.kind]++;
    cp?.finish(row.index, outcome.kind === 'created' ? outcome.id : undefined);
  }
  return { handle, state };
}

/**
 * Imports every row of a source.
 * @returns the summary (counts include rows finished by a resumed earlier run)
 * @throws UsageError for bad mapping or a malformed file (exit 2), InterruptedError when the signal
 *   aborts (exit 130, checkpoint saved), and server or network failures (checkpoint saved)
 */
export async function runImport(opts: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const { source } = opts;
  const rejects = opts.rejects ?? noRejects;
  const cp = opts.checkpoint;
  const counts: Counts = cp?.counts ?? { created: 0, updated: 0, unchanged: 0, rejected: 0, blank: 0 };
  const columns = columnReader(opts);
  const setup = await setUp(opts, columns);
  const { concurrency, writer, index, survey, rowOpts } = setup;
  const { handle, state } = rowHandler(opts, counts, columns, setup);
  let fatal: unknown;
  const onAbort = () => {
    state.stop = true;
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const running = new Set<Promise<void>>();
  const progress = progressOf(opts, counts);
  try {
    // Rows are read ahead of their turn, and the reads their matching needs (the date windows of a
    // large calendar) start then: they run while the rows before them are written.
    const lookAhead = (row: SourceRow) => {
      if (!index.windowed || cp?.isDone(row.index) || row.problem !== undefined || isBlankRow(row)) return;
      void convertRow(row.cells, { ...rowOpts, targets: columns.mapping().targets })
        .then((converted) => (isProblem(converted) ? undefined : index.prepare(converted.id, converted.body)))
        .catch(() => {});
    };
    // (rows whose slash dates read either way are held until a row decides day or month first)
    const ordered = inDateOrder(source.rows, survey, source.reopen);
    for await (const row of readAhead(ordered, Math.max(READ_AHEAD, concurrency * 4), lookAhead)) {
      if (state.stop || opts.signal?.aborted) break;
      if (cp?.isDone(row.index)) {
        progress.passed(row);
        continue;
      }
      if (row.problem === undefined && isBlankRow(row)) {
        // (a spreadsheet's empty line: nothing to import and nothing wrong; counted, not rejected)
        counts.blank++;
        cp?.finish(row.index);
        progress.finished(row);
        continue;
      }
      columns.refresh();
      // Rows in flight: enough to fill every slot's batch (one per slot without batches).
      while (running.size >= writer.capacity) await Promise.race(running);
      if (state.stop) break;
      const task: Promise<void> = handle(row)
        .then(() => progress.finished(row))
        .catch((err: unknown) => {
          fatal ??= err;
          state.stop = true;
        })
        .finally(() => running.delete(task));
      running.add(task);
    }
  } catch (err) {
    fatal ??= err;
  } finally {
    await Promise.allSettled([...running]);
    opts.signal?.removeEventListener('abort', onAbort);
    opts.progress?.stop();
    await rejects.close();
    await cp?.flush();
  }
  const summary = (): ImportSummary => ({
    ...counts,
    rows: progress.done(),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  });
  if (opts.signal?.aborted) {
    throw new ImportInterruptedError(
      `import interrupted after ${plural(progress.done(), 'row')}${cp ? `; progress saved in ${cp.path}: run the same command with --resume to continue` : ''}`,
      summary(),
    );
  }
  if (fatal !== undefined) {
    if (typeof fatal === 'object' && fatal !== null) countsAtStop.set(fatal, summary());
    throw fatal;
  }
  if (cp && !(opts.failFast && state.rejectedNow)) await cp.remove();
  return summary();
}
