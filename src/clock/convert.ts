/**
 * Wall time ⇄ instant in a zone, built on `Intl` only (no tz database of our own). An instant has one
 * wall time; a wall time has one instant, chosen as PHP chooses it when a site reads a date
 * (`new DateTime($wall, $zone)`, timelib's `do_adjust_timezone`) — see {@link wallToUtc}.
 */
import { canonicalOrNull, fieldsToMs, formatWall, msToFields, type WallTime, wallToMs } from './wall.js';
import { requireZone, type Zone } from './zones.js';

type IanaZone = Zone & { kind: 'iana' };

/** What Intl says of a zone at an instant: its offset in minutes. */
interface Moment {
  offset: number;
}

function partsAt(zone: IanaZone, ms: number): Map<string, string> {
  return new Map(zone.fmt.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
}

function momentAt(zone: IanaZone, ms: number): Moment {
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
  return { offset: Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000) };
}

/**
 * Intl formatting is by far the slowest step of a write or of rendering an event, so what it says is
 * memoized per zone and UTC day: a day whose offset is the same at its start and at the
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

function dayStart(zone: IanaZone, day: number): Moment {
  const memo = memoOf(dayStartMemo, zone.id);
  let m = memo.get(day);
  if (!m) {
    m = momentAt(zone, day * MS_PER_DAY);
    memo.set(day, m);
  }
  return m;
}

/** The zone's moment all through the UTC day holding `ms`; null on a day when it changes. */
function dayMoment(zone: IanaZone, ms: number): Moment | null {
  const day = Math.floor(ms / MS_PER_DAY);
  const memo = memoOf(dayMemo, zone.id);
  let m = memo.get(day);
  if (m === undefined) {
    const start = dayStart(zone, day);
    const next = dayStart(zone, day + 1);
    m = start.offset === next.offset ? start : null;
    memo.set(day, m);
  }
  return m;
}

/** Minutes east of UTC of a zone already read, at epoch ms (the fast path of {@link offsetAt}). */
export function offsetOf(zone: Zone, ms: number): number {
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

/**
 * Minutes east of UTC of `tz` at an instant (+540 for Asia/Tokyo, -300 or -240 for New York).
 * @throws RangeError for an unknown zone
 */
export function offsetAt(tz: string, instant: Date | number): number {
  return offsetOf(requireZone(tz), typeof instant === 'number' ? instant : instant.getTime());
}

/** ISO 8601 offset of `tz` at the UTC instant: `+09:00`, `-05:00`, `+00:00`, `+05:30`. */
export function offsetString(tz: string, utc: string): string {
  const off = offsetAt(tz, wallToMs(utc));
  const abs = Math.abs(off);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${off < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** Converts a UTC wall string to the wall time shown in `tz`. */
export function utcToWall(utc: string, tz: string): string {
  const zone = requireZone(tz);
  // (a canonical time in a zone without offset is its own answer)
  if (zone.kind === 'fixed' && zone.minutes === 0 && canonicalOrNull(utc) !== null) return utc;
  const ms = wallToMs(utc);
  return formatWall(ms + offsetOf(zone, ms) * 60_000);
}

/**
 * The instant (epoch ms) at which PHP says clocks in the zone show `local` (a wall time read as if
 * UTC). PHP looks at the offset in force at the wall time taken as a UTC instant (`before`), then at
 * the instant that offset gives (`after`). When they agree, that instant is the answer. When they
 * differ, a transition lies between: inside a spring-forward gap the wall time is read with the
 * offset before it (02:30 becomes 03:30 daylight time), otherwise with `after`. So a time clocks show
 * twice takes its first instant west of UTC (New York's 01:30 is EDT) and its second east of UTC
 * (Berlin's 02:30 is CET, Lord Howe's 01:45 is +10:30): the sign of the offset decides which side of
 * the transition the wall time taken as UTC falls on.
 */
function localToMs(zone: Zone, local: number): number {
  if (zone.kind === 'fixed') return local - zone.minutes * 60_000;
  const before = offsetOf(zone, local) * 60_000;
  const after = offsetOf(zone, local - before) * 60_000;
  if (before === after) return local - before;
  // (in the gap: the period holding local − before began after local − after)
  const inGap = before < after && offsetOf(zone, local - after) * 60_000 !== after;
  return inGap ? local - before : local - after;
}

/** Wall times in a zone with transitions → UTC wall time, per zone id (bounded). */
const utcMemo = new Map<string, Map<string, string>>();

/**
 * Converts a wall time in `tz` to UTC, as a site does (see {@link localToMs}): a time inside a
 * spring-forward gap is pushed forward by the gap, a time clocks show twice takes the instant PHP takes.
 */
export function wallToUtc(wall: string, tz: string): string {
  const zone = requireZone(tz);
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
    utc = formatWall(localToMs(zone, wallToMs(wall)));
    if (memo.size >= 20_000) memo.clear();
    memo.set(wall, utc);
  }
  return utc;
}

/**
 * The wall time clocks in `tz` show at an instant (seconds precision).
 * @throws RangeError for an unknown zone
 */
export function zonedWallTime(instant: Date | number, tz: string): WallTime {
  const ms = Math.floor((typeof instant === 'number' ? instant : instant.getTime()) / 1000) * 1000;
  return msToFields(ms + offsetOf(requireZone(tz), ms) * 60_000);
}

/**
 * The instant at which clocks in `tz` show `wall`, chosen as a site chooses it (see {@link wallToUtc}).
 * @throws RangeError for an unknown zone
 */
export function wallTimeToUtc(wall: WallTime, tz: string): Date {
  return new Date(localToMs(requireZone(tz), fieldsToMs(wall)));
}

const REACH_MS = 3 * 3_600_000;

/**
 * How far a zone's wall clock can step back in the hours around an instant, in minutes: the spread of
 * its offsets three hours either side (an hour on a night clocks go back, half an hour at Lord Howe,
 * two at Troll; 0 in a fixed zone). A local time taken that much before an instant is at or before
 * the local time of every later instant: what a query on a site's local times must ask from.
 */
export function backwardReach(tz: string, instant: Date | number): number {
  const zone = requireZone(tz);
  if (zone.kind === 'fixed') return 0;
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const offsets = [ms - REACH_MS, ms, ms + REACH_MS].map((at) => offsetOf(zone, at));
  return Math.max(...offsets) - Math.min(...offsets);
}
