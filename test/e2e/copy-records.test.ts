/**
 * Records as calctl prints them are accepted back (create/update --data), `events copy` makes "the
 * same event next week", and a refused value's hint names the field and why. Through the built CLI
 * against a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
const cli = (args: string[], input?: string) => runCli(args, { env, home, ...(input !== undefined ? { input } : {}) });
type Rec = Record<string, unknown> & { id: number };
let source: Rec;

async function made(args: string[], input?: string): Promise<Rec> {
  const r = await cli([...args, '-o', 'json'], input);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Rec>();
}

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
  await made(['venues', 'create', '--venue', 'Blue Room', '--city', 'Lyon']);
  await made(['organizers', 'create', '--organizer', 'Ann Org']);
  source = await made([
    'events',
    'create',
    '--title',
    'Weekly jam',
    '--start-date',
    '2027-05-03 19:00',
    '--duration',
    '2h30m',
    '--venue',
    'Blue Room',
    '--organizer',
    'Ann Org',
    '--categories',
    'Jazz',
    '--tags',
    'jam',
    '--create-missing',
    '--cost',
    '12',
    '--description',
    '<b>Bring</b> an instrument',
    '--featured',
  ]);
});
afterAll(async () => {
  await server?.close();
});

const same = (e: Rec) => ({
  title: e.title,
  venue: (e.venue as Rec).id,
  organizer: (e.organizer as Rec[]).map((o) => o.id),
  categories: (e.categories as Rec[]).map((c) => c.id),
  tags: (e.tags as Rec[]).map((t) => t.id),
  cost: e.cost,
  description: e.description,
  featured: e.featured,
  timezone: e.timezone,
});

describe('records as JSON, back in', () => {
  it('a record printed by get, without its id, is accepted by create --data, and --verbose says what was left out', async () => {
    const printed = (await cli(['events', 'get', String(source.id), '-o', 'json'])).json<Rec>();
    const { id: _, ...body } = printed;
    const r = await cli(['events', 'create', '--data', '-', '--verbose', '-o', 'json'], JSON.stringify(body));
    expect(r.code, r.stderr).toBe(0);
    const copy = r.json<Rec>();
    expect(copy.id).not.toBe(source.id);
    expect(same(copy)).toEqual(same(source));
    expect([copy.start_date, copy.end_date]).toEqual([source.start_date, source.end_date]);
    expect(r.stderr).toMatch(/left out what a write does not take: .*json_ld/);
    expect(r.stderr).toMatch(/left out .*cost_details/);
  });

  it('a printed record is accepted by update --data (nothing changes)', async () => {
    const printed = (await cli(['events', 'get', String(source.id), '-o', 'json'])).json<Rec>();
    const again = await made(['events', 'update', String(source.id), '--data', '-'], JSON.stringify(printed));
    expect(same(again)).toEqual(same(source));
  });

  it('a printed venue is accepted back too', async () => {
    const venues = (await cli(['venues', 'list', '-o', 'json'])).json<Rec[]>();
    const venue = venues.find((v) => v.venue === 'Blue Room') as Rec;
    const { id: _, ...body } = venue;
    const r = await cli(['venues', 'update', String(venue.id), '--data', '-', '-o', 'json'], JSON.stringify(body));
    expect(r.code, r.stderr).toBe(0);
    expect(r.json<Rec>()).toMatchObject({ venue: 'Blue Room', city: 'Lyon' });
  });

  it('a refused value gets a hint naming the field and why, not a generic one', async () => {
    const r = await cli([
      'events',
      'create',
      '--title',
      'Bad',
      '--start-date',
      '2027-05-03 19:00',
      '--duration',
      '1h',
      '--data',
      '{"author":"nobody"}',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--author');
    expect(r.stderr).not.toContain('calctl help dates');
  });
});

describe('events copy', () => {
  it('copies an event to a new start, keeping its duration, links and everything else', async () => {
    const copy = await made(['events', 'copy', String(source.id), '--start-date', '2027-05-10 19:00']);
    expect(copy.id).not.toBe(source.id);
    expect(copy.slug).not.toBe(source.slug);
    expect([copy.start_date, copy.end_date]).toEqual(['2027-05-10 19:00:00', '2027-05-10 21:30:00']);
    expect(same(copy)).toEqual(same(source));
  });

  it('a flag changes what it names; without a new start the dates stay', async () => {
    const copy = await made(['events', 'copy', String(source.id), '--title', 'Weekly jam (special)', '--no-featured']);
    expect(copy).toMatchObject({ title: 'Weekly jam (special)', featured: false, start_date: source.start_date });
    expect((copy.venue as Rec).id).toBe((source.venue as Rec).id);
  });

  it('an unknown event is exit 5 and nothing is created', async () => {
    const r = await cli(['events', 'copy', '99999', '--start-date', '2027-05-10 19:00']);
    expect(r.code).toBe(5);
  });
});
