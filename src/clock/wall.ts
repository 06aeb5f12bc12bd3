/**
 * Wall times: a calendar date and a clock time with no zone attached, as fields or as the
 * `'YYYY-MM-DD HH:MM:SS'` strings that WordPress and The Events Calendar store and return (and that
 * calctl sends). Zone-free: arithmetic reads a wall time as if it were UTC, so it never depends on the
 * host's zone, and calendar arithmetic ("+1 day") keeps the clock time whatever a zone does that day.
 */

/** A wall time split into zero-padded string fields, the shape of TEC's `*_date_details`. */
export interface WallParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/** Numeric wall-time fields; month is 1-based and out-of-range values roll over like PHP's mktime. */
export interface WallFields {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

/** A wall time with every field given (what the parsers return). */
export type WallTime = Required<WallFields>;

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number, width = 2): string => String(Math.trunc(n)).padStart(width, '0');

/** '00'…'99': two-digit fields without a String/padStart per field. */
const TWO = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** The digit at `i` of `s` as a number, or -1 for any other character. */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** `s[i]s[i+1]` read as a two-digit number, or -1. */
function two(s: string, i: number): number {
  const a = digit(s, i);
  const b = digit(s, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

/**
 * The fields of a full `YYYY-MM-DD HH:MM:SS` (or `T`) string, digits only, not range-checked; null for
 * any other shape. What the store holds and returns, so the helpers below read it without a regex.
 */
type Fields19 = Required<WallFields>;

function fields19(s: string): Fields19 | null {
  if (s.length !== 19) return null;
  const sep = s.charCodeAt(10);
  if (
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    (sep !== 32 && sep !== 84) ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58
  )
    return null;
  const hi = two(s, 0);
  const lo = two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const minute = two(s, 14);
  const second = two(s, 17);
  if (hi < 0 || lo < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  return { year: hi * 100 + lo, month, day, hour, minute, second };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the proleptic Gregorian calendar (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  if (month !== 2) return DAYS_IN_MONTH[month - 1] as number;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** True when every field is in range, so normalising the string would not change it. */
function inRange(f: Fields19): boolean {
  return (
    f.month >= 1 &&
    f.month <= 12 &&
    f.day >= 1 &&
    f.day <= daysInMonth(f.year, f.month) &&
    f.hour <= 23 &&
    f.minute <= 59 &&
    f.second <= 59
  );
}

/** True when every field is in range (refuses 2026-02-30 and 24:00). */
export function isValidWallTime(w: WallTime): boolean {
  return w.hour >= 0 && w.minute >= 0 && w.second >= 0 && w.day >= 1 && w.month >= 1 && inRange(w);
}

/**
 * Reads `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or `YYYY-MM-DD HH:MM:SS` (a `T` may stand for the space):
 * user input, so an impossible date is refused (undefined), never rolled over.
 * @param endOfDay a date without a time means 23:59:59 instead of 00:00:00 (default false)
 */
export function parseWallTime(text: string, endOfDay = false): WallTime | undefined {
  const m = WALL_RE.exec(text);
  if (!m) return undefined;
  const dateOnly = m[4] === undefined;
  const end = dateOnly && endOfDay;
  const w: WallTime = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: dateOnly ? (end ? 23 : 0) : Number(m[4]),
    minute: dateOnly ? (end ? 59 : 0) : Number(m[5]),
    second: dateOnly ? (end ? 59 : 0) : Number(m[6] ?? 0),
  };
  return isValidWallTime(w) ? w : undefined;
}

/**
 * The wall string itself when it is already canonical (`YYYY-MM-DD HH:MM:SS`, every field in range):
 * formatting it again would return it unchanged. Null otherwise.
 */
export function canonicalOrNull(wall: string): string | null {
  const f = fields19(wall);
  return f && wall.charCodeAt(10) === 32 && inRange(f) ? wall : null;
}

/**
 * Reads a wall string as if it were UTC and returns epoch milliseconds.
 * Accepts `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` and `YYYY-MM-DD HH:MM:SS`; throws on anything else,
 * because a malformed wall string here is always a programming error, not user input.
 */
export function wallToMs(wall: string): number {
  const f = fields19(wall);
  // Date.UTC normalises overflowing fields exactly as fieldsToMs does, but maps years 0-99 to 19xx.
  if (f && f.year >= 100) return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  const m = WALL_RE.exec(wall.trim());
  if (!m) throw new RangeError(`not a wall time (expected YYYY-MM-DD HH:MM:SS): ${wall}`);
  return fieldsToMs({
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
  });
}

/** Epoch milliseconds for numeric fields read as if UTC; overflowing fields are normalised. */
export function fieldsToMs(f: WallFields): number {
  const d = new Date(0);
  // setUTCFullYear keeps years below 100 literal, which Date.UTC would map to 19xx.
  d.setUTCFullYear(f.year, f.month - 1, f.day);
  d.setUTCHours(f.hour ?? 0, f.minute ?? 0, f.second ?? 0, 0);
  return d.getTime();
}

/** The fields of epoch milliseconds read as UTC (the inverse of {@link fieldsToMs}). */
export function msToFields(ms: number): WallTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * Formats a wall string. A `Date` or epoch number is rendered with its UTC fields (seconds
 * truncated); a fields object is normalised first (`day: 32` rolls into the next month).
 */
export function formatWall(input: Date | number | WallFields): string {
  const ms = input instanceof Date ? input.getTime() : typeof input === 'number' ? input : fieldsToMs(input);
  if (ms >= MS_0000 && ms < MS_10000) return formatMs(ms);
  const d = new Date(ms);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** 0000-01-01 00:00:00 and 10000-01-01 00:00:00 UTC: the years written with exactly four digits. */
const MS_0000 = -62_167_219_200_000;
const MS_10000 = 253_402_300_800_000;
const MS_PER_DAY = 86_400_000;

/**
 * Formats epoch milliseconds of years 0000-9999 from the civil date of the day number (Howard
 * Hinnant's days_from_civil inverse), without a Date object; seconds truncated like the Date path.
 */
function formatMs(time: number): string {
  // A Date truncates its time value toward zero first.
  const ms = Math.trunc(time);
  const days = Math.floor(ms / MS_PER_DAY);
  const secs = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(secs / 3600);
  const minute = Math.floor((secs % 3600) / 60);
  const second = secs % 60;
  return `${TWO[Math.floor(year / 100)]}${TWO[year % 100]}-${TWO[month]}-${TWO[day]} ${TWO[hour]}:${TWO[minute]}:${TWO[second]}`;
}

/** Splits a wall string into TEC's detail object; every field stays a zero-padded string. */
export function wallParts(wall: string): WallParts {
  const f = fields19(wall);
  // Fields already in range come back unchanged from the normalising round trip: slice them.
  const s = f && inRange(f) ? wall : formatWall(wallToMs(wall));
  return {
    year: s.slice(0, 4),
    month: s.slice(5, 7),
    day: s.slice(8, 10),
    hour: s.slice(11, 13),
    minutes: s.slice(14, 16),
    seconds: s.slice(17, 19),
  };
}

/** Moves a wall time by `n` calendar days, keeping the clock time (no zone involved). */
export function addDays(wall: string, n: number): string;
export function addDays(wall: WallTime, n: number): WallTime;
export function addDays(wall: string | WallTime, n: number): string | WallTime {
  if (typeof wall === 'string') return formatWall(wallToMs(wall) + n * MS_PER_DAY);
  return msToFields(fieldsToMs(wall) + n * MS_PER_DAY);
}

/** Adds calendar months; the day is clamped to the target month (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(w: WallTime, months: number): WallTime {
  const index = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
}

/**
 * Adds hours on the clock face (for "end = start + 1 hour").
 * @throws Error when `wall` is not `YYYY-MM-DD HH:MM[:SS]` (a programming error: inputs are parsed first)
 */
export function addHours(wall: string, hours: number): string {
  const w = parseWallTime(wall);
  if (!w) throw new Error(`not a wall time: ${wall}`);
  return formatWall(fieldsToMs(w) + hours * 3_600_000);
}

/** The date half (`YYYY-MM-DD`) of a wall string. */
export function wallDate(wall: string): string {
  return formatWall(wallToMs(wall)).slice(0, 10);
}

/** Day of week (0 = Sunday) of the wall string's date. */
export function wallWeekday(wall: string): number {
  return new Date(wallToMs(wall)).getUTCDay();
}

/** English month names, January first (PHP's `F`; the calendar views' headings). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** English weekday names, Sunday first (PHP's `l`, `wallWeekday`'s numbering). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
