/**
 * `calctl calendar [--month 2026-12] [--week [DATE]]`: the month grid (default: this month) or a
 * week of seven columns, weeks starting on the site's `start_of_week` (else Monday, --week-start to
 * choose), days in the site's zone (--local-time: the machine's).
 */
import { parseDateInput } from '../../dates/index.js';
import { UsageError } from '../../errors/index.js';
import { colorLevel, createColor, loadColor, printText, stdoutTerminal, terminalWidth } from '../../output/index.js';
import type { Runtime } from '../types.js';
import { type Day, entriesByDay, plusDays, today, weekOf } from './days.js';
import { displayZone, fetchRange, showsView, weekStartOf, writeRecords } from './fetch.js';
import type { CalendarOptions } from './filters.js';
import { renderMonth, renderWeek, weeksOfMonth } from './grid.js';

/** `2026-12`, `12/2026`, `dec 2026`, `next month`, `+1mo` … → year and month. */
async function monthOf(rt: Runtime, text: string | undefined, zone: string): Promise<{ year: number; month: number }> {
  if (typeof text === 'string') {
    const m = /^(\d{4})-(\d{1,2})$/.exec(text.trim()) ?? /^(\d{1,2})\/(\d{4})$/.exec(text.trim())?.reverse();
    if (m) {
      const [year, month] = [Number(m[1]), Number(m[2])];
      if (month >= 1 && month <= 12) return { year, month };
    }
  }
  const day =
    typeof text === 'string'
      ? (
          await parseDateInput(/^[a-z]+\.? \d{4}$/i.test(text.trim()) ? `1 ${text}` : text, {
            now: rt.ctx.now(),
            dateFormat: rt.globals().dateFormat,
            timezone: zone,
          }).catch(() => {
            throw new UsageError(
              `--month: cannot read "${text}"`,
              'give YYYY-MM (2026-12), a month and year, or a date in it',
            );
          })
        ).slice(0, 10)
      : today(rt.ctx.now(), zone);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** Runs `calctl calendar`. */
export async function runCalendar(rt: Runtime, opts: CalendarOptions): Promise<void> {
  if (opts.month !== undefined && opts.week !== undefined) {
    throw new UsageError('--month and --week show different views', 'give one of them');
  }
  const zone = await displayZone(rt, opts.localTime === true);
  const view = await showsView(rt);
  // (the records alone do not depend on where weeks start: no settings request for them)
  const weekStart = view || opts.week !== undefined ? await weekStartOf(rt, opts.weekStart) : 1;
  let first: Day;
  let last: Day;
  let month: { year: number; month: number } | undefined;
  if (opts.week !== undefined) {
    const day =
      typeof opts.week === 'string'
        ? (
            await parseDateInput(opts.week, { now: rt.ctx.now(), timezone: zone, dateFormat: rt.globals().dateFormat })
          ).slice(0, 10)
        : today(rt.ctx.now(), zone);
    first = weekOf(day, weekStart);
    last = plusDays(first, 6);
  } else {
    month = await monthOf(rt, opts.month, zone);
    const weeks = weeksOfMonth(month.year, month.month, weekStart);
    first = weeks[0]?.[0] as Day;
    last = weeks[weeks.length - 1]?.[6] as Day;
  }
  const records = await fetchRange(rt, opts, first, last, zone);
  if (!view) return writeRecords(rt, records);
  const stdout = stdoutTerminal(rt.ctx);
  const level = colorLevel({ isTTY: stdout.isTTY, env: rt.ctx.env, format: 'table' });
  await loadColor(level);
  const layout = {
    width: terminalWidth(stdout.columns, rt.ctx.env),
    today: today(rt.ctx.now(), zone),
    weekStart,
    color: createColor(level),
  };
  const byDay = entriesByDay(records, first, last, zone);
  printText(rt.ctx, month ? renderMonth(month.year, month.month, byDay, layout) : renderWeek(first, byDay, layout));
}
