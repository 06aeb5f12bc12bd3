import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatWall,
  isValidTimezone,
  offsetMinutes,
  offsetString,
  tzAbbr,
  utcToWall,
  wallParts,
  wallToUtc,
} from '../../src/server/time/zone.js';

describe('isValidTimezone', () => {
  it.each([
    ['Asia/Tokyo', true],
    ['America/Indiana/Vincennes', true],
    ['America/New_York', true],
    ['UTC', true],
    ['GMT', true],
    ['EST', true],
    ['CST6CDT', true],
    ['UTC+5:30', true],
    ['UTC-4', true],
    ['UTC+10', true],
    ['UTC+0', true],
    ['UTC-4:30', true],
    ['UTC+5.5', true],
    ['UTC+15', false],
    ['UTC+5:75', false],
    ['+05:30', false],
    ['Mars/Olympus', false],
    ['foo', false],
    ['', false],
  ])('%j → %s', (tz, expected) => {
    expect(isValidTimezone(tz)).toBe(expected);
  });
});

describe('wall ↔ UTC', () => {
  it.each([
    // wall, zone, utc
    ['2026-12-05 19:00:00', 'Asia/Tokyo', '2026-12-05 10:00:00'],
    ['2026-12-05 00:30:00', 'Asia/Tokyo', '2026-12-04 15:30:00'],
    ['2026-12-05 10:00:00', 'UTC', '2026-12-05 10:00:00'],
    ['2026-01-15 10:00:00', 'America/New_York', '2026-01-15 15:00:00'],
    ['2026-07-15 10:00:00', 'America/New_York', '2026-07-15 14:00:00'],
    ['2026-12-05 10:00:00', 'UTC+5:30', '2026-12-05 04:30:00'],
    ['2026-12-05 10:00:00', 'UTC-4:30', '2026-12-05 14:30:00'],
    ['2026-12-05 10:00:00', 'UTC+0', '2026-12-05 10:00:00'],
    ['2026-07-01 12:00:00', 'Europe/Paris', '2026-07-01 10:00:00'],
  ])('%s in %s = %s UTC', (wall, tz, utc) => {
    expect(wallToUtc(wall, tz)).toBe(utc);
    expect(utcToWall(utc, tz)).toBe(wall);
  });

  it('pushes a wall time inside the spring-forward gap forward, as PHP does', () => {
    expect(wallToUtc('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08 07:30:00');
    expect(utcToWall('2026-03-08 07:30:00', 'America/New_York')).toBe('2026-03-08 03:30:00');
  });

  it('resolves the repeated fall-back hour to its first (daylight) occurrence', () => {
    expect(wallToUtc('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01 05:30:00');
    expect(utcToWall('2026-11-01 06:30:00', 'America/New_York')).toBe('2026-11-01 01:30:00');
  });
});

describe('offsets', () => {
  it.each([
    ['Asia/Tokyo', '2026-12-05 10:00:00', 540, '+09:00'],
    ['UTC', '2026-12-05 10:00:00', 0, '+00:00'],
    ['America/New_York', '2026-01-15 12:00:00', -300, '-05:00'],
    ['America/New_York', '2026-07-15 12:00:00', -240, '-04:00'],
    ['UTC+5:30', '2026-07-15 12:00:00', 330, '+05:30'],
    ['UTC-4:30', '2026-07-15 12:00:00', -270, '-04:30'],
    ['Asia/Kolkata', '2026-07-15 12:00:00', 330, '+05:30'],
  ])('%s at %s', (tz, utc, minutes, text) => {
    expect(offsetMinutes(tz, utc)).toBe(minutes);
    expect(offsetString(tz, utc)).toBe(text);
  });
});

describe('tzAbbr', () => {
  const winter = '2026-01-15 12:00:00';
  const summer = '2026-07-15 12:00:00';
  it.each([
    ['UTC', winter, 'UTC'],
    ['Asia/Tokyo', winter, 'JST'],
    ['America/New_York', winter, 'EST'],
    ['America/New_York', summer, 'EDT'],
    ['America/Chicago', winter, 'CST'],
    ['America/Chicago', summer, 'CDT'],
    ['America/Denver', winter, 'MST'],
    ['America/Denver', summer, 'MDT'],
    ['America/Los_Angeles', winter, 'PST'],
    ['America/Los_Angeles', summer, 'PDT'],
    ['Europe/Paris', winter, 'CET'],
    ['Europe/Paris', summer, 'CEST'],
    ['Europe/Berlin', summer, 'CEST'],
    ['Europe/London', winter, 'GMT'],
    ['Europe/London', summer, 'BST'],
    ['Asia/Kolkata', winter, 'IST'],
    ['Australia/Sydney', winter, 'AEDT'],
    ['Australia/Sydney', summer, 'AEST'],
    ['Asia/Shanghai', winter, 'CST'],
    ['Asia/Singapore', winter, '+08'],
    ['America/Sao_Paulo', winter, '-03'],
    ['Asia/Kathmandu', winter, '+0545'],
    ['UTC+5:30', winter, 'UTC+5:30'],
    ['UTC-4', winter, 'UTC-4'],
  ])('%s at %s → %s', (tz, utc, abbr) => {
    expect(tzAbbr(tz, utc)).toBe(abbr);
  });
});

describe('wall helpers', () => {
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

  it.each([
    ['2026-12-31 23:59:59', 1, '2027-01-01 23:59:59'],
    ['2026-03-01 00:00:00', -1, '2026-02-28 00:00:00'],
    ['2028-02-28 10:00:00', 1, '2028-02-29 10:00:00'],
  ])('addDays(%s, %i) = %s', (wall, n, expected) => {
    expect(addDays(wall, n)).toBe(expected);
  });

  it('formats dates and normalises overflowing fields', () => {
    expect(formatWall(new Date('2026-11-23T10:15:42.900Z'))).toBe('2026-11-23 10:15:42');
    expect(formatWall({ year: 2026, month: 2, day: 31, hour: 25 })).toBe('2026-03-04 01:00:00');
  });

  it('rejects unknown zones loudly', () => {
    expect(() => utcToWall('2026-01-01 00:00:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});
