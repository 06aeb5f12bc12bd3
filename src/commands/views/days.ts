/**
 * Calendar days for the views: plain dates (no zone), the events that fall on each day in a display
 * zone, and the order events are shown in. A timed event is placed by its instant, shown in the
 * display zone (the site's, or the machine's with --local-time); an all-day event by its own dates.
 */
import {
  addDays,
  formatWall,
  MONTH_NAMES,
  parseWallTime,
  type WallTime,
  WEEKDAY_NAMES,
  zonedWallTime,
} from '../../clock/index.js';

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

type Obj = Record<string, unknown>;

const wall = (day: Day): WallTime => {
  const [y, m, d] = day.split('-').map(Number);
  return { year: y ?? 1970, month: m ?? 1, day: d ?? 1, hour: 0, minute: 0, second: 0 };
};

/** The day `n` days after `day`. */
export const plusDays = (day: Day, n: number): Day => formatWall(addDays(wall(day), n)).slice(0, 10);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: Day): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: Day, last: Day): Day[] {
  const out: Day[] = [];
  for (let d = first; d <= last; d = plusDays(d, 1)) out.push(d);
  return out;
}

/** The first day of the week holding `day`, for weeks starting on `weekStart` (0 = Sunday). */
export const weekOf = (day: Day, weekStart: number): Day => plusDays(day, -((weekday(day) - weekStart + 7) % 7));

/** Today in `zone`. */
export const today = (now: Date, zone: string): Day => formatWall(zonedWallTime(now, zone)).slice(0, 10);

/** One event on one day of the view. */
export interface DayEntry {
  record: Obj;
  /** shown in the all-day row: an all-day event, or a day in the middle of a longer one */
  allDay: boolean;
  /** `HH:MM` start and end on this day, in the display zone (absent where the event goes on) */
  from?: string | undefined;
  to?: string | undefined;
  /** for an event over several days: this day's number and the count */
  part?: { n: number; of: number } | undefined;
  /** sort key within the day */
  key: string;
}

/** Start and end of an event in the display zone, as `YYYY-MM-DD HH:MM:SS`. */
export function shownSpan(record: Obj, zone: string): { start: string; end: string; allDay: boolean } | undefined {
  const allDay = record.all_day === true;
  if (allDay) {
    if (typeof record.start_date !== 'string' || typeof record.end_date !== 'string') return undefined;
    return { start: record.start_date, end: record.end_date, allDay };
  }
  const inZone = (utc: unknown, local: unknown) => {
    if (typeof utc === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(utc)) {
      return formatWall(zonedWallTime(new Date(`${utc.replace(' ', 'T')}Z`), zone));
    }
    return typeof local === 'string' && parseWallTime(local) ? local : undefined;
  };
  const start = inZone(record.utc_start_date, record.start_date);
  const end = inZone(record.utc_end_date, record.end_date);
  return start && end ? { start, end, allDay } : undefined;
}

/**
 * The entries of every day from `first` to `last`, in the order the views show them: all-day rows
 * first, then by start time, then by title.
 */
export function entriesByDay(records: readonly Obj[], first: Day, last: Day, zone: string): Map<Day, DayEntry[]> {
  const days = new Map<Day, DayEntry[]>(daysBetween(first, last).map((d) => [d, []]));
  for (const record of records) {
    const span = shownSpan(record, zone);
    if (!span) continue;
    const startDay = span.start.slice(0, 10);
    // An end at midnight sharp belongs to the day before (22:00–00:00 is one evening).
    let endDay = span.end.slice(0, 10);
    if (!span.allDay && span.end.slice(11) === '00:00:00' && endDay > startDay) endDay = plusDays(endDay, -1);
    if (endDay < startDay) endDay = startDay;
    const covered = daysBetween(startDay, endDay);
    const title = String(record.title ?? '').toLowerCase();
    covered.forEach((day, i) => {
      const list = days.get(day);
      if (!list) return;
      const first = i === 0;
      const lastDay = i === covered.length - 1;
      const wholeDay = span.allDay || (!first && !lastDay);
      const from = !span.allDay && first ? span.start.slice(11, 16) : undefined;
      const to = !span.allDay && lastDay ? span.end.slice(11, 16) : undefined;
      list.push({
        record,
        allDay: wholeDay,
        from,
        to: to === '00:00' && !first ? '24:00' : to,
        part: covered.length > 1 ? { n: i + 1, of: covered.length } : undefined,
        key: `${wholeDay ? '0' : '1'}${from ?? '00:00'}${title}`,
      });
    });
  }
  for (const list of days.values()) list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return days;
}

/** The time text of an entry: `19:00–21:00`, `22:00 →`, `→ 02:00`, `all day`. */
export function timeText(e: DayEntry): string {
  if (e.allDay) return 'all day';
  if (e.from !== undefined && e.to !== undefined) return e.from === e.to ? e.from : `${e.from}–${e.to}`;
  if (e.from !== undefined) return `${e.from} →`;
  return `→ ${e.to ?? ''}`;
}

/** `Friday 5 December 2026`. */
export function longDay(day: Day): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${WEEKDAY_NAMES[weekday(day)]} ${d} ${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}

/** `Fri 5 Dec`. */
export function shortDay(day: Day): string {
  const [, m, d] = day.split('-').map(Number);
  return `${WEEKDAY_NAMES[weekday(day)]?.slice(0, 3)} ${d} ${MONTH_NAMES[(m ?? 1) - 1]?.slice(0, 3)}`;
}

/** `December 2026`. */
export const monthTitle = (year: number, month: number): string => `${MONTH_NAMES[month - 1]} ${year}`;

/** Weekday names from `weekStart` on, cut to `width` letters. */
export const weekdayNames = (weekStart: number, width: number): string[] =>
  Array.from({ length: 7 }, (_, i) => (WEEKDAY_NAMES[(weekStart + i) % 7] ?? '').slice(0, width));

/** `monday` / `mon` / `1` → 1 (0 = Sunday); undefined for anything else. */
export function parseWeekStart(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (/^[0-6]$/.test(t)) return Number(t);
  const i = WEEKDAY_NAMES.findIndex((w) => t.length >= 2 && w.toLowerCase().startsWith(t));
  return i >= 0 ? i : undefined;
}
