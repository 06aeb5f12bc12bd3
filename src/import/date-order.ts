/**
 * The order of numeric dates in an import, decided once for the whole file: a file is written by one
 * spreadsheet in one locale, so `01/12/2026` on line 2 is read the way `13/12/2026` on line 40 shows.
 *
 * - `--date-format` says it outright: nothing is guessed.
 * - Otherwise the first slash date only one order reads (`13/12/2026`: day-first; `12/13/2026`:
 *   month-first) decides for every slash date of the file, with a note when it is day-first.
 * - A file whose slash dates both orders read is read month-first, as the site's own importer reads
 *   them (PHP's strtotime: `m/d/Y`), with one note naming `--date-format`.
 * - Dots and dashes (`05.12.2026`, `05-12-2026`) are day-first, as PHP reads them, unless the format says
 *   otherwise.
 *
 * Rows whose slash dates are ambiguous wait until the order is known: a file is read ahead on a second
 * stream (nothing is held in memory), other input (stdin) is held row by row until a date decides or
 * the input ends.
 */
import {
  type DateFormat,
  type DateOrder,
  isoDay,
  leadingNumericDate,
  type NumericDate,
  ORDER_NAMES,
  readingsOf,
} from '../dates/numeric.js';
import type { RecordSource, SourceRow } from './read.js';

/** The targets whose cells are dates read by the import (the time columns have no date in them). */
const DATE_TARGETS = new Set(['start_date', 'end_date', 'day']);

/**
 * The order the site writes dates in (WordPress's `date_format` setting: `j F Y`, `d/m/Y` are
 * day-first, `F j, Y` month-first), or the profile's: what reads a file whose dates both orders
 * read. `source` says which, for the note.
 */
export interface SiteDateOrder {
  order: 'dmy' | 'mdy';
  source: string;
}

/** Where an order was learnt: a date, its line and column. */
interface Evidence {
  text: string;
  line: number;
  column: string;
}

/** How an import reads numeric dates. */
export interface DateReading {
  /** slash dates (`13/12/2026`) */
  slash: DateOrder;
  /** dotted and dashed dates (`05.12.2026`) */
  other: DateOrder;
  /** `--date-format`, when given */
  format?: DateFormat | undefined;
  /** why slash dates are read so, for a row that contradicts it */
  because?: string | undefined;
}

/** Reads `date` as the import's reading says; an error message when it cannot. */
export function readNumericCell(date: NumericDate, reading: DateReading): { day: string } | { error: string } {
  const order = date.parts[0].length >= 3 ? 'ymd' : date.separator === '/' ? reading.slash : reading.other;
  const day = isoDay(date, order);
  if (day) return { day };
  const why = reading.format
    ? `--date-format ${reading.format.text}`
    : date.separator === '/' && reading.because
      ? reading.because
      : `${ORDER_NAMES[order]}, as the site's importer reads it`;
  return { error: `cannot read "${date.text}" as a ${ORDER_NAMES[order]} date (${why})` };
}

/** Decides and remembers the order of the slash dates of one import. */
export class DateOrderSurvey {
  private decided: DateOrder | undefined;
  private evidence: Evidence | undefined;
  /** the first date both orders read, for the note */
  private firstAmbiguous: Evidence | undefined;
  /** why the order was taken from the site, when it was */
  private because: string | undefined;

  constructor(
    /** column → target of the current mapping (JSON input adds columns as it goes) */
    private readonly targets: () => ReadonlyMap<string, string>,
    private readonly format: DateFormat | undefined,
    private readonly note: (line: string) => void,
    /** the site's (or profile's) order, asked only when the file's dates leave it open */
    private readonly siteOrder?: (() => Promise<SiteDateOrder | undefined>) | undefined,
  ) {
    if (format) this.decided = format.order;
  }

  /** Whether the order of slash dates is known. */
  get known(): boolean {
    return this.decided !== undefined;
  }

  /** How cells are read now (month-first where nothing decided: only unambiguous dates are read so). */
  reading(): DateReading {
    const slash = this.decided ?? 'mdy';
    const because =
      this.because ??
      (this.evidence &&
        `the file's dates are ${wordFor(slash)}: "${this.evidence.text}" on line ${this.evidence.line}`);
    return { slash, other: this.format?.order ?? 'dmy', format: this.format, because };
  }

  /**
   * Looks at a row's date cells: the first that only one order reads decides.
   * @returns whether the row holds a slash date both orders read (while nothing decided)
   */
  observe(row: SourceRow): boolean {
    if (this.decided) return false;
    let ambiguous = false;
    for (const [column, target] of this.targets()) {
      if (!DATE_TARGETS.has(target)) continue;
      const date = leadingNumericDate(row.cells.get(column) ?? '');
      if (date?.separator !== '/' || date.parts[0].length >= 3) continue;
      const readings = readingsOf(date);
      const here = { text: date.text, line: row.line, column };
      if (readings.length === 1) {
        this.decide(readings[0] as DateOrder, here);
        return false;
      }
      if (readings.length === 2) {
        ambiguous = true;
        this.firstAmbiguous ??= here;
      }
    }
    return ambiguous;
  }

  private decide(order: DateOrder, evidence: Evidence): void {
    this.decided = order;
    this.evidence = evidence;
    if (order === 'dmy') {
      this.note(
        `note: reading dates day-first (d/m/Y): "${evidence.text}" (line ${evidence.line}, column "${evidence.column}") ` +
          'can only be day-first; --date-format d/m/Y says so outright',
      );
    }
  }

  /**
   * The input ended with nothing decided: slash dates are read in the site's order (its date format,
   * else the profile's), else month-first as the site's importer reads them, said once.
   */
  async settle(): Promise<void> {
    if (this.decided) return;
    const first = this.firstAmbiguous;
    if (!first) {
      this.decided = 'mdy';
      return;
    }
    const site = await this.siteOrder?.().catch(() => undefined);
    this.decided = site?.order ?? 'mdy';
    const shown = `"${first.text}" (line ${first.line}, column "${first.column}")`;
    if (site) {
      this.evidence = { ...first, text: `${first.text}`, column: first.column };
      this.because = `${site.source} is ${wordFor(site.order)}`;
      this.note(
        `note: dates such as ${shown} could be day-first or month-first, and no date of the file says which: ` +
          `read ${wordFor(site.order)} (${ORDER_NAMES[site.order]}) because ${this.because}; --date-format says otherwise`,
      );
      return;
    }
    this.note(
      `note: dates such as ${shown} could be day-first or month-first, and neither the file nor the site's date ` +
        `format says which: read month-first (m/d/Y), as the site's importer reads them; if they are day-first, ` +
        "give --date-format d/m/Y (or set the profile's: calctl profile set NAME --date-format d/m/Y)",
    );
  }

  /** Reads the rest of a re-opened file until a date decides (or the end). */
  async scan(source: RecordSource, after: number): Promise<void> {
    try {
      for await (const row of source.rows) {
        if (row.index <= after) continue;
        this.observe(row);
        if (this.decided) return;
      }
    } finally {
      await source.rows.return(undefined);
    }
    await this.settle();
  }
}

const wordFor = (order: DateOrder) => (order === 'dmy' ? 'day-first' : order === 'mdy' ? 'month-first' : 'year-first');

/**
 * The rows of `rows`, each handed on only once its slash dates can be read: with the order known, or
 * with no ambiguous slash date in it before anything decided.
 * @param reopen a second stream of the same input from its start (a file), to read ahead without
 *   holding rows; without it rows are held until the order is known
 */
export async function* inDateOrder(
  rows: AsyncIterable<SourceRow>,
  survey: DateOrderSurvey,
  reopen?: () => Promise<RecordSource>,
): AsyncGenerator<SourceRow> {
  const held: SourceRow[] = [];
  for await (const row of rows) {
    if (survey.known) {
      yield row;
      continue;
    }
    const ambiguous = survey.observe(row);
    if (survey.known || (!ambiguous && held.length === 0)) {
      yield* held.splice(0);
      yield row;
      continue;
    }
    if (reopen && held.length === 0) {
      await survey.scan(await reopen(), row.index);
      yield row;
      continue;
    }
    held.push(row);
  }
  await survey.settle();
  yield* held.splice(0);
}
