import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcToWall } from '../../src/clock/index.js';
import { parseTimeToWall, parseWpTime } from '../../src/server/time/strtotime.js';

const ZONES = ['UTC', 'UTC+5:30', 'Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
// Canonical-looking dates, including out-of-range fields (month 13, Feb 30, 24:00) and DST gaps.
const canonical = fc
  .tuple(
    fc.integer({ min: 990, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    two(13),
    two(32),
    fc.option(fc.tuple(two(25), two(60), fc.option(two(60))), { nil: undefined }),
  )
  .map(([y, m, d, t]) => `${y}-${m}-${d}${t ? ` ${t[0]}:${t[1]}${t[2] !== null ? `:${t[2]}` : ''}` : ''}`);

describe('parseTimeToWall fast path for canonical dates', () => {
  it('gives exactly what the general parser gives, in fixed and DST zones', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    fc.assert(
      fc.property(canonical, fc.constantFrom(...ZONES), (text, timezone) => {
        const general = parseWpTime(text, { now, timezone });
        const expected = general === null ? null : utcToWall(general, timezone);
        expect(parseTimeToWall(text, { now, timezone })).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('moves a time inside a spring-forward gap as the site does', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const paris = parseTimeToWall('2026-03-29 02:30:00', { now, timezone: 'Europe/Paris' });
    expect(paris).toBe(
      utcToWall(parseWpTime('2026-03-29 02:30:00', { now, timezone: 'Europe/Paris' }) ?? '', 'Europe/Paris'),
    );
    expect(paris).not.toBe('2026-03-29 02:30:00');
  });
});
