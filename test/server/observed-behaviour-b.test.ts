/** Observed behaviours #13–#24 of ../shared/reference/observed-behaviour.md, one test each. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, day, ev, ids, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

describe('observed behaviours #13–#24', () => {
  it('#13 (upstream bug, fixed here: no junk tag) tags by name or slug of an existing tag link that tag', async () => {
    const t = await api.post('/tags', { name: uniq('Tag13') });
    const e = await api.post('/events', ev({ tags: [t.body.name] }));
    expect(e.status).toBe(201);
    expect(e.body.tags.map((x: { id: number }) => x.id)).toEqual([t.body.id]);
    const bySlug = await api.post('/events', ev({ tags: t.body.slug }));
    expect(bySlug.body.tags.map((x: { id: number }) => x.id)).toEqual([t.body.id]);
    const fresh = uniq('fresh13');
    const e2 = await api.post('/events', ev({ tags: [fresh, 99999999] }));
    expect(e2.body.tags.map((x: { name: string }) => x.name)).toEqual([fresh]);
    const c = await api.post('/categories', { name: uniq('Cat13') });
    const e3 = await api.post('/events', ev({ categories: [c.body.name] }));
    expect(e3.body.categories.map((x: { id: number }) => x.id)).toEqual([c.body.id]);
  });

  it('#14 (upstream bug, fixed here: UTC end follows, event stays listed) end before start → 201, end = start', async () => {
    const w = uniq('w14');
    const e = await api.post('/events', ev({ title: w, start_date: day(5, '10:00'), end_date: day(5, '08:00') }));
    expect(e.status).toBe(201);
    expect(e.body.end_date).toBe(day(5, '10:00'));
    expect(e.body.utc_end_date).toBe(day(5, '10:00'));
    expect(ids(await api.get('/events', { query: { search: w } }))).toEqual([e.body.id]);
    const fixed = await api.post(`/events/${e.body.id}`, { start_date: day(5, '10:00'), end_date: day(5, '11:00') });
    expect(fixed.body.utc_end_date).toBe(day(5, '11:00'));
    expect(ids(await api.get('/events', { query: { search: w } }))).toEqual([e.body.id]);
  });

  it('#15 page past the end 404 for posts, 200 [] for terms; per_page=0 and page=-1 → 400', async () => {
    const v = await api.get('/venues', { query: { page: 9999 } });
    expect([v.status, v.body.code]).toEqual([404, 'venue-archive-page-not-found']);
    const e = await api.get('/events', { query: { page: 9999 } });
    expect([e.status, e.body.code]).toEqual([404, 'event-archive-page-not-found']);
    await api.post('/categories', { name: uniq('c15') });
    const c = await api.get('/categories', { query: { page: 99, hide_empty: 'false' } });
    expect(c.status).toBe(200);
    expect(c.body.categories).toEqual([]);
    expect(c.body.total).toBeGreaterThan(0);
    expect(c.body.previous_rest_url).toBe(`${api.base}/categories/?page=98`);
    for (const q of [{ per_page: 0 }, { page: -1 }]) {
      for (const p of ['/events', '/venues', '/tags']) expect((await api.get(p, { query: q })).status).toBe(400);
    }
  });

  it('#16 representation details', async () => {
    const e = await api.post('/events', ev({ description: 'Body', excerpt: 'Ex', cost: '10 - 20' }));
    expect(e.body.author).toBe('1');
    expect(e.body.description).toBe('<p>Body</p>');
    expect(e.body.excerpt).toBe('<p>Ex</p>');
    expect(e.body.cost).toBe('$10 – $20');
    expect(e.body.cost_details.values).toEqual(['10', '20']);
    expect(e.body.venue).toEqual([]);
    expect(e.body.website).toBe(e.body.url);
    expect((await api.post('/events', ev({ cost: '25' }))).body.cost).toBe('$25');
    expect((await api.post('/events', ev({ cost: '0' }))).body.cost).toBe('');
    const v = await api.post('/venues', { venue: uniq('V16'), phone: '' });
    expect(v.body).not.toHaveProperty('phone');
    expect(v.body).toHaveProperty('show_map');
    const t = await api.post('/tags', { name: `${uniq('A')} & B`, slug: `${uniq('Bad Slug')}!!` });
    expect(t.body.name).toMatch(/&amp; B$/);
    expect(t.body.slug).toMatch(/^bad-slug[a-z0-9]+$/);
  });

  it('#17 all-day 00:00:00–23:59:59; Asia/Tokyo → JST and UTC 9 h earlier', async () => {
    const a = await api.post('/events', ev({ all_day: true }));
    expect([a.body.start_date, a.body.end_date]).toEqual([day(10, '00:00:00'), day(10, '23:59:59')]);
    const t = await api.post('/events', ev({ timezone: 'Asia/Tokyo' }));
    expect([t.body.timezone, t.body.timezone_abbr]).toEqual(['Asia/Tokyo', 'JST']);
    expect(t.body.start_date).toBe(day(10, '10:00'));
    expect(t.body.utc_start_date).toBe(day(10, '01:00'));
  });

  it('#18 geoloc params accepted and echoed; post_parent must be an existing event', async () => {
    const r = await api.get('/events', { query: { geoloc: 1, geoloc_lat: 45.5, geoloc_lng: -73.25 } });
    expect(r.status).toBe(200);
    expect(r.body.rest_url).toContain('geoloc=1&geoloc_lat=45.5&geoloc_lng=-73.25');
    const p = await api.get('/events', { query: { post_parent: 99999999 } });
    expect([p.status, p.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('#19 rest_url echoes; ordering of venues newest first and terms by name', async () => {
    const w = uniq('w19');
    const v = await api.post('/venues', { venue: uniq('V19') });
    const o = await api.post('/organizers', { organizer: uniq('O19') });
    const e = await api.post('/events', ev({ title: w, venue: v.body.id, organizer: [o.body.id], featured: true }));
    const r = await api.get('/events', {
      query: { search: w, venue: v.body.id, organizer: o.body.id, featured: 'true' },
    });
    expect(ids(r)).toEqual([e.body.id]);
    const url = new URL(r.body.rest_url.replace(/ /g, '%20'));
    expect([...url.searchParams.keys()]).toEqual([
      'page',
      'per_page',
      'start_date',
      'end_date',
      'search',
      'status',
      'venue',
      'organizer',
      'featured',
    ]);
    const vl = await api.get('/venues', { query: { event: e.body.id, has_events: 'true', search: 'x' } });
    expect(vl.body.rest_url).toBe(
      `${api.base}/venues/?page=1&per_page=10&event=${e.body.id}&has_events=true&status=publish`,
    );
    const tl = await api.get('/tags', { query: { search: 'x', per_page: 3 } });
    expect(tl.body.rest_url).toBe(`${api.base}/tags/`);
  });

  it('#20 term responses carry core _links; term_exists with term_id; unknown parent 400', async () => {
    const c = await api.post('/categories', { name: uniq('C20') });
    for (const r of [c, await api.get(`/categories/${c.body.id}`), await api.post(`/categories/${c.body.id}`, {})]) {
      expect(r.body._links.self[0].href).toBe(`${api.origin}/wp-json/wp/v2/tribe_events_cat/${c.body.id}`);
    }
    const dup = await api.post('/categories', { name: c.body.name });
    expect([dup.status, dup.body.code, dup.body.data.term_id]).toEqual([400, 'term_exists', c.body.id]);
    expect((await api.post('/categories', { name: uniq('C20'), parent: 99999999 })).status).toBe(400);
  });

  it('#21 (upstream bug, fixed here: OR as the plugin tests expect) several tags are OR-ed like categories', async () => {
    const w = uniq('w21');
    const a = await api.post('/tags', { name: uniq('a21') });
    const b = await api.post('/tags', { name: uniq('b21') });
    const ea = await api.post(
      '/events',
      ev({ title: `${w} a`, tags: [a.body.id], start_date: day(2, '10:00'), end_date: day(2, '11:00') }),
    );
    const eb = await api.post(
      '/events',
      ev({ title: `${w} b`, tags: [b.body.id], start_date: day(3, '10:00'), end_date: day(3, '11:00') }),
    );
    const both = [ea.body.id, eb.body.id];
    expect(ids(await api.get('/events', { query: { search: w, tags: [a.body.id, b.body.id] } }))).toEqual(both);
    expect(ids(await api.get('/events', { query: { search: w, tags: `${a.body.slug},${b.body.slug}` } }))).toEqual(
      both,
    );
    expect(ids(await api.get('/events', { query: { search: w, tags: [b.body.id] } }))).toEqual([eb.body.id]);
  });

  it('#22 per_page capped at 50: 51 matches → 50 items, total 51, 2 pages; admin counts drafts', async () => {
    const w = uniq('w22');
    for (let i = 0; i < 51; i++) await api.post('/events', ev({ title: `${w} ${i}` }));
    for (let i = 0; i < 2; i++) await api.post('/events', ev({ title: `${w} d${i}`, status: 'draft' }));
    const r = await api.get('/events', { query: { search: w, per_page: 100 } });
    expect([r.body.events.length, r.body.total, r.body.total_pages]).toEqual([50, 51, 2]);
    expect(r.body.rest_url).toContain('per_page=50');
    const admin = await api.get('/events', { query: { search: w, per_page: 100 }, auth: true });
    expect(admin.body.total).toBe(53);
  });

  it('#23 venue search: all words in one field; no match → [] with the totals of all venues', async () => {
    const w = uniq('w23');
    const a = await api.post('/venues', { venue: `${w} Hall`, city: 'Paris', stateprovince: 'France, Ile de France' });
    await api.post('/venues', { venue: uniq('V23'), country: `${w} land`, city: 'Nice' });
    const s = (q: string) => api.get('/venues', { query: { search: q } });
    expect((await s('france, ile de')).body.venues.map((v: { id: number }) => v.id)).toContain(a.body.id);
    expect((await s(`${w} hall`)).body.venues.map((v: { id: number }) => v.id)).toEqual([a.body.id]);
    const cross = await s(`${w} paris`);
    const all = await api.get('/venues');
    expect(cross.body.venues).toEqual([]);
    expect(cross.body.total).toBe(all.body.total);
    expect(cross.headers.get('x-tec-total')).toBe(String(all.body.total));
    expect((await s(`${w} land`)).body.venues).toEqual([]);
  });

  it('#24 event search: every word in title, description or excerpt', async () => {
    const w = uniq('w24');
    const both = await api.post('/events', ev({ title: `${w} foo`, description: 'bar' }));
    await api.post('/events', ev({ title: `${w} foo only` }));
    expect(ids(await api.get('/events', { query: { search: `${w} foo bar` } }))).toEqual([both.body.id]);
  });
});
