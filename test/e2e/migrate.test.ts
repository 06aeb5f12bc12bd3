/**
 * `calctl migrate`: a calendar of 30 events (past and future, published and drafts) with 5 venues,
 * 3 organizers, nested categories, tags and 2 images on a test server (the source) is moved to the
 * built-in local calendar (the target, in a temp home): everything arrives with its links and the
 * category tree; a second run writes nothing; a change on the source moves on the next run; a record
 * deleted from the target or the map is made again; a run stopped midway (the crash seam) is finished
 * by the next without duplicates; --dry-run and the confirmation.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { runInProcess } from '../helpers/in-process.js';

type Rec = Record<string, unknown> & { id: number };

let server: TestServer;
let env: Record<string, string>;
const home = mkdtempSync(join(tmpdir(), 'calctl-migrate-home-'));
const ids: Record<string, number> = {};

const WINDOW = ['--start-date', '1990-01-01', '--end-date', '2099-12-31'];

async function post(path: string, body: unknown): Promise<Rec> {
  const r = await apiRequest<Rec>(server, 'POST', path, body);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

async function upload(name: string, color: string): Promise<number> {
  const bytes = await sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
  const res = await fetch(`${server.url}/wp-json/wp/v2/media`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${server.user}:${server.password}`).toString('base64')}`,
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="${name}"`,
    },
    body: bytes,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Rec).id;
}

const migrate = (args: string[] = [], fault?: (point: string) => void) =>
  runInProcess(['migrate', server.baseUrl, 'local', '--status', 'publish,draft', ...args], {
    env,
    home,
    ...(fault ? { fault } : {}),
  });

/** The local calendar's records of a resource, as JSON. */
async function local(resource: string, extra: string[] = []): Promise<Rec[]> {
  const args = [resource, 'list', '--all', '-o', 'json', ...extra];
  if (resource === 'events') args.push(...WINDOW, '--status', 'publish,draft');
  const r = await runInProcess(args, { home });
  expect(r.code, r.stderr).toBe(0);
  return r.json<Rec[]>();
}

const nameOf = (v: unknown) => (v as { name?: string; venue?: string; organizer?: string }) ?? {};

beforeAll(async () => {
  server = await startApi();
  env = { CALCTL_USER: server.user, CALCTL_PASSWORD: server.password };
  const music = await post('/categories', { name: 'Music' });
  const jazz = await post('/categories', { name: 'Jazz', parent: music.id });
  const bebop = await post('/categories', { name: 'Bebop', parent: jazz.id });
  const talks = await post('/categories', { name: 'Talks & Lectures' });
  ids.music = music.id;
  const tags = [await post('/tags', { name: 'free' }), await post('/tags', { name: 'outdoor' })];
  const images = [await upload('poster.png', '#c63'), await upload('hall.png', '#36c')];
  const venues: Rec[] = [];
  for (let i = 1; i <= 5; i++) {
    venues.push(
      await post('/venues', {
        venue: `Hall ${i}`,
        address: `${i} Main St`,
        city: 'Springfield',
        ...(i === 1 ? { image: String(images[1]) } : {}),
      }),
    );
  }
  const organizers: Rec[] = [];
  for (let i = 1; i <= 3; i++)
    organizers.push(await post('/organizers', { organizer: `Org ${i}`, email: `o${i}@example.org` }));
  const cats = [music, jazz, bebop, talks];
  for (let i = 0; i < 30; i++) {
    const year = i < 12 ? 2021 : 2027;
    const day = String((i % 27) + 1).padStart(2, '0');
    const e = await post('/events', {
      title: `Event ${i}`,
      description: `<p>About event ${i}</p>`,
      start_date: `${year}-03-${day} 19:00:00`,
      end_date: `${year}-03-${day} 21:00:00`,
      venue: (venues[i % 5] as Rec).id,
      organizer: [(organizers[i % 3] as Rec).id, ...(i % 4 === 0 ? [(organizers[(i + 1) % 3] as Rec).id] : [])],
      categories: [(cats[i % 4] as Rec).id],
      tags: i % 2 === 0 ? [(tags[0] as Rec).id] : [(tags[0] as Rec).id, (tags[1] as Rec).id],
      cost: i % 3 === 0 ? '10' : '',
      status: i === 29 ? 'draft' : 'publish',
      ...(i < 2 ? { image: String(images[0]) } : {}),
    });
    ids[`event${i}`] = e.id;
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('calctl migrate', () => {
  it('--dry-run prints the plan and writes nothing', async () => {
    const r = await migrate(['--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const plan = r.json<{ counts: Record<string, { create: number }>; plan: { action: string }[] }>();
    expect(plan.counts.events?.create).toBe(30);
    expect(plan.counts.venues?.create).toBe(5);
    expect(plan.counts.categories?.create).toBe(4);
    expect(plan.counts.media?.create).toBe(2);
    expect(await local('events')).toHaveLength(0);
    const text = await migrate(['--dry-run', '-o', 'table']);
    expect(text.stdout).toMatch(/events: create 30, update 0, adopt 0, unchanged 0/);
  });

  it('refuses without a terminal and without --yes (exit 2)', async () => {
    const r = await migrate();
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--yes/);
    expect(await local('events')).toHaveLength(0);
  });

  it('a run stopped midway is finished by the next, with nothing twice', async () => {
    let creates = 0;
    const stopped = await migrate(['--yes'], (point) => {
      if (point === 'migrate-created' && ++creates === 20) throw new Error('crash after a create');
    });
    expect(stopped.code).not.toBe(0);
    const r = await migrate(['--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const events = await local('events');
    expect(events).toHaveLength(30);
    expect(new Set(events.map((e) => e.title)).size).toBe(30);
    expect(await local('venues')).toHaveLength(5);
    expect(await local('organizers')).toHaveLength(3);
  });

  it('everything arrives with its links, the category tree and the images', async () => {
    const cats = await local('categories');
    const byName = new Map(cats.map((c) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(['Bebop', 'Jazz', 'Music', 'Talks & Lectures']);
    expect(byName.get('Jazz')?.parent).toBe(byName.get('Music')?.id);
    expect(byName.get('Bebop')?.parent).toBe(byName.get('Jazz')?.id);
    const events = await local('events');
    const e4 = events.find((e) => e.title === 'Event 4') as Rec;
    expect(nameOf(e4.venue).venue).toBe('Hall 5');
    expect((e4.organizer as Rec[]).map((o) => o.organizer).sort()).toEqual(['Org 2', 'Org 3']);
    expect((e4.categories as Rec[]).map((c) => c.name)).toEqual(['Music']);
    expect((e4.tags as Rec[]).map((t) => t.name)).toEqual(['free']);
    expect(e4.start_date).toBe('2021-03-05 19:00:00');
    const past = events.filter((e) => String(e.start_date).startsWith('2021'));
    expect(past).toHaveLength(12);
    expect(events.find((e) => e.title === 'Event 29')?.status).toBe('draft');
    const e0 = events.find((e) => e.title === 'Event 0') as Rec;
    const e1 = events.find((e) => e.title === 'Event 1') as Rec;
    expect((e0.image as Rec).id).toBeGreaterThan(0);
    expect((e0.image as Rec).id).toBe((e1.image as Rec).id);
    expect((e0.image as Rec).width).toBe(60);
    const hall1 = (await local('venues')).find((v) => v.venue === 'Hall 1') as Rec;
    expect((hall1.image as Rec).id).toBeGreaterThan(0);
    expect((hall1.image as Rec).id).not.toBe((e0.image as Rec).id);
  });

  it('a second run writes nothing', async () => {
    const r = await migrate(['--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json<{ resources: Record<string, { created: number; updated: number; unchanged: number } | null> }>();
    for (const name of ['categories', 'tags', 'venues', 'organizers', 'events']) {
      expect(out.resources[name], name).toMatchObject({ created: 0, updated: 0 });
    }
    expect(out.resources.events?.unchanged).toBe(30);
    expect(out.resources.media).toBeNull();
    const quiet = await migrate(['--yes', '--quiet']);
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
    const dry = await migrate(['--dry-run', '-o', 'table']);
    expect(dry.stdout).toMatch(/events: create 0, update 0, adopt 0, unchanged 30/);
  });

  it('a change on the source moves on the next run; a record deleted on the target comes back', async () => {
    await post(`/events/${ids.event5}`, {
      title: 'Event 5 (moved)',
      start_date: '2027-04-01 18:00:00',
      end_date: '2027-04-01 20:00:00',
    });
    const gone = (await local('events')).find((e) => e.title === 'Event 7') as Rec;
    const del = await runInProcess(['events', 'delete', String(gone.id), '--force', '--yes'], { home });
    expect(del.code, del.stderr).toBe(0);
    const r = await migrate(['--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json<{ resources: Record<string, { created: number; updated: number }> }>();
    expect(out.resources.events).toMatchObject({ created: 1, updated: 1 });
    const events = await local('events');
    expect(events).toHaveLength(30);
    expect(events.find((e) => e.title === 'Event 5 (moved)')?.start_date).toBe('2027-04-01 18:00:00');
    expect(events.some((e) => e.title === 'Event 7')).toBe(true);
  });

  it('a record forgotten by the map is adopted, not duplicated; the map is 0600', async () => {
    const dir = join(home, '.local', 'share', 'calctl', 'migrate', 'local');
    const file = join(dir, `${new URL(server.baseUrl).host.replace(/[^A-Za-z0-9_.-]/g, '_')}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const data = JSON.parse(readFileSync(file, 'utf8')) as { records: Record<string, Record<string, unknown>> };
    delete data.records.events?.[String(ids.event3)];
    delete data.records.venues?.[String(Object.keys(data.records.venues ?? {})[0])];
    writeFileSync(file, JSON.stringify(data));
    const r = await migrate(['--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json<{ resources: Record<string, { created: number; adopted: number }> }>();
    expect(out.resources.events).toMatchObject({ created: 0, adopted: 1 });
    expect(out.resources.venues).toMatchObject({ created: 0, adopted: 1 });
    expect(await local('events')).toHaveLength(30);
    expect(await local('venues')).toHaveLength(5);
  });

  it('and back: the local calendar moved to another server, images included', async () => {
    const other = await startApi();
    try {
      const r = await runInProcess(['migrate', 'local', other.baseUrl, '--status', 'any', '--yes', '-o', 'json'], {
        env,
        home,
      });
      expect(r.code, r.stderr).toBe(0);
      const out = r.json<{ resources: Record<string, { created: number }> }>();
      expect(out.resources.events?.created).toBe(30);
      expect(out.resources.media?.created).toBe(2);
      const list = await apiRequest<Rec[]>(
        other,
        'GET',
        '/events?start_date=1990-01-01&end_date=2099-12-31&status=publish,draft&per_page=50',
      );
      const events = (list.body as unknown as { events: Rec[] }).events;
      expect(events).toHaveLength(30);
      const e0 = events.find((e) => e.title === 'Event 0') as Rec;
      expect((e0.image as Rec).width).toBe(60);
      expect(nameOf(e0.venue).venue).toBe('Hall 1');
      const again = await runInProcess(['migrate', 'local', other.baseUrl, '--status', 'any', '--yes', '-o', 'json'], {
        env,
        home,
      });
      expect(
        again.json<{ resources: Record<string, { created: number; updated: number }> }>().resources.events,
      ).toMatchObject({ created: 0, updated: 0 });
    } finally {
      await other.close();
    }
  });

  it('an event hidden from listings moves too (WordPress core names it)', async () => {
    const hidden = await post('/events', {
      title: 'Hidden one',
      start_date: '2022-02-02 10:00:00',
      end_date: '2022-02-02 11:00:00',
      hide_from_listings: true,
    });
    const r = await migrate(['--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json<{ resources: { events: { created: number } } }>().resources.events.created).toBe(1);
    const file = r.json<{ map: string }>().map;
    const map = JSON.parse(readFileSync(file, 'utf8')) as { records: Record<string, Record<string, { id: number }>> };
    const id = map.records.events?.[String(hidden.id)]?.id;
    const got = await runInProcess(['events', 'get', String(id), '-o', 'json'], { home });
    expect(got.json<Rec>()).toMatchObject({ title: 'Hidden one', hide_from_listings: true });
  });

  it('usage: the same site twice, an unknown status', async () => {
    expect((await runInProcess(['migrate', 'local', 'local'], { home })).code).toBe(2);
    const bad = await runInProcess(['migrate', server.baseUrl, 'local', '--status', 'trash'], { env, home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--status/);
  });
});
