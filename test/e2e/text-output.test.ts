/**
 * Text comes out as text: the plain fields a site sends with references in them (titles, names,
 * address, phone, cost; an event's venue, organizers, categories and tags) are printed decoded in
 * every output format (table, json, csv, yaml, ndjson, a single record, export), HTML fields stay
 * HTML, and `--raw` prints exactly what the site sent. `update` and `sync push` compare text as the
 * site shows it: text that only looks different is not sent. Through the built CLI against a real server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
const cli = (args: string[]) => runCli(args, { env: { ...env, COLUMNS: '240' }, home });

type Rec = Record<string, unknown> & { id: number };
const TITLE = 'Kids’ Club… — “fun” & more';
const VENUE = 'O’Brien & Sons — Hall';
const ORGANIZER = 'Ann’s “Crew”';
const CATEGORY = 'Fun & "Games"';
const ADDRESS = '1 Main St & Co';
const WINDOW = ['--start-date', '2031-01-01', '--end-date', '2031-12-31'];
/** References a plain field must never show once decoded. */
const REFS = /&#\d+;|&amp;|&quot;/;
let eventId: number;

async function made(args: string[]): Promise<Rec> {
  const r = await cli([...args, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Rec>();
}

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
  await made(['venues', 'create', '--venue', "O'Brien & Sons -- Hall", '--address', ADDRESS, '--city', 'Lyon']);
  await made(['organizers', 'create', '--organizer', `Ann's "Crew"`]);
  await made(['categories', 'create', '--name', CATEGORY]);
  eventId = (
    await made([
      'events',
      'create',
      '--title',
      `Kids' Club... -- "fun" & more`,
      '--description',
      `It's <b>bold</b> & "quoted"`,
      '--start-date',
      '2031-05-01 10:00',
      '--end-date',
      '2031-05-01 11:00',
      '--venue',
      VENUE,
      '--organizer',
      ORGANIZER,
      '--categories',
      CATEGORY,
    ])
  ).id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('text in every output format', () => {
  it('json: plain fields decoded, the embedded venue, organizer and category too; HTML kept', async () => {
    const r = await cli(['events', 'list', ...WINDOW, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const e = r.json<Rec[]>()[0] as Rec;
    expect(e.title).toBe(TITLE);
    expect((e.venue as Rec).venue).toBe(VENUE);
    expect((e.organizer as Rec[])[0]?.organizer).toBe(ORGANIZER);
    expect((e.categories as Rec[])[0]?.name).toBe(CATEGORY);
    expect(e.description).toBe('<p>It&#8217;s <b>bold</b> &#038; &#8220;quoted&#8221;</p>');
  });

  it('--raw: exactly what the site sent', async () => {
    const r = await cli(['events', 'list', ...WINDOW, '--raw', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const e = r.json<Rec[]>()[0] as Rec;
    expect(e.title).toBe('Kids&#8217; Club&#8230; &#8212; &#8220;fun&#8221; &#038; more');
    expect((e.venue as Rec).venue).toBe('O&#8217;Brien &#038; Sons &#8212; Hall');
    expect((e.categories as Rec[])[0]?.name).toBe('Fun &amp; "Games"');
    const one = await cli(['events', 'get', String(eventId), '--raw', '-o', 'json']);
    expect(one.json<Rec>().title).toBe(e.title);
  });

  it.each([
    ['table', []],
    ['csv', []],
    ['yaml', []],
    ['ndjson', []],
    ['table', ['--fields', 'id,title,venue.venue,categories']],
  ])('%s %j: the title and names as text, no references', async (format, extra) => {
    const r = await cli(['events', 'list', ...WINDOW, '-o', format, ...extra]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(TITLE);
    expect(r.stdout).toContain(VENUE);
    if (format !== 'table') expect(r.stdout).toContain('Fun & ');
    // (the description is HTML and keeps its references; every other line must have none)
    const lines = r.stdout.split('\n').filter((l) => !l.includes('bold'));
    expect(lines.filter((l) => REFS.test(l))).toEqual([]);
  });

  it('a single record, and the other resources, print decoded too', async () => {
    const one = await cli(['events', 'get', String(eventId), '-o', 'yaml']);
    expect(one.stdout).toContain(`title: ${TITLE}`);
    const venues = await cli(['venues', 'list', '-o', 'csv']);
    expect(venues.stdout).toContain(VENUE);
    expect(venues.stdout).toContain(ADDRESS);
    const organizers = await cli(['organizers', 'list', '-o', 'table']);
    expect(organizers.stdout).toContain(ORGANIZER);
    const categories = await cli(['categories', 'list', '-o', 'json']);
    expect(categories.json<Rec[]>().map((c) => c.name)).toContain(CATEGORY);
    for (const r of [venues, organizers]) expect(r.stdout).not.toMatch(REFS);
  });

  it('export: decoded by default, as sent with --raw; re-imported, it changes nothing', async () => {
    const csv = await cli(['export', 'events', '-o', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain(TITLE);
    expect(csv.stdout).toContain(VENUE);
    const raw = await cli(['export', 'events', '-o', 'csv', '--raw']);
    expect(raw.stdout).toContain('Kids&#8217; Club');
    for (const resource of ['events', 'venues', 'organizers']) {
      const out = await cli(['export', resource, '-o', 'csv']);
      const path = join(home, `${resource}.csv`);
      writeFileSync(path, out.stdout);
      const back = await cli(['import', resource, path, '-o', 'json']);
      expect(back.code, back.stderr).toBe(0);
      expect({ resource, summary: back.json<Rec>() }).toMatchObject({
        resource,
        summary: { created: 0, updated: 0, unchanged: 1, rejected: 0 },
      });
    }
  });
});

/** An event as WordPress core keeps it (`context=edit`: the stored title and content). */
async function stored(id: number): Promise<{ title: string; content: string; modified: string }> {
  const res = await fetch(`${server.url}/wp-json/wp/v2/tribe_events/${id}?context=edit`, {
    headers: { authorization: `Basic ${Buffer.from(`${server.user}:${server.password}`).toString('base64')}` },
  });
  const body = (await res.json()) as { title: { raw: string }; content: { raw: string }; modified: string };
  return { title: body.title.raw, content: body.content.raw, modified: body.modified };
}

describe('text compared as the site shows it', () => {
  it('update: a title as the site shows it, or as first typed, is not sent; a new one is', async () => {
    for (const title of [TITLE, `Kids' Club... -- "fun" & more`]) {
      const r = await cli(['events', 'update', String(eventId), '--title', title, '--dry-run', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(Object.keys(r.json<{ body: Rec }>().body)).not.toContain('title');
    }
    const r = await cli(['events', 'update', String(eventId), '--title', 'Kids Club', '--dry-run', '-o', 'json']);
    expect(r.json<{ body: Rec }>().body.title).toBe('Kids Club');
  });

  it('sync push: an offline edit of the description leaves the stored title as typed; then nothing is sent', async () => {
    const before = await stored(eventId);
    expect(before.title).toBe(`Kids' Club... -- "fun" & more`);
    const pull = await cli(['sync', 'pull']);
    expect(pull.code, pull.stderr).toBe(0);
    const edit = await cli(['--offline', 'events', 'update', String(eventId), '--description', "It's new -- text"]);
    expect(edit.code, edit.stderr).toBe(0);
    const push = await cli(['sync', 'push']);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stderr).toContain('0 created, 1 changed');
    const after = await stored(eventId);
    expect(after).toMatchObject({ title: before.title, content: "It's new -- text" });
    const again = await cli(['sync', 'push']);
    expect(again.stderr).toContain('0 created, 0 changed, 0 deleted');
    expect((await stored(eventId)).modified).toBe(after.modified);
  });
});
