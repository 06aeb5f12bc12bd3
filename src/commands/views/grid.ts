/**
 * The grids of `calctl calendar`: a month like cal(1) with each day's events in its cell (time and
 * title cut to the cell, `+N more` when they do not fit), and a week of seven columns with every
 * event in time order. Cells share the terminal's width, so 80 columns stay readable and wider
 * terminals show more of each title. Today is marked: inverse on a colour terminal, `[5]` without.
 */
import type { ChalkInstance } from 'chalk';
import { type Day, type DayEntry, daysBetween, monthTitle, plusDays, shortDay, weekdayNames } from './days.js';
import { cell, clip, painter, textWidth, titleOf } from './style.js';

/** How a grid is drawn. */
export interface GridLayout {
  width: number;
  today: Day;
  weekStart: number;
  color?: ChalkInstance | undefined;
  /** event lines per day in the month grid before `+N more` */
  lines?: number | undefined;
}

/** Width of each of the seven cells: the terminal shared out, borders counted. */
export const cellWidth = (width: number): number => Math.max(4, Math.floor((width - 8) / 7));

const centre = (text: string, width: number) => {
  const t = clip(text, width);
  const left = Math.floor((width - textWidth(t)) / 2);
  return `${' '.repeat(Math.max(0, left))}${t}`.padEnd(width);
};

/** `19:00`, or `19h` when cells are narrow and the minutes are 00. */
function shortTime(e: DayEntry, narrow: boolean): string {
  if (e.allDay || e.from === undefined) return '';
  return narrow && e.from.endsWith(':00') ? `${e.from.slice(0, 2)}h` : e.from;
}

function eventLine(e: DayEntry, width: number): string {
  const time = shortTime(e, width < 16);
  const prefix = e.part && e.part.n > 1 ? '→' : '';
  return clip(`${time}${time ? ' ' : ''}${prefix}${titleOf(e.record)}`, width);
}

function rule(cw: number, left: string, mid: string, right: string): string {
  return `${left}${Array.from({ length: 7 }, () => '─'.repeat(cw)).join(mid)}${right}`;
}

function row(cells: readonly string[]): string {
  return `│${cells.join('│')}│`;
}

/** A day number (or label) cell, today marked. */
function dayLabel(text: string, day: Day, cw: number, layout: GridLayout, dim: boolean): string {
  const { color } = layout;
  const isToday = day === layout.today;
  // (marked today without colour: `[Wed 25 Nov]`, or `[Wed 25]` when the cell is too narrow)
  let shown = isToday && !color ? `[${text}]` : text;
  if (textWidth(shown) > cw && isToday && !color) shown = `[${text.split(' ').slice(0, 2).join(' ')}]`;
  const padded = cell(shown, cw);
  if (!color) return padded;
  if (isToday) return color.inverse(padded);
  return dim ? color.dim(padded) : padded;
}

/**
 * A month: the weeks holding its days (from the week's first day), each a row of day numbers and
 * the day's events below.
 */
export function renderMonth(
  year: number,
  month: number,
  byDay: ReadonlyMap<Day, readonly DayEntry[]>,
  layout: GridLayout,
): string {
  const cw = cellWidth(layout.width);
  const paint = painter(layout.color);
  const maxLines = layout.lines ?? 4;
  const inner = cw * 7 + 6;
  const title = centre(monthTitle(year, month), inner);
  const out = [` ${layout.color ? layout.color.bold(title) : title}`.trimEnd(), rule(cw, '┌', '┬', '┐')];
  out.push(row(weekdayNames(layout.weekStart, cw < 9 ? 3 : 9).map((n) => cell(n, cw))));
  const weeks = weeksOfMonth(year, month, layout.weekStart);
  for (const week of weeks) {
    out.push(rule(cw, '├', '┼', '┤'));
    const prefix = `${year}-${String(month).padStart(2, '0')}`;
    out.push(row(week.map((d) => dayLabel(String(Number(d.slice(8))), d, cw, layout, !d.startsWith(prefix)))));
    const lists = week.map((d) => byDay.get(d) ?? []);
    const needed = Math.max(0, ...lists.map((l) => l.length));
    const shown = Math.min(needed, maxLines);
    for (let i = 0; i < shown; i++) {
      out.push(
        row(
          lists.map((list) => {
            const e = list[i];
            if (!e) return ' '.repeat(cw);
            if (i === shown - 1 && list.length > shown) return cell(`+${list.length - shown + 1} more`, cw);
            return paint(e.record, cell(eventLine(e, cw), cw));
          }),
        ),
      );
    }
  }
  out.push(rule(cw, '└', '┴', '┘'));
  return `${out.join('\n')}\n`;
}

/** The days of the weeks that hold a month's days, week by week. */
export function weeksOfMonth(year: number, month: number, weekStart: number): Day[][] {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const last = plusDays(next, -1);
  let start = first;
  while (new Date(`${start}T00:00:00Z`).getUTCDay() !== weekStart) start = plusDays(start, -1);
  const days = daysBetween(start, last);
  while (days.length % 7 !== 0) days.push(plusDays(days[days.length - 1] as Day, 1));
  const weeks: Day[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** Wraps text into lines of `width`, at most `max` lines (the last one cut with `…`). */
function wrap(text: string, width: number, max: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next) <= width || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = clip(`${kept[max - 1]} ${lines.slice(max).join(' ')}`, width);
    return kept.map((l) => clip(l, width));
  }
  return lines.map((l) => clip(l, width));
}

/** A week: seven columns from `first`, each day's events in time order (time, then the title). */
export function renderWeek(first: Day, byDay: ReadonlyMap<Day, readonly DayEntry[]>, layout: GridLayout): string {
  const cw = cellWidth(layout.width);
  const paint = painter(layout.color);
  const days = daysBetween(first, plusDays(first, 6));
  const out = [rule(cw, '┌', '┬', '┐')];
  out.push(row(days.map((d) => dayLabel(shortDay(d), d, cw, layout, false))));
  out.push(rule(cw, '├', '┼', '┤'));
  // Each column as its lines; the row count is the longest column.
  const columns = days.map((d) => {
    const lines: string[] = [];
    for (const e of byDay.get(d) ?? []) {
      const time = e.allDay ? 'all day' : e.from && e.to ? `${e.from}–${e.to}` : e.from ? `${e.from} →` : `→ ${e.to}`;
      const timeCell = cell(time, cw);
      lines.push(layout.color ? layout.color.dim(timeCell) : timeCell);
      for (const l of wrap(titleOf(e.record), cw, 2)) lines.push(paint(e.record, cell(l, cw)));
    }
    return lines;
  });
  const height = Math.max(1, ...columns.map((c) => c.length));
  for (let i = 0; i < height; i++) out.push(row(columns.map((c) => c[i] ?? ' '.repeat(cw))));
  out.push(rule(cw, '└', '┴', '┘'));
  return `${out.join('\n')}\n`;
}
