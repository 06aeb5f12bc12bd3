/**
 * The events list keeps its records as JSON text across requests (src/server/tribe/handlers/event-texts.ts).
 * These tests fill it with a list, change one thing the records show, and ask the same list again:
 * every kind of change shows at once — the event, its venue, organizer, category (and its count, which
 * another event changes), featured image, a write of another process, a write rolled back — and the
 * text of one caller or host is never served to another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/server/core.js';
import type { SiteSettings, Stores } from '../../src/server/site.js';
import { openStores } from '../../src/server/start.js';
import type { Post } from '../../src/server/store/types.js';
import { WriteBatch } from '../../src/server/store/write-batch.js';
import { type Api, basic, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

// biome-ignore lint/suspicious/noExplicitAny: records are read by path
type Rec = any;

let asked = 0;

/**
 * The events of one search word, as the list shows them (anonymous unless `auth`), asked twice (a
 * record's text is kept from the second time it is shown), each time with another page size, so that
 * the answer cache never answers.
 */
async function listed(word: string, opts: { auth?: boolean } = {}) {
  let events: Rec[] = [];
  for (let i = 0; i < 2; i++) {
    const r = await api.get('/events', { ...opts, query: { search: word, per_page: 10 + (asked++ % 90) } });
    expect(r.status).toBe(200);
    events = r.body.events;
  }
  return events;
}

describe('the events list after a change', () => {
  it('shows the event, its venue, organizer and category as they are now', async () => {
    const word = uniq('Texts');
    const made = await api.post(
      '/events',
      ev({ title: `${word} one`, venue: { venue: uniq('Hall') }, organizer: [{ organizer: uniq('Org') }] }),
    );
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const cat = (await api.post('/categories', { name: uniq('Cat') })).body.id as number;
    await listed(word);

    expect((await api.post(`/venues/${made.body.venue.id}`, { venue: 'Hall renamed' })).status).toBe(200);
    expect((await listed(word))[0].venue.venue).toBe('Hall renamed');
    const organizer = made.body.organizer[0].id as number;
    expect((await api.post(`/organizers/${organizer}`, { organizer: 'Org renamed' })).status).toBe(200);
    expect((await listed(word))[0].organizer[0].organizer).toBe('Org renamed');

    // (an update resets the organizers it does not name, as the plugin's does)
    const update = { title: `${word} renamed`, categories: [cat], organizer: [organizer] };
    expect((await api.post(`/events/${id}`, update)).status).toBe(200);
    let [rec] = await listed(word);
    expect(rec.title).toBe(`${word} renamed`);
    expect(rec.categories.map((c: Rec) => [c.id, c.count])).toEqual([[cat, 1]]);
    expect((await api.post(`/categories/${cat}`, { name: 'Cat renamed' })).status).toBe(200);
    expect((await listed(word))[0].categories[0].name).toBe('Cat renamed');

    // another event joining the category changes this event's record (the category's count)
    expect((await api.post('/events', ev({ title: uniq('Other'), categories: [cat] }))).status).toBe(201);
    [rec] = await listed(word);
    expect(rec.categories[0].count).toBe(2);
  });

  it('shows a featured image set, then removed', async () => {
    const word = uniq('Picture');
    const id = (await api.post('/events', ev({ title: `${word} a` }))).body.id as number;
    expect((await listed(word))[0].image).toBe(false);
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .jpeg()
      .toBuffer();
    const up = await api.fetch(`${api.origin}/wp-json/wp/v2/media`, {
      method: 'POST',
      headers: {
        authorization: basic('admin', 'abcd EFGH 1234 ijkl MNOP 5678'),
        'content-type': 'image/jpeg',
        'content-disposition': 'attachment; filename="kept.jpg"',
      },
      body: bytes,
    });
    const media = (await up.json()) as Rec;
    expect(up.status).toBe(201);
    expect((await api.post(`/events/${id}`, { image: String(media.id) })).status).toBe(200);
    expect((await listed(word))[0].image).toMatchObject({ id: media.id, width: 400 });
    // (an update without `image` leaves the event without one, as the plugin's write does)
    expect((await api.post(`/events/${id}`, { title: `${word} b` })).status).toBe(200);
    expect((await listed(word))[0].image).toBe(false);
  });

  it('shows a change another process made on the same data dir', async () => {
    const word = uniq('Elsewhere');
    const id = (await api.post('/events', ev({ title: `${word} a` }))).body.id as number;
    expect((await listed(word))[0].slug).not.toBe('moved-elsewhere');
    const other = openStores(api.dataDir, { optimize: false });
    try {
      other.posts.update({ ...(other.posts.get(id) as Post), slug: 'moved-elsewhere' });
    } finally {
      other.db.close();
    }
    expect((await listed(word))[0].slug).toBe('moved-elsewhere');
  });
});

describe('the events list for another caller or host', () => {
  it("never serves one caller's record to another: a private venue shows to the admin only", async () => {
    const word = uniq('Private');
    const venue = (await api.post('/venues', { venue: uniq('Secret hall'), status: 'private' })).body.id as number;
    expect((await api.post('/events', ev({ title: `${word} a`, venue }))).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      expect((await listed(word, { auth: true }))[0].venue.id).toBe(venue);
      expect((await listed(word))[0].venue).toEqual([]);
    }
  });
});

describe('the events list in process', () => {
  let dir: string;
  let stores: Stores;
  const site: SiteSettings = { vendor: 'tribe', perPage: 10, timezone: 'UTC', now: () => new Date() };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'calctl-texts-test-'));
    stores = openStores(dir, { optimize: false });
  });
  afterAll(() => {
    stores.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Asks the in-process core (as the admin when `auth`), from `origin`. */
  function asker(settings: SiteSettings = site, origin = 'http://127.0.0.1') {
    const core = createCore({ site: settings, stores, trustCredentials: true });
    return async (url: string, opts: { method?: string; body?: unknown; auth?: boolean; origin?: string } = {}) => {
      const { method = 'GET', body = null, auth = true } = opts;
      const r = await core.handle({
        method,
        // (a plain-permalink site's route is named in the query: `/?rest_route=/…`)
        url: url.startsWith('/?') ? url : `/wp-json/tribe/events/v1${url}`,
        headers: {
          host: '127.0.0.1',
          ...(auth ? { authorization: basic('admin', 'x') } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : null,
        ip: '127.0.0.1',
        origin: opts.origin ?? origin,
      });
      return { status: r.status, body: JSON.parse(r.body) as Rec };
    };
  }

  it('writes every address with the host the caller used', async () => {
    const ask = asker();
    const word = uniq('Host');
    expect((await ask('/events', { method: 'POST', body: ev({ title: `${word} a` }) })).status).toBe(201);
    // (a new page size each time: the answer cache never answers; the second time, the text is kept)
    await ask(`/events?search=${word}&per_page=2`);
    const first = (await ask(`/events?search=${word}&per_page=3`)).body.events[0];
    const other = (await ask(`/events?search=${word}&per_page=4`, { origin: 'http://other.test:81' })).body.events[0];
    expect(first.url.startsWith('http://127.0.0.1/')).toBe(true);
    expect(other.url.startsWith('http://other.test:81/')).toBe(true);
    expect(other.rest_url.startsWith('http://other.test:81/')).toBe(true);
    expect(other.global_id).toBe(`other.test?id=${first.id}`);
    expect((await ask(`/events?search=${word}&per_page=5`)).body.events[0]).toEqual(first);
  });

  it("follows the site's settings: another server on the same data dir with plain permalinks", async () => {
    const ask = asker();
    const plain = asker({ ...site, permalinks: 'plain' });
    const word = uniq('Plain');
    expect((await ask('/events', { method: 'POST', body: ev({ title: `${word} a` }) })).status).toBe(201);
    await ask(`/events?search=${word}&per_page=2`);
    const pretty = (await ask(`/events?search=${word}&per_page=3`)).body.events[0];
    expect(pretty.url).toBe(`http://127.0.0.1/event/${pretty.slug}/`);
    const r = await plain(`/?rest_route=/tribe/events/v1/events&search=${word}&per_page=4`);
    expect(r.body.events[0].url).toBe(`http://127.0.0.1/?tribe_events=${pretty.slug}`);
  });

  it('keeps nothing a rolled-back batch showed it', async () => {
    const ask = asker();
    const made = await ask('/events', { method: 'POST', body: ev({ title: 'Original' }) });
    expect(made.status).toBe(201);
    let size = 1;
    // (a new page size each time: the answer cache never answers)
    const list = async () => (await ask(`/events?search=Original&per_page=${size++}`)).body.events[0]?.title;
    expect(await list()).toBe('Original');
    expect(await list()).toBe('Original');

    // A batch of this connection is open, with a rename in it; a list asked meanwhile sees the
    // rename (as SQLite shows it to this connection); then the batch fails and rolls back.
    const batch = new WriteBatch(stores.db);
    const run = batch.run(() =>
      stores.posts.update({ ...(stores.posts.get(made.body.id) as Post), title: 'Original but rolled back' }),
    );
    expect(await list()).toBe('Original but rolled back');
    expect(await list()).toBe('Original but rolled back');
    stores.db.exec('ROLLBACK');
    await expect(run.durable).rejects.toThrow();
    expect(await list()).toBe('Original');
  });
});
