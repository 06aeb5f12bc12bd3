/**
 * Lengths of time for an event's end: `--duration 90m`, and a relative `--end-date +2h`, which counts
 * from the event's start (not from now: "next monday 9am" to "+2h" must end at 11am that monday).
 */

import { addDays, fieldsToMs, formatWall, parseWallTime } from '../clock/index.js';
import { UsageError } from '../errors/index.js';

/** A length: whole calendar days (the clock time kept) plus minutes on the clock face. */
export interface Duration {
  days: number;
  minutes: number;
}

const UNITS: Record<string, 'd' | 'h' | 'm'> = {
  d: 'd',
  day: 'd',
  days: 'd',
  h: 'h',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  m: 'm',
  min: 'm',
  mins: 'm',
  minute: 'm',
  minutes: 'm',
};

/** How a duration is written, for errors and help. */
export const DURATION_FORMS = '90m, 2h, 1h30m, 1d, "2 hours", "45 minutes"';

/**
 * Reads `90m`, `2h`, `1h30m`, `1d`, `2 hours`, `1.5h` (a leading `+` is allowed).
 * @returns undefined when the text is not a duration of at least one minute
 */
export function parseDuration(text: string): Duration | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^\+\s*/, '');
  if (t === '') return undefined;
  const part = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*/gy;
  let days = 0;
  let minutes = 0;
  let at = 0;
  for (let m = part.exec(t); m !== null; m = part.exec(t)) {
    const unit = UNITS[m[2] ?? ''];
    const n = Number(m[1]);
    if (!unit || !Number.isFinite(n)) return undefined;
    if (unit === 'd') {
      if (!Number.isInteger(n)) return undefined;
      days += n;
    } else minutes += unit === 'h' ? n * 60 : n;
    at = part.lastIndex;
  }
  if (at !== t.length || (days === 0 && minutes < 1) || !Number.isInteger(minutes)) return undefined;
  return { days, minutes };
}

/** Whether an end date is written relative to the start (`+2h`, `+90m`, `+1d`), not as a date. */
export function isRelativeEnd(text: string): boolean {
  return /^\+\s*\d/.test(text.trim()) && parseDuration(text) !== undefined;
}

/**
 * `start` (server format wall time) plus a duration: days on the calendar, then minutes on the clock.
 * @throws UsageError when `text` is not a duration
 */
export function endAfter(start: string, text: string, flag: string): string {
  const d = parseDuration(text);
  const wall = parseWallTime(start);
  if (!d || !wall) {
    throw new UsageError(
      `${flag}: cannot read "${text}" as a length of time`,
      `write it as ${DURATION_FORMS}`,
      'invalid-duration',
    );
  }
  return formatWall(fieldsToMs(addDays(wall, d.days)) + d.minutes * 60_000);
}
