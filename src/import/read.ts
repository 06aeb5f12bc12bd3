/**
 * Streaming record sources: CSV (csv-parse), NDJSON (one object per line) and JSON arrays. Each
 * yields rows as column → text, with the line the row starts on, holding one chunk of input at a
 * time (a JSON array is the exception: it has to be read whole).
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { UsageError } from '../errors/index.js';
import { csvCell as flattenValue } from '../output/index.js';
import { ownWebsite } from '../records/index.js';
import { decoderOf, sniffEncoding, transcode } from './encoding.js';
import { readCsv } from './read-csv.js';
import { checkUtf8, MalformedInputError, type RecordSource, type SourceRow } from './source-row.js';

export { isBlankRow, MalformedInputError, type RecordSource, type SourceRow } from './source-row.js';

/** Input formats of `calctl import`. */
export const INPUT_FORMATS = ['csv', 'ndjson', 'json', 'xlsx'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

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
