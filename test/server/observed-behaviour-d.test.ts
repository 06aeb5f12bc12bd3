/** Observed behaviours #32–#36 of ../shared/reference/observed-behaviour.md (#37 is in doc.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, day, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
// A fixed clock a few days ahead at 14:20 UTC makes the natural-language dates exact.
const NOW = new Date(`${day(3)}T14:20:00Z`);
beforeAll(async () => {
  api = await startCore({ now: () => NOW });
});
afterAll(async () => api?.stop());

describe('observed behaviours #32–#36', () => {
  it('#32 natural-language dates relative to the server now; generated fields are ignored', async () => {
    const e = await api.post('/events', {
      title: uniq('E32'),
      start_date: 'tomorrow 9am',
      end_date: '+31 days 2pm',
      date: '-3 days 9am',
      url: 'http://evil.example/',
      rest_url: 'http://evil.example/',
      utc_start_date: '2000-01-01 00:00:00',
      timezone_abbr: 'XYZ',
      start_date_details: { year: '2000' },
      cost_details: { values: ['1'] },
    });
    expect(e.status).toBe(201);
    expect(e.body.start_date).toBe(day(4, '09:00'));
    expect(e.body.end_date).toBe(day(34, '14:00'));
    expect(e.body.date).toBe(day(0, '09:00'));
    expect(e.body.utc_start_date).toBe(day(4, '09:00'));
    expect(e.body.timezone_abbr).toBe('UTC');
    expect(e.body.url).toBe(`${api.origin}/event/${e.body.slug}/`);
    expect(e.body.cost_details.values).toEqual([]);
  });

  it('#33 duplicate detection is case-insensitive; organizer email is not validated', async () => {
    const name = uniq('Case Venue');
    const a = await api.post('/venues', { venue: name, description: 'Some Text', city: 'A' });
    const b = await api.post('/venues', { venue: name.toLowerCase(), description: 'some text' });
    expect([b.status, b.body.id, b.body.venue, b.body.city]).toEqual([201, a.body.id, name, 'A']);
    const o = await api.post('/organizers', { organizer: uniq('O33'), email: 'not-an-email' });
    expect([o.status, o.body.email]).toEqual([201, 'not-an-email']);
  });

  it('#34 venue update: omitted status re-publishes, date keeps date_utc, "" removes keys, rename to a taken name', async () => {
    const d = await api.post('/venues', { venue: uniq('V34'), status: 'draft', city: 'C', phone: '1', zip: '2' });
    const u = await api.post(`/venues/${d.body.id}`, { website: 'https://v.example' });
    expect(u.body.status).toBe('publish');
    const before = u.body.date_utc;
    const dt = await api.post(`/venues/${d.body.id}`, { date: day(-5, '08:00') });
    expect(dt.body.date).toBe(day(-5, '08:00'));
    expect(dt.body.date_utc).toBe(before);
    const cleared = await api.post(`/venues/${d.body.id}`, { city: '', phone: '', zip: '', website: '' });
    for (const k of ['city', 'phone', 'zip', 'website']) expect(cleared.body).not.toHaveProperty(k);
    const w = uniq('w34');
    const other = await api.post('/venues', { venue: `${w} Taken` });
    const renamed = await api.post(`/venues/${d.body.id}`, { venue: `${w} Taken` });
    expect(renamed.status).toBe(200);
    const s = await api.get('/venues', { query: { search: `${w} taken` } });
    expect(s.body.venues.map((v: { id: number }) => v.id).sort()).toEqual([other.body.id, d.body.id].sort());
  });

  it('#35 has_events ignores draft events; event=<id> hides a draft venue from anonymous users', async () => {
    const w = uniq('w35');
    const v = await api.post('/venues', { venue: `${w} V` });
    const e = await api.post('/events', ev({ status: 'draft', venue: v.body.id }));
    const ids = (r: { body: { venues: { id: number }[] } }) => r.body.venues.map((x) => x.id);
    for (const auth of [false, true]) {
      expect(ids(await api.get('/venues', { query: { search: w, has_events: 'false' }, auth }))).toEqual([v.body.id]);
      expect(ids(await api.get('/venues', { query: { search: w, has_events: 'true' }, auth }))).toEqual([]);
    }
    const dv = await api.post('/venues', { venue: `${w} Draft`, status: 'draft' });
    const e2 = await api.post('/events', ev({ venue: dv.body.id }));
    expect(ids(await api.get('/venues', { query: { event: e2.body.id } }))).toEqual([]);
    expect(ids(await api.get('/venues', { query: { event: e2.body.id }, auth: true }))).toEqual([dv.body.id]);
    expect(e.status).toBe(201);
  });

  it('#36 terms: slug -2, tag rename to a taken name 200, parent 0 → 400, parent url, orderby/exclude/post rules', async () => {
    const a = await api.post('/categories', { name: uniq('S36'), slug: 'same-slug-36' });
    const b = await api.post('/categories', { name: uniq('S36'), slug: 'same-slug-36' });
    expect([a.body.slug, b.status, b.body.slug]).toEqual(['same-slug-36', 201, 'same-slug-36-2']);
    const t1 = await api.post('/tags', { name: uniq('T36') });
    const t2 = await api.post('/tags', { name: uniq('T36') });
    const ren = await api.post(`/tags/${t2.body.id}`, { name: t1.body.name });
    expect([ren.status, ren.body.name]).toEqual([200, t1.body.name]);
    expect((await api.post('/tags', { name: t1.body.name })).body.code).toBe('term_exists');
    expect((await api.post(`/categories/${b.body.id}`, { parent: 0 })).status).toBe(400);
    expect((await api.get('/categories', { query: { parent: 0 } })).status).toBe(400);
    const moved = await api.post(`/categories/${b.body.id}`, { parent: a.body.id });
    expect(moved.body.url).toBe(`${api.origin}/events/category/${a.body.slug}/${b.body.slug}/`);
    const w = uniq('w36');
    const lo = await api.post('/tags', { name: `${w} apple` });
    const up = await api.post('/tags', { name: `${w} Banana` });
    const list = await api.get('/tags', {
      query: { search: w, hide_empty: 'false', orderby: 'name', per_page: 1, order: 'asc' },
    });
    expect(list.body.tags.map((x: { id: number }) => x.id)).toEqual([lo.body.id]);
    expect(list.body.next_rest_url).toBe(`${api.base}/tags/?page=2`);
    expect(up.status).toBe(201);
    expect((await api.get('/tags', { query: { orderby: '' } })).status).toBe(400);
    expect((await api.get('/tags', { query: { exclude: 99999999 } })).status).toBe(400);
    const e1 = await api.post('/events', ev({ tags: [lo.body.id] }));
    const e2 = await api.post('/events', ev({ tags: [up.body.id] }));
    const both = await api.get('/tags', { query: { post: e1.body.id, event: e2.body.id } });
    expect(both.body.tags.map((x: { id: number }) => x.id)).toEqual([up.body.id]);
    const bySlug = await api.get('/tags', { query: { search: up.body.slug, hide_empty: 'false' } });
    expect(bySlug.body.tags.map((x: { id: number }) => x.id)).toEqual([up.body.id]);
  });
});
