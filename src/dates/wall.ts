/**
 * Wall times: calendar date and clock time without a zone, as the server sends and accepts them
 * (`YYYY-MM-DD HH:MM:SS`). Arithmetic here is calendar arithmetic, so "+1 day" keeps the clock time
 * even across a DST change.
 */

/** A calendar date and clock time with no zone attached. Months are 1–12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Formats a wall time in the server format `YYYY-MM-DD HH:MM:SS`. */
export function formatWallTime(w: WallTime): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** Days in a month (month 1–12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True when every field is in range (rejects 2026-02-30 and 24:00). */
export function isValidWallTime(w: WallTime): boolean {
  return (
    w.month >= 1 &&
    w.month <= 12 &&
    w.day >= 1 &&
    w.day <= daysInMonth(w.year, w.month) &&
    w.hour >= 0 &&
    w.hour <= 23 &&
    w.minute >= 0 &&
    w.minute <= 59 &&
    w.second >= 0 &&
    w.second <= 59
  );
}

/**
 * Parses `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or `YYYY-MM-DD HH:MM:SS` (a `T` may replace the space).
 * Returns undefined when the text has another shape or names an impossible date.
 * @param endOfDay a date without time becomes 23:59:59 instead of 00:00:00 (default false)
 */
export function parseWallTime(text: string, endOfDay = false): WallTime | undefined {
  const m = WALL_RE.exec(text);
  if (!m) return undefined;
  const dateOnly = m[4] === undefined;
  const w: WallTime = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: dateOnly ? (endOfDay ? 23 : 0) : Number(m[4]),
    minute: dateOnly ? (endOfDay ? 59 : 0) : Number(m[5]),
    second: dateOnly ? (endOfDay ? 59 : 0) : Number(m[6] ?? 0),
  };
  return isValidWallTime(w) ? w : undefined;
}

/** Milliseconds since the epoch of a wall time read as if it were UTC (for arithmetic only). */
export function wallToEpoch(w: WallTime): number {
  const d = new Date(0);
  // setUTCFullYear keeps years below 100 literal, unlike Date.UTC
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

/** Inverse of {@link wallToEpoch}. */
export function epochToWall(ms: number): WallTime {
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

/** Adds whole days on the calendar, keeping the clock time. */
export function addDays(w: WallTime, days: number): WallTime {
  return epochToWall(wallToEpoch(w) + days * 86_400_000);
}

/** Adds calendar months; the day is clamped to the target month (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(w: WallTime, months: number): WallTime {
  const index = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
}

/**
 * Adds hours to a server-format wall time, on the clock face (used for "end = start + 1 hour").
 * @throws Error when `wall` is not `YYYY-MM-DD HH:MM[:SS]` (a programming error: inputs are parsed first)
 */
export function addHours(wall: string, hours: number): string {
  const w = parseWallTime(wall);
  if (!w) throw new Error(`not a wall time: ${wall}`);
  return formatWallTime(epochToWall(wallToEpoch(w) + hours * 3_600_000));
}
