import { beforeAll, describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import {
  cellText,
  colorEnabled,
  createRecordWriter,
  fitWidths,
  headerLabel,
  type JsonRecord,
  loadColor,
  readableDate,
  renderTable,
  terminalWidth,
} from '../../src/output/index.js';

// Colour output needs chalk loaded first, as the commands do (writerOptions).
beforeAll(() => loadColor(1));

function makeEvent(id: number, over: JsonRecord = {}): JsonRecord {
  return {
    id,
    status: 'publish',
    title: `A rather long event title number ${id} that will not fit`,
    all_day: false,
    start_date: '2026-12-05 19:00:00',
    end_date: '2026-12-05 21:30:00',
    categories: [{ name: 'Rock &amp; Roll', id: 4 }],
    venue: { id: 7, venue: 'The Grand Municipal Concert Hall of Springfield' },
    organizer: [{ id: 8, organizer: 'Acme Events' }],
    ...over,
  };
}

const EVENTS = [makeEvent(6), makeEvent(1234, { status: 'draft', venue: [] })];
const ESC = '\x1b[';

function tableText(opts: {
  columns?: number;
  env?: Record<string, string>;
  color?: boolean;
  readableDates?: boolean;
  records?: JsonRecord[];
}) {
  const out = { text: '', write: (s: string) => out.chunks.push(s), chunks: [] as string[] };
  const writer = createRecordWriter({
    format: 'table',
    stream: out,
    stderr: { write: () => true },
    resource: getResource('events'),
    isTTY: true,
    columns: opts.columns,
    env: opts.env,
    color: opts.color,
    readableDates: opts.readableDates,
  });
  for (const r of opts.records ?? EVENTS) writer.write(r);
  writer.end();
  return out.chunks.join('');
}

describe('table width', () => {
  it.each([60, 80, 100])('fits a %i-column terminal and truncates with …', (columns) => {
    const lines = tableText({ columns }).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
    expect(lines[1]).toContain('…');
  });

  it.each([true, false])('on an 80-column terminal keeps the start whole with its time (readable %s)', (readable) => {
    const [head, row] = tableText({ columns: 80, readableDates: readable }).split('\n');
    expect([...(head ?? '')].length).toBeLessThanOrEqual(80);
    expect([...(row ?? '')].length).toBeLessThanOrEqual(80);
    const start = row?.split(/\s{2,}/)[1];
    expect(start).toBe(readable ? 'Sat 5 Dec 2026 19:00' : '2026-12-05 19:00');
    expect(row).toContain('…');
  });

  it('keeps the start with its time on a 60-column terminal too; the title and venue give way', () => {
    const [, row] = tableText({ columns: 60, readableDates: true }).split('\n');
    expect(row?.split(/\s{2,}/)[1]).toBe('Sat 5 Dec 2026 19:00');
    expect([...(row ?? '')].length).toBeLessThanOrEqual(60);
  });

  it('keeps dates with their seconds when the table fits', () => {
    expect(tableText({ columns: 200, readableDates: false })).toContain('2026-12-05 19:00:00');
  });

  it('on a very narrow terminal keeps columns readable (6 characters) rather than fitting', () => {
    const [, row] = tableText({ columns: 30 }).split('\n');
    expect(row?.split(/\s{2,}/)).toEqual(['6', 'Sat 5…', 'Sat 5…', 'A rat…', 'The G…', 'publi…']);
  });

  it('keeps short tables as they are', () => {
    const lines = tableText({ columns: 200 }).trimEnd().split('\n');
    expect(lines[1]).toContain('The Grand Municipal Concert Hall of Springfield');
    expect(lines[1]).not.toContain('…');
  });

  it('defaults to 80 columns when the width is unknown', () => {
    const lines = tableText({}).trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(Math.max(...lines.map((l) => l.length))).toBeGreaterThan(70);
  });

  it('a terminal reporting 0 columns gets COLUMNS, else 80, not 6-character columns', () => {
    const widest = (text: string) =>
      Math.max(
        ...text
          .trimEnd()
          .split('\n')
          .map((l) => l.length),
      );
    expect(widest(tableText({ columns: 0 }))).toBeGreaterThan(70);
    expect(widest(tableText({ columns: 0 }))).toBeLessThanOrEqual(80);
    const wide = tableText({ columns: 0, env: { COLUMNS: '120' } });
    expect(widest(wide)).toBeGreaterThan(100);
    expect(widest(wide)).toBeLessThanOrEqual(120);
    expect(widest(tableText({ env: { COLUMNS: '120' } }))).toBeGreaterThan(100);
    expect(widest(tableText({ columns: 60, env: { COLUMNS: '120' } }))).toBeLessThanOrEqual(60);
  });

  it.each([
    [100, {}, 100],
    [0, {}, 80],
    [undefined, {}, 80],
    [0, { COLUMNS: '120' }, 120],
    [undefined, { COLUMNS: '120' }, 120],
    [90, { COLUMNS: '120' }, 90],
    [0, { COLUMNS: '0' }, 80],
    [0, { COLUMNS: '-5' }, 80],
    [0, { COLUMNS: 'wide' }, 80],
    [0, { COLUMNS: '12.5' }, 80],
    [0, { COLUMNS: '' }, 80],
    [Number.NaN, {}, 80],
  ])('terminalWidth(%s, %j) = %i', (columns, env, expected) => {
    expect(terminalWidth(columns, env)).toBe(expected);
  });

  it.each([
    [[2, 19, 19, 60, 47, 7], 60, 60],
    [[10, 10], 100, 22],
    [[4, 4, 4], 5, 16], // floor reached: overflows rather than emptying columns
  ])('fitWidths(%j, %i) totals %i with gaps', (natural, available, total) => {
    const widths = fitWidths(natural, available);
    expect(widths.reduce((a, b) => a + b, 0) + 2 * (natural.length - 1)).toBe(total);
    widths.forEach((w, i) => {
      expect(w).toBeLessThanOrEqual(natural[i] ?? 0);
    });
  });

  it('a kept column keeps its width while the others can give way to 6 characters', () => {
    expect(fitWidths([2, 20, 20, 40, 40, 7], 80, 2, [false, true])).toEqual([2, 20, 14, 14, 13, 7]);
    // (the others cannot make room: evenly, as without keep)
    expect(fitWidths([4, 20, 20], 20, 2, [false, true])).toEqual(fitWidths([4, 20, 20], 20));
  });

  it('shrinks the widest columns first, evenly', () => {
    expect(fitWidths([2, 40, 40], 60)).toEqual([2, 27, 27]);
    expect(fitWidths([2, 10, 80], 40)).toEqual([2, 10, 24]);
  });
});

describe('table cells', () => {
  it('shows the default event columns with readable dates on a terminal', () => {
    const [head, row] = tableText({ columns: 200, readableDates: true }).split('\n');
    expect(head).toMatch(/^ID\s+START\s+END\s+TITLE\s+VENUE\s+STATUS$/);
    expect(row).toMatch(/^6\s+Sat 5 Dec 2026 19:00\s+Sat 5 Dec 2026 21:30\s+A rather/);
  });

  it('keeps exact dates when not readable', () => {
    expect(tableText({ columns: 200, readableDates: false })).toContain('2026-12-05 19:00:00');
  });

  it.each([
    [true, 'yes'],
    [false, 'no'],
    [null, ''],
    [[], ''],
    [[{ name: 'Rock &amp; Roll' }, { name: 'Jazz' }], 'Rock & Roll, Jazz'],
    [{ id: 7, venue: 'Hall' }, 'Hall'],
    ['<p>Line one</p>\n<p>Line two</p>', 'Line one Line two'],
    ['2026-12-05 19:00:00', '2026-12-05 19:00:00'],
  ])('cellText(%j) → %j', (value, expected) => {
    expect(cellText(value)).toBe(expected);
  });

  it.each([
    ['2026-12-05 19:00:00', 'Sat 5 Dec 2026 19:00'],
    ['2026-12-01 10:00:00', 'Tue 1 Dec 2026 10:00'],
    ['0000-00-00 00:00:00', ''],
    ['not a date', 'not a date'],
  ])('readableDate(%s) → %j', (text, expected) => {
    expect(readableDate(text)).toBe(expected);
  });

  it.each([
    ['id', 'ID'],
    ['start_date', 'START'],
    ['venue.venue', 'VENUE'],
    ['categories.name', 'CATEGORIES'],
    ['venue.city', 'VENUE.CITY'],
  ])('headerLabel(%s) → %s', (path, label) => {
    expect(headerLabel(path)).toBe(label);
  });

  it('uses each resource its own default columns', () => {
    const venue = { id: 7, venue: 'City Arena', city: 'Springfield', country: 'United States', status: 'publish' };
    const text = renderTable([venue], getResource('venues').tableColumns, { width: 100 });
    expect(text.split('\n')[0]).toMatch(/^ID\s+VENUE\s+CITY\s+COUNTRY\s+STATUS$/);
  });
});

describe('colour', () => {
  it.each([
    ['not a terminal', { isTTY: false, env: {} }],
    ['NO_COLOR', { isTTY: true, env: { NO_COLOR: '1' } }],
    ['TERM=dumb', { isTTY: true, env: { TERM: 'dumb' } }],
  ])('%s: no escapes anywhere', (_name, { isTTY, env }) => {
    const color = colorEnabled({ isTTY, env, format: 'table' });
    expect(tableText({ columns: 60, color })).not.toContain(ESC);
  });

  it('a colour terminal gets bold headers and coloured statuses, and still fits', () => {
    const color = colorEnabled({ isTTY: true, env: {}, format: 'table' });
    const text = tableText({ columns: 60, color });
    expect(text).toContain(ESC);
    for (const line of text.trimEnd().split('\n'))
      expect(line.replace(/\x1b\[[\d;]*m/g, '').length).toBeLessThanOrEqual(60);
  });

  it('FORCE_COLOR colours a piped table', () => {
    expect(tableText({ color: colorEnabled({ isTTY: false, env: { FORCE_COLOR: '1' }, format: 'table' }) })).toContain(
      ESC,
    );
  });
});
