/**
 * An event's start and end from the cells a sheet spreads them over, in the shapes people type:
 *
 * - full dates in start and end (`2027-01-14 19:30`), with or without separate time columns (the
 *   site importer's `Event Start Time`);
 * - a day column (`Date`) with times in `Start`/`End` (`19:30`, `21:00`) or in a `Time` column;
 * - an end (or a start) that is only a time, after a full start: it falls on the start's day, or on
 *   the next one when it would end before it began (`22:00`–`02:00`);
 * - a range in one cell (`19:30-21:00`, `2027-01-14 19:30 – 21:00`, `7pm to 9pm`);
 * - a duration column (`90m`, `2h`, `1:30`), or `--default-duration` for an event given no end.
 *
 * Only the wall times are decided here; the dates themselves are read by dates.ts.
 */
import { addDays, formatWall, parseWallTime } from '../clock/index.js';
import { endAfter, parseDuration } from '../dates/duration.js';
import { type DateCellOptions, parseDateCells, parseTimeCell } from './dates.js';

/** Why the times of a row cannot be read, and the target whose column is at fault. */
export class TimesProblem extends Error {
  constructor(
    readonly target: string,
    message: string,
  ) {
    super(message);
  }
}

/** The cells of a row by target (`start_date`, `start_time`, `day`, `end_date`, `end_time`, `duration`). */
export type TargetCells = (target: string) => string;

/** What reading an event's times decided. */
export interface EventTimes {
  start: string;
  end: string;
  /** the end came from `--default-duration` (the row gave none) */
  defaulted: boolean;
}

const RANGE = /^(.*?\S)\s*(?:-|–|—|\bto\b|\bbis\b|\bà\b|\bal\b|\btot\b)\s*(\S.*)$/i;

/**
 * `19:30-21:00`, `7pm to 9pm`, `2027-01-14 19:30 – 21:00`: the two sides when the right one is a
 * time and the left one ends in a time (a date's own dashes are no range).
 */
export function splitRange(text: string): [string, string] | undefined {
  const m = RANGE.exec(text.trim());
  if (!m) return undefined;
  const [, left = '', right = ''] = m;
  if (!parseTimeCell(right)) return undefined;
  const lastWord = left.split(/\s+/).pop() ?? '';
  return parseTimeCell(lastWord) ? [left, right] : undefined;
}

/** A length written in a cell: `90m`, `2h`, `1h30m`, `2 hours`, `1:30`. */
export function durationText(text: string): string | undefined {
  const t = text.trim();
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(t);
  if (clock) {
    const minutes = Number(clock[1]) * 60 + Number(clock[2]);
    return minutes > 0 ? `${minutes}m` : undefined;
  }
  return parseDuration(t) ? t : undefined;
}

const isTimeOnly = (text: string) => text.trim() !== '' && parseTimeCell(text) !== undefined;

/**
 * The start and end of an event row.
 * @param defaultDuration `--default-duration`, for a row that gives no end at all
 * @throws TimesProblem naming the target whose cell is wrong
 */
export async function eventTimes(
  cell: TargetCells,
  opts: DateCellOptions,
  allDay: boolean,
  defaultDuration: string | undefined,
): Promise<EventTimes> {
  let startCell = cell('start_date').trim();
  let startTime = cell('start_time').trim();
  let endCell = cell('end_date').trim();
  let endTime = cell('end_time').trim();
  const day = cell('day').trim();
  // A range in the start or time cell gives the end too, when no end is given beside it.
  const rangeIn = (text: string) => (endCell === '' && endTime === '' ? splitRange(text) : undefined);
  const timeRange = rangeIn(startTime);
  if (timeRange) [startTime, endTime] = timeRange;
  const startRange = rangeIn(startCell);
  if (startRange) [startCell, endTime] = startRange;
  // Times alone in the start and end columns: they fall on the day column's day.
  if (isTimeOnly(startCell)) {
    if (startTime !== '') throw new TimesProblem('start_date', `"${startCell}" is a time, and so is "${startTime}"`);
    startTime = startCell;
    startCell = '';
  }
  const endOnlyTime = isTimeOnly(endCell);
  if (endOnlyTime) {
    if (endTime !== '') throw new TimesProblem('end_date', `"${endCell}" is a time, and so is "${endTime}"`);
    endTime = endCell;
    endCell = '';
  }
  if (startCell === '') {
    if (day === '') {
      throw new TimesProblem(
        startTime !== '' ? 'start_time' : 'start_date',
        startTime !== ''
          ? `"${startTime}" is only a time: the row has no day for it (add a Date column, or write the date in the start)`
          : 'start_date is required',
      );
    }
    startCell = day;
  }
  const start = await parseDateCells(startCell, startTime, opts);
  if ('error' in start)
    throw new TimesProblem(start.inTime ? 'start_time' : startCell === day ? 'day' : 'start_date', start.error);
  let startValue = start.value;
  if (day !== '' && startCell !== day) {
    const own = await parseDateCells(day, '', opts);
    if ('error' in own) throw new TimesProblem('day', own.error);
    if (own.value.slice(0, 10) !== startValue.slice(0, 10)) {
      throw new TimesProblem(
        'day',
        `the day "${day}" (${own.value.slice(0, 10)}) is not the start's day (${startValue.slice(0, 10)})`,
      );
    }
  }
  let endValue = startValue;
  let defaulted = false;
  const duration = cell('duration').trim();
  if (endCell !== '' || endTime !== '') {
    // As the site's importer: no end date → the start's day (with the end time). An end date without a
    // time means the end of that day, as `--end-date 2026-12-22` does.
    const endDay = endCell || startValue.slice(0, 10);
    const end = await parseDateCells(endDay, endTime, { ...opts, endOfDay: true });
    if ('error' in end) throw new TimesProblem(end.inTime ? 'end_time' : 'end_date', end.error);
    endValue = end.value;
    // (an end given as a time alone that comes before the start is the next morning's: 22:00–02:00)
    if (endCell === '' && endValue < startValue) {
      const next = parseWallTime(endValue);
      if (next) endValue = formatWall(addDays(next, 1));
    }
  } else if (duration !== '') {
    const length = durationText(duration);
    if (!length) {
      throw new TimesProblem(
        'duration',
        `cannot read "${duration}" as a length of time (write 90m, 2h, 1h30m or 1:30)`,
      );
    }
    endValue = endAfter(startValue, length, 'duration');
  } else if (defaultDuration !== undefined && !allDay) {
    endValue = endAfter(startValue, defaultDuration, '--default-duration');
    defaulted = true;
  }
  if (allDay) {
    startValue = `${startValue.slice(0, 10)} 00:00:00`;
    endValue = `${endValue.slice(0, 10)} 23:59:59`;
  }
  if (endValue < startValue) {
    throw new TimesProblem(
      cell('end_date').trim() !== '' ? 'end_date' : 'end_time',
      `the end (${endValue}) is before the start (${startValue})`,
    );
  }
  return { start: startValue, end: endValue, defaulted };
}
