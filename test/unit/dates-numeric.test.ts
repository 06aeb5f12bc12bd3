/** Numeric dates as people write them: `--date-format`, the orders a date can be read in, and date flags. */
import { describe, expect, it } from 'vitest';
import {
  isoDay,
  leadingNumericDate,
  parseDateFormat,
  parseDateInput,
  parseDateStrict,
  readingsOf,
} from '../../src/dates/index.js';
import { UsageError } from '../../src/errors/index.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const dmy = parseDateFormat('d/m/Y');
const mdy = parseDateFormat('m/d/Y');

describe('parseDateFormat', () => {
  it.each([
    ['d/m/Y', 'dmy'],
    ['m/d/Y', 'mdy'],
    ['Y-m-d', 'ymd'],
    ['d.m.Y', 'dmy'],
    ['j.n.Y', 'dmy'],
    ['d-m-y', 'dmy'],
    ['Y/m/d', 'ymd'],
    ['DD/MM/YYYY', 'dmy'],
    ['MM-DD-YY', 'mdy'],
    ['dmy', 'dmy'],
    [' MDY ', 'mdy'],
  ])('%s → %s', (text, order) => {
    expect(parseDateFormat(text).order).toBe(order);
  });

  it.each(['', 'd/m', 'y/d/m', 'd/d/Y', 'H:i', 'european'])('refuses %j, naming the forms', (text) => {
    expect(() => parseDateFormat(text)).toThrow(UsageError);
    try {
      parseDateFormat(text);
    } catch (err) {
      expect((err as UsageError).code).toBe('invalid-date-format');
      expect((err as UsageError).hint).toMatch(/d\/m\/Y, m\/d\/Y, Y-m-d/);
    }
  });
});

describe('the orders a numeric date can be read in', () => {
  it.each([
    ['13/12/2026', ['dmy']],
    ['12/13/2026', ['mdy']],
    ['05/12/2026', ['dmy', 'mdy']],
    ['5/5/2026', ['dmy', 'mdy']],
    ['31/02/2026', []],
    ['29/02/2028', ['dmy']],
    ['2026/12/05', ['ymd']],
    ['13/13/26', []],
  ])('%s: %j', (text, orders) => {
    const date = leadingNumericDate(text);
    expect(date).toBeDefined();
    expect(readingsOf(date as NonNullable<typeof date>)).toEqual(orders);
  });

  it('keeps what follows the date, and reads two-digit years as strtotime does', () => {
    const date = leadingNumericDate('05/12/26 19:30');
    expect(date?.rest).toBe(' 19:30');
    expect(isoDay(date as NonNullable<typeof date>, 'dmy')).toBe('2026-12-05');
    expect(isoDay(leadingNumericDate('1/2/75') as NonNullable<ReturnType<typeof leadingNumericDate>>, 'mdy')).toBe(
      '1975-01-02',
    );
  });

  it('finds no date in other text', () => {
    for (const text of ['next friday', '+3d', '19:00', '2026-12-05x', '12/2026']) {
      expect(leadingNumericDate(text)).toBeUndefined();
    }
  });
});

describe('date flags', () => {
  const read = (text: string, dateFormat?: ReturnType<typeof parseDateFormat>) =>
    parseDateInput(text, { now: NOW, timezone: 'UTC', dateFormat });

  it.each([
    ['05/12/2026', dmy, '2026-12-05 00:00:00'],
    ['05/12/2026 19:00', dmy, '2026-12-05 19:00:00'],
    ['05/12/2026 19:00', mdy, '2026-05-12 19:00:00'],
    ['5.12.2026 7:30', mdy, '2026-05-12 07:30:00'],
    ['2026-12-05 19:00', mdy, '2026-12-05 19:00:00'],
    ['5/12 7pm', dmy, '2026-12-05 19:00:00'],
    ['5/12 7pm', mdy, '2027-05-12 19:00:00'],
  ])('%s with %j → %s', async (text, format, expected) => {
    expect(await read(text, format)).toBe(expected);
  });

  it.each([
    ['13/12/2026 19:00', '2026-12-13 19:00:00'],
    ['12/13/2026', '2026-12-13 00:00:00'],
    ['05.12.2026', '2026-12-05 00:00:00'],
    ['05-12-2026 10:00', '2026-12-05 10:00:00'],
    ['2026/12/05', '2026-12-05 00:00:00'],
  ])('%s, read the only way it can be, or as PHP reads dots and dashes → %s', async (text, expected) => {
    expect(await read(text)).toBe(expected);
  });

  it.each(['05/12/2026', '05/12/2026 19:00', '5/12 7pm'])(
    'refuses %s without a format: never a guess',
    async (text) => {
      const err = await read(text).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).code).toBe('ambiguous-date');
      expect((err as UsageError).hint).toMatch(/--date-format d\/m\/Y/);
    },
  );

  it('names both readings of an ambiguous date', async () => {
    const err = (await read('05/12/2026').catch((e: unknown) => e)) as UsageError;
    expect(err.message).toBe('"05/12/2026" could be 5 December 2026 or 12 May 2026');
    expect(err.hint).toMatch(/or write 2026-12-05/);
  });

  it('refuses a date the format cannot read, naming the format', async () => {
    const err = (await read('13/12/2026', mdy).catch((e: unknown) => e)) as UsageError;
    expect(err.code).toBe('invalid-date');
    expect(err.message).toMatch(/"13\/12\/2026" as a date in the m\/d\/Y format \(--date-format\)/);
  });

  it('the strict reader takes the format too', () => {
    expect(parseDateStrict('05/12/2026 19:00', { now: NOW, timezone: 'UTC', dateFormat: dmy })).toBe(
      '2026-12-05 19:00:00',
    );
    expect(() => parseDateStrict('05/12/2026', { now: NOW, timezone: 'UTC' })).toThrow(/could be/);
  });
});
