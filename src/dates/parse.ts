/**
 * Every date flag goes through here: user text in, the server's `YYYY-MM-DD HH:MM:SS` out, as wall
 * time in the target zone (the event's or the site's).
 */
import {
  addDays,
  addMonths,
  fieldsToMs,
  formatWall,
  isValidTimeZone,
  isValidWallTime,
  offsetAt,
  offsetSuffixMinutes,
  parseWallTime,
  type WallTime,
  ZONE_FORMS_HINT,
  zonedWallTime,
} from '../clock/index.js';
import { UsageError } from '../errors/index.js';
import { type DateFormat, rewriteNumericDate, slashOrderIn } from './numeric.js';

/** Options shared by the date parsers. */
export interface DateParseOptions {
  /** the reference instant for now/today/relative forms (inject a fixed clock in tests) */
  now: Date;
  /** IANA zone, `UTC`, or a fixed offset such as `UTC+5:30`; the result is wall time there */
  timezone: string;
  /** a bare day means its last second (23:59:59) instead of its first; for "until" flags (default false) */
  endOfDay?: boolean;
  /** the order of numeric dates (`--date-format d/m/Y`); without it an ambiguous `05/12/2026` is refused */
  dateFormat?: DateFormat | undefined;
}

/** The accepted forms, for error hints and `calctl help dates`. */
export const DATE_FORMS_HELP = [
  'Dates are read in the event time zone (or the site zone) and sent as YYYY-MM-DD HH:MM:SS.',
  '  2026-12-05 19:00:00   exact wall time (seconds optional: 2026-12-05 19:00)',
  '  2026-12-05            the whole day: 00:00:00, or 23:59:59 for end/until flags',
  '  13/12/2026 19:00      day and month in the only order that makes a date; 05/12/2026 needs',
  '                        --date-format d/m/Y (or m/d/Y); 05.12.2026 and 05-12-2026 are day-first',
  '  2026-12-05T18:00:00Z  ISO 8601 with Z or an offset (+01:00), converted to the zone',
  '  now, today, tomorrow, yesterday',
  '  +3d -2w +4h +30m +2mo +1y   relative to now (s, m, h, d, w, mo, y)',
  '  next friday 7pm, in 2 hours, dec 5 at 19:00   plain English',
  'An event end written +2h, +90m or +1d counts from the event start (the record start on update), and',
  '--duration 90m (2h, 1h30m, 1d) sets the end the same way; an end before the start is refused.',
].join('\n');

const HINT = `accepted forms: YYYY-MM-DD [HH:MM[:SS]], 13/12/2026 (with --date-format d/m/Y or m/d/Y for any order), ISO 8601 with offset, now, today, tomorrow, yesterday, +3d/-2w/+4h/+30m/+2mo/+1y, or words like "next friday 7pm" (see: calctl help dates)`;

const ISO_OFFSET_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const RELATIVE_RE = /^([+-])\s*(\d{1,6})\s*(s|m|min|h|d|w|mo|y)$/i;
const DAY_WORDS: Record<string, number> = { today: 0, tomorrow: 1, yesterday: -1 };

function dateError(input: string): UsageError {
  return new UsageError(`cannot read "${input}" as a date`, HINT, 'invalid-date');
}

function checkZone(tz: string): void {
  if (!isValidTimeZone(tz)) {
    throw new UsageError(`unknown time zone "${tz}"`, ZONE_FORMS_HINT, 'invalid-timezone');
  }
}

function startOrEndOfDay(w: WallTime, endOfDay: boolean): WallTime {
  return endOfDay ? { ...w, hour: 23, minute: 59, second: 59 } : { ...w, hour: 0, minute: 0, second: 0 };
}

function parseIsoWithOffset(text: string, tz: string): WallTime | undefined {
  const m = ISO_OFFSET_RE.exec(text);
  if (!m) return undefined;
  const wall: WallTime = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
  if (!isValidWallTime(wall)) return undefined;
  const offset = offsetSuffixMinutes(m[7] ?? 'Z');
  if (offset === undefined) return undefined;
  return zonedWallTime(fieldsToMs(wall) - offset * 60_000, tz);
}

function parseRelative(text: string, now: Date, tz: string): WallTime | undefined {
  const m = RELATIVE_RE.exec(text);
  if (!m) return undefined;
  const n = (m[1] === '-' ? -1 : 1) * Number(m[2]);
  const unit = (m[3] ?? '').toLowerCase();
  // Clock units move the instant; calendar units move the wall time, so +1d keeps the hour across DST.
  const clockMs: Record<string, number> = { s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };
  const perUnit = clockMs[unit];
  if (perUnit !== undefined) return zonedWallTime(new Date(now.getTime() + n * perUnit), tz);
  const wall = zonedWallTime(now, tz);
  if (unit === 'd') return addDays(wall, n);
  if (unit === 'w') return addDays(wall, 7 * n);
  if (unit === 'mo') return addMonths(wall, n);
  return addMonths(wall, 12 * n);
}

function tryStrict(input: string, opts: DateParseOptions): WallTime | undefined {
  const text = input.trim();
  const lower = text.toLowerCase();
  const endOfDay = opts.endOfDay ?? false;
  if (lower === 'now') return zonedWallTime(opts.now, opts.timezone);
  const dayShift = DAY_WORDS[lower];
  if (dayShift !== undefined) {
    return startOrEndOfDay(addDays(zonedWallTime(opts.now, opts.timezone), dayShift), endOfDay);
  }
  return (
    parseWallTime(text, endOfDay) ??
    parseIsoWithOffset(text, opts.timezone) ??
    parseRelative(text, opts.now, opts.timezone)
  );
}

/**
 * Parses the non-natural forms synchronously: exact dates, ISO 8601 with offset, now/today/tomorrow/
 * yesterday and relative offsets such as `+3d`.
 * @returns `YYYY-MM-DD HH:MM:SS` as wall time in `opts.timezone`
 * @throws UsageError (code `invalid-date`) when the text is none of these forms, or for an unknown zone
 */
export function parseDateStrict(input: string, opts: DateParseOptions): string {
  checkZone(opts.timezone);
  const wall = tryStrict(rewriteNumericDate(input, opts.dateFormat), opts);
  if (!wall) throw dateError(input);
  return formatWall(wall);
}

/**
 * "next friday" as WordPress (PHP's strtotime) and GNU date read it: the first Friday after today,
 * not chrono's Friday of next week. chrono reads a bare weekday that way with forwardDate (on a
 * Friday, "friday" is a week ahead, as PHP's "next friday"), so "next" is dropped before a weekday.
 */
const NEXT_WEEKDAY_RE = /^next\s+(?=(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)(?:day|nesday|urday|sday)?\b)/i;

async function parseNatural(input: string, opts: DateParseOptions): Promise<WallTime | undefined> {
  // Loaded on demand: chrono-node is large and most runs never need it.
  const chrono = await import('chrono-node');
  const text = input.replace(NEXT_WEEKDAY_RE, '');
  const reference = { instant: opts.now, timezone: offsetAt(opts.timezone, opts.now) };
  // (chrono's English reads `5/12` month-first; its British variant day-first: the format, or the
  // only order that makes a date, picks one, and an ambiguous one is refused before this)
  const parser = slashOrderIn(text, opts.dateFormat) === 'dmy' ? chrono.en.GB : chrono;
  const results = parser.parse(text, reference, { forwardDate: true });
  const r = results[0];
  // The whole input must be one date: "dec 5 or 6" or "party next friday" are refused, not guessed.
  if (!r || results.length !== 1 || r.index !== 0 || r.text.length !== text.length || r.end) return undefined;
  const s = r.start;
  // A known offset means an instant: an explicit zone ("7pm EST") or now ± hours ("in 2 hours").
  if (s.isCertain('timezoneOffset')) return zonedWallTime(s.date(), opts.timezone);
  const date = { year: s.get('year') ?? 0, month: s.get('month') ?? 1, day: s.get('day') ?? 1 };
  // chrono implies noon for a bare day ("next friday"); we mean the whole day, like YYYY-MM-DD.
  const timeGiven = s.isCertain('hour') || s.tags().has('result/relativeDate');
  const wall: WallTime = timeGiven
    ? { ...date, hour: s.get('hour') ?? 0, minute: s.get('minute') ?? 0, second: s.get('second') ?? 0 }
    : startOrEndOfDay({ ...date, hour: 0, minute: 0, second: 0 }, opts.endOfDay ?? false);
  return isValidWallTime(wall) ? wall : undefined;
}

/**
 * Parses any accepted date form, including plain English through chrono-node (`next friday 7pm`,
 * `in 2 hours`, `dec 5 at 19:00`), with `opts.now` as the reference and future dates preferred.
 * @returns `YYYY-MM-DD HH:MM:SS` as wall time in `opts.timezone`
 * @throws UsageError (code `invalid-date`) quoting the input, with the accepted forms as hint
 */
export async function parseDateInput(input: string, opts: DateParseOptions): Promise<string> {
  checkZone(opts.timezone);
  const text = rewriteNumericDate(input.trim(), opts.dateFormat);
  const strict = tryStrict(text, opts);
  if (strict) return formatWall(strict);
  // Digits-and-dashes text that failed the strict forms is a typo (2026-13-01), not English.
  if (text === '' || /^[\d\s:+\-./TZ]+$/i.test(text)) throw dateError(input);
  const wall = await parseNatural(text, opts);
  if (!wall) throw dateError(input);
  return formatWall(wall);
}
