/**
 * Excel workbooks (`.xlsx`) as an import source: one sheet (the first, or `--sheet`), its first row
 * the header, read with read-excel-file. Cells become the text a CSV export of the sheet would
 * hold, so every later step (columns, dates, blank rows, rejects, checkpoints) is the CSV one:
 * a date cell is `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`, a time-only cell `HH:MM`, a boolean
 * `TRUE`/`FALSE`, a number without binary noise. A row's `line` is its row number in the sheet.
 */
import type { Readable } from 'node:stream';
import { UsageError } from '../errors/index.js';
import { MalformedInputError, type RecordSource, type SourceRow } from './read.js';

type Cell = string | number | boolean | Date | null | undefined;

/** The day Excel counts from: a time-only cell is a time on this day (its serial is below 1). */
const EXCEL_EPOCH_DAYS = new Set(['1899-12-30', '1899-12-31', '1900-01-00']);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell as wall time. A workbook holds no zone: the library hands the wall time as if it were
 * UTC, so the UTC fields are the wall clock. Rounded to the second (a time typed `20:00` can be
 * stored as 0.8333…, a hair before).
 */
function dateText(value: Date): string {
  const d = new Date(Math.round(value.getTime() / 1000) * 1000);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const seconds = d.getUTCSeconds();
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(seconds)}` : ''}`;
  if (EXCEL_EPOCH_DAYS.has(day) || d.getUTCFullYear() < 1900) return time;
  return time === '00:00' ? day : `${day} ${time}`;
}

/** One cell as the text a CSV of the sheet would hold. */
export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // (15 significant digits, as Excel shows them: 0.1 + 0.2 is 0.3 there)
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  return String(value);
}

const HINT = 'save the sheet as an Excel Workbook (.xlsx) or as "CSV UTF-8", then import that file';

/** Why the library refused the file, in words that say what to do. */
function refusal(err: unknown, sheet: string | undefined): Error {
  const e = err as { name?: string; code?: string; sheets?: string[]; message?: string };
  if (e.name === 'SheetNotFoundError') {
    const names = Array.isArray(e.sheets) ? e.sheets.map((s) => `"${s}"`).join(', ') : '';
    return new UsageError(
      `the workbook has no sheet "${sheet}"`,
      names ? `its sheets: ${names}` : undefined,
      'bad-sheet',
    );
  }
  if (e.code === 'XLS_FILE_NOT_SUPPORTED')
    return new UsageError('an old Excel 97–2003 workbook (.xls) cannot be read', HINT, 'bad-format');
  if (e.name === 'InvalidInputError' || e.name === 'InvalidSpreadsheetError')
    return new MalformedInputError(
      `not a readable .xlsx workbook (${e.message ?? e.code ?? 'unknown reason'})`,
      undefined,
      HINT,
    );
  return err as Error;
}

/** What to read of a workbook. */
export interface WorkbookOptions {
  /** a sheet's name or its 1-based position */
  sheet?: string | undefined;
  /** whether a header holds columns of what is imported: without `sheet`, the first sheet that does is read */
  fits?: ((header: readonly string[]) => boolean) | undefined;
  /** told which sheet was read when the workbook has several and none was named */
  note?: ((line: string) => void) | undefined;
}

/**
 * Opens one sheet of a workbook (a path or a stream) as rows: the sheet named, else the first one
 * whose header fits, else the first. Empty rows come through as blank rows (the import counts and
 * skips them), so row numbers stay the sheet's.
 */
export async function openXlsx(input: string | Readable, opts: WorkbookOptions = {}): Promise<RecordSource> {
  const { default: readWorkbook, readSheet } = await import('read-excel-file/node');
  const { sheet } = opts;
  let data: Cell[][];
  try {
    if (sheet !== undefined) {
      data = (await readSheet(input, /^\d+$/.test(sheet) ? Number(sheet) : sheet)) as unknown as Cell[][];
    } else {
      const sheets = (await readWorkbook(input)) as unknown as { sheet: string; data: Cell[][] }[];
      const headerOf = (d: Cell[][]) => (d[0] ?? []).map((c) => cellText(c).trim());
      const chosen = sheets.find((s) => opts.fits?.(headerOf(s.data))) ?? sheets[0];
      if (sheets.length > 1 && chosen)
        opts.note?.(`reading sheet "${chosen.sheet}" of ${sheets.length} (--sheet to choose another)`);
      data = chosen?.data ?? [];
    }
  } catch (err) {
    throw refusal(err, sheet);
  }
  // (a column without a header is left out, as a spreadsheet's unused columns are)
  const header = (data[0] ?? []).map((c) => cellText(c).trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') continue;
    if (seen.has(name))
      throw new MalformedInputError(`the header names the column "${name}" twice`, 1, 'rename one of them');
    seen.add(name);
  }
  const columns = header.filter((h) => h !== '');
  async function* rows(): AsyncGenerator<SourceRow> {
    for (let r = 1; r < data.length; r++) {
      const cells = new Map<string, string>();
      const row = data[r] ?? [];
      for (const [i, name] of header.entries()) if (name !== '') cells.set(name, cellText(row[i]));
      yield { index: r, line: r + 1, cells };
    }
  }
  return { columns, rows: rows() };
}
