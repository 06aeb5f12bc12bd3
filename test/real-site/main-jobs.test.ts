/**
 * The main jobs against a REAL site (optional), through the built CLI as a user runs them: list,
 * get, create/update/copy, delete/restore, import and export (CSV, NDJSON, iCalendar), agenda,
 * calendar and add, `api`, and completion's live lookups. Runs when CALCTL_REAL_URL,
 * CALCTL_REAL_USER and CALCTL_REAL_PASSWORD are set (a staging site: docs/real-site.md), skips with a
 * note otherwise. It reads the site's REST root, zone and page size from the site, so it holds on
 * any deployment (plain permalinks, a folder, another zone, locale or page size). Every record it
 * makes carries this run's stamp and is deleted for good at the end through WordPress core's routes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import {
  calctl,
  cleanup,
  configured,
  makeStamp,
  type Rec,
  type SiteFacts,
  site,
  siteFacts,
  siteWallToUtc,
  skipNote,
} from './site.js';

skipNote('main-jobs');
const stamp = makeStamp('rt');
const home = tempHome();
const files = mkdtempSync(join(tmpdir(), 'calctl-real-'));
let facts: SiteFacts;
const run = (args: string[], input?: string) => calctl(home, args, input);
async function ok(args: string[], input?: string) {
  const r = await run(args, input);
  expect(r.code, `calctl ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r;
}

beforeAll(async () => {
  if (configured) facts = await siteFacts();
}, 60_000);
afterAll(async () => {
  if (configured) await cleanup(stamp);
}, 300_000);

describe.skipIf(!configured)('the main jobs against a real site', () => {
  it('lists every resource, with the status filters a site takes (any is sent as the statuses it means)', async () => {
    for (const args of [
      ['events', 'list', '--status', 'any'],
      ['events', 'list', '--status', 'publish,draft'],
      ['venues', 'list', '--status', 'any'],
      ['organizers', 'list', '--status', 'draft'],
      ['categories', 'list'],
      ['tags', 'list'],
    ]) {
      const r = await ok([...args, '-o', 'json']);
      expect(Array.isArray(r.json())).toBe(true);
    }
  }, 180_000);

  it("creates, reads, updates, copies, trashes, restores and deletes an event, at the site zone's instants", async () => {
    const created = (
      await ok([
        'events',
        'create',
        '--title',
        `Real ${stamp}`,
        '--start-date',
        '2031-05-04 19:00',
        '--end-date',
        '2031-05-04 21:00',
        '--status',
        'draft',
        '--venue',
        `Hall ${stamp}`,
        '--categories',
        `Cat ${stamp}`,
        '--create-missing',
        '-o',
        'json',
      ])
    ).json<Rec>();
    expect(created).toMatchObject({
      title: `Real ${stamp}`,
      status: 'draft',
      start_date: '2031-05-04 19:00:00',
      utc_start_date: siteWallToUtc('2031-05-04 19:00:00', facts),
      utc_end_date: siteWallToUtc('2031-05-04 21:00:00', facts),
    });
    const id = String(created.id);
    expect((await ok(['events', 'get', id, '-o', 'json'])).json<Rec>()).toMatchObject({ id: created.id });
    const updated = (await ok(['events', 'update', id, '--title', `Real ${stamp} renamed`, '-o', 'json'])).json<Rec>();
    expect(updated).toMatchObject({ title: `Real ${stamp} renamed`, start_date: '2031-05-04 19:00:00' });

    const copy = (await ok(['events', 'copy', id, '--start-date', '2031-05-11 19:00', '-o', 'json'])).json<Rec>();
    expect(copy.id).not.toBe(created.id);
    expect(copy).toMatchObject({ start_date: '2031-05-11 19:00:00', end_date: '2031-05-11 21:00:00' });
    expect((copy.venue as Rec).id).toBe((created.venue as Rec).id);

    const trashed = (await ok(['events', 'delete', id, '--yes', '-o', 'json'])).json<Rec>();
    expect(trashed).toMatchObject({ id: created.id, status: 'trash' });
    const restored = (await ok(['events', 'restore', id, '--status', 'draft', '-o', 'json'])).json<Rec>();
    expect(restored).toMatchObject({ id: created.id, status: 'draft', title: `Real ${stamp} renamed` });
    const gone = (await ok(['events', 'delete', id, '--force', '--yes', '-o', 'json'])).json<Rec>();
    expect(gone).toMatchObject({ id: created.id, deleted: true });
    expect((await run(['events', 'get', id])).code).toBe(5);
    expect((await site('GET', `/wp/v2/tribe_events/${id}`)).status).toBe(404);
  }, 300_000);

  it('imports more rows than a page twice, counts them, and reads its CSV, NDJSON and iCalendar exports back unchanged', async () => {
    const n = facts.perPage + 2;
    const rows = Array.from({ length: n }, (_, i) => {
      const day = String(i + 1).padStart(2, '0');
      return `Imported ${stamp} ${day},2031-06-${day} 10:00,2031-06-${day} 11:30,${i % 2 ? 'draft' : 'publish'}`;
    });
    const csv = `${['title,start_date,end_date,status', ...rows].join('\n')}\n`;
    expect((await ok(['import', 'events', '-', '-o', 'json'], csv)).json()).toMatchObject({ created: n, rejected: 0 });
    expect((await ok(['import', 'events', '-', '-o', 'json'], csv)).json()).toMatchObject({ created: 0, unchanged: n });

    const search = `Imported ${stamp}`;
    const window = ['--search', search, '--start-date', '2031-06-01', '--end-date', '2031-06-30'];
    expect((await ok(['events', 'list', ...window, '-o', 'count'])).stdout.trim()).toBe(String(n));
    expect((await ok(['events', 'list', ...window, '--all', '-o', 'ids'])).stdout.trim().split('\n')).toHaveLength(n);

    const exported = (await ok(['export', 'events', '--search', search, '-o', 'json'])).json<Rec[]>();
    expect(exported.map((e) => e.title).sort()).toEqual(rows.map((r) => r.split(',')[0]).sort());
    for (const e of exported) {
      expect(e.utc_start_date).toBe(siteWallToUtc(String(e.start_date), facts));
    }
    for (const format of ['csv', 'ndjson', 'ics'] as const) {
      const text = (await ok(['export', 'events', '--search', search, '-o', format])).stdout;
      const file = join(files, `export.${format}`);
      writeFileSync(file, text);
      const back = await ok(['import', 'events', file, '-o', 'json']);
      expect({ format, ...back.json<Rec>() }).toMatchObject({ format, created: 0, rejected: 0, unchanged: n });
    }
  }, 600_000);

  it('shows the events by day (agenda, calendar) and adds one from a sentence', async () => {
    const agenda = await ok(['agenda', '--start-date', '2031-06-01', '--days', '3', '--search', stamp, '-o', 'json']);
    const days = JSON.stringify(agenda.json());
    for (const d of ['01', '02', '03']) expect(days).toContain(`Imported ${stamp} ${d}`);
    expect(days).not.toContain(`Imported ${stamp} 04`);
    const month = await ok(['calendar', '--month', '2031-06', '--search', stamp, '-o', 'json']);
    expect(JSON.stringify(month.json())).toContain(`Imported ${stamp} 01`);

    const added = (await ok(['add', `Added ${stamp} 2031-06-20 8pm-10pm`, '--yes', '-o', 'json'])).json<Rec>();
    expect(added).toMatchObject({
      title: `Added ${stamp}`,
      start_date: '2031-06-20 20:00:00',
      utc_start_date: siteWallToUtc('2031-06-20 20:00:00', facts),
    });
  }, 300_000);

  it('api: routes of the namespace and of WordPress core, arrays sent as PHP reads them', async () => {
    const listed = await ok([
      'api',
      'GET',
      '/events',
      ...[
        '-f',
        `search=Imported ${stamp}`,
        '-f',
        'start_date=2031-06-01',
        '-f',
        'end_date=2031-06-30',
        '-f',
        'per_page=2',
      ],
    ]);
    expect(listed.json<{ total: number; events: Rec[] }>()).toMatchObject({ total: facts.perPage + 2 });
    const core = await ok([
      'api',
      'GET',
      '/wp-json/wp/v2/tribe_events',
      ...['-f', `search=Imported ${stamp}`, '-f', 'status[0]=publish', '-f', 'status[1]=draft', '-f', 'per_page=100'],
    ]);
    expect(core.json<Rec[]>().length).toBe(facts.perPage + 2);

    const cats = [];
    for (const name of ['A', 'B']) {
      cats.push((await ok(['categories', 'create', '--name', `Api ${name} ${stamp}`, '-o', 'json'])).json<Rec>().id);
    }
    const posted = await ok([
      'api',
      'POST',
      '/events',
      ...['-f', `title=Api ${stamp}`, '-f', 'start_date=2031-07-01 10:00:00', '-f', 'end_date=2031-07-01 11:00:00'],
      ...['-f', `categories[0]=${cats[0]}`, '-f', `categories[1]=${cats[1]}`],
    ]);
    const event = posted.json<Rec & { categories: Rec[] }>();
    expect(event.categories.map((c) => c.id).sort()).toEqual([...cats].sort());
    // list filters as calctl sends them (a comma list), by id and by name
    for (const filter of [cats.join(','), `Api A ${stamp},Api B ${stamp}`]) {
      const found = await ok([
        ...['events', 'list', '--categories', filter, '--start-date', '2031-07-01', '--end-date', '2031-07-02'],
        ...['-o', 'ids'],
      ]);
      expect(found.stdout.trim().split('\n')).toEqual([String(event.id)]);
    }
  }, 300_000);

  it("completion's live lookups list what the site lists", async () => {
    // (a Tab press gives up after 1.5 s; a slow staging site gets longer here)
    const r = await calctl(home, ['__complete', 'slugs', 'categories'], undefined, { CALCTL_COMPLETE_TIMEOUT: '30' });
    expect(r.code).toBe(0);
    const listed = (await ok(['api', 'GET', '/categories', '-f', 'per_page=50', '-f', 'hide_empty=false'])).json<{
      categories: Rec[];
    }>();
    const slugs = r.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[0]);
    expect(slugs.sort()).toEqual(listed.categories.map((c) => String(c.slug)).sort());
    expect(slugs).toContain(`api-a-${stamp}`);
  }, 120_000);
});
