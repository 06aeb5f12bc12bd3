/**
 * The export pipeline: every page of a list streamed into CSV (csv-stringify), NDJSON or a JSON
 * array, holding one page at a time and waiting for the destination to drain. Each page is turned
 * into text at once and written with one call: per-record writes cost more than the records.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { type ApiClient, type ParamObject, paginate } from '../api/index.js';
import { ALL_EVENTS_WINDOW, type ResourceSpec } from '../catalog/index.js';
import { columnHeader, EXPORT_COLUMNS, pick, plainRecord, recordCells } from '../output/index.js';
import { EXPORT_CONCURRENCY } from './defaults.js';

type Obj = Record<string, unknown>;

/** Export formats. */
/** The formats export writes (declared for -o completion too). */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Options of {@link runExport}. */
export interface ExportOptions {
  api: ApiClient;
  resource: ResourceSpec;
  /** list filters, as the list command builds them */
  query?: ParamObject | undefined;
  format: ExportFormat;
  /** columns or dotted paths (default: {@link EXPORT_COLUMNS}; json/ndjson: the whole record) */
  fields?: readonly string[] | undefined;
  /** `--columns site`: the site importer's labels as CSV headers */
  siteLabels?: boolean | undefined;
  delimiter?: string | undefined;
  /** pages asked for at once (default {@link EXPORT_CONCURRENCY}) */
  concurrency?: number | undefined;
  out: Writable;
  signal?: AbortSignal | undefined;
  /** `--raw`: text as the site sent it (default: plain fields decoded, as every output prints them) */
  raw?: boolean | undefined;
}

const RELATIVE_WINDOW_PARAMS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'];

/**
 * The query of an export: the filters given, every page at 50 per page, and defaults that list
 * everything (events: a window from 1900 to 2100 instead of the site's "from yesterday to two years
 * ahead" window, with --start-date or --end-date replacing one end of it; terms: unused ones too).
 */
export function exportQuery(resource: ResourceSpec, filters: ParamObject = {}): ParamObject {
  const q: Record<string, unknown> = { ...filters, per_page: 50 };
  delete q.page;
  // The site applies its default window unless a starts_/ends_ filter is given, bound by bound:
  // `--start-date` alone would otherwise stop two years ahead.
  if (resource.name === 'events' && !RELATIVE_WINDOW_PARAMS.some((k) => filters[k] !== undefined)) {
    q.start_date ??= ALL_EVENTS_WINDOW.start_date;
    q.end_date ??= ALL_EVENTS_WINDOW.end_date;
  }
  if (resource.kind === 'term' && filters.hide_empty === undefined) q.hide_empty = false;
  return q as ParamObject;
}

export { EXPORT_CONCURRENCY } from './defaults.js';

/** Records turned into text at once: one stringify call per page of the list, not per record. */
const CHUNK = 50;

/**
 * Text gathered before it is written: a write is a system call (a costly one on a virtual machine),
 * and a page of 50 events is only about 6 KB of CSV.
 */
const WRITE_BYTES = 64 * 1024;

/** Writes one chunk, waiting for the destination to drain when its buffer is full. */
async function write(out: Writable, chunk: string): Promise<void> {
  if (chunk !== '' && !out.write(chunk)) await once(out, 'drain');
}

/** Rejects when `out` fails (a full disk) instead of leaving a write waiting for a drain forever. */
function failureOf(out: Writable): { failed: Promise<never>; done(): void } {
  let onError: (err: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    onError = reject;
    out.once('error', onError);
  });
  failed.catch(() => {});
  return { failed, done: () => out.off('error', onError) };
}

/** Category parent ids → slugs, so that a parent survives a move to another calendar. */
async function parentSlugs(api: ApiClient, signal: AbortSignal | undefined): Promise<Map<number, string>> {
  const map = new Map<number, string>();
  const q = { per_page: 50, hide_empty: false };
  for await (const t of paginate<Obj>(api, '/categories', q, 'categories', { signal })) {
    map.set(Number(t.id), String(t.slug));
  }
  return map;
}

async function* decoded(records: AsyncIterable<Obj>, resource: ResourceSpec): AsyncIterable<Obj> {
  for await (const r of records) yield plainRecord(resource, r);
}

/**
 * Streams every matching record to `out`.
 * @returns the number of records written
 */
export async function runExport(opts: ExportOptions): Promise<number> {
  const { api, resource, out } = opts;
  const query = exportQuery(resource, opts.query);
  const pages = paginate<Obj>(api, `/${resource.name}`, query, resource.name, {
    signal: opts.signal,
    // One page is written out while the next ones are on their way.
    prefetch: opts.concurrency ?? EXPORT_CONCURRENCY,
  });
  // (an export re-imported changes nothing: plain text decoded reads back as the same text)
  const records = opts.raw ? pages : decoded(pages, resource);
  let count = 0;
  const failure = failureOf(out);
  let pending = '';
  const writeOut = (text: string) => Promise.race([write(out, text), failure.failed]);
  /** Queues text; writes what is queued once there is enough of it, or everything with `all`. */
  const flush = async (text: string, all = false) => {
    pending += text;
    if (pending.length >= WRITE_BYTES || (all && pending !== '')) {
      const chunk = pending;
      pending = '';
      await writeOut(chunk);
    }
  };
  try {
    if (opts.format !== 'csv') {
      const shape = (r: Obj) => (opts.fields ? pick(r, opts.fields, { nested: true }) : r);
      let chunk = '';
      for await (const r of records) {
        const text = JSON.stringify(shape(r));
        chunk += opts.format === 'ndjson' ? `${text}\n` : `${count === 0 ? '[\n' : ',\n'}${text}`;
        if (++count % CHUNK === 0) {
          await flush(chunk);
          chunk = '';
        }
      }
      if (opts.format === 'json') chunk += count === 0 ? '[]\n' : '\n]\n';
      await flush(chunk, true);
      return count;
    }
    const columns = opts.fields ?? EXPORT_COLUMNS[resource.name] ?? resource.recordKeys;
    const parents =
      resource.name === 'categories' && columns.includes('parent') ? await parentSlugs(api, opts.signal) : undefined;
    const csvOptions = {
      delimiter: opts.delimiter ?? ',',
      columns: columns.map((c) => columnHeader(resource, c, opts.siteLabels ?? false)),
    };
    // The header goes out first, even for an empty list.
    await flush(stringify([], { ...csvOptions, header: true }), true);
    const flatten = recordCells(columns, parents);
    let rows: string[][] = [];
    for await (const r of records) {
      rows.push(flatten(r));
      if (++count % CHUNK === 0) {
        await flush(stringify(rows, csvOptions));
        rows = [];
      }
    }
    await flush(rows.length > 0 ? stringify(rows, csvOptions) : '', true);
    return count;
  } finally {
    failure.done();
  }
}
