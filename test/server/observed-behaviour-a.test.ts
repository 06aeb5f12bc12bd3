/** Observed behaviours #1–#12 of ../shared/reference/observed-behaviour.md, one test each. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, day, ev, ids, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

describe('observed behaviours #1–#12', () => {
  it('#1 a non-existent / wrong-type id or unknown slug is 400 rest_invalid_param, never 404', async () => {
    const v = await api.post('/venues', { venue: uniq('V') });
    const t = await api.post('/tags', { name: uniq('t') });
    const cases = [
      ['/events/99999999', 'id'],
      [`/events/${v.body.id}`, 'id'],
      [`/categories/${t.body.id}`, 'id'],
      ['/events/0', 'id'],
      ['/venues/0', 'id'],
      ['/events/by-slug/no-such-slug-xyz', 'slug'],
      ['/organizers/by-slug/no-such-slug-xyz', 'slug'],
    ];
    for (const [path, param] of cases) {
      const r = await api.get(path!);
      expect([path, r.status, r.body.code]).toEqual([path, 400, 'rest_invalid_param']);
      expect(Object.keys(r.body.data.params)).toEqual([param]);
    }
  });

  it('#2 non-numeric ids and wrong methods → 404 rest_no_route (no 405)', async () => {
    for (const [m, p] of [
      ['GET', '/events/abc'],
      ['DELETE', '/events'],
      ['PATCH', '/tags'],
    ]) {
      const r = await api.req(m!, p!, { auth: true });
      expect([r.status, r.body.code]).toEqual([404, 'rest_no_route']);
    }
  });

  it('#3 validation before authorization; wrong password 401 incorrect_password on a public GET', async () => {
    const missing = await api.req('POST', '/venues', { json: { city: 'x' } });
    expect([missing.status, missing.body.code]).toEqual([400, 'rest_missing_callback_param']);
    const valid = await api.req('POST', '/events', { json: ev() });
    expect([valid.status, valid.body.code]).toEqual([401, 'rest_forbidden']);
    const bad = await api.get('/venues', { auth: 'bad' });
    expect([bad.status, bad.body.code]).toEqual([401, 'incorrect_password']);
  });

  it('#4 201 / 200 / trash / 410 / 403 anonymously / 200 admin / old slug 400', async () => {
    const c = await api.post('/organizers', { organizer: uniq('O') });
    expect(c.status).toBe(201);
    expect((await api.post(`/organizers/${c.body.id}`, { phone: '1' })).status).toBe(200);
    const d = await api.req('DELETE', `/organizers/${c.body.id}`, { auth: true });
    expect([d.status, d.body.status, d.body.slug]).toEqual([200, 'trash', `${c.body.slug}__trashed`]);
    const again = await api.req('DELETE', `/organizers/${c.body.id}`, { auth: true });
    expect([again.status, again.body.code]).toEqual([410, 'organizer-is-in-trash']);
    expect((await api.get(`/organizers/${c.body.id}`)).status).toBe(403);
    expect((await api.get(`/organizers/${c.body.id}`, { auth: true })).status).toBe(200);
    expect((await api.get(`/organizers/by-slug/${c.body.slug}`)).status).toBe(400);
  });

  it('#5 category/tag delete is permanent: former term without _links, then 400', async () => {
    const t = await api.post('/tags', { name: uniq('t') });
    const d = await api.req('DELETE', `/tags/${t.body.id}`, { auth: true });
    expect(d.status).toBe(200);
    expect(d.body.name).toBe(t.body.name);
    expect(d.body).not.toHaveProperty('_links');
    expect((await api.req('DELETE', `/tags/${t.body.id}`, { auth: true })).status).toBe(400);
  });

  it('#6 updates reset omitted flags, cost, website and organizers; keep venue, terms, excerpt', async () => {
    const v = await api.post('/venues', { venue: uniq('V') });
    const o = await api.post('/organizers', { organizer: uniq('O') });
    const c = await api.post(
      '/events',
      ev({
        featured: true,
        sticky: true,
        show_map: true,
        show_map_link: true,
        hide_from_listings: true,
        cost: '10',
        website: 'https://x.example',
        venue: v.body.id,
        organizer: [o.body.id],
        categories: [uniq('c6')],
        tags: [uniq('t6')],
        excerpt: 'kept',
      }),
    );
    for (const method of ['POST', 'PATCH']) {
      const u = await api.req(method, `/events/${c.body.id}`, { auth: true, json: { title: 'renamed' } });
      expect(u.status).toBe(200);
      expect(u.body).toMatchObject({
        featured: false,
        sticky: false,
        show_map: false,
        show_map_link: false,
        hide_from_listings: false,
        cost: '',
        website: '',
        organizer: [],
        excerpt: '<p>kept</p>',
      });
      expect(u.body.venue.id).toBe(v.body.id);
      expect(u.body.categories).toHaveLength(1);
      expect(u.body.tags).toHaveLength(1);
    }
    const vn = await api.post('/venues', { venue: uniq('V'), show_map_link: 'false' });
    expect(vn.body.show_map_link).toBe(false);
    const vu = await api.post(`/venues/${vn.body.id}`, { city: 'x' });
    expect(vu.body.show_map_link).toBe(true);
  });

  it('#7 a body slug on events/by-slug replaces the path slug; unknown slug on write → 200 serialized WP_Error', async () => {
    const c = await api.post('/events', ev());
    const rename = await api.post(`/events/by-slug/${c.body.slug}`, { slug: `${c.body.slug}-new` });
    expect(rename.status).toBe(200);
    expect(rename.body).toEqual({ errors: { 'event-not-found': [expect.any(String)] }, error_data: [] });
    for (const m of ['PUT', 'PATCH']) {
      const r = await api.req(m, '/events/by-slug/no-such-event-slug', { auth: true, json: { title: 'x' } });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body.errors)).toEqual(['event-not-found']);
    }
    expect((await api.req('DELETE', '/events/by-slug/no-such-event-slug', { auth: true })).status).toBe(400);
    expect((await api.get('/events/by-slug/no-such-event-slug')).status).toBe(400);
  });

  it('#8 a venue/organizer with an existing name (and description) returns the existing record, merged', async () => {
    const name = uniq('Same Venue');
    const a = await api.post('/venues', { venue: name, description: 'desc', city: 'A' });
    const b = await api.post('/venues', { venue: name, description: 'desc', zip: '123' });
    expect([b.status, b.body.id]).toEqual([201, a.body.id]);
    expect(b.body).toMatchObject({ city: 'A', zip: '123' });
    const on = uniq('Same Org');
    const o1 = await api.post('/organizers', { organizer: on });
    const o2 = await api.post('/organizers', { organizer: on, phone: '9' });
    expect([o2.status, o2.body.id, o2.body.phone]).toEqual([201, o1.body.id, '9']);
  });

  it('#9 default window: whole days from yesterday; must start and end inside', async () => {
    const w = uniq('w9');
    const y = await api.post(
      '/events',
      ev({ title: `${w} y`, start_date: day(-1, '08:00'), end_date: day(-1, '09:00') }),
    );
    await api.post('/events', ev({ title: `${w} run`, start_date: day(-2, '08:00'), end_date: day(1, '09:00') }));
    const t = await api.post(
      '/events',
      ev({ title: `${w} t`, start_date: day(0, '00:30'), end_date: day(0, '01:00') }),
    );
    const r = await api.get('/events', { query: { search: w } });
    expect(ids(r)).toEqual([y.body.id, t.body.id]);
  });

  it('#10 include= keeps the raw default dates (visible in rest_url)', async () => {
    const w = uniq('w10');
    const y = await api.post(
      '/events',
      ev({ title: `${w} y`, start_date: day(-1, '08:00'), end_date: day(-1, '09:00') }),
    );
    const n = await api.post('/events', ev({ title: `${w} n` }));
    const r = await api.get('/events', { query: { include: `${y.body.id},${n.body.id}` } });
    expect(ids(r)).toEqual([n.body.id]);
    expect(r.body.rest_url).toContain(`start_date=${day(-1)} 23:59:00`);
    expect(r.body.rest_url).toContain(`include=${y.body.id},${n.body.id}`);
  });

  it('#11 hidden never listed; drafts only for the admin; anonymous status=draft 400; future date → future', async () => {
    const w = uniq('w11');
    const h = await api.post('/events', ev({ title: `${w} h`, hide_from_listings: true }));
    const d = await api.post('/events', ev({ title: `${w} d`, status: 'draft' }));
    const f = await api.post('/events', ev({ title: `${w} f`, date: day(30, '10:00') }));
    expect(f.body.status).toBe('future');
    expect((await api.get(`/events/${f.body.id}`)).status).toBe(403);
    expect(ids(await api.get('/events', { query: { search: w } }))).toEqual([]);
    expect(ids(await api.get('/events', { query: { search: w }, auth: true })).sort()).toEqual(
      [d.body.id, f.body.id].sort(),
    );
    expect(ids(await api.get('/events', { query: { include: h.body.id }, auth: true }))).toEqual([]);
    expect((await api.get('/events', { query: { status: 'draft' } })).status).toBe(400);
  });

  it('#12 categories by id or slug, CSV or [] form; parent matches children; unknown 400', async () => {
    const w = uniq('w12');
    const p = await api.post('/categories', { name: uniq('P12') });
    const c = await api.post('/categories', { name: uniq('C12'), parent: p.body.id });
    const o = await api.post('/categories', { name: uniq('O12') });
    const e1 = await api.post(
      '/events',
      ev({ title: `${w} 1`, categories: [c.body.id], start_date: day(2, '10:00'), end_date: day(2, '11:00') }),
    );
    const e2 = await api.post(
      '/events',
      ev({ title: `${w} 2`, categories: [o.body.id], start_date: day(3, '10:00'), end_date: day(3, '11:00') }),
    );
    expect(ids(await api.get('/events', { query: { search: w, categories: p.body.slug } }))).toEqual([e1.body.id]);
    expect(ids(await api.get('/events', { query: { search: w, categories: `${p.body.id},${o.body.slug}` } }))).toEqual([
      e1.body.id,
      e2.body.id,
    ]);
    expect(ids(await api.get('/events', { query: { search: w, categories: [p.body.slug, o.body.id] } }))).toEqual([
      e1.body.id,
      e2.body.id,
    ]);
    expect((await api.get('/events', { query: { categories: 99999999 } })).status).toBe(400);
  });
});
