/**
 * Dates that cannot go backwards, through the built CLI against a real server: a relative end counts
 * from the event's start, --duration sets the end, and an end before the start is refused (exit 2)
 * before anything is sent, on create and on the merged record of an update.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/dates/index.js';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
const cli = (args: string[]) => runCli(args, { env, home });
type Rec = Record<string, unknown> & { id: number };

async function made(args: string[]): Promise<Rec> {
  const r = await cli([...args, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Rec>();
}
const count = async () =>
  (await cli(['events', 'list', '--start-date', '2020-01-01', '--all', '-o', 'count'])).stdout.trim();

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
});
afterAll(async () => {
  await server?.close();
});

describe('parseDuration', () => {
  it.each([
    ['90m', { days: 0, minutes: 90 }],
    ['+2h', { days: 0, minutes: 120 }],
    ['1h30m', { days: 0, minutes: 90 }],
    ['1.5h', { days: 0, minutes: 90 }],
    ['2 hours', { days: 0, minutes: 120 }],
    ['1d', { days: 1, minutes: 0 }],
    ['45 minutes', { days: 0, minutes: 45 }],
  ])('reads %s', (text, want) => {
    expect(parseDuration(text)).toEqual(want);
  });
  it.each(['', '0m', '2', 'soon', '2x', '1.5d', '-2h'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

describe('event ends', () => {
  it('a relative --end-date counts from the start, not from now', async () => {
    const e = await made([
      'events',
      'create',
      '--title',
      'Rel',
      '--start-date',
      '2027-06-07 09:00',
      '--end-date',
      '+2h',
    ]);
    expect([e.start_date, e.end_date]).toEqual(['2027-06-07 09:00:00', '2027-06-07 11:00:00']);
    const d = await made([
      'events',
      'create',
      '--title',
      'Days',
      '--start-date',
      '2027-06-07 09:00',
      '--end-date',
      '+1d',
    ]);
    expect(d.end_date).toBe('2027-06-08 09:00:00');
  });

  it('--duration sets the end, and cannot be given with --end-date', async () => {
    const e = await made([
      'events',
      'create',
      '--title',
      'Dur',
      '--start-date',
      '2027-06-08 18:00',
      '--duration',
      '90m',
    ]);
    expect(e.end_date).toBe('2027-06-08 19:30:00');
    const both = await cli([
      'events',
      'create',
      '--title',
      'Both',
      '--start-date',
      '2027-06-08 18:00',
      '--end-date',
      '+1h',
      '--duration',
      '1h',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
  });

  it('an end before the start is refused before anything is sent, naming both dates and the zone', async () => {
    const before = await count();
    const r = await cli([
      'events',
      'create',
      '--title',
      'Backwards',
      '--start-date',
      '2027-06-09 18:00',
      '--end-date',
      '2027-06-09 17:00',
      '--timezone',
      'Europe/Paris',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('2027-06-09 17:00:00');
    expect(r.stderr).toContain('2027-06-09 18:00:00');
    expect(r.stderr).toContain('Europe/Paris');
    expect(await count()).toBe(before);
  });

  it('update checks the merged record and counts a relative end from the record start', async () => {
    const e = await made([
      'events',
      'create',
      '--title',
      'Upd',
      '--start-date',
      '2027-06-10 18:00',
      '--duration',
      '1h',
    ]);
    const late = await cli(['events', 'update', String(e.id), '--start-date', '2027-06-10 20:00']);
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('before it starts');
    const moved = await made(['events', 'update', String(e.id), '--end-date', '+3h']);
    expect([moved.start_date, moved.end_date]).toEqual(['2027-06-10 18:00:00', '2027-06-10 21:00:00']);
    const both = await made(['events', 'update', String(e.id), '--start-date', '2027-06-11 10:00', '--duration', '2h']);
    expect([both.start_date, both.end_date]).toEqual(['2027-06-11 10:00:00', '2027-06-11 12:00:00']);
  });

  it('calctl help dates says how ends are read', async () => {
    const r = await cli(['help', 'dates']);
    expect(r.stdout).toContain('--duration');
    expect(r.stdout).toContain('counts from the event start');
  });
});
