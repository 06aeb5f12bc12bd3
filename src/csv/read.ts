/**
 * Streaming record sources: CSV (csv-parse), NDJSON (one object per line) and JSON arrays. Each
 * yields rows as column → text, with the line the row starts on, holding one chunk of input at a
 * time (a JSON array is the exception: it has to be read whole).
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { UsageError } from '../errors/index.js';
import { ownWebsite } from '../records/index.js';
import { decoderOf, sniffEncoding, transcode } from './encoding.js';
import { flattenValue } from './flatten.js';

/** Input formats of `calctl import`. */
export const INPUT_FORMATS = ['csv', 'ndjson', 'json', 'xlsx'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** One input row: its values by column, in the order of the columns. */
export interface SourceRow {
  /** 1-based row number among data rows (the checkpoint's unit) */
  index: number;
  /** line of the file where the row starts (1 = the CSV header) */
  line: number;
  /** column name → cell text */
  cells: Map<string, string>;
  /** bytes of the input read up to the end of this row, when the reader knows (for progress) */
  offset?: number;
  /**
   * why the row cannot be read at all (too many or too few cells, a stray quote, a line of NDJSON that
   * is no JSON): the import rejects it with its line and goes on with the next
   */
  problem?: string;
}

/** A malformed file: bad quoting, ragged rows, invalid UTF-8, broken JSON (exit 2). */
export class MalformedInputError extends UsageError {
  readonly line: number | undefined;
  constructor(message: string, line: number | undefined, hint?: string) {
    super(line === undefined ? message : `line ${line}: ${message}`, hint, 'malformed-input');
    this.line = line;
  }
}

/** Picks the format from `--format`, else from the file extension (CSV by default, also for stdin). */
export function guessFormat(path: string, explicit?: string): InputFormat {
  if (explicit !== undefined) {
    const f = explicit.toLowerCase();
    if ((INPUT_FORMATS as readonly string[]).includes(f)) return f as InputFormat;
    throw new UsageError(`unknown input format "${explicit}"`, `use one of: ${INPUT_FORMATS.join(', ')}`, 'bad-format');
  }
  if (/\.xlsx$/i.test(path)) return 'xlsx';
  if (/\.(xls|ods|numbers)$/i.test(path)) {
    throw new UsageError(
      `${path}: calctl reads Excel workbooks (.xlsx) and CSV, not this spreadsheet format`,
      'save it as an Excel Workbook (.xlsx) or as "CSV UTF-8", then import that file',
      'bad-format',
    );
  }
  if (/\.(ndjson|jsonl)$/i.test(path)) return 'ndjson';
  if (/\.json$/i.test(path)) return 'json';
  return 'csv';
}

const BAD_UTF8_HINT =
  'the file is not UTF-8 past its start: say its encoding (--encoding windows-1252), or re-save it as "CSV UTF-8" (Excel)';

/** Why a row with the wrong number of cells is rejected, and how to mend it. */
function raggedProblem(cells: number, columns: number): string {
  return (
    `the row has ${cells} cells and the header ${columns} columns: ` +
    `${cells > columns ? 'an extra delimiter, or a value with an unquoted delimiter' : 'a delimiter missing'} (ragged row)`
  );
}

function csvErrorMessage(err: CsvError): { message: string; hint?: string } {
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return {
        message: 'a quoted value is never closed (unbalanced quotes)',
        hint: 'the quote opens on this line and runs to the end of the file: close it, or double a quote meant as text ("")',
      };
    case 'INVALID_OPENING_QUOTE':
      return {
        message: 'a quote inside a value that does not start with one',
        hint: 'quote the whole value and double the quotes inside it ("")',
      };
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return {
        message: 'unexpected text after a closing quote',
        hint: 'a quote inside a quoted value must be doubled ("")',
      };
    default:
      return { message: err.message };
  }
}

function checkUtf8(values: Iterable<string>, line: number): void {
  for (const v of values) {
    // The decoder replaces invalid byte sequences with U+FFFD; a genuine U+FFFD in a file is rare.
    if (v.includes('\uFFFD')) throw new MalformedInputError('invalid UTF-8 text', line, BAD_UTF8_HINT);
  }
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** A parsed CSV record, the line of the file where it starts and the bytes read up to its end. */
interface CsvRecord {
  record: string[];
  line: number;
  offset: number;
  /** the record could not be parsed (a stray quote): why, and no cells */
  problem?: string;
}

/**
 * The records of a CSV stream, each with the line it starts on, in order; a parse error is thrown
 * only after every record parsed before it has been yielded.
 *
 * csv-parse is fed one chunk at a time and hands its records over synchronously (`on_record`), so
 * nothing it has parsed can be lost: reading its output stream instead, a parse error overtook the
 * records still buffered in it, and an unclosed quote (which makes the parser consume the rest of
 * the file) dropped the rows above it and was reported at the line the reader had reached.
 * Memory: the records of one chunk of input (64 KiB) at most.
 */
async function* csvRecords(input: AsyncIterable<Buffer | string>, delimiter: string): AsyncGenerator<CsvRecord> {
  const queue: CsvRecord[] = [];
  // Where the last record ended, and how many empty lines had been skipped by then: the next record
  // (or the one that fails) starts on the line after, plus the empty lines skipped in between.
  let lastEnd = 0;
  let lastEmpty = 0;
  // A record that breaks the quoting rules inside one line (a stray quote) is skipped by the parser
  // and handed on as a problem, with its line, so that the import rejects it and goes on; a quote
  // never closed swallows the rest of the file, and stays the file's failure.
  let skipped: { line: number; problem: string } | undefined;
  const parser = parse({
    bom: true,
    delimiter,
    skip_empty_lines: true,
    relax_column_count: true,
    skip_records_with_error: true,
    raw: true,
    on_skip: (err: CsvError | undefined, raw: string | undefined) => {
      if (!err || err.code === 'CSV_QUOTE_NOT_CLOSED') throw err;
      const { message, hint } = csvErrorMessage(err);
      const start = (raw ?? '').split(LINE_BREAK)[0]?.slice(0, 60) ?? '';
      const line = typeof err.lines === 'number' ? err.lines : lastEnd + 1;
      skipped = { line, problem: `${message}${hint ? ` (${hint})` : ''}${start ? `; the line starts: ${start}` : ''}` };
      queue.push({ record: [], line, offset: typeof err.bytes === 'number' ? err.bytes : 0, problem: skipped.problem });
    },
    // (with `raw`, a record comes as {record, raw}: the cells are what is kept)
    on_record: (given: string[] | { record: string[] }, info) => {
      const record = Array.isArray(given) ? given : given.record;
      if (skipped) {
        // (the record after a skipped one starts on the line after it)
        lastEnd = Math.max(lastEnd, skipped.line);
        lastEmpty = info.empty_lines;
        skipped = undefined;
      }
      const line = lastEnd + 1 + (info.empty_lines - lastEmpty);
      queue.push({ record, line, offset: info.bytes });
      // The line breaks inside quoted values, counted here: csv-parse counts a CRLF inside quotes twice.
      lastEnd = line + record.reduce((n, cell) => n + (cell.match(LINE_BREAK)?.length ?? 0), 0);
      lastEmpty = info.empty_lines;
      return null;
    },
  });
  let failure: unknown;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.resume(); // nothing is pushed to the readable side, but let it end
  const step = (run: (done: (err?: Error | null) => void) => void) =>
    new Promise<void>((resolve) =>
      run((err) => {
        if (err) failure ??= err;
        resolve();
      }),
    );
  const drain = function* () {
    while (queue.length > 0) yield queue.shift() as CsvRecord;
  };
  for await (const chunk of input) {
    await step((done) => parser.write(chunk, done));
    yield* drain();
    if (failure !== undefined) break;
  }
  if (failure === undefined) {
    await step((done) => {
      parser.once('finish', () => done());
      parser.once('error', done);
      parser.end();
    });
    yield* drain();
  }
  if (failure instanceof CsvError) {
    const { message, hint } = csvErrorMessage(failure);
    // The failing record starts after the last good one (csv-parse reports where it noticed, e.g.
    // the end of the file for an unclosed quote).
    const empty = typeof failure.empty_lines === 'number' ? failure.empty_lines : lastEmpty;
    throw new MalformedInputError(message, lastEnd + 1 + (empty - lastEmpty), hint);
  }
  if (failure !== undefined) throw failure;
}

/** Yields the header (first) and then the rows of a CSV stream. */
async function* readCsv(
  input: AsyncIterable<Buffer | string>,
  delimiter: string,
): AsyncGenerator<SourceRow | string[]> {
  // Ragged rows are caught here rather than by csv-parse, so that every row before one is handed on
  // and the import stops at the ragged row's line.
  let header: string[] | undefined;
  let index = 0;
  for await (const { record, line, offset, problem } of csvRecords(input, delimiter)) {
    if (problem !== undefined) {
      if (!header) throw new MalformedInputError(problem, line);
      yield { index: ++index, line, cells: new Map(header.map((h) => [h, ''])), offset, problem };
      continue;
    }
    checkUtf8(record, line);
    if (!header) {
      header = record.map((h) => h.trim());
      const seen = new Set<string>();
      for (const h of header) {
        if (seen.has(h)) throw new MalformedInputError(`the column "${h}" appears twice in the header`, line);
        seen.add(h);
      }
      yield header;
      continue;
    }
    const cells = new Map<string, string>();
    // A row of nothing but delimiters (`;;;;` left at the end of a spreadsheet) is blank, whatever
    // its number of cells: the import skips and counts it (see isBlankRow), it is no ragged row.
    if (record.every(isBlankCell)) {
      for (const h of header) cells.set(h, '');
      yield { index: ++index, line, cells, offset };
      continue;
    }
    header.forEach((h, i) => void cells.set(h, record[i] ?? ''));
    if (record.length !== header.length) {
      // (the cells as read, so that the rejects file holds what can be mended; extra cells in the error)
      const extra = record.slice(header.length).map((c) => `"${c}"`);
      const problem = `${raggedProblem(record.length, header.length)}${extra.length > 0 ? `; extra cells: ${extra.join(', ')}` : ''}`;
      yield { index: ++index, line, cells, offset, problem };
      continue;
    }
    yield { index: ++index, line, cells, offset };
  }
}

const isBlankCell = (cell: string) => cell.trim() === '';

/** Whether a row holds no value at all (every cell empty or blanks): it is skipped, not imported. */
export function isBlankRow(row: SourceRow): boolean {
  for (const cell of row.cells.values()) if (!isBlankCell(cell)) return false;
  return true;
}

function objectRow(value: unknown, index: number, line: number): SourceRow {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedInputError('expected an object (one record)', line);
  }
  const cells = new Map<string, string>();
  const record = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(record)) {
    // An event's website equal to its own permalink is the site's default (no website), as export writes it.
    cells.set(
      k,
      k === 'website' && typeof v === 'string' && ownWebsite(record) === undefined ? '' : flattenValue(k, v),
    );
  }
  checkUtf8(cells.values(), line);
  return { index, line, cells };
}

async function* readNdjson(input: Readable): AsyncGenerator<SourceRow> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNo = 0;
  let index = 0;
  // (bytes so far, for progress: the line ends are counted as one byte each)
  let offset = 0;
  for await (const raw of lines) {
    lineNo++;
    offset += Buffer.byteLength(raw) + 1;
    const text = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      // (one bad line is one rejected row: the lines after it are records of their own)
      yield {
        index: ++index,
        line: lineNo,
        cells: new Map(),
        offset,
        problem: `not valid JSON: ${(err as Error).message}`,
      };
      continue;
    }
    yield { ...objectRow(value, ++index, lineNo), offset };
  }
}

async function* readJsonArray(input: Readable): AsyncGenerator<SourceRow> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new MalformedInputError(`not valid JSON: ${(err as Error).message}`, undefined);
  }
  if (!Array.isArray(value)) throw new MalformedInputError('expected a JSON array of records', 1);
  // JSON has no useful line numbers once parsed: the position in the array stands in for them.
  for (const [i, item] of value.entries()) yield objectRow(item, i + 1, i + 1);
}

/** An opened input: the columns seen so far and the rows. */
export interface RecordSource {
  /** CSV: the header; JSON: filled with every key seen, as rows arrive */
  columns: string[];
  rows: AsyncGenerator<SourceRow>;
  /** CSV: the delimiter in use (found in the header line when asked to detect it) */
  delimiter?: string;
  /** CSV: the text encoding the file was read in, when it is not UTF-8 (found, or `--encoding`) */
  encoding?: string;
  /** the same input opened again from its start, when it can be (a file): for reading ahead */
  reopen?: (() => Promise<RecordSource>) | undefined;
  /** the rows are records whose keys are field names as a site writes them (JSON, NDJSON) */
  records?: boolean | undefined;
}

/** The delimiters a header line is searched for, the usual first. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of a CSV file, from its header line: the candidate that occurs most often outside
 * quotes (`,` when none does, or on a tie with it). Excel writes `;` in locales whose decimal mark
 * is a comma.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text.replace(/^\uFEFF/, '')) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if ((counts.get(d) ?? 0) > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** The input with its first chunk read ahead (to look at the header), then the rest as it comes. */
async function peek(
  input: AsyncIterable<Buffer | string>,
): Promise<{ first: Buffer | string | undefined; all: AsyncIterable<Buffer | string> }> {
  const it = input[Symbol.asyncIterator]();
  const first = await it.next();
  async function* all(): AsyncGenerator<Buffer | string> {
    if (!first.done) yield first.value;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }
  return { first: first.done ? undefined : first.value, all: all() };
}

/**
 * Opens a record source. For CSV the header is read before this resolves, so column mapping can be
 * checked before any row is processed; `delimiter` 'auto' finds it in the header line.
 * @throws MalformedInputError for a malformed file (with its line)
 */
export async function openSource(
  input: Readable,
  format: InputFormat,
  delimiter = ',',
  encoding?: string,
): Promise<RecordSource> {
  if (format === 'csv') {
    const decoder = encoding === undefined ? undefined : decoderOf(encoding);
    const { first, all } = await peek(input);
    const found = decoder ? decoder.encoding : sniffEncoding(first);
    const source = found === undefined || found === 'utf-8' ? all : transcode(all, decoder ?? new TextDecoder(found));
    let used = delimiter;
    if (delimiter === 'auto') {
      const head = first === undefined ? '' : typeof first === 'string' ? first : first.toString('utf8');
      used = detectDelimiter(
        found === 'utf-16le' || found === 'utf-16be' ? new TextDecoder(found).decode(first as Buffer) : head,
      );
    }
    const gen = readCsv(source, used);
    const header = await gen.next();
    const columns = header.done ? [] : (header.value as string[]);
    async function* rows(): AsyncGenerator<SourceRow> {
      for await (const r of gen) yield r as SourceRow;
    }
    return {
      columns,
      rows: rows(),
      delimiter: used,
      ...(found !== undefined && found !== 'utf-8' ? { encoding: found } : {}),
    };
  }
  const columns: string[] = [];
  const seen = new Set<string>();
  const inner = format === 'ndjson' ? readNdjson(input) : readJsonArray(input);
  async function* rows(): AsyncGenerator<SourceRow> {
    for await (const r of inner) {
      for (const k of r.cells.keys()) {
        if (!seen.has(k)) {
          seen.add(k);
          columns.push(k);
        }
      }
      yield r;
    }
  }
  return { columns, rows: rows(), records: true };
}
