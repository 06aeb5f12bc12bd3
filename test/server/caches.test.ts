/**
 * The server keeps venues, organizers and term lookups across requests (src/server/store/shared-cache.ts).
 * These tests prove every kind of change is seen by the next request: a write through the API, a
 * write by another connection (another process on the same data dir), and a write rolled back with
 * its request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../../src/server/site.js';
import { openStores } from '../../src/server/start.js';
import { newPost } from '../../src/server/store/posts.js';
import type { Post } from '../../src/server/store/types.js';
import { WriteBatch } from '../../src/server/store/write-batch.js';
import { type Api, day, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

/** Events of one search word, as the list shows them. */
async function listed(word: string) {
  const r = await api.get('/events', { auth: true, query: { search: word, per_page: 50 } });
  expect(r.status).toBe(200);
  return r.body.events as { id: number; venue: { venue?: string }; organizer: { organizer?: string }[] }[];
}

describe('venues and organizers kept across requests', () => {
  it('a renamed venue and organizer show in the next event list and the next create', async () => {
    const word = uniq('Cache');
    const venue = (await api.post('/venues', { venue: uniq('Hall') })).body.id as number;
    const organizer = (await api.post('/organizers', { organizer: uniq('Org') })).body.id as number;
    const first = await api.post('/events', ev({ title: `${word} one`, venue, organizer }));
    expect(first.status).toBe(201);
    expect((await listed(word))[0]?.venue.venue).toBe(first.body.venue.venue);

    const newVenue = uniq('Renamed hall');
    const newOrganizer = uniq('Renamed org');
    expect((await api.post(`/venues/${venue}`, { venue: newVenue })).status).toBe(200);
    expect((await api.post(`/organizers/${organizer}`, { organizer: newOrganizer })).status).toBe(200);

    const list = await listed(word);
    expect(list[0]?.venue.venue).toBe(newVenue);
    expect(list[0]?.organizer[0]?.organizer).toBe(newOrganizer);
    const second = await api.post('/events', ev({ title: `${word} two`, venue, organizer }));
    expect(second.body.venue.venue).toBe(newVenue);
    expect(second.body.organizer[0].organizer).toBe(newOrganizer);
  });

  it('a trashed venue disappears from the next create and list', async () => {
    const word = uniq('Trash');
    const venue = (await api.post('/venues', { venue: uniq('Hall') })).body.id as number;
    expect((await api.post('/events', ev({ title: `${word} a`, venue }))).body.venue.id).toBe(venue);
    expect((await api.req('DELETE', `/venues/${venue}`, { auth: true })).status).toBe(200);
    expect((await listed(word))[0]?.venue).toEqual([]);
    // (a trashed venue can still be linked, as on the site, but is never shown)
    const after = await api.post('/events', ev({ title: `${word} b`, venue }));
    expect(after.status).toBe(201);
    expect(after.body.venue).toEqual([]);
  });

  it('a venue renamed by another process on the same data dir shows in the next list', async () => {
    const word = uniq('Other');
    const venue = (await api.post('/venues', { venue: uniq('Hall') })).body.id as number;
    await api.post('/events', ev({ title: `${word} a`, venue }));
    await listed(word); // fills the caches

    const other = openStores(api.dataDir, { optimize: false });
    try {
      const row = other.posts.get(venue) as Post;
      other.posts.update({ ...row, title: 'Renamed elsewhere' });
    } finally {
      other.db.close();
    }
    expect((await listed(word))[0]?.venue.venue).toBe('Renamed elsewhere');
    expect((await api.post('/events', ev({ title: `${word} b`, venue }))).body.venue.venue).toBe('Renamed elsewhere');
  });
});

describe('the created record, answered without reading it back', () => {
  it('is what a read returns, even for text SQLite stores altered (a lone surrogate)', async () => {
    const slug = uniq('surrogate').toLowerCase();
    const json = `{"title":"a\\ud800b","slug":"${slug}","description":"x\\udc00","start_date":"${day(3, '10:00')}","end_date":"${day(3, '11:00')}"}`;
    const created = await api.req('POST', '/events', { auth: true, json });
    expect(created.status).toBe(201);
    const read = await api.get(`/events/${created.body.id}`, { auth: true });
    expect(created.body.title).toBe(read.body.title);
    expect(created.body.title).toBe('a\ufffd\ufffd\ufffdb');
    expect(created.body.description).toBe(read.body.description);
  });
});

describe('term lookups kept across requests', () => {
  it('a renamed category is no longer found under its old slug', async () => {
    const name = uniq('Music');
    const first = await api.post('/events', ev({ categories: [name] }));
    const cat = first.body.categories[0];
    expect(cat.name).toBe(name);
    // found again by its slug (the cached lookup)
    expect((await api.post('/events', ev({ categories: [cat.slug] }))).body.categories[0].id).toBe(cat.id);

    const renamed = uniq('Tunes');
    const put = await api.post(`/categories/${cat.id}`, { name: renamed, slug: renamed.toLowerCase() });
    expect(put.status).toBe(200);
    const after = await api.post('/events', ev({ categories: [cat.slug] }));
    // the old slug names nothing now: a new category is made
    expect(after.body.categories[0].id).not.toBe(cat.id);
    expect(after.body.categories[0].slug).toBe(cat.slug);
    const byNew = await api.post('/events', ev({ categories: [renamed.toLowerCase()] }));
    expect(byNew.body.categories[0].id).toBe(cat.id);
  });

  it('a deleted category is made again by the next event naming it', async () => {
    const name = uniq('Gone');
    const cat = (await api.post('/events', ev({ categories: [name] }))).body.categories[0];
    expect((await api.post('/events', ev({ categories: [name] }))).body.categories[0].id).toBe(cat.id);
    expect((await api.req('DELETE', `/categories/${cat.id}`, { auth: true, query: { force: 'true' } })).status).toBe(
      200,
    );
    const again = (await api.post('/events', ev({ categories: [name] }))).body.categories[0];
    expect(again.id).not.toBe(cat.id);
    expect(again.name).toBe(name);
  });

  it('a category created by another process is found (not made twice)', async () => {
    const name = uniq('Elsewhere');
    // (a slug unlike the name: the lookup by name must not find it instead)
    const slug = `${name.toLowerCase()}-slug`;
    // the lookup of a missing slug is remembered too
    const probe = await api.get('/events', { auth: true, query: { categories: slug } });
    expect(probe.status).toBe(400);
    const other = openStores(api.dataDir, { optimize: false });
    let id: number;
    try {
      id = other.terms.insert({ taxonomy: 'tribe_events_cat', name, slug, description: '', parent: 0 });
    } finally {
      other.db.close();
    }
    expect((await api.post('/events', ev({ categories: [slug] }))).body.categories[0].id).toBe(id);
  });
});

describe('a write rolled back with its request', () => {
  let dir: string;
  let stores: Stores;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'calctl-cache-test-'));
    stores = openStores(dir, { optimize: false });
  });
  afterAll(() => {
    stores.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One request of the group-commit batch, as the core runs it. */
  function request<T>(batch: WriteBatch, fn: () => T) {
    return batch.run(() => {
      stores.posts.beginRequest();
      try {
        return fn();
      } finally {
        stores.posts.endRequest();
      }
    });
  }

  it('leaves no trace in the cache, neither in its batch nor after', async () => {
    const batch = new WriteBatch(stores.db);
    const created = request(batch, () =>
      stores.posts.insert(
        newPost({
          type: 'tribe_venue',
          title: 'Original',
          slug: 'original',
          date: day(0, '10:00'),
          date_utc: day(0, '10:00'),
          meta: { show_map: true, show_map_link: true },
        }),
      ),
    );
    await created.durable;
    const id = created.result;
    const title = () => request(batch, () => stores.posts.get(id)?.title);
    const read = title();
    expect(read.result).toBe('Original');
    await read.durable;

    // renamed, read back (as an answer would), then the request fails: its savepoint is rolled back
    expect(() =>
      request(batch, () => {
        stores.posts.update({ ...(stores.posts.get(id) as Post), title: 'Rolled back' });
        expect(stores.posts.get(id)?.title).toBe('Rolled back');
        throw new Error('request failed');
      }),
    ).toThrow('request failed');
    const sameBatch = title();
    expect(sameBatch.result).toBe('Original');
    await sameBatch.durable;
    expect(title().result).toBe('Original');
  });
});
