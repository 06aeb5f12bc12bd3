/** Dates sent to a remote site are written in the site's zone, whatever the machine's zone (TZ). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restIndexOf } from '../../src/api/site-zone.js';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, spawnCli } from '../helpers/cli.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApi({ timezone: 'America/New_York' });
});
afterAll(async () => {
  await server?.close();
});

// (spawned with a TZ: the machine's zone is the process's, which an in-process run cannot change)
const create = (start: string, end: string, env: Record<string, string>, extra: string[] = []) =>
  (env.TZ ? spawnCli : runCli)(
    ['events', 'create', '--title', 'Zoned', '--start-date', start, '--end-date', end, '-o', 'json', ...extra],
    {
      env: { ...siteEnv(server), ...env },
    },
  );

describe('the site time zone', () => {
  it('an instant with an offset lands on the same instant, written in the site zone', async () => {
    const r = await create('2026-12-05T18:00:00Z', '2026-12-05T19:00:00Z', { TZ: 'Asia/Tokyo' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({
      timezone: 'America/New_York',
      start_date: '2026-12-05 13:00:00',
      utc_start_date: '2026-12-05 18:00:00',
      utc_end_date: '2026-12-05 19:00:00',
    });
  });

  it('a naive date is the wall time of the site, not of the machine', async () => {
    const r = await create('2026-12-06 10:00', '2026-12-06 11:00', { TZ: 'Asia/Tokyo' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ start_date: '2026-12-06 10:00:00', utc_start_date: '2026-12-06 15:00:00' });
  });

  it('--timezone still wins, and sets the event zone', async () => {
    const r = await create('2026-12-07 10:00', '2026-12-07 11:00', { TZ: 'Asia/Tokyo' }, [
      '--timezone',
      'Europe/Paris',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({
      timezone: 'Europe/Paris',
      start_date: '2026-12-07 10:00:00',
      utc_start_date: '2026-12-07 09:00:00',
    });
  });

  it('an unknown --timezone is named as such (exit 2), not blamed on a date flag', async () => {
    const r = await runCli(['events', 'list', '--timezone', 'Mars/Base', '--start-date', 'today'], {
      env: siteEnv(server),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--timezone: unknown time zone "Mars\/Base"/);
  });

  it('--timezone +05:30 is sent as the event zone and taken, labelled as PHP labels it', async () => {
    const r = await create('2026-12-08 10:00', '2026-12-08 11:00', {}, ['--timezone', '+05:30']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({
      timezone: '+05:30',
      timezone_abbr: 'GMT+0530',
      start_date: '2026-12-08 10:00:00',
      utc_start_date: '2026-12-08 04:30:00',
    });
  });

  it('a zone a site refuses is refused before anything is sent, with the forms it takes', async () => {
    const r = await create('2026-12-08 10:00', '2026-12-08 11:00', {}, ['--timezone', 'utc+3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--timezone: unknown time zone "utc\+3"/);
    expect(r.stderr).toMatch(/\+05:30.*UTC\+5\.5/);
  });

  it("the views ask for a day's events as instants: the site reads exact times without a zone as UTC", async () => {
    const made: number[] = [];
    for (const [title, start, end, zone] of [
      ['Dawn', '2026-12-10 02:00', '2026-12-10 03:00', 'America/New_York'],
      ['Night', '2026-12-10 20:00', '2026-12-10 21:00', 'America/New_York'],
      // 08:00 in Tokyo on the 11th is 18:00 on the 10th in New York
      ['Tokyo', '2026-12-11 08:00', '2026-12-11 09:00', 'Asia/Tokyo'],
      ['Next day', '2026-12-11 01:00', '2026-12-11 02:00', 'America/New_York'],
    ]) {
      const r = await create(start as string, end as string, {}, [
        '--timezone',
        zone as string,
        '--title',
        title as string,
      ]);
      expect(r.code, r.stderr).toBe(0);
      made.push(r.json<{ id: number }>().id);
    }
    const agenda = await runCli(['agenda', '--start-date', '2026-12-10', '--days', '1', '-o', 'json'], {
      env: siteEnv(server),
    });
    expect(agenda.code, agenda.stderr).toBe(0);
    expect(
      agenda
        .json<{ title: string }[]>()
        .map((e) => e.title)
        .sort(),
    ).toEqual(['Dawn', 'Night', 'Tokyo']);
    const strict = await runCli(
      [
        'events',
        'list',
        '--strict-dates',
        'true',
        '--starts-after',
        '2026-12-10 19:00',
        '--search',
        'Night',
        '-o',
        'json',
      ],
      { env: siteEnv(server) },
    );
    expect(strict.code, strict.stderr).toBe(0);
    expect(strict.json<{ title: string }[]>().map((e) => e.title)).toEqual(['Night']);
    const before = await runCli(
      [
        'events',
        'list',
        '--strict-dates',
        'true',
        '--starts-before',
        '2026-12-10 19:00',
        '--search',
        'Night',
        '-o',
        'json',
      ],
      { env: siteEnv(server) },
    );
    expect(before.json<unknown[]>()).toEqual([]);
  });

  it('import --timezone: rows that name no zone are read in it and their events made in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-zone-csv-'));
    const file = join(dir, 'events.csv');
    writeFileSync(
      file,
      'title,start_date,end_date\nParis naive,2026-12-05 10:00,2026-12-05 11:00\nParis instant,2026-12-05T18:00:00Z,2026-12-05T19:00:00Z\n',
    );
    const r = await runCli(['import', 'events', file, '--timezone', 'Europe/Paris'], { env: siteEnv(server) });
    expect(r.code, r.stderr).toBe(0);
    const list = await runCli(['events', 'list', '--search', 'Paris', '--start-date', '2026-12-01', '-o', 'json'], {
      env: siteEnv(server),
    });
    const byTitle = Object.fromEntries(list.json<{ title: string }[]>().map((e) => [e.title, e]));
    expect(byTitle['Paris naive']).toMatchObject({
      timezone: 'Europe/Paris',
      start_date: '2026-12-05 10:00:00',
      utc_start_date: '2026-12-05 09:00:00',
    });
    expect(byTitle['Paris instant']).toMatchObject({ timezone: 'Europe/Paris', utc_start_date: '2026-12-05 18:00:00' });
  });

  it('the REST index of every form of namespace URL', () => {
    expect(restIndexOf('https://x.org/wp-json/tribe/events/v1')).toBe('https://x.org/wp-json/');
    expect(restIndexOf('https://x.org/blog/wp-json/acme/events/v1/')).toBe('https://x.org/blog/wp-json/');
    expect(restIndexOf('https://x.org/?rest_route=/tribe/events/v1')).toBe('https://x.org/?rest_route=/');
  });
});
