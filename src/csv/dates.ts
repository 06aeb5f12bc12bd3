/**
 * Date and time cells as spreadsheets and the site's importer write them, turned into the server's
 * `YYYY-MM-DD HH:MM:SS` wall time. Besides every form `parseDateInput` knows, US `m/d/Y` dates
 * (slashes mean month/day, as PHP's strtotime reads them) and `d-m-Y` / `d.m.Y`, and times such as
 * `7:30`, `21:45:00`, `8pm`, `8:15 PM`.
 */
import { parseDateInput } from '../dates/index.js';

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const EU_DATE = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})$/;
const TIME = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;

const pad = (n: number) => String(n).padStart(2, '0');

function isoDay(text: string): string | undefined {
  const us = US_DATE.exec(text);
  if (us) {
    const year = Number(us[3]);
    const y = us[3]?.length === 2 ? (year < 70 ? 2000 + year : 1900 + year) : year;
    return `${y}-${pad(Number(us[1]))}-${pad(Number(us[2]))}`;
  }
  const eu = EU_DATE.exec(text);
  if (eu) return `${eu[3]}-${pad(Number(eu[2]))}-${pad(Number(eu[1]))}`;
  return undefined;
}

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
  timezone: string;
  /** a date without a time (and no time cell) means 23:59:59 of that day, as for `--end-date` */
  endOfDay?: boolean | undefined;
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
  const day = isoDay(d);
  const text = day ?? d;
  try {
    const value = await parseDateInput(text, {
      now: opts.now,
      timezone: opts.timezone,
      endOfDay: clock === undefined && (opts.endOfDay ?? false),
    });
    // A separate time cell wins over any time inside the date cell.
    return { value: clock ? `${value.slice(0, 10)} ${clock}` : value };
  } catch {
    return { error: `cannot read "${[d, t].filter(Boolean).join(' ')}" as a date (use YYYY-MM-DD [HH:MM] or m/d/Y)` };
  }
}
