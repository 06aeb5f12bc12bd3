import { describe, expect, it } from 'vitest';
import { addDays, addHours, addMonths, formatWall, parseWallTime, wallParts, wallToMs } from '../../src/clock/index.js';

describe('reading wall times', () => {
  it.each([
    ['2026-12-05', false, '2026-12-05 00:00:00'],
    ['2026-12-05', true, '2026-12-05 23:59:59'],
    ['2026-12-05 19:00', false, '2026-12-05 19:00:00'],
    ['2026-12-05T19:00:30', true, '2026-12-05 19:00:30'],
    ['2024-02-29', false, '2024-02-29 00:00:00'],
  ])('%s (end of day: %s) → %s', (text, endOfDay, expected) => {
    const w = parseWallTime(text, endOfDay);
    expect(w && formatWall(w)).toBe(expected);
  });

  it.each([
    '2026-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-12-05 23:60',
    '2026-12-05 24:00',
    '2026-12-5',
    '05/12/2026',
  ])('refuses %s', (text) => {
    expect(parseWallTime(text)).toBeUndefined();
  });

  it('reads a stored string leniently, rolling over as PHP does', () => {
    expect(formatWall(wallToMs('2026-02-30 25:00:00'))).toBe('2026-03-03 01:00:00');
    expect(() => wallToMs('tomorrow')).toThrow(RangeError);
  });
});

describe('calendar arithmetic keeps the clock time', () => {
  it.each([
    ['2026-12-31 23:59:59', 1, '2027-01-01 23:59:59'],
    ['2026-03-01 00:00:00', -1, '2026-02-28 00:00:00'],
    ['2028-02-28 10:00:00', 1, '2028-02-29 10:00:00'],
    // (the night New York springs forward: still 02:30 on the wall, whatever the zone does)
    ['2026-03-07 02:30:00', 1, '2026-03-08 02:30:00'],
  ])('addDays(%s, %i) = %s', (wall, n, expected) => {
    expect(addDays(wall, n)).toBe(expected);
    const fields = parseWallTime(wall);
    expect(fields && formatWall(addDays(fields, n))).toBe(expected);
  });

  it.each([
    ['2026-01-31 10:00:00', 1, '2026-02-28 10:00:00'],
    ['2028-01-31 10:00:00', 1, '2028-02-29 10:00:00'],
    ['2026-11-15 10:00:00', 3, '2027-02-15 10:00:00'],
    ['2026-03-31 10:00:00', -1, '2026-02-28 10:00:00'],
  ])('addMonths(%s, %i) = %s', (wall, n, expected) => {
    const fields = parseWallTime(wall);
    expect(fields && formatWall(addMonths(fields, n))).toBe(expected);
  });

  it.each([
    ['2026-12-05 19:00:00', 1, '2026-12-05 20:00:00'],
    ['2026-12-31 23:30:00', 1, '2027-01-01 00:30:00'],
    ['2026-12-05 19:00', 2.5, '2026-12-05 21:30:00'],
    ['2026-03-01 00:00:00', -1, '2026-02-28 23:00:00'],
  ])('%s + %s h → %s', (start, hours, expected) => {
    expect(addHours(start, hours)).toBe(expected);
  });

  it('refuses to add hours to text that is not a wall time', () => {
    expect(() => addHours('tomorrow', 1)).toThrow(/not a wall time/);
  });
});

describe('formatting', () => {
  it('splits a wall time into zero-padded strings', () => {
    expect(wallParts('2017-01-05 14:23:36')).toEqual({
      year: '2017',
      month: '01',
      day: '05',
      hour: '14',
      minutes: '23',
      seconds: '36',
    });
  });

  it('formats dates and normalises overflowing fields', () => {
    expect(formatWall(new Date('2026-11-23T10:15:42.900Z'))).toBe('2026-11-23 10:15:42');
    expect(formatWall({ year: 2026, month: 2, day: 31, hour: 25 })).toBe('2026-03-04 01:00:00');
  });
});
