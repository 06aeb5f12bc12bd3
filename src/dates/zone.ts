/**
 * Time zone math with `Intl.DateTimeFormat` only (no tz database dependency). Zones are IANA names
 * (`Europe/Paris`), `UTC`, or fixed offsets as WordPress writes them (`UTC+5:30`, `UTC-4`, `UTC+5.5`).
 */
import { epochToWall, type WallTime, wallToEpoch } from './wall.js';

const OFFSET_RE = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?:(?::?(\d{2}))|\.(\d+))?$/i;

/**
 * Minutes east of UTC for a fixed-offset zone (`UTC+5:30` → 330), 0 for `UTC`/`GMT`/`Z`, or
 * undefined when the zone is not a fixed offset.
 */
export function parseOffsetZone(zone: string): number | undefined {
  const z = zone.trim();
  if (/^(?:UTC|GMT|Z)$/i.test(z)) return 0;
  const m = OFFSET_RE.exec(z);
  if (!m) return undefined;
  const hours = Number(m[2]);
  // WordPress stores half-hour manual offsets as decimals (UTC+5.5)
  const minutes = m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? Math.round(Number(`0.${m[4]}`) * 60) : 0;
  if (hours > 14 || minutes > 59) return undefined;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat | undefined {
  let f = formatters.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      return undefined;
    }
    formatters.set(tz, f);
  }
  return f;
}

/** True for IANA names `Intl` knows and for fixed offsets such as `UTC+5:30`. */
export function isValidTimeZone(tz: string): boolean {
  return parseOffsetZone(tz) !== undefined || formatterFor(tz) !== undefined;
}

function requireFormatter(tz: string): Intl.DateTimeFormat {
  const f = formatterFor(tz);
  if (!f) throw new RangeError(`unknown time zone: ${tz}`);
  return f;
}

/**
 * The wall time shown by clocks in `tz` at the instant `date` (seconds precision).
 * @throws RangeError for an unknown zone
 */
export function zonedWallTime(date: Date, tz: string): WallTime {
  const offset = parseOffsetZone(tz);
  if (offset !== undefined) return epochToWall(Math.floor(date.getTime() / 1000) * 1000 + offset * 60_000);
  const parts: Record<string, number> = {};
  for (const p of requireFormatter(tz).formatToParts(date)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Minutes east of UTC in `tz` at the instant `date` (+540 for Asia/Tokyo, -300 or -240 for New York). */
export function zoneOffsetMinutes(date: Date, tz: string): number {
  const fixed = parseOffsetZone(tz);
  if (fixed !== undefined) return fixed;
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  return Math.round((wallToEpoch(zonedWallTime(date, tz)) - seconds) / 60_000);
}

const sameWall = (a: WallTime, b: WallTime): boolean => wallToEpoch(a) === wallToEpoch(b);

/**
 * The instant at which clocks in `tz` show `wall`. Follows the "compatible" rule of Temporal and
 * most calendars: an ambiguous time (clocks set back) takes the earlier instant; a time that does not
 * exist (clocks set forward) is moved forward by the length of the gap (02:30 → 03:30).
 * @throws RangeError for an unknown zone
 */
export function wallTimeToUtc(wall: WallTime, tz: string): Date {
  const asUtc = wallToEpoch(wall);
  const fixed = parseOffsetZone(tz);
  if (fixed !== undefined) return new Date(asUtc - fixed * 60_000);
  // A day either side of the wall time gives the offsets before and after any transition near it.
  const before = zoneOffsetMinutes(new Date(asUtc - 86_400_000), tz);
  const after = zoneOffsetMinutes(new Date(asUtc + 86_400_000), tz);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset * 60_000)
    .filter((ms) => sameWall(zonedWallTime(new Date(ms), tz), wall))
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return new Date(first);
  return new Date(asUtc - before * 60_000);
}
