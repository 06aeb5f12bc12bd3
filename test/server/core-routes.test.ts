/**
 * WordPress core's routes of the plugin's types on the embedded server (`/wp-json/wp/v2/tribe_events`,
 * `tribe_venue`, `tribe_organizer`, `tribe_events_cat`, `tags`): what a sync needs (every status,
 * `modified_after`, `_fields` per item, X-WP-Total) and what `delete --force` needs (DELETE with and
 * without `force`), as the reference site answers them (docs/fidelity/server-second-pass.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

const core = (method: string, path: string, query: Record<string, string | number> = {}, auth = true) =>
  api.req(method, `/wp-json/wp/v2${path}`, { query, auth });

describe('core post lists', () => {
  it('every status but trash with status=any, items trimmed by _fields, totals in headers', async () => {
    const draft = await api.post('/events', ev({ status: 'draft' }));
    const pub = await api.post('/events', ev());
    const r = await core('GET', '/tribe_events', { status: 'any', _fields: 'id,modified_gmt,status', per_page: 100 });
    expect(r.status).toBe(200);
    const byId = new Map((r.body as { id: number; status: string }[]).map((p) => [p.id, p]));
    expect(byId.get(draft.body.id)).toEqual({
      id: draft.body.id,
      status: 'draft',
      modified_gmt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
    expect(byId.get(pub.body.id)?.status).toBe('publish');
    expect(Number(r.headers.get('x-wp-total'))).toBe(r.body.length);
    expect(r.headers.get('x-wp-totalpages')).toBe('1');
    // (the plugin's own route shows the draft's GMT modification time as zeros; core shows the real one)
    expect(draft.body.modified_utc).toBe('0000-00-00 00:00:00');
  });

  it('pages with Link headers; per_page above 100 is refused', async () => {
    for (let i = 0; i < 3; i++) await api.post('/venues', { venue: uniq('Core venue') });
    const first = await core('GET', '/tribe_venue', { per_page: 2, _fields: 'id' });
    expect(first.headers.get('link')).toMatch(/page=2>; rel="next"/);
    expect(Number(first.headers.get('x-wp-totalpages'))).toBeGreaterThanOrEqual(2);
    const big = await core('GET', '/tribe_venue', { per_page: 101 });
    expect([big.status, big.body.code, big.body.data.details.per_page.code]).toEqual([
      400,
      'rest_invalid_param',
      'rest_out_of_bounds',
    ]);
  });

  it('modified_after keeps what changed since; a bad date is rest_invalid_date', async () => {
    const old = await api.post('/organizers', { organizer: uniq('Old org') });
    // (strictly after: the old record's own time is not after itself)
    const since = String(old.body.modified_utc).replace(' ', 'T');
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await api.post('/organizers', { organizer: uniq('Fresh org') });
    const r = await core('GET', '/tribe_organizer', { status: 'any', modified_after: since, _fields: 'id' });
    const found = (r.body as { id: number }[]).map((p) => p.id);
    expect(found).toContain(fresh.body.id);
    expect(found).not.toContain(old.body.id);
    const bad = await core('GET', '/tribe_organizer', { modified_after: 'yesterday-ish' });
    expect(bad.body.data.details.modified_after.code).toBe('rest_invalid_date');
  });

  it('anonymous callers list published posts only; other statuses are refused', async () => {
    const r = await core('GET', '/tribe_events', { status: 'draft' }, false);
    expect([r.status, r.body.data.details.status.code]).toEqual([400, 'rest_forbidden_status']);
    const unknown = await core('GET', '/tribe_events', { status: 'whatever' });
    expect(unknown.body.data.details.status.code).toBe('rest_not_in_enum');
  });
});

describe('core deletes', () => {
  it('without force: to the trash, then 410; with force: gone, the answer holds the post', async () => {
    const e = await api.post('/events', ev());
    const t = await core('DELETE', `/tribe_events/${e.body.id}`);
    expect([t.status, t.body.status, t.body.slug]).toEqual([200, 'trash', `${e.body.slug}__trashed`]);
    const again = await core('DELETE', `/tribe_events/${e.body.id}`);
    expect([again.status, again.body.code]).toEqual([410, 'rest_already_trashed']);
    const gone = await core('DELETE', `/tribe_events/${e.body.id}`, { force: 'true' });
    expect(gone.status).toBe(200);
    expect(gone.body.deleted).toBe(true);
    expect(gone.body.previous).toMatchObject({ id: e.body.id, type: 'tribe_events', status: 'trash' });
    expect((await api.get(`/events/${e.body.id}`, { auth: true })).body.code).toBe('rest_invalid_param');
    const missing = await core('GET', `/tribe_events/${e.body.id}`);
    expect([missing.status, missing.body.code]).toEqual([404, 'rest_post_invalid_id']);
  });

  it('a post of another type is not found on this route; anonymous deletes are refused', async () => {
    const v = await api.post('/venues', { venue: uniq('Typed venue') });
    expect((await core('DELETE', `/tribe_organizer/${v.body.id}`, { force: 'true' })).status).toBe(404);
    const anon = await core('DELETE', `/tribe_venue/${v.body.id}`, { force: 'true' }, false);
    expect([anon.status, anon.body.code]).toEqual([401, 'rest_cannot_delete']);
  });

  it('terms: listed with counts; deleted only with force (no trash)', async () => {
    const name = uniq('core-cat');
    const c = await api.post('/categories', { name });
    const list = await core('GET', '/tribe_events_cat', { per_page: 100, _fields: 'id,name,count' });
    expect(list.body).toContainEqual({ id: c.body.id, name, count: 0 });
    const soft = await core('DELETE', `/tribe_events_cat/${c.body.id}`);
    expect([soft.status, soft.body.code]).toEqual([501, 'rest_trash_not_supported']);
    const hard = await core('DELETE', `/tribe_events_cat/${c.body.id}`, { force: 'true' });
    expect([hard.status, hard.body.deleted, hard.body.previous.id]).toEqual([200, true, c.body.id]);
    expect((await core('GET', `/tribe_events_cat/${c.body.id}`)).body.code).toBe('rest_term_invalid');
  });
});

describe('_fields on the plugin lists', () => {
  it('filters the top-level keys only; nothing left is an empty array, as PHP encodes it', async () => {
    const top = await api.get('/events', { query: { _fields: 'events.id,total' }, auth: true });
    expect(Object.keys(top.body)).toEqual(['events', 'total']);
    const none = await api.get('/events', { query: { _fields: 'id' }, auth: true });
    expect(none.text).toBe('[]');
  });
});

describe('an event written through core without dates (found by the fuzzer, issue 41)', () => {
  it("the plugin's single event answers 200 with null dates and the epoch's details, as the site does", async () => {
    const made = await api.post('/wp-json/wp/v2/tribe_events', { title: 'No dates', status: 'draft' });
    expect(made.status).toBe(201);
    const r = await api.get(`/events/${made.body.id}`, { auth: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ start_date: null, end_date: null, utc_start_date: null, utc_end_date: null });
    expect(r.body.start_date_details).toEqual({
      year: '1970',
      month: '01',
      day: '01',
      hour: '00',
      minutes: '00',
      seconds: '00',
    });
  });
});

describe("core's writes link only what exists (found by the fuzzer, issue 41)", () => {
  it('term ids that are no term of the taxonomy, and a venue id that is no venue, are not linked', async () => {
    const venue = await api.post('/venues', { venue: uniq('Linked venue') });
    const made = await api.post('/wp-json/wp/v2/tribe_events', {
      title: uniq('Links'),
      status: 'draft',
      tribe_events_cat: [99999998],
      tags: [99999999],
      meta: { _EventVenueID: 99999997 },
    });
    expect(made.status, made.text).toBe(201);
    expect([made.body.tribe_events_cat, made.body.tags]).toEqual([[], []]);
    const linked = await api.post(`/wp-json/wp/v2/tribe_events/${made.body.id}`, {
      meta: { _EventVenueID: venue.body.id },
    });
    expect(linked.status).toBe(200);
    const none = await api.post(`/wp-json/wp/v2/tribe_events/${made.body.id}`, {
      meta: { _EventVenueID: made.body.id },
    });
    expect(none.status).toBe(200);
    const row = api.stores.db.prepare('SELECT venue_id FROM posts WHERE id = ?').get(made.body.id) as {
      venue_id: number | null;
    };
    expect(row.venue_id).toBeNull();
  });
});
