/**
 * `calctl agenda`: the events of the next days (or of a range) under a heading per day, all-day
 * events first and then by start time, with time, title and venue fitted to the terminal. An event
 * over several days appears on each (`(day 2/3)`). Colour per category on a terminal only.
 */
import type { ChalkInstance } from 'chalk';
import { parseDateInput } from '../../dates/index.js';
import { UsageError } from '../../errors/index.js';
import { colorLevel, createColor, loadColor, printText, stdoutTerminal, terminalWidth } from '../../output/index.js';
import type { Runtime } from '../types.js';
import { type Day, type DayEntry, entriesByDay, longDay, plusDays, shortDay, timeText, today } from './days.js';
import { displayZone, fetchRange, showsView, writeRecords } from './fetch.js';
import type { AgendaOptions } from './filters.js';
import { cell, clip, painter, textWidth, titleOf, venueOf } from './style.js';

/** How the agenda is laid out. */
export interface AgendaLayout {
  width: number;
  today: Day;
  color?: ChalkInstance | undefined;
}

const TIME_WIDTH = 11;

function entryTitle(e: DayEntry): string {
  const title = titleOf(e.record);
  return e.part ? `${title} (day ${e.part.n}/${e.part.of})` : title;
}

/** The agenda's text for the days `first` … `last`. */
export function renderAgenda(byDay: Map<Day, DayEntry[]>, first: Day, last: Day, layout: AgendaLayout): string {
  const { width, color } = layout;
  const paint = painter(color);
  const entries = [...byDay.values()].flat();
  if (entries.length === 0) {
    const range = first === last ? shortDay(first) : `${shortDay(first)} to ${shortDay(last)} ${last.slice(0, 4)}`;
    return `No events ${first === last ? 'on' : 'from'} ${range}.\n`;
  }
  // Columns: 2 spaces, time, 2 spaces, title, 2 spaces, venue (dropped when too narrow).
  const rest = Math.max(10, width - 2 - TIME_WIDTH - 2);
  const longestVenue = Math.max(0, ...entries.map((e) => textWidth(venueOf(e.record))));
  const venueWidth = rest >= 40 && longestVenue > 0 ? Math.min(longestVenue, Math.floor(rest * 0.35)) : 0;
  const titleWidth = venueWidth > 0 ? rest - 2 - venueWidth : rest;
  const lines: string[] = [];
  for (const [day, list] of byDay) {
    if (list.length === 0) continue;
    if (lines.length > 0) lines.push('');
    const heading = clip(`${longDay(day)}${day === layout.today ? ' · today' : ''}`, width);
    lines.push(color ? color.bold(heading) : heading);
    for (const e of list) {
      const time = cell(timeText(e), TIME_WIDTH);
      const title = paint(e.record, venueWidth > 0 ? cell(entryTitle(e), titleWidth) : clip(entryTitle(e), titleWidth));
      const venue = venueWidth > 0 ? `  ${clip(venueOf(e.record), venueWidth)}` : '';
      lines.push(`  ${color ? color.dim(time) : time}  ${title}${venue}`.trimEnd());
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The first and last day of the agenda from --days, --start-date and --end-date. */
async function agendaRange(rt: Runtime, opts: AgendaOptions, zone: string): Promise<{ first: Day; last: Day }> {
  const days = opts.days ?? 7;
  if (!Number.isInteger(days) || days < 1 || days > 366) {
    throw new UsageError('--days must be a whole number from 1 to 366');
  }
  const read = async (text: string | undefined) =>
    typeof text === 'string'
      ? (await parseDateInput(text, { now: rt.ctx.now(), timezone: zone, dateFormat: rt.globals().dateFormat })).slice(
          0,
          10,
        )
      : undefined;
  const first = (await read(opts.startDate)) ?? today(rt.ctx.now(), zone);
  const last = (await read(opts.endDate)) ?? plusDays(first, days - 1);
  if (last < first) throw new UsageError(`--end-date (${last}) is before the start (${first})`);
  return { first, last };
}

/** Runs `calctl agenda`. */
export async function runAgenda(rt: Runtime, opts: AgendaOptions): Promise<void> {
  const zone = await displayZone(rt, opts.localTime === true);
  const { first, last } = await agendaRange(rt, opts, zone);
  const records = await fetchRange(rt, opts, first, last, zone);
  if (!(await showsView(rt))) return writeRecords(rt, records);
  const stdout = stdoutTerminal(rt.ctx);
  const level = colorLevel({ isTTY: stdout.isTTY, env: rt.ctx.env, format: 'table' });
  await loadColor(level);
  const text = renderAgenda(entriesByDay(records, first, last, zone), first, last, {
    width: terminalWidth(stdout.columns, rt.ctx.env),
    today: today(rt.ctx.now(), zone),
    color: createColor(level),
  });
  printText(rt.ctx, text);
}
