/**
 * A feed from another site running the plugin: a second `calctl serve` process plays the other site,
 * read through its tribe/events/v1 API — as a stored profile (`@other`, with credentials) into a
 * `calctl serve` target, and as a bare address (anonymous) into the built-in local calendar. Events
 * arrive with their venues (address and all), organizers, categories, tags, cost, all-day flag and
 * time zone; a venue the target already has is found by name, not made twice; a moved event updates
 * its copy, a trashed one is trashed, a draft never travels.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli, tempHome } from '../helpers/cli.js';
import { SERVE_PASSWORD, type ServeProcess, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';
import { inDays } from './samples.js';

type Rec = Record<string, unknown> & { id: number };
/** An event as the site shows it, with what these tests read of its links. */
type Shown = Rec & { cost: string; venue: Rec; organizer: Rec[]; categories: Rec[]; tags: Rec[] };

let other: ServeProcess;
let target: ServeProcess;
let otherEnv: Record<string, string>;
let targetEnv: Record<string, string>;
let home: string;

const wall = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const at = (days: number, hour: number) => wall(inDays(days, hour));

async function ok(args: string[], env: Record<string, string>, input?: string): Promise<string> {
  const r: CliResult = await runCli(args, { home, env, timeoutMs: 60_000, ...(input ? { input } : {}) });
  expect(r.code, `calctl ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout;
}
const onOther = (args: string[]) => ok([...args, '-o', 'json'], otherEnv).then((t) => JSON.parse(t) as Rec);
const all = ['--all', '--start-date', '2000-01-01', '--end-date', '2099-12-31', '-o', 'json'];

let cellar: Rec;
let openDay: Rec;

beforeAll(async () => {
  other = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-feeds-other-')) });
  target = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-feeds-target-')) });
  otherEnv = { CALCTL_URL: other.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD };
  targetEnv = { CALCTL_URL: target.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD };
  home = tempHome();
  await onOther([
    'venues',
    'create',
    '--venue',
    'Blue Cellar',
    '--address',
    '2 Rue Mercière',
    '--city',
    'Lyon',
    '--zip',
    '69002',
    '--country',
    'France',
    '--phone',
    '+33 4 00 00 00 00',
  ]);
  await onOther(['venues', 'create', '--venue', 'Town Hall', '--city', 'Elsewhere']);
  await onOther([
    'organizers',
    'create',
    '--organizer',
    'Jazz Club',
    '--email',
    'jazz@example.org',
    '--phone',
    '555-0101',
  ]);
  cellar = await onOther([
    'events',
    'create',
    '--title',
    'Cellar session',
    '--start-date',
    at(5, 20),
    '--end-date',
    at(5, 23),
    '--timezone',
    'Europe/Paris',
    '--venue',
    'Blue Cellar',
    '--organizer',
    'Jazz Club',
    '--categories',
    'Music',
    '--tags',
    'Jazz',
    '--create-missing',
    '--cost',
    '15',
  ]);
  openDay = await onOther([
    'events',
    'create',
    '--title',
    'Open day',
    '--start-date',
    at(6, 0),
    '--end-date',
    at(6, 0),
    '--all-day',
    '--venue',
    'Town Hall',
  ]);
  await onOther([
    'events',
    'create',
    '--title',
    'Not yet',
    '--start-date',
    at(7, 10),
    '--end-date',
    at(7, 11),
    '--status',
    'draft',
  ]);
  // The target already has a Town Hall of its own: the feed's event is linked to it.
  await ok(['venues', 'create', '--venue', 'Town Hall', '--city', 'Berlin'], targetEnv);
  await ok(
    ['profile', 'add', 'other', '--url', other.baseUrl, '--user', 'admin', '--password-stdin', '--no-test'],
    {},
    SERVE_PASSWORD,
  );
}, 90_000);

afterAll(async () => {
  await stopAllServes();
});

// (each step spawns the CLI a few times: a busy machine needs more than the default 30 s)
describe('feeds from another site', { timeout: 120_000 }, () => {
  it('brings its published events with venues, organizers, terms, cost, all-day and zones', async () => {
    await ok(['feeds', 'add', 'neighbours', '@other'], targetEnv);
    const r = JSON.parse(await ok(['feeds', 'run', '-o', 'json'], targetEnv)) as Rec[];
    expect(r[0]).toMatchObject({ status: 'ok', created: 2, rejected: 0 });
    const events = JSON.parse(await ok(['events', 'list', ...all], targetEnv)) as Rec[];
    expect(events.map((e) => e.title).sort()).toEqual(['Cellar session', 'Open day']);
    const session = events.find((e) => e.title === 'Cellar session') as Shown;
    expect(session).toMatchObject({
      start_date: cellar.start_date,
      end_date: cellar.end_date,
      timezone: 'Europe/Paris',
    });
    expect(session.cost).toMatch(/15/);
    expect(session.venue).toMatchObject({
      venue: 'Blue Cellar',
      address: '2 Rue Mercière',
      city: 'Lyon',
      zip: '69002',
    });
    expect(session.organizer).toEqual([expect.objectContaining({ organizer: 'Jazz Club', email: 'jazz@example.org' })]);
    expect(session.categories.map((c: Rec) => c.name)).toEqual(['Music']);
    expect(session.tags.map((c: Rec) => c.name)).toEqual(['Jazz']);
    const day = events.find((e) => e.title === 'Open day') as Shown;
    expect(day).toMatchObject({ all_day: true, start_date: openDay.start_date });
    expect(day.venue).toMatchObject({ venue: 'Town Hall', city: 'Berlin' });
    const halls = JSON.parse(await ok(['venues', 'list', '--search', 'Town Hall', '-o', 'json'], targetEnv)) as Rec[];
    expect(halls).toHaveLength(1);
  });

  it('follows a moved event and trashes one the other site trashed', async () => {
    await ok(['events', 'update', String(cellar.id), '--start-date', at(5, 21), '--end-date', at(5, 23)], otherEnv);
    await ok(['events', 'delete', String(openDay.id), '--yes'], otherEnv);
    const r = JSON.parse(await ok(['feeds', 'run', 'neighbours', '-o', 'json'], targetEnv)) as Rec[];
    expect(r[0]).toMatchObject({ created: 0, updated: 1, trashed: 1 });
    const events = JSON.parse(await ok(['events', 'list', ...all], targetEnv)) as Rec[];
    expect(events.map((e) => [e.title, String(e.start_date).slice(11)])).toEqual([['Cellar session', '21:00:00']]);
    // (nothing changed since: the other site's list is read, the target is not written)
    const again = JSON.parse(await ok(['feeds', 'run', 'neighbours', '-o', 'json'], targetEnv)) as Rec[];
    expect(again[0]).toMatchObject({ status: 'not-modified' });
  });

  it('an address without a profile is read anonymously, into the local calendar', async () => {
    const local = tempHome();
    const env = {};
    const run = (args: string[]) => runCli(args, { home: local, env, timeoutMs: 60_000 });
    const added = await run(['feeds', 'add', 'public', other.origin]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/another site/);
    const r = await run(['feeds', 'run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ created: 1 });
    const listed = await run(['events', 'list', ...all]);
    expect((JSON.parse(listed.stdout) as Rec[]).map((e) => e.title)).toEqual(['Cellar session']);
  });
});
