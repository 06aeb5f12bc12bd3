/**
 * A subset of PHP's `strtotime` / `new DateTime($text, $tz)`: the date strings a WordPress site
 * running The Events Calendar accepts for `start_date`, `end_date`, `date`… Calendar arithmetic
 * (days, months, weekdays) happens on the wall clock of the zone, clock arithmetic (hours,
 * minutes, seconds) on the instant, which is how PHP 8.1+ treats DST transitions.
 */

import { daysInMonth, fieldsToMs, formatWall, isFixedZone, utcToWall, wallToMs, wallToUtc } from '../../clock/index.js';
import { scan } from './strtotime-scan.js';

/** Reference instant and zone for naive and relative input. */
export interface ParseTimeOptions {
  /** The current instant; `now`, `tomorrow`, `+1 week`… are relative to it. */
  now: Date;
  /** Zone for values without an explicit offset (IANA id or `UTC+5:30`). */
  timezone: string;
}

// PHP's 64-bit range is far wider, but JS Dates stop at ±8.64e15 ms; stay well inside it.
const MAX_TIMESTAMP = 253_402_300_799; // 9999-12-31 23:59:59 UTC

/**
 * Parses `input` like WordPress would and returns the instant as a UTC wall string
 * (`YYYY-MM-DD HH:MM:SS`), or null when the text is not a date PHP would accept.
 * Digits only (5 or more) and `@123` are Unix timestamps.
 */
export function parseWpTime(input: string, opts: ParseTimeOptions): string | null {
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  if (/^\d{5,}$/.test(text)) {
    const ts = Number(text);
    return ts <= MAX_TIMESTAMP ? formatWall(ts * 1000) : null;
  }
  const st = scan(text);
  if (!st) return null;

  const zone = st.zone ?? opts.timezone;
  const nowWall = utcToWall(formatWall(opts.now), zone);
  const base = wallToMs(nowWall);
  const today = new Date(base);

  const date = st.date;
  let year = date ? (date.y ?? today.getUTCFullYear()) : today.getUTCFullYear();
  const month = date ? date.m : today.getUTCMonth() + 1;
  let day = date ? date.d : today.getUTCDate();
  const time = st.time ?? (date ? { h: 0, i: 0, s: 0 } : null);
  const clock = time ?? { h: today.getUTCHours(), i: today.getUTCMinutes(), s: today.getUTCSeconds() };

  if (st.weekday) {
    // timelib's do_adjust_for_weekday, applied before the other relative amounts.
    const dow = new Date(fieldsToMs({ year, month, day })).getUTCDay();
    let diff = st.weekday.day - dow;
    if ((st.rel.d < 0 && diff < 0) || (st.rel.d >= 0 && diff <= -st.weekday.behavior)) diff += 7;
    day += diff;
  }
  year += st.rel.y;
  const wall = formatWall({
    year,
    month: month + st.rel.m,
    day: day + st.rel.d,
    hour: clock.h,
    minute: clock.i,
    second: clock.s,
  });
  const ms = wallToMs(wallToUtc(wall, zone)) + (st.rel.h * 3600 + st.rel.i * 60 + st.rel.s) * 1000;
  if (!Number.isFinite(ms) || ms > MAX_TIMESTAMP * 1000 || ms < -62_167_219_200_000) return null;
  return formatWall(ms);
}

/** `s[i]s[i+1]` as a number when both are ASCII digits, else -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The wall time a canonical date names — `YYYY-MM-DD[ HH:MM[:SS]]`, what calctl, exports and most
 * feeds send — when every field is in range (else null: the general parser handles overflow such as
 * Feb 30 or 24:00 the way PHP does). Read character by character: it runs for every date of a write.
 */
function canonicalWall(text: string): string | null {
  const n = text.length;
  if (n !== 10 && n !== 16 && n !== 19) return null;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const hi = twoDigits(text, 0);
  const lo = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  if (hi < 0 || lo < 0 || month < 0 || day < 0) return null;
  const year = hi * 100 + lo;
  if (year < 1000 || year > 9998 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (n === 10) return `${text} 00:00:00`;
  if (text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58) return null;
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  if (n === 16) return `${text}:00`;
  if (text.charCodeAt(16) !== 58) return null;
  const second = twoDigits(text, 17);
  return second < 0 || second > 59 ? null : text;
}

/**
 * Same as {@link parseWpTime} but returns the wall time in `opts.timezone`, which is what most
 * handlers store (`start_date` is local, `utc_start_date` is derived from it).
 */
export function parseTimeToWall(input: string, opts: ParseTimeOptions): string | null {
  // Fast path for the common canonical form: no scanning and no "now" (the result cannot depend on
  // it). In a zone with DST the round trip through UTC still moves a time inside a spring-forward gap.
  const wall = canonicalWall(input.trim());
  if (wall !== null)
    return isFixedZone(opts.timezone) ? wall : utcToWall(wallToUtc(wall, opts.timezone), opts.timezone);
  const utc = parseWpTime(input, opts);
  return utc === null ? null : utcToWall(utc, opts.timezone);
}
