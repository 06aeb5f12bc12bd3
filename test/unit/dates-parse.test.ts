import { describe, expect, it } from 'vitest';
import { DATE_FORMS_HELP, parseDateInput, parseDateStrict } from '../../src/dates/index.js';
import { UsageError } from '../../src/errors/index.js';

// Saturday 7 March 2026, 15:00 UTC: New York is on EST (10:00) and switches to EDT the next night.
const NOW = new Date('2026-03-07T15:00:00Z');
const NY = 'America/New_York';
const TOKYO = 'Asia/Tokyo';
const IST = 'UTC+5:30';

type Case = [input: string, timezone: string, endOfDay: boolean, expected: string];

const strictCases: Case[] = [
  ['2026-12-05 19:00:00', 'UTC', false, '2026-12-05 19:00:00'],
  ['2026-12-05 19:00', NY, false, '2026-12-05 19:00:00'],
  ['2026-12-05T19:00', TOKYO, false, '2026-12-05 19:00:00'],
  ['2026-12-05', 'UTC', false, '2026-12-05 00:00:00'],
  ['2026-12-05', IST, true, '2026-12-05 23:59:59'],
  ['  2024-02-29  ', 'UTC', false, '2024-02-29 00:00:00'],
  ['2026-12-05T18:00:00Z', 'UTC', false, '2026-12-05 18:00:00'],
  ['2026-12-05T18:00:00Z', TOKYO, false, '2026-12-06 03:00:00'],
  ['2026-12-05T18:00:00.250Z', IST, false, '2026-12-05 23:30:00'],
  ['2026-12-05T18:00:00+01:00', 'UTC', false, '2026-12-05 17:00:00'],
  ['2026-12-05 18:00-0230', 'UTC', false, '2026-12-05 20:30:00'],
  ['2026-07-01T12:00:00Z', NY, false, '2026-07-01 08:00:00'],
  ['2026-12-01T12:00:00Z', NY, false, '2026-12-01 07:00:00'],
  ['now', 'UTC', false, '2026-03-07 15:00:00'],
  ['now', NY, true, '2026-03-07 10:00:00'],
  ['NOW', TOKYO, false, '2026-03-08 00:00:00'],
  ['now', IST, false, '2026-03-07 20:30:00'],
  ['today', 'UTC', false, '2026-03-07 00:00:00'],
  ['today', 'UTC', true, '2026-03-07 23:59:59'],
  ['Today', TOKYO, false, '2026-03-08 00:00:00'],
  ['tomorrow', NY, false, '2026-03-08 00:00:00'],
  ['tomorrow', IST, true, '2026-03-08 23:59:59'],
  ['yesterday', TOKYO, false, '2026-03-07 00:00:00'],
  ['+3d', 'UTC', false, '2026-03-10 15:00:00'],
  ['-2w', 'UTC', false, '2026-02-21 15:00:00'],
  ['+4h', TOKYO, false, '2026-03-08 04:00:00'],
  ['+30m', IST, false, '2026-03-07 21:00:00'],
  ['+1y', 'UTC', false, '2027-03-07 15:00:00'],
  ['+2mo', NY, false, '2026-05-07 10:00:00'],
  ['-90s', 'UTC', false, '2026-03-07 14:58:30'],
  // calendar units keep the clock time across the DST change; clock units do not
  ['+1d', NY, false, '2026-03-08 10:00:00'],
  ['+24h', NY, false, '2026-03-08 11:00:00'],
];

describe('parseDateStrict', () => {
  it.each(strictCases)('%s in %s (endOfDay %s) → %s', (input, timezone, endOfDay, expected) => {
    expect(parseDateStrict(input, { now: NOW, timezone, endOfDay })).toBe(expected);
  });

  it.each([
    ['2026-01-31 09:00:00', '+1mo', '2026-02-28 09:00:00'],
    ['2024-01-31 09:00:00', '+1mo', '2024-02-29 09:00:00'],
    ['2024-02-29 09:00:00', '+1y', '2025-02-28 09:00:00'],
    ['2026-12-31 23:00:00', '+2h', '2027-01-01 01:00:00'],
  ])('from %s, %s → %s', (now, input, expected) => {
    expect(parseDateStrict(input, { now: new Date(`${now.replace(' ', 'T')}Z`), timezone: 'UTC' })).toBe(expected);
  });

  it('refuses natural language (that needs the async parser)', () => {
    expect(() => parseDateStrict('next friday', { now: NOW, timezone: 'UTC' })).toThrow(UsageError);
  });
});

describe('parseDateInput', () => {
  it.each(strictCases)('accepts the strict form %s in %s', async (input, timezone, endOfDay, expected) => {
    await expect(parseDateInput(input, { now: NOW, timezone, endOfDay })).resolves.toBe(expected);
  });

  const naturalCases: Case[] = [
    ['next friday 7pm', 'UTC', false, '2026-03-13 19:00:00'],
    ['next friday 7pm', TOKYO, false, '2026-03-13 19:00:00'],
    ['next friday', NY, false, '2026-03-13 00:00:00'],
    ['next friday', NY, true, '2026-03-13 23:59:59'],
    ['in 2 hours', 'UTC', false, '2026-03-07 17:00:00'],
    ['in 2 hours', NY, false, '2026-03-07 12:00:00'],
    ['in 2 hours', IST, false, '2026-03-07 22:30:00'],
    ['2 hours ago', TOKYO, false, '2026-03-07 22:00:00'],
    ['in 3 days', TOKYO, false, '2026-03-11 00:00:00'],
    ['dec 5 at 19:00', 'UTC', false, '2026-12-05 19:00:00'],
    ['dec 5 at 19:00', NY, false, '2026-12-05 19:00:00'],
    ['Dec 5 at 19:00', IST, false, '2026-12-05 19:00:00'],
    ['tomorrow at noon', TOKYO, false, '2026-03-09 12:00:00'],
    ['7pm EST', 'UTC', false, '2026-03-08 00:00:00'],
  ];

  it('"next friday" is the first Friday after today, as PHP and GNU date read it', async () => {
    const monday = new Date('2026-11-23T17:00:00Z');
    const friday = new Date('2026-11-27T17:00:00Z');
    const at = (input: string, now: Date) => parseDateInput(input, { now, timezone: 'UTC' });
    await expect(at('next friday 20:00', monday)).resolves.toBe('2026-11-27 20:00:00');
    await expect(at('next fri', monday)).resolves.toBe('2026-11-27 00:00:00');
    await expect(at('next friday', friday)).resolves.toBe('2026-12-04 00:00:00');
    await expect(at('next monday 9am', monday)).resolves.toBe('2026-11-30 09:00:00');
    await expect(at('next week', monday)).resolves.toBe('2026-11-30 17:00:00');
  });

  it.each(naturalCases)('%s in %s (endOfDay %s) → %s', async (input, timezone, endOfDay, expected) => {
    await expect(parseDateInput(input, { now: NOW, timezone, endOfDay })).resolves.toBe(expected);
  });

  it('counts "in 2 hours" in real time across the DST change', async () => {
    // 01:30 EST; two hours later the clocks show 04:30 EDT
    const now = new Date('2026-03-08T06:30:00Z');
    await expect(parseDateInput('in 2 hours', { now, timezone: NY })).resolves.toBe('2026-03-08 04:30:00');
  });
});

describe('date errors', () => {
  const bad = ['garbage', '', '   ', '2026-13-01', '2026-02-30', '2026-12-05 24:00', '25:00', '+3x', 'next blursday'];

  it.each(bad)('rejects %j with the input quoted and the forms as hint', async (input) => {
    const err = await parseDateInput(input, { now: NOW, timezone: 'UTC' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toContain(`"${input}"`);
    expect((err as UsageError).hint).toMatch(/YYYY-MM-DD.*next friday/);
    expect((err as UsageError).exitCode).toBe(2);
  });

  it.each(['Mars/Olympus', 'UTC+25'])('rejects the unknown zone %s', (timezone) => {
    expect(() => parseDateStrict('2026-12-05', { now: NOW, timezone })).toThrow(/unknown time zone/);
  });

  it('DATE_FORMS_HELP lists every form', () => {
    for (const form of ['YYYY-MM-DD', 'now', 'tomorrow', '+3d', '+2mo', 'next friday 7pm', 'Z']) {
      expect(DATE_FORMS_HELP).toContain(form);
    }
  });
});
