/**
 * Time-zone conversions for the embedded server, built on `Intl` only. Zones are either IANA ids
 * (anything the runtime's ICU knows) or WordPress-style fixed offsets such as `UTC+5:30`, which
 * The Events Calendar stores verbatim in `_EventTimezone` when a site uses a manual UTC offset.
 */
import { numericAbbr, tableAbbr } from './abbr.js';
import { canonicalOrNull, fieldsToMs, formatWall, wallToMs } from './wall.js';

export type { WallFields, WallParts } from './wall.js';
export {
  addDays,
  daysInMonth,
  fieldsToMs,
  formatWall,
  wallDate,
  wallParts,
  wallToMs,
  wallWeekday,
} from './wall.js';

// WordPress offers `UTC+5.5` in its zone picker while TEC writes `UTC+5:30`; both mean the same.
const OFFSET_RE = /^UTC([+-])(\d{1,2})(?::(\d{2})|\.(\d{1,2}))?$/;
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

type Zone = { kind: 'fixed'; minutes: number } | { kind: 'iana'; id: string; fmt: Intl.DateTimeFormat };

const cache = new Map<string, Zone | null>();

function parseFixed(tz: string): number | null {
  const m = OFFSET_RE.exec(tz);
  if (!m) return null;
  const hours = Number(m[2]);
  let minutes = 0;
  if (m[3] !== undefined) minutes = Number(m[3]);
  else if (m[4] !== undefined) minutes = Math.round(Number(`0.${m[4]}`) * 60);
  if (hours > 14 || minutes >= 60) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function lookup(tz: string): Zone | null {
  const hit = cache.get(tz);
  if (hit !== undefined) return hit;
  let zone: Zone | null = null;
  // UTC and GMT never change offset: no Intl formatter (and no ICU zone data) is needed for them.
  const fixed = tz === 'UTC' || tz === 'GMT' ? 0 : parseFixed(tz);
  if (fixed !== null) {
    zone = { kind: 'fixed', minutes: fixed };
  } else if (IANA_SHAPE.test(tz)) {
    try {
      const fmt = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      });
      zone = { kind: 'iana', id: fmt.resolvedOptions().timeZone, fmt };
    } catch {
      zone = null; // Intl throws RangeError for unknown ids; that is exactly "invalid".
    }
  }
  cache.set(tz, zone);
  return zone;
}

/** True for zones whose offset never changes (UTC, GMT, `UTC+5:30`): wall time needs no conversion. */
export function isFixedZone(tz: string): boolean {
  return lookup(tz)?.kind === 'fixed';
}

function resolve(tz: string): Zone {
  const zone = lookup(tz);
  if (!zone) throw new RangeError(`unknown time zone: ${tz}`);
  return zone;
}

/**
 * True for zone ids the server accepts: IANA names known to `Intl` (including legacy ones such as
 * `EST` or `CST6CDT` when ICU has them) and fixed offsets `UTC+5:30`, `UTC-4`, `UTC+0`.
 */
export function isValidTimezone(tz: string): boolean {
  return lookup(tz) !== null;
}

function partsAt(zone: Zone & { kind: 'iana' }, ms: number): Map<string, string> {
  return new Map(zone.fmt.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
}

/** What Intl says of a zone at an instant: its offset in minutes and its short name (`EST`, `GMT+9`). */
interface Moment {
  offset: number;
  name: string;
}

function momentAt(zone: Zone & { kind: 'iana' }, ms: number): Moment {
  const p = partsAt(zone, ms);
  // Intl writes years below 1000 with fewer digits ("989"): read the fields as numbers.
  const local = fieldsToMs({
    year: Number(p.get('year')),
    month: Number(p.get('month')),
    day: Number(p.get('day')),
    hour: Number(p.get('hour')),
    minute: Number(p.get('minute')),
    second: Number(p.get('second')),
  });
  // Intl drops milliseconds, so compare against the instant truncated to the second.
  return { offset: Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000), name: p.get('timeZoneName') ?? '' };
}

/**
 * Intl formatting is by far the slowest step of a write or of rendering an event, so what it says is
 * memoized per zone and UTC day: a day whose offset and name are the same at its start and at the
 * next day's start has them all day (no zone changes and changes back within one day). Only the days
 * of a transition fall back to quarter hours: every real-world transition falls on a quarter hour, so
 * an offset holds for the whole bucket.
 */
const MS_PER_DAY = 86_400_000;
const OFFSET_BUCKET_MS = 15 * 60_000;
const offsetMemo = new Map<string, Map<number, number>>();
/** zone id → UTC day number → the day's moment, or null when something changes during the day */
const dayMemo = new Map<string, Map<number, Moment | null>>();
/** zone id → UTC day number → the moment at the start of that day */
const dayStartMemo = new Map<string, Map<number, Moment>>();

function memoOf<V>(memos: Map<string, Map<number, V>>, id: string): Map<number, V> {
  let memo = memos.get(id);
  if (!memo) {
    memo = new Map();
    memos.set(id, memo);
  } else if (memo.size > 50_000) memo.clear();
  return memo;
}

function dayStart(zone: Zone & { kind: 'iana' }, day: number): Moment {
  const memo = memoOf(dayStartMemo, zone.id);
  let m = memo.get(day);
  if (!m) {
    m = momentAt(zone, day * MS_PER_DAY);
    memo.set(day, m);
  }
  return m;
}

/** The zone's moment all through the UTC day holding `ms`; null on a day when it changes. */
function dayMoment(zone: Zone & { kind: 'iana' }, ms: number): Moment | null {
  const day = Math.floor(ms / MS_PER_DAY);
  const memo = memoOf(dayMemo, zone.id);
  let m = memo.get(day);
  if (m === undefined) {
    const start = dayStart(zone, day);
    const next = dayStart(zone, day + 1);
    m = start.offset === next.offset && start.name === next.name ? start : null;
    memo.set(day, m);
  }
  return m;
}

function offsetAtMs(zone: Zone, ms: number): number {
  if (zone.kind === 'fixed') return zone.minutes;
  if (zone.id === 'UTC' || zone.id === 'Etc/UTC' || zone.id === 'GMT') return 0;
  const day = dayMoment(zone, ms);
  if (day) return day.offset;
  const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
  const memo = memoOf(offsetMemo, zone.id);
  const hit = memo.get(bucket);
  if (hit !== undefined) return hit;
  const off = momentAt(zone, bucket * OFFSET_BUCKET_MS).offset;
  memo.set(bucket, off);
  return off;
}

/** Offset of `tz` from UTC, in minutes, at the instant given as a UTC wall string. */
export function offsetMinutes(tz: string, utc: string): number {
  return offsetAtMs(resolve(tz), wallToMs(utc));
}

/** ISO 8601 offset of `tz` at the UTC instant: `+09:00`, `-05:00`, `+00:00`, `+05:30`. */
export function offsetString(tz: string, utc: string): string {
  const off = offsetMinutes(tz, utc);
  const abs = Math.abs(off);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${off < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** Converts a UTC wall string to the wall time shown in `tz`. */
export function utcToWall(utc: string, tz: string): string {
  const zone = resolve(tz);
  // (a canonical time in a zone without offset is its own answer)
  if (zone.kind === 'fixed' && zone.minutes === 0 && canonicalOrNull(utc) !== null) return utc;
  const ms = wallToMs(utc);
  return formatWall(ms + offsetAtMs(zone, ms) * 60_000);
}

/**
 * Converts a wall time in `tz` to UTC. Like PHP's DateTime: a time inside a DST gap is pushed
 * forward by the gap (02:30 on a spring-forward night becomes 03:30 daylight time) and an
 * ambiguous time in the fall-back hour resolves to its first (daylight) occurrence.
 */
export function wallToUtc(wall: string, tz: string): string {
  const zone = resolve(tz);
  if (zone.kind === 'fixed') {
    if (zone.minutes === 0 && canonicalOrNull(wall) !== null) return wall;
    return formatWall(wallToMs(wall) - zone.minutes * 60_000);
  }
  // Imports repeat the same times (every event at 09:00…): conversions are remembered per zone.
  let memo = utcMemo.get(zone.id);
  if (!memo) {
    memo = new Map();
    utcMemo.set(zone.id, memo);
  }
  let utc = memo.get(wall);
  if (utc === undefined) {
    utc = zonedToUtc(zone, wall);
    if (memo.size >= 20_000) memo.clear();
    memo.set(wall, utc);
  }
  return utc;
}

/** Wall times in a zone with transitions → UTC wall time, per zone id (bounded). */
const utcMemo = new Map<string, Map<string, string>>();

function zonedToUtc(zone: Zone & { kind: 'iana' }, wall: string): string {
  const local = wallToMs(wall);
  // Offsets a day either side bracket any single transition near this wall time.
  const before = offsetAtMs(zone, local - 86_400_000);
  const after = offsetAtMs(zone, local + 86_400_000);
  const fits = [before, after]
    .map((off) => local - off * 60_000)
    .filter((ms) => ms + offsetAtMs(zone, ms) * 60_000 === local)
    .sort((a, b) => a - b);
  const chosen = fits[0] ?? local - before * 60_000;
  return formatWall(chosen);
}

/**
 * The abbreviation PHP's `T` format prints for `tz` at the UTC instant: letters where PHP has
 * them (`JST`, `EDT`, `CEST`), otherwise the numeric form (`+08`, `+0530`); fixed-offset zones
 * return themselves (`UTC+5:30`), as TEC does.
 */
export function tzAbbr(tz: string, utc: string): string {
  const zone = resolve(tz);
  if (zone.kind === 'fixed') return tz;
  const ms = wallToMs(utc);
  const offset = offsetAtMs(zone, ms);
  const fromTable = tableAbbr(tz, offset) ?? tableAbbr(zone.id, offset);
  if (fromTable) return fromTable;
  const name = dayMoment(zone, ms)?.name ?? partsAt(zone, ms).get('timeZoneName') ?? '';
  // en-US gives real letters for North American zones and `GMT+9`-like text elsewhere.
  if (/^[A-Z]{2,5}$/.test(name) && !(name === 'GMT' && offset !== 0)) return name;
  return numericAbbr(offset);
}
