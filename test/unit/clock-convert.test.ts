/**
 * The clock's conversions, table-driven across zones and daylight-saving edges. Every wall → UTC row
 * was checked against PHP 8.2 (`new DateTime($wall, new DateTimeZone($zone))`, what a site does with
 * the dates it is sent); the Berlin, New York and Lord Howe edges were also created as events on the
 * reference site, which answered the same `utc_start_date`.
 */
import { describe, expect, it } from 'vitest';
import {
  offsetAt,
  offsetString,
  parseWallTime,
  utcToWall,
  wallTimeToUtc,
  wallToUtc,
  zonedWallTime,
} from '../../src/clock/index.js';

type Row = [wall: string, zone: string, utc: string];

/** Ordinary times, fixed offsets in every form. */
const plain: Row[] = [
  ['2026-12-05 19:00:00', 'Asia/Tokyo', '2026-12-05 10:00:00'],
  ['2026-12-05 00:30:00', 'Asia/Tokyo', '2026-12-04 15:30:00'],
  ['2026-12-05 10:00:00', 'UTC', '2026-12-05 10:00:00'],
  ['2026-01-15 10:00:00', 'America/New_York', '2026-01-15 15:00:00'],
  ['2026-07-15 10:00:00', 'America/New_York', '2026-07-15 14:00:00'],
  ['2026-07-01 12:00:00', 'Europe/Paris', '2026-07-01 10:00:00'],
  ['2026-12-05 10:00:00', 'UTC+5:30', '2026-12-05 04:30:00'],
  ['2026-12-05 10:00:00', 'UTC+5.5', '2026-12-05 04:30:00'],
  ['2026-12-05 10:00:00', 'UTC+5.75', '2026-12-05 04:15:00'],
  ['2026-12-05 10:00:00', 'UTC-3', '2026-12-05 13:00:00'],
  ['2026-12-05 10:00:00', 'UTC-4:30', '2026-12-05 14:30:00'],
  ['2026-12-05 10:00:00', 'UTC+0', '2026-12-05 10:00:00'],
  ['2026-12-05 10:00:00', '+05:30', '2026-12-05 04:30:00'],
  ['2026-12-05 10:00:00', '+0530', '2026-12-05 04:30:00'],
  ['2026-12-05 10:00:00', '-03:00', '2026-12-05 13:00:00'],
  ['2026-12-05 10:00:00', 'GMT+5', '2026-12-05 05:00:00'],
  ['2026-12-05 10:00:00', 'Z', '2026-12-05 10:00:00'],
];

/**
 * The hours around each 2026 transition. A time inside a spring-forward gap moves forward by the gap;
 * a time clocks show twice is its first instant west of UTC (New York, St John's, Santiago) and its
 * second east of UTC (Berlin, Lord Howe, Chatham), as PHP reads it.
 */
const edges: Row[] = [
  ['2026-03-08 02:30:00', 'America/New_York', '2026-03-08 07:30:00'],
  ['2026-03-08 02:45:00', 'America/New_York', '2026-03-08 07:45:00'],
  ['2026-03-08 03:00:00', 'America/New_York', '2026-03-08 07:00:00'],
  ['2026-11-01 01:30:00', 'America/New_York', '2026-11-01 05:30:00'],
  ['2026-11-01 01:45:00', 'America/New_York', '2026-11-01 05:45:00'],
  ['2026-11-01 02:00:00', 'America/New_York', '2026-11-01 07:00:00'],
  ['2026-03-29 02:30:00', 'Europe/Berlin', '2026-03-29 01:30:00'],
  ['2026-03-29 03:00:00', 'Europe/Berlin', '2026-03-29 01:00:00'],
  ['2026-10-25 01:30:00', 'Europe/Berlin', '2026-10-24 23:30:00'],
  ['2026-10-25 02:00:00', 'Europe/Berlin', '2026-10-25 01:00:00'],
  ['2026-10-25 02:30:00', 'Europe/Berlin', '2026-10-25 01:30:00'],
  ['2026-10-25 05:00:00', 'Europe/Berlin', '2026-10-25 04:00:00'],
  ['2026-04-05 01:15:00', 'Australia/Lord_Howe', '2026-04-04 14:15:00'],
  ['2026-04-05 01:30:00', 'Australia/Lord_Howe', '2026-04-04 15:00:00'],
  ['2026-04-05 01:45:00', 'Australia/Lord_Howe', '2026-04-04 15:15:00'],
  ['2026-10-04 02:00:00', 'Australia/Lord_Howe', '2026-10-03 15:30:00'],
  ['2026-10-04 02:15:00', 'Australia/Lord_Howe', '2026-10-03 15:45:00'],
  ['2026-10-04 02:30:00', 'Australia/Lord_Howe', '2026-10-03 15:30:00'],
  ['2026-01-15 12:00:00', 'Australia/Lord_Howe', '2026-01-15 01:00:00'],
  ['2026-07-15 12:00:00', 'Australia/Lord_Howe', '2026-07-15 01:30:00'],
  ['2026-03-08 02:30:00', 'America/St_Johns', '2026-03-08 06:00:00'],
  ['2026-11-01 01:30:00', 'America/St_Johns', '2026-11-01 04:00:00'],
  ['2026-11-01 02:00:00', 'America/St_Johns', '2026-11-01 05:30:00'],
  ['2026-04-05 02:45:00', 'Pacific/Chatham', '2026-04-04 14:00:00'],
  ['2026-09-27 03:15:00', 'Pacific/Chatham', '2026-09-26 14:30:00'],
  ['2026-09-27 03:45:00', 'Pacific/Chatham', '2026-09-26 14:00:00'],
  ['2026-04-04 23:30:00', 'America/Santiago', '2026-04-05 02:30:00'],
  ['2026-09-06 00:30:00', 'America/Santiago', '2026-09-06 04:30:00'],
  ['2026-09-06 01:00:00', 'America/Santiago', '2026-09-06 04:00:00'],
  // Europe/Dublin's "negative" summer time and Troll's two-hour one
  ['2026-03-29 01:30:00', 'Europe/Dublin', '2026-03-29 01:30:00'],
  ['2026-10-25 01:15:00', 'Europe/Dublin', '2026-10-25 01:15:00'],
  ['2026-03-29 02:30:00', 'Antarctica/Troll', '2026-03-29 02:30:00'],
  ['2026-10-25 00:30:00', 'Antarctica/Troll', '2026-10-24 22:30:00'],
  ['2026-10-25 01:00:00', 'Antarctica/Troll', '2026-10-25 01:00:00'],
];

describe('wall time → UTC, as a site reads it', () => {
  it.each([...plain, ...edges])('%s in %s is %s UTC', (wall, zone, utc) => {
    expect(wallToUtc(wall, zone)).toBe(utc);
    const fields = parseWallTime(wall);
    if (!fields) throw new Error(`bad row ${wall}`);
    // (the client's field form is the same conversion)
    expect(wallTimeToUtc(fields, zone).toISOString()).toBe(`${utc.replace(' ', 'T')}.000Z`);
  });
});

describe('UTC → wall time', () => {
  it.each(plain)('%s in %s is %s UTC and back', (wall, zone, utc) => {
    expect(utcToWall(utc, zone)).toBe(wall);
  });

  it.each([
    ['2026-03-08 07:30:00', 'America/New_York', '2026-03-08 03:30:00'],
    ['2026-11-01 05:30:00', 'America/New_York', '2026-11-01 01:30:00'],
    ['2026-11-01 06:30:00', 'America/New_York', '2026-11-01 01:30:00'],
    ['2026-10-25 00:30:00', 'Europe/Berlin', '2026-10-25 02:30:00'],
    ['2026-10-25 01:30:00', 'Europe/Berlin', '2026-10-25 02:30:00'],
    ['2026-04-04 14:45:00', 'Australia/Lord_Howe', '2026-04-05 01:45:00'],
    ['2026-04-04 15:15:00', 'Australia/Lord_Howe', '2026-04-05 01:45:00'],
  ])('%s UTC shows %s as %s (both instants of a repeated hour)', (utc, zone, wall) => {
    expect(utcToWall(utc, zone)).toBe(wall);
  });

  it.each(['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'UTC+5.5', '+05:30'])(
    'every instant round-trips through %s outside repeated hours',
    (zone) => {
      for (const iso of ['2026-01-01T00:00:00Z', '2026-06-30T23:59:59Z', '2026-11-01T07:00:00Z']) {
        const date = new Date(iso);
        expect(wallTimeToUtc(zonedWallTime(date, zone), zone).toISOString()).toBe(date.toISOString());
      }
    },
  );

  it('drops milliseconds', () => {
    expect(zonedWallTime(new Date('2026-12-05T18:00:00.999Z'), 'Asia/Tokyo')).toMatchObject({ hour: 3, second: 0 });
  });

  it('rejects unknown zones loudly', () => {
    expect(() => utcToWall('2026-01-01 00:00:00', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallToUtc('2026-01-01 00:00:00', 'utc+3')).toThrow(RangeError);
  });
});

describe('offsets', () => {
  it.each([
    ['Asia/Tokyo', '2026-12-05 10:00:00', 540, '+09:00'],
    ['UTC', '2026-12-05 10:00:00', 0, '+00:00'],
    ['America/New_York', '2026-01-15 12:00:00', -300, '-05:00'],
    ['America/New_York', '2026-07-15 12:00:00', -240, '-04:00'],
    ['Australia/Lord_Howe', '2026-01-15 12:00:00', 660, '+11:00'],
    ['Australia/Lord_Howe', '2026-07-15 12:00:00', 630, '+10:30'],
    ['UTC+5:30', '2026-07-15 12:00:00', 330, '+05:30'],
    ['UTC+5.75', '2026-07-15 12:00:00', 345, '+05:45'],
    ['UTC-4:30', '2026-07-15 12:00:00', -270, '-04:30'],
    ['-03:00', '2026-07-15 12:00:00', -180, '-03:00'],
    ['Asia/Kolkata', '2026-07-15 12:00:00', 330, '+05:30'],
  ])('%s at %s', (tz, utc, minutes, text) => {
    expect(offsetAt(tz, new Date(`${utc.replace(' ', 'T')}Z`))).toBe(minutes);
    expect(offsetString(tz, utc)).toBe(text);
  });
});
