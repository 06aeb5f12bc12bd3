import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, day, startCore, uniq } from '../helpers/core.js';

let api: Api;
const W = uniq('lst');
const ids: Record<string, number> = {};
let venueA = 0;
let venueB = 0;
let orgA = 0;
let parentCat = 0;
let childCat = 0;
let tagA = 0;

beforeAll(async () => {
  api = await startCore();
  venueA = (await api.post('/venues', { venue: uniq('VA') })).body.id;
  venueB = (await api.post('/venues', { venue: uniq('VB') })).body.id;
  orgA = (await api.post('/organizers', { organizer: uniq('OA') })).body.id;
  parentCat = (await api.post('/categories', { name: uniq('Parent') })).body.id;
  childCat = (await api.post('/categories', { name: uniq('Child'), parent: parentCat })).body.id;
  tagA = (await api.post('/tags', { name: uniq('ta') })).body.id;
  const mk = async (key: string, offset: number, extra: Record<string, unknown> = {}) => {
    const r = await api.post('/events', {
      title: `${W} ${key}`,
      description: `about ${key}`,
      start_date: day(offset, '10:00'),
      end_date: day(offset, '11:00'),
      ...extra,
    });
    expect(r.status).toBe(201);
    ids[key] = r.body.id;
  };
  await mk('e1', 1, { venue: venueA, categories: [childCat], featured: true });
  await mk('e2', 2, { venue: venueB, organizer: [orgA], tags: [tagA] });
  await mk('e3', 3, { categories: [parentCat] });
  await mk('e4', 4, { status: 'draft' });
  await mk('e5', 5, { hide_from_listings: true });
  await mk('past', -5);
  await mk('far', 800);
});
afterAll(async () => api?.stop());

const list = (query: Record<string, string | number | (string | number)[]>, auth = false) =>
  api.get('/events', { query: { search: W, ...query }, auth });
const idsOf = (r: { body: { events: { id: number }[] } }) => r.body.events.map((e) => e.id);

describe('GET /events', () => {
  it('default list: window, order, totals, headers, rest_url', async () => {
    const r = await list({});
    expect(r.status).toBe(200);
    expect(idsOf(r)).toEqual([ids.e1, ids.e2, ids.e3]);
    expect(r.body.total).toBe(3);
    expect(r.body.total_pages).toBe(1);
    expect(r.headers.get('x-tec-total')).toBe('3');
    expect(r.headers.get('x-tec-totalpages')).toBe('1');
    expect(Object.keys(r.body)).toEqual(['events', 'rest_url', 'total', 'total_pages']);
    expect(r.body.rest_url).toBe(
      `${api.base}/events/?page=1&per_page=10&start_date=${day(-1, '00:00:00')}&end_date=${day(0).replace(/^\d{4}/, (y) => String(Number(y) + 2))} 23:59:59&search=${W}&status=publish`,
    );
    expect(r.body.events[0]).not.toHaveProperty('json_ld');
  });

  it('admin sees drafts (status any) but never hidden events', async () => {
    const r = await list({}, true);
    expect(idsOf(r)).toEqual([ids.e1, ids.e2, ids.e3, ids.e4]);
  });

  it('paging: per_page, next_rest_url / previous_rest_url, page past the end → 404', async () => {
    const p1 = await list({ per_page: 2 });
    expect(idsOf(p1)).toEqual([ids.e1, ids.e2]);
    expect(p1.body.total_pages).toBe(2);
    expect(p1.body.next_rest_url).toContain('page=2');
    expect(p1.body).not.toHaveProperty('previous_rest_url');
    const p2 = await list({ per_page: 2, page: 2 });
    expect(idsOf(p2)).toEqual([ids.e3]);
    expect(p2.body).not.toHaveProperty('next_rest_url');
    expect(p2.body.previous_rest_url).not.toMatch(/[?&]page=/);
    const p3 = await list({ per_page: 2, page: 3 });
    expect([p3.status, p3.body.code]).toEqual([404, 'event-archive-page-not-found']);
  });

  it('no match on page 1 → 200 with zeros', async () => {
    const r = await api.get('/events', { query: { search: uniq('nothing') } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ events: [], total: 0, total_pages: 0 });
    expect(r.headers.get('x-tec-total')).toBe('0');
  });

  it('per_page > 50 clamps to 50; per_page=0, page=-1, page=foo → 400', async () => {
    const r = await list({ per_page: 500 });
    expect(r.body.rest_url).toContain('per_page=50');
    for (const q of [{ per_page: 0 }, { page: -1 }, { page: 'foo' }, { per_page: 'x' }]) {
      const bad = await list(q);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('rest_invalid_param');
    }
  });

  it('date window: start_date / end_date', async () => {
    const r = await list({ start_date: day(2), end_date: day(3) });
    expect(idsOf(r)).toEqual([ids.e2, ids.e3]);
    const past = await list({ start_date: day(-10), end_date: day(0) });
    expect(idsOf(past)).toEqual([ids.past]);
    const bad = await list({ start_date: 'not a date' });
    expect(bad.status).toBe(400);
  });

  it('search: empty string → 400', async () => {
    expect((await api.get('/events', { query: { search: '' } })).status).toBe(400);
  });

  it('categories: parent includes children; by id or slug; unknown → 400', async () => {
    expect(idsOf(await list({ categories: [parentCat] }))).toEqual([ids.e1, ids.e3]);
    expect(idsOf(await list({ categories: String(childCat) }))).toEqual([ids.e1]);
    const slug = (await api.get(`/categories/${childCat}`)).body.slug;
    expect(idsOf(await list({ categories: slug }))).toEqual([ids.e1]);
    expect((await list({ categories: 'no-such-category-xyz' })).status).toBe(400);
  });

  it('tags, venue, organizer filters; unknown venue → 400', async () => {
    expect(idsOf(await list({ tags: [tagA] }))).toEqual([ids.e2]);
    expect(idsOf(await list({ venue: venueA }))).toEqual([ids.e1]);
    expect(idsOf(await list({ venue: `${venueA},${venueB}` }))).toEqual([ids.e1, ids.e2]);
    expect(idsOf(await list({ organizer: [orgA] }))).toEqual([ids.e2]);
    expect((await list({ venue: 99999999 })).status).toBe(400);
    expect((await list({ organizer: 'abc' })).status).toBe(400);
  });

  it('featured true / false', async () => {
    const t = await list({ featured: 'true' });
    expect(idsOf(t)).toEqual([ids.e1]);
    expect(t.body.rest_url).toContain('featured=1');
    const f = await list({ featured: 'false' });
    expect(idsOf(f)).toEqual([ids.e2, ids.e3]);
    expect(f.body.rest_url).not.toContain('featured');
    expect((await list({ featured: 'maybe' })).status).toBe(400);
  });

  it('status: admin draft; anonymous only publish', async () => {
    expect(idsOf(await list({ status: 'draft' }, true))).toEqual([ids.e4]);
    expect((await list({ status: 'draft' })).status).toBe(400);
    expect((await list({ status: 'publish' })).status).toBe(200);
  });

  it('include keeps the default window; unknown format → 400', async () => {
    const r = await list({ include: `${ids.e1},${ids.past},${ids.far},${ids.e2}` });
    expect(idsOf(r)).toEqual([ids.e1, ids.e2]);
    expect(idsOf(await list({ include: [ids.e3!] }))).toEqual([ids.e3]);
    expect((await list({ include: 'a,b' })).status).toBe(400);
  });

  it('include beside a relative bound drops the default window: past and far events too', async () => {
    const every = `${ids.e1},${ids.past},${ids.far},${ids.e2}`;
    const r = await list({ include: every, starts_after: '1900-01-01' });
    expect(idsOf(r).sort()).toEqual([ids.e1, ids.past, ids.far, ids.e2].sort());
    expect(r.body.rest_url).not.toMatch(/start_date|end_date/);
    expect(r.body.rest_url).toMatch(/starts_after=1900-01-01 23:59:59/);
    // (a start_date given beside them is echoed with the default's value and filters nothing)
    const echoed = await list({ include: every, starts_after: '1900-01-01', start_date: '2000-01-01' });
    expect(idsOf(echoed).sort()).toEqual(idsOf(r).sort());
    expect(echoed.body.rest_url).toMatch(/start_date=\d{4}-\d{2}-\d{2} 23:59:00/);
  });

  it('post_parent must be an existing event', async () => {
    expect((await list({ post_parent: 99999999 })).status).toBe(400);
    const r = await list({ post_parent: ids.e1! });
    expect(r.status).toBe(200);
    expect(r.body.events).toEqual([]);
  });

  it('geoloc parameters are accepted, ignored and echoed', async () => {
    const r = await list({ geoloc: 'true', geoloc_lat: '12.5', geoloc_lng: '3.25' });
    expect(r.status).toBe(200);
    expect(idsOf(r)).toEqual([ids.e1, ids.e2, ids.e3]);
    expect(r.body.rest_url).toContain('geoloc=1&geoloc_lat=12.5&geoloc_lng=3.25');
  });

  it('starts_after drops the default window', async () => {
    const r = await list({ starts_after: day(-10) });
    expect(idsOf(r)).toEqual([ids.past, ids.e1, ids.e2, ids.e3, ids.far]);
    expect(r.body.rest_url).not.toContain('start_date=');
  });
});
