import { describe, expect, it } from 'vitest';
import {
  addHours,
  formatWallTime,
  parseOffsetZone,
  parseWallTime,
  wallTimeToUtc,
  zonedWallTime,
  zoneOffsetMinutes,
} from '../../src/dates/index.js';

const wall = (text: string) => {
  const w = parseWallTime(text);
  if (!w) throw new Error(`bad test wall time ${text}`);
  return w;
};

describe('parseOffsetZone', () => {
  it.each([
    ['UTC', 0],
    ['utc', 0],
    ['UTC+5:30', 330],
    ['UTC+05:30', 330],
    ['UTC+5.5', 330],
    ['UTC+0545', 345],
    ['UTC-4', -240],
    ['UTC-9:30', -570],
    ['+02:00', 120],
    ['Europe/Paris', undefined],
    ['UTC+15', undefined],
  ])('%s → %s', (zone, minutes) => {
    expect(parseOffsetZone(zone)).toBe(minutes);
  });
});

describe('zonedWallTime', () => {
  it.each([
    ['2026-12-05T18:00:00Z', 'UTC', '2026-12-05 18:00:00'],
    ['2026-12-05T18:00:00Z', 'Asia/Tokyo', '2026-12-06 03:00:00'],
    ['2026-12-05T18:00:00Z', 'America/New_York', '2026-12-05 13:00:00'],
    ['2026-07-05T18:00:00Z', 'America/New_York', '2026-07-05 14:00:00'],
    ['2026-12-05T18:00:00Z', 'UTC+5:30', '2026-12-05 23:30:00'],
    ['2026-12-05T02:00:00Z', 'UTC-4', '2026-12-04 22:00:00'],
    ['2026-12-05T18:00:00.999Z', 'Asia/Tokyo', '2026-12-06 03:00:00'],
  ])('%s in %s → %s', (iso, tz, expected) => {
    expect(formatWallTime(zonedWallTime(new Date(iso), tz))).toBe(expected);
  });

  it.each([
    ['2026-01-15T12:00:00Z', 'America/New_York', -300],
    ['2026-07-15T12:00:00Z', 'America/New_York', -240],
    ['2026-07-15T12:00:00Z', 'Asia/Tokyo', 540],
    ['2026-07-15T12:00:00Z', 'UTC+5:30', 330],
  ])('offset at %s in %s is %i minutes', (iso, tz, minutes) => {
    expect(zoneOffsetMinutes(new Date(iso), tz)).toBe(minutes);
  });
});

describe('wallTimeToUtc', () => {
  it.each([
    ['2026-12-05 19:00:00', 'UTC', '2026-12-05T19:00:00.000Z'],
    ['2026-12-05 19:00:00', 'Asia/Tokyo', '2026-12-05T10:00:00.000Z'],
    ['2026-12-05 19:00:00', 'America/New_York', '2026-12-06T00:00:00.000Z'],
    ['2026-07-05 19:00:00', 'America/New_York', '2026-07-05T23:00:00.000Z'],
    ['2026-12-05 19:00:00', 'UTC+5:30', '2026-12-05T13:30:00.000Z'],
    ['2026-12-05 19:00:00', 'UTC-4', '2026-12-05T23:00:00.000Z'],
    // clocks jump from 02:00 to 03:00: 02:30 does not exist and moves forward to 03:30 EDT
    ['2026-03-08 02:30:00', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // clocks go back from 02:00 to 01:00: 01:30 happens twice, the earlier (EDT) is taken
    ['2026-11-01 01:30:00', 'America/New_York', '2026-11-01T05:30:00.000Z'],
  ])('%s in %s → %s', (text, tz, iso) => {
    expect(wallTimeToUtc(wall(text), tz).toISOString()).toBe(iso);
  });

  it.each(['UTC', 'Asia/Tokyo', 'America/New_York', 'UTC+5:30'])('round-trips through %s', (tz) => {
    for (const iso of ['2026-01-01T00:00:00Z', '2026-06-30T23:59:59Z', '2026-11-01T07:00:00Z']) {
      const date = new Date(iso);
      expect(wallTimeToUtc(zonedWallTime(date, tz), tz).toISOString()).toBe(date.toISOString());
    }
  });
});

describe('addHours', () => {
  it.each([
    ['2026-12-05 19:00:00', 1, '2026-12-05 20:00:00'],
    ['2026-12-31 23:30:00', 1, '2027-01-01 00:30:00'],
    ['2026-12-05 19:00', 2.5, '2026-12-05 21:30:00'],
    ['2026-03-01 00:00:00', -1, '2026-02-28 23:00:00'],
  ])('%s + %s h → %s', (start, hours, expected) => {
    expect(addHours(start, hours)).toBe(expected);
  });

  it('throws on text that is not a wall time', () => {
    expect(() => addHours('tomorrow', 1)).toThrow(/not a wall time/);
  });
});

describe('parseWallTime', () => {
  it.each(['2026-02-29', '2026-04-31', '2026-00-10', '2026-12-05 23:60', '2026-12-5', '05/12/2026'])(
    'rejects %s',
    (text) => {
      expect(parseWallTime(text)).toBeUndefined();
    },
  );
});
