/**
 * Zone-free helpers for "wall" timestamps: the `'YYYY-MM-DD HH:MM:SS'` strings that WordPress and
 * The Events Calendar store and return. All arithmetic goes through `Date.UTC` so that it never
 * depends on the host's local zone.
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

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number, width = 2): string => String(Math.trunc(n)).padStart(width, '0');

/**
 * Reads a wall string as if it were UTC and returns epoch milliseconds.
 * Accepts `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` and `YYYY-MM-DD HH:MM:SS`; throws on anything else,
 * because a malformed wall string here is always a programming error, not user input.
 */
export function wallToMs(wall: string): number {
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

/** Epoch milliseconds for numeric fields taken as UTC; overflowing fields are normalised. */
export function fieldsToMs(f: WallFields): number {
  const d = new Date(0);
  // setUTCFullYear keeps years below 100 literal, which Date.UTC would map to 19xx.
  d.setUTCFullYear(f.year, f.month - 1, f.day);
  d.setUTCHours(f.hour ?? 0, f.minute ?? 0, f.second ?? 0, 0);
  return d.getTime();
}

/**
 * Formats a wall string. A `Date` or epoch number is rendered with its UTC fields (seconds
 * truncated); a fields object is normalised first (`day: 32` rolls into the next month).
 */
export function formatWall(input: Date | number | WallFields): string {
  const ms = input instanceof Date ? input.getTime() : typeof input === 'number' ? input : fieldsToMs(input);
  const d = new Date(ms);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Splits a wall string into TEC's detail object; every field stays a zero-padded string. */
export function wallParts(wall: string): WallParts {
  const s = formatWall(wallToMs(wall));
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
export function addDays(wall: string, n: number): string {
  return formatWall(wallToMs(wall) + n * 86_400_000);
}

/** The date half (`YYYY-MM-DD`) of a wall string. */
export function wallDate(wall: string): string {
  return formatWall(wallToMs(wall)).slice(0, 10);
}

/** Day of week (0 = Sunday) of the wall string's date. */
export function wallWeekday(wall: string): number {
  return new Date(wallToMs(wall)).getUTCDay();
}
