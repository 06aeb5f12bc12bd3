/**
 * The only writer of data to stdout. Lists stream record by record (`list --all` never holds every
 * page), except tables, which need every row to size their columns.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../errors/index.js';
import { type ColorLevel, createColor } from './color.js';
import { recordCells } from './encode.js';
import { getPath, type JsonRecord, pick, plainText, validateFields } from './fields.js';
import type { OutputFormat } from './format.js';
import { csvStringify, yaml } from './lazy.js';
import { plainRecord } from './plain.js';
import { valueText } from './stdout.js';
import { renderKeyValue, renderTable, terminalWidth } from './table.js';

/** Where text goes: stdout, stderr, or a capture in tests. */
export interface TextSink {
  write(chunk: string): unknown;
}

/** Options of {@link createRecordWriter} and {@link writeOne}. */
export interface RecordWriterOptions {
  format: OutputFormat;
  /** stdout */
  stream: TextSink;
  /** notes such as "no events found" */
  stderr: TextSink;
  resource: ResourceSpec;
  /** `--fields`: dotted paths to keep; validated against the resource's record keys */
  fields?: readonly string[] | undefined;
  /** `--field`: print this one value per record, bare, whatever the format */
  field?: string | undefined;
  /** stdout is a terminal (default false) */
  isTTY?: boolean | undefined;
  /** terminal width for tables: used when more than 0, else `COLUMNS` from `env`, else 80 */
  columns?: number | undefined;
  /** environment, for `COLUMNS` when the terminal reports no width (a pipe, a 0×0 terminal) */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** colour for tables: a level, or true for basic colour (default none; decide with colorEnabled) */
  color?: boolean | ColorLevel | undefined;
  /** readable dates in tables (default: isTTY) */
  readableDates?: boolean | undefined;
  /** CSV field delimiter (default ",") */
  delimiter?: string | undefined;
  /** `--raw`: text exactly as the site sent it (default: plain fields decoded, see plain.ts) */
  raw?: boolean | undefined;
}

/** Receives the records of a list one at a time; `end()` finishes the document. */
export interface RecordWriter {
  write(record: JsonRecord): void;
  end(): void;
}

function checkOptions(opts: RecordWriterOptions): void {
  if (opts.fields && opts.field !== undefined) {
    throw new UsageError('--fields and --field cannot be combined', 'use --fields a,b for several values');
  }
  if (opts.fields) validateFields(opts.fields, opts.resource);
  if (opts.field !== undefined) validateFields([opts.field], opts.resource);
}

function tableOptions(opts: RecordWriterOptions) {
  return {
    width: terminalWidth(opts.columns, opts.env),
    color: createColor(opts.color),
    readableDates: opts.readableDates ?? opts.isTTY ?? false,
  };
}

const shape = (record: JsonRecord, fields: readonly string[] | undefined): JsonRecord =>
  fields ? pick(record, fields, { nested: true }) : record;

const indent = (text: string): string => text.replace(/^/gm, '  ');

/** CSV: the cells of each record as `export` writes them (the one record encoder: encode.ts). */
function csvWriter(opts: RecordWriterOptions): RecordWriter {
  const columns = opts.fields ?? opts.resource.recordKeys;
  const line = (cells: readonly string[]) => csvStringify().stringify([cells], { delimiter: opts.delimiter ?? ',' });
  const cells = recordCells(columns);
  opts.stream.write(line(columns));
  return {
    write: (record) => void opts.stream.write(line(cells(record))),
    end: () => {},
  };
}

/** Receives values one at a time; `end()` finishes the document. */
export interface ValueWriter {
  write(value: unknown): void;
  end(): void;
}

/**
 * The formats that print any value as it is: json one array (`[` at the first value, `[]` when
 * empty), ndjson one compact value per line, yaml one sequence (`[]` when empty), count the number.
 */
function documentWriter(format: 'json' | 'ndjson' | 'yaml' | 'count', out: TextSink): ValueWriter {
  let count = 0;
  switch (format) {
    case 'json':
      return {
        write: (v) => void out.write(`${count++ === 0 ? '[\n' : ',\n'}${indent(JSON.stringify(v, null, 2))}`),
        end: () => void out.write(count === 0 ? '[]\n' : '\n]\n'),
      };
    case 'ndjson':
      return { write: (v) => void out.write(`${JSON.stringify(v)}\n`), end: () => {} };
    case 'yaml':
      return {
        write: (v) => {
          count++;
          out.write(yaml().stringify([v]));
        },
        end: () => {
          if (count === 0) out.write('[]\n');
        },
      };
    case 'count':
      return { write: () => void count++, end: () => void out.write(`${count}\n`) };
  }
}

const idOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>).id : undefined;

/**
 * A streaming writer for values of no known resource (the records of `api --paginate`), printed as
 * `<resource> list --all` prints records: ids one id per line (values without one are skipped), and
 * every format but json, ndjson, yaml, ids and count as json.
 */
export function createValueWriter(format: OutputFormat, out: TextSink): ValueWriter {
  if (format === 'ids') {
    return {
      write: (v) => {
        const id = idOf(v);
        if (id !== undefined && id !== null) out.write(`${String(id)}\n`);
      },
      end: () => {},
    };
  }
  return documentWriter(format === 'ndjson' || format === 'yaml' || format === 'count' ? format : 'json', out);
}

/**
 * A streaming writer for the records of a list.
 * - json: one array, `[` at the first record, valid (`[]`) when empty
 * - ndjson: one compact record per line; yaml: a sequence, `[]` when empty
 * - csv: the header at once (so an empty list gives a header-only file), then one row per record
 * - ids: one id per line; count: the number of records at `end()`
 * - table: buffered and printed at `end()`; an empty list prints nothing and notes it on stderr
 * - with `field`: the bare value of that field, one per line
 * Plain text fields are printed decoded (`Kids’ Club`), unless `raw`; records are otherwise printed
 * unchanged unless `fields` is given.
 * @throws UsageError for unknown fields, before anything is written
 */
export function createRecordWriter(opts: RecordWriterOptions): RecordWriter {
  checkOptions(opts);
  const inner = formatWriter(opts);
  if (opts.raw) return inner;
  return { write: (r) => inner.write(plainRecord(opts.resource, r)), end: () => inner.end() };
}

function formatWriter(opts: RecordWriterOptions): RecordWriter {
  const out = opts.stream;
  const { field, fields } = opts;
  if (field !== undefined) {
    return { write: (r) => void out.write(`${plainText(getPath(r, field))}\n`), end: () => {} };
  }
  switch (opts.format) {
    case 'json':
    case 'ndjson':
    case 'yaml':
    case 'count': {
      const writer = documentWriter(opts.format, out);
      return { write: (r) => writer.write(shape(r, fields)), end: () => writer.end() };
    }
    case 'csv':
      return csvWriter(opts);
    case 'ids':
      return { write: (r) => void out.write(`${plainText(r.id)}\n`), end: () => {} };
    case 'table': {
      const rows: JsonRecord[] = [];
      return {
        write: (r) => void rows.push(r),
        end: () => {
          if (rows.length === 0) {
            opts.stderr.write(`no ${opts.resource.name} found\n`);
            return;
          }
          out.write(renderTable(rows, fields ?? opts.resource.tableColumns, tableOptions(opts)));
        },
      };
    }
  }
}

/**
 * Prints one record (get, create, update): json and yaml print one object, table a two-column
 * key/value table of the top-level keys (or of `fields`), ids the id; other formats as for a list
 * of one.
 * @throws UsageError for unknown fields, before anything is written
 */
export function writeOne(given: JsonRecord, opts: RecordWriterOptions): void {
  checkOptions(opts);
  const record = opts.raw ? given : plainRecord(opts.resource, given);
  if (opts.field === undefined) {
    if (opts.format === 'json' || opts.format === 'yaml') {
      opts.stream.write(valueText(shape(record, opts.fields), opts.format));
      return;
    }
    if (opts.format === 'table') {
      opts.stream.write(renderKeyValue(record, opts.fields, tableOptions(opts)));
      return;
    }
  }
  const writer = formatWriter(opts);
  writer.write(record);
  writer.end();
}

/** The parts of a failure that are printed. */
export interface ErrorInfo {
  code: string;
  message: string;
  hint: string | undefined;
  status: number | null;
}

/** Reads code, message, hint and status from our errors and, by duck typing, from any other. */
export function describeError(err: unknown): ErrorInfo {
  if (!(err instanceof Error)) return { code: 'unexpected', message: String(err), hint: undefined, status: null };
  const e = err as Error & { code?: unknown; hint?: unknown; status?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : 'unexpected',
    message: e.message,
    hint: typeof e.hint === 'string' && e.hint !== '' ? e.hint : undefined,
    status: typeof e.status === 'number' ? e.status : null,
  };
}

/**
 * Reports a failure on stderr in plain words, `calctl: <message>` and `  hint: <hint>`; with a JSON
 * format, also one line `{"error":{"code","message","status","hint"?}}` for programs.
 */
export function writeError(
  err: unknown,
  opts: {
    stderr: TextSink;
    format?: OutputFormat | undefined;
    /** the plain words are already on stderr (the argument parser prints its own): only the JSON line */
    jsonOnly?: boolean | undefined;
  },
): void {
  const info = describeError(err);
  if (!opts.jsonOnly) opts.stderr.write(`calctl: ${info.message}\n${info.hint ? `  hint: ${info.hint}\n` : ''}`);
  if (opts.format === 'json' || opts.format === 'ndjson') {
    const { hint, ...rest } = info;
    opts.stderr.write(`${JSON.stringify({ error: hint ? { ...rest, hint } : rest })}\n`);
  }
}
