/**
 * Dates written with numbers only, as people and spreadsheets write them: `13/12/2026`, `12/13/2026`,
 * `05.12.2026`, `5-12-26`, `2026/12/05`. Which number is the day is the whole question: `--date-format`
 * says it outright; without it a date only one order can read is read so, and one both orders can
 * read is never guessed here (a flag refuses it; an import decides for the whole file, csv/).
 *
 * PHP's strtotime (what the site's own importer uses) reads slashes month-first (`m/d/Y`) and dots or
 * dashes day-first (`d.m.Y`, `d-m-Y`); calctl keeps those rules where nothing else is known.
 * Only calendar dates here: no zone, no clock (time zone arithmetic lives elsewhere).
 */
import { UsageError } from '../errors/index.js';

/** The order of day, month and year in a numeric date. */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

/** A `--date-format`: the order, and the words the user gave for it (for messages). */
export interface DateFormat {
  order: DateOrder;
  text: string;
}

/** The canonical name of each order, in PHP's date letters as WordPress's settings write them. */
export const ORDER_NAMES: Readonly<Record<DateOrder, string>> = { dmy: 'd/m/Y', mdy: 'm/d/Y', ymd: 'Y-m-d' };

/** Forms `--date-format` takes, for help texts and errors. */
export const DATE_FORMAT_FORMS = ['d/m/Y', 'm/d/Y', 'Y-m-d', 'd.m.Y', 'd-m-Y', 'Y/m/d', 'DD/MM/YYYY'] as const;

const FORMAT_HINT = `use one of ${DATE_FORMAT_FORMS.join(', ')} (the order of day, month and year is what counts)`;

/** What one letter group of a format names. */
function partOf(token: string): 'd' | 'm' | 'y' | undefined {
  if (/^(?:d{1,2}|j)$/i.test(token)) return 'd';
  if (/^(?:m{1,2}|n)$/i.test(token)) return 'm';
  if (/^(?:y{1,4})$/i.test(token)) return 'y';
  return undefined;
}

/**
 * Reads a `--date-format` value: PHP's letters (`d/m/Y`, `j.n.Y`, `Y-m-d`), spreadsheet style
 * (`DD/MM/YYYY`, `MM-DD-YY`), or the order itself (`dmy`, `mdy`, `ymd`).
 * @throws UsageError (code `invalid-date-format`) naming the forms it takes
 */
export function parseDateFormat(text: string): DateFormat {
  const t = text.trim();
  const bare = t.toLowerCase();
  if (bare === 'dmy' || bare === 'mdy' || bare === 'ymd') return { order: bare, text: ORDER_NAMES[bare] };
  const tokens = t.split(/[\s/.-]+/).filter(Boolean);
  const parts = tokens.map(partOf);
  const order = parts.join('');
  if (tokens.length === 3 && (order === 'dmy' || order === 'mdy' || order === 'ymd')) return { order, text: t };
  throw new UsageError(`--date-format: cannot read "${text}" as a date format`, FORMAT_HINT, 'invalid-date-format');
}

/** A numeric date found at the start of a text, and what follows it (a time, usually). */
export interface NumericDate {
  /** the three numbers as written */
  parts: readonly [string, string, string];
  /** `/`, `.` or `-` */
  separator: string;
  /** the date as written */
  text: string;
  /** the rest of the text after the date */
  rest: string;
}

const LEADING = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})(?=$|[\sT,@])/;

/** The numeric date at the start of `text`, if it begins with one. */
export function leadingNumericDate(text: string): NumericDate | undefined {
  const t = text.trim();
  const m = LEADING.exec(t);
  if (!m) return undefined;
  const [whole, a = '', separator = '', b = '', c = ''] = m;
  // (a one-digit hour, as people write it after such a date: `5.12.2026 7:30`)
  const rest = t.slice(whole.length).replace(/^(\s+)(\d)(?=:\d{2})/, '$10$2');
  return { parts: [a, b, c], separator, text: whole, rest };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A two-digit year as strtotime reads it: 00–69 → 2000s, 70–99 → 1900s. */
function fullYear(text: string): number | undefined {
  if (text.length === 2) return 2000 + Number(text) - (Number(text) >= 70 ? 100 : 0);
  return text.length === 4 ? Number(text) : undefined;
}

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` of a numeric date read in `order`, or undefined when that order makes no date of it. */
export function isoDay(date: NumericDate, order: DateOrder): string | undefined {
  const [a, b, c] = date.parts;
  // (four digits first is a year, whatever the order: 2026/12/05, 2026-12-05)
  const effective: DateOrder = a.length >= 3 ? 'ymd' : order;
  const [y, m, d] = effective === 'ymd' ? [a, b, c] : effective === 'dmy' ? [c, b, a] : [c, a, b];
  if (effective !== 'ymd' && c.length !== 2 && c.length !== 4) return undefined;
  if (effective === 'ymd' && a.length !== 2 && a.length !== 4) return undefined;
  const year = fullYear(y);
  if (year === undefined || d.length > 2 || m.length > 2) return undefined;
  if (!validDay(year, Number(m), Number(d))) return undefined;
  return `${String(year).padStart(4, '0')}-${pad(Number(m))}-${pad(Number(d))}`;
}

/** The orders that read a numeric date as a real calendar day (`05/12/2026`: both; `13/12/2026`: dmy). */
export function readingsOf(date: NumericDate): DateOrder[] {
  if (date.parts[0].length >= 3) return isoDay(date, 'ymd') ? ['ymd'] : [];
  return (['dmy', 'mdy'] as const).filter((o) => isoDay(date, o) !== undefined);
}

/** Whether calctl reads this date with no format given: dots and dashes day-first, as PHP does. */
export function phpOrder(date: NumericDate): DateOrder | undefined {
  if (date.parts[0].length >= 3) return 'ymd';
  // (slashes are the ambiguous ones; `05-12-26` PHP reads as 2005-12-26: too easy to misread)
  if (date.separator === '.' || (date.separator === '-' && date.parts[2].length === 4)) return 'dmy';
  return undefined;
}

/** The two readings of an ambiguous date, in words: `5 December or 12 May 2026`. */
export function bothReadings(date: NumericDate): string {
  const words = (iso: string | undefined) => {
    if (!iso) return '';
    const [y, m, d] = iso.split('-').map(Number);
    const month = new Date(Date.UTC(2000, (m ?? 1) - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    return `${d} ${month} ${y}`;
  };
  return `${words(isoDay(date, 'dmy'))} or ${words(isoDay(date, 'mdy'))}`;
}

/**
 * A date flag's text with its leading numeric date rewritten as `YYYY-MM-DD` (the rest kept: a time),
 * or the text unchanged when it does not start with one.
 * @throws UsageError (code `invalid-date`) for a date the format cannot read, and (code
 *   `ambiguous-date`) for a slash date both orders read when no format was given
 */
export function rewriteNumericDate(input: string, format: DateFormat | undefined): string {
  const date = leadingNumericDate(input);
  if (!date) return input;
  if (date.parts[0].length >= 3) {
    // (year first: ISO and its slash form; a bad one is reported by the ISO reader as it always was)
    const day = isoDay(date, 'ymd');
    return day ? `${day}${date.rest}` : input;
  }
  const order = format?.order ?? phpOrder(date);
  if (order) {
    const day = isoDay(date, order);
    if (day) return `${day}${date.rest}`;
    const named = format ? `the ${format.text} format (--date-format)` : `${ORDER_NAMES[order]}, as PHP reads it`;
    throw new UsageError(
      `cannot read "${date.text}" as a date in ${named}`,
      format ? 'fix the date, or give the format it is written in with --date-format' : DATE_ORDER_HINT,
      'invalid-date',
    );
  }
  const readings = readingsOf(date);
  if (readings.length === 1) return `${isoDay(date, readings[0] as DateOrder)}${date.rest}`;
  if (readings.length === 0) {
    throw new UsageError(`"${date.text}" is not a date in any order of day and month`, DATE_ORDER_HINT, 'invalid-date');
  }
  throw new UsageError(
    `"${date.text}" could be ${bothReadings(date)}`,
    `say which with --date-format d/m/Y or --date-format m/d/Y, or write ${isoDay(date, 'dmy')}`,
    'ambiguous-date',
  );
}

/** How to say the order, for hints. */
export const DATE_ORDER_HINT = 'give the order with --date-format d/m/Y (or m/d/Y), or write the date as YYYY-MM-DD';

/** Day and month with slashes inside a text (`5/12 7pm`, `on 5/12/2026`), which English parsers read month-first. */
const SLASH_PAIR = /(?<![\d/.-])(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/])/;

/**
 * Refuses, when no format is given, a slash date inside words that both orders read (`5/12 7pm`):
 * the English parser would take it month-first without a word. With a format, or one reading, nothing.
 * @returns the order the text's slash date can only be read in, when there is one
 * @throws UsageError (code `ambiguous-date`)
 */
export function slashOrderIn(text: string, format: DateFormat | undefined): DateOrder | undefined {
  const m = SLASH_PAIR.exec(text);
  if (!m) return format?.order;
  if (format) return format.order;
  const [whole, a = '', b = ''] = m;
  // (no year: one with 29 February, so that only day and month decide)
  const date: NumericDate = { parts: [a, b, m[3] ?? '2000'], separator: '/', text: whole, rest: '' };
  const readings = readingsOf(date);
  if (readings.length === 1) return readings[0];
  if (readings.length === 0) return undefined;
  throw new UsageError(
    `"${whole}" could be day/month or month/day`,
    'say which with --date-format d/m/Y or --date-format m/d/Y, or write the date as YYYY-MM-DD',
    'ambiguous-date',
  );
}

/**
 * The order of day and month in one of PHP's date formats as WordPress keeps them (`date_format`):
 * `d/m/Y`, `j F Y`, `j. F Y` are day-first, `F j, Y` and `m/d/Y` month-first; undefined when the
 * format has no day or no month, or puts the year first (`Y-m-d` says nothing of slash dates).
 * Escaped letters (`\d`, `\d\e` in `j \d\e F \d\e Y`) are text, not parts.
 */
export function formatOrder(phpFormat: string): 'dmy' | 'mdy' | undefined {
  let day = -1;
  let month = -1;
  let year = -1;
  for (let i = 0; i < phpFormat.length; i++) {
    const ch = phpFormat[i] as string;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (day < 0 && (ch === 'd' || ch === 'j')) day = i;
    else if (month < 0 && 'mnFM'.includes(ch)) month = i;
    else if (year < 0 && (ch === 'Y' || ch === 'y')) year = i;
  }
  if (day < 0 || month < 0 || (year >= 0 && year < day && year < month)) return undefined;
  return day < month ? 'dmy' : 'mdy';
}
