/**
 * The calendar views' layout without a terminal: which day each event falls on in the display zone
 * (a daylight-saving change, an event across midnight and a month's end, all-day spans), the order
 * within a day, and the agenda, month and week fitted to 80 and 132 columns.
 */
import { describe, expect, it } from 'vitest';
import { renderAgenda } from '../../src/commands/views/agenda.js';
import { entriesByDay, parseWeekStart, timeText } from '../../src/commands/views/days.js';
import { cellWidth, renderMonth, renderWeek, weeksOfMonth } from '../../src/commands/views/grid.js';
import { clip, textWidth } from '../../src/commands/views/style.js';

type Obj = Record<string, unknown>;
let id = 0;
/** An event as the site returns it; times are given in UTC (utc_*) and, for show, in Paris. */
const ev = (title: string, utcStart: string, utcEnd: string, extra: Obj = {}): Obj => ({
  id: ++id,
  title,
  all_day: false,
  start_date: utcStart,
  end_date: utcEnd,
  utc_start_date: utcStart,
  utc_end_date: utcEnd,
  ...extra,
});
const allDay = (title: string, start: string, end: string): Obj => ({
  id: ++id,
  title,
  all_day: true,
  start_date: `${start} 00:00:00`,
  end_date: `${end} 23:59:59`,
});
const music = { categories: [{ name: 'Music', slug: 'music' }], venue: { venue: 'Blue Room' } };

const RECORDS = [
  // Sunday 25 October 2026: Paris leaves summer time at 03:00 → 02:00
  ev('Before the change', '2026-10-24 18:00:00', '2026-10-24 20:00:00', music),
  ev('Across the change', '2026-10-24 23:30:00', '2026-10-25 02:30:00'),
  ev('After the change', '2026-10-25 09:00:00', '2026-10-25 10:00:00'),
  // across midnight and the month's end, in Paris time 22:00 → 02:00
  ev(
    'Halloween party with a title long enough to be cut in narrow cells',
    '2026-10-31 21:00:00',
    '2026-11-01 01:00:00',
    music,
  ),
  allDay('All Saints', '2026-11-01', '2026-11-01'),
  allDay('Autumn fair', '2026-10-30', '2026-11-02'),
];

describe('days in the display zone', () => {
  const byDay = entriesByDay(RECORDS, '2026-10-24', '2026-11-02', 'Europe/Paris');
  const on = (day: string) =>
    (byDay.get(day) ?? []).map((e) => `${timeText(e)} ${e.record.title}${e.part ? ` ${e.part.n}/${e.part.of}` : ''}`);

  it('places events by their instant shown in the zone, across the daylight-saving change', () => {
    expect(on('2026-10-24')).toEqual(['20:00–22:00 Before the change']);
    // 23:30Z is 01:30 CEST; 02:30Z is 03:30 CET: two clock hours after the change, three real ones
    expect(on('2026-10-25')).toEqual(['01:30–03:30 Across the change', '10:00–11:00 After the change']);
  });

  it('shows an event across midnight and the month end on both days, all-day rows first', () => {
    expect(on('2026-10-31')).toEqual([
      'all day Autumn fair 2/4',
      '22:00 → Halloween party with a title long enough to be cut in narrow cells 1/2',
    ]);
    expect(on('2026-11-01')).toEqual([
      'all day All Saints',
      'all day Autumn fair 3/4',
      '→ 02:00 Halloween party with a title long enough to be cut in narrow cells 2/2',
    ]);
    expect(on('2026-11-02')).toEqual(['all day Autumn fair 4/4']);
  });

  it('reads week starts as names or numbers', () => {
    expect([parseWeekStart('sunday'), parseWeekStart('Mon'), parseWeekStart('6'), parseWeekStart('x')]).toEqual([
      0,
      1,
      6,
      undefined,
    ]);
  });
});

describe('fitted to the terminal', () => {
  const byDay = entriesByDay(RECORDS, '2026-09-28', '2026-11-08', 'Europe/Paris');
  const layout = (width: number) => ({ width, today: '2026-10-25', weekStart: 1 });
  const widths = (text: string) => text.trimEnd().split('\n').map(textWidth);

  it.each([80, 132])('the month fills %i columns and no more', (width) => {
    const text = renderMonth(2026, 10, byDay, layout(width));
    expect(Math.max(...widths(text))).toBeLessThanOrEqual(width);
    expect(Math.max(...widths(text))).toBeGreaterThan(width - 9);
    expect(text).toContain('October 2026');
    expect(text).toContain('[25]'); // today, without colour
    const cw = cellWidth(width);
    expect(text).toContain(clip(`${width < 100 ? '22h' : '22:00'} Halloween party with a title long enough`, cw));
  });

  it('weeks start on the day asked for and cover the month', () => {
    const weeks = weeksOfMonth(2026, 11, 0);
    expect(weeks[0]?.[0]).toBe('2026-11-01'); // a Sunday
    expect(weeks.at(-1)?.at(-1)).toBe('2026-12-05');
    expect(renderMonth(2026, 11, byDay, { ...layout(80), weekStart: 0 }).split('\n')[2]).toMatch(/^│Sunday/);
  });

  it('says +N more when a day has more events than lines', () => {
    const many = Array.from({ length: 6 }, (_, i) =>
      ev(`Talk ${i}`, `2026-10-14 0${i}:00:00`, `2026-10-14 0${i}:30:00`),
    );
    const text = renderMonth(2026, 10, entriesByDay(many, '2026-09-28', '2026-11-08', 'UTC'), layout(80));
    expect(text).toContain('+3 more');
    expect(text).toContain('02h Talk 2');
    expect(text).not.toContain('Talk 3');
  });

  it.each([80, 132])('the week and the agenda fit %i columns', (width) => {
    const week = renderWeek('2026-10-26', byDay, layout(width));
    expect(Math.max(...widths(week))).toBeLessThanOrEqual(width);
    expect(week).toMatch(/Sat 31 Oct/);
    const agenda = renderAgenda(byDay, '2026-10-24', '2026-11-02', layout(width));
    expect(Math.max(...widths(agenda))).toBeLessThanOrEqual(width);
    expect(agenda).toContain('Sunday 25 October 2026 · today');
    expect(agenda).toContain('Blue Room');
  });

  it('drops the venue column when too narrow, and says when there is nothing', () => {
    const narrow = renderAgenda(
      entriesByDay(RECORDS, '2026-10-24', '2026-10-24', 'Europe/Paris'),
      '2026-10-24',
      '2026-10-24',
      layout(40),
    );
    expect(narrow).not.toContain('Blue Room');
    expect(renderAgenda(new Map(), '2026-12-01', '2026-12-07', layout(80))).toBe(
      'No events from Tue 1 Dec to Mon 7 Dec 2026.\n',
    );
  });
});
