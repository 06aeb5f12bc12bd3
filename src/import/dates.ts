/**
 * Date and time cells as spreadsheets and the site's importer write them, turned into the server's
 * `YYYY-MM-DD HH:MM:SS` wall time. Besides every form `parseDateInput` knows, numeric dates in the
 * order decided for the file (`13/12/2026`, `12/13/2026`, `05.12.2026`: date-order.ts), and times such
 * as `7:30`, `21:45:00`, `8pm`, `8:15 PM`.
 */
import { parseWallTime } from '../clock/index.js';
import { leadingNumericDate, ORDER_NAMES, parseDateInput } from '../dates/index.js';
import { type DateReading, readNumericCell } from './date-order.js';

const TIME = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;

/** As the site's importer reads numeric dates when nothing else is known: `m/d/Y`, `d.m.Y`, `d-m-Y`. */
const SITE_READING: DateReading = { slash: 'mdy', other: 'dmy' };

const pad = (n: number) => String(n).padStart(2, '0');
/** `7:30`, `21:45:00`, `8pm`, `8:15 PM` → `HH:MM:SS`; undefined when it is not a time. */
export function parseTimeCell(text: string): string | undefined {
  const m = TIME.exec(text.trim());
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const second = Number(m[3] ?? 0);
  const meridian = m[4]?.[0]?.toLowerCase();
  if (meridian) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridian === 'p' ? 12 : 0);
  } else if (m[2] === undefined) {
    return undefined; // a bare number is not a time
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** Options of {@link parseDateCells}. */
export interface DateCellOptions {
  now: Date;
  /**
   * the zone of relative and natural dates (`tomorrow`, `+3d`, an instant with an offset); a function
   * is asked only when a cell needs one: a plain wall time (`2026-12-05 19:00`) is the same in any
   * zone, so a file of them never waits for the site's zone
   */
  timezone: string | (() => Promise<string>);
  /** a date without a time (and no time cell) means 23:59:59 of that day, as for `--end-date` */
  endOfDay?: boolean | undefined;
  /** how numeric dates are read (decided for the file); default as the site's importer */
  reading?: DateReading | undefined;
}

/**
 * Combines a date cell and an optional time cell.
 * @returns the wall time, or an error message for the row
 */
export async function parseDateCells(
  date: string,
  time: string,
  opts: DateCellOptions,
): Promise<{ value: string } | { error: string; inTime?: true }> {
  const d = date.trim();
  const t = time.trim();
  let clock: string | undefined;
  if (t !== '') {
    clock = parseTimeCell(t);
    if (!clock) return { error: `cannot read "${t}" as a time (use HH:MM, HH:MM:SS or 8:30 pm)`, inTime: true };
  }
  const reading = opts.reading ?? SITE_READING;
  let text = d;
  const numeric = leadingNumericDate(d);
  if (numeric) {
    const read = readNumericCell(numeric, reading);
    if ('error' in read) return { error: read.error };
    text = `${read.day}${numeric.rest}`;
  }
  // (a slash date inside words, `5/12 7pm`, is read in the file's order by the English parser)
  const dateFormat = reading.format ?? { order: reading.slash, text: ORDER_NAMES[reading.slash] };
  const endOfDay = clock === undefined && (opts.endOfDay ?? false);
  // (outside the try: a zone that cannot be learnt is the run's failure, not the row's)
  const timezone =
    typeof opts.timezone === 'string'
      ? opts.timezone
      : parseWallTime(text.trim(), endOfDay)
        ? 'UTC'
        : await opts.timezone();
  try {
    const value = await parseDateInput(text, {
      now: opts.now,
      timezone,
      endOfDay,
      dateFormat,
    });
    // A separate time cell wins over any time inside the date cell.
    return { value: clock ? `${value.slice(0, 10)} ${clock}` : value };
  } catch {
    return { error: `cannot read "${[d, t].filter(Boolean).join(' ')}" as a date (use YYYY-MM-DD [HH:MM] or m/d/Y)` };
  }
}
