/**
 * What every record source yields (CSV, NDJSON, JSON, Excel, iCalendar): rows of cells by column with
 * their line, and the errors of a malformed input. The readers of each format build on it.
 */
import { UsageError } from '../errors/index.js';
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

export const BAD_UTF8_HINT =
  'the file is not UTF-8 past its start: say its encoding (--encoding windows-1252), or re-save it as "CSV UTF-8" (Excel)';

/** Stops at invalid UTF-8 (the decoder turned it into U+FFFD). */
export function checkUtf8(values: Iterable<string>, line: number): void {
  for (const v of values) {
    // The decoder replaces invalid byte sequences with U+FFFD; a genuine U+FFFD in a file is rare.
    if (v.includes('\uFFFD')) throw new MalformedInputError('invalid UTF-8 text', line, BAD_UTF8_HINT);
  }
}

export const isBlankCell = (cell: string) => cell.trim() === '';

/** Whether a row holds no value at all (every cell empty or blanks): it is skipped, not imported. */
export function isBlankRow(row: SourceRow): boolean {
  for (const cell of row.cells.values()) if (!isBlankCell(cell)) return false;
  return true;
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
