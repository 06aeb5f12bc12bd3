/**
 * The second fidelity pass (issue 15), one test per behaviour, each as the reference site answered it
 * (docs/fidelity/server-second-pass.md names the plugin or core function each comes from).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

const ZERO = '0000-00-00 00:00:00';
const ADDRESS = ['country', 'province', 'state', 'stateprovince'];
const pick = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));

describe('venue address names on write', () => {
  it.each([
    [{ state: 'CA' }, { state: 'CA', stateprovince: 'CA' }],
    [{ province: 'Quebec' }, { province: 'Quebec', stateprovince: 'Quebec' }],
    [{ stateprovince: 'Ontario' }, { stateprovince: 'Ontario' }],
    [
      { state: 'NY', province: 'P' },
      { province: 'P', state: 'NY', stateprovince: 'NY' },
    ],
    [
      { stateprovince: 'SP', state: 'S' },
      { state: 'S', stateprovince: 'SP' },
    ],
  ])('%o comes back as %o, on its route and inside an event', async (sent, shown) => {
    const v = await api.post('/venues', { venue: uniq('Addr'), ...sent });
    const got = await api.get(`/venues/${v.body.id}`);
    const e = await api.post('/events', ev({ venue: v.body.id }));
    for (const rec of [v.body, got.body, e.body.venue]) expect(pick(rec, ADDRESS)).toEqual(shown);
  });
});

describe('drafts and pending records', () => {
  it('venues and organizers keep a slug; events have none; GMT dates are zero everywhere they show', async () => {
    const v = await api.post('/venues', { venue: uniq('Draft V'), status: 'draft' });
    const o = await api.post('/organizers', { organizer: uniq('Pending O'), status: 'pending' });
    const e = await api.post('/events', ev({ status: 'draft', venue: v.body.id, organizer: [o.body.id] }));
    expect(v.body.slug).not.toBe('');
    expect(o.body.slug).not.toBe('');
    expect(e.body.slug).toBe('');
    for (const rec of [v.body, o.body, e.body, e.body.venue, e.body.organizer[0]]) {
      expect([rec.date_utc, rec.modified_utc]).toEqual([ZERO, ZERO]);
    }
    expect(e.body.url).toBe(`${api.origin}/?post_type=tribe_events&p=${e.body.id}`);
  });
});

describe('creating what exists', () => {
  it('an organizer or venue of the same name is the same record, updated; other venue details make a new one', async () => {
    const name = uniq('Dup Org');
    const a = await api.post('/organizers', { organizer: name, phone: '1' });
    const b = await api.post('/organizers', { organizer: name, phone: '2' });
    expect([b.status, b.body.id, b.body.phone]).toEqual([201, a.body.id, '2']);
    // (a venue is matched on its name in any case, with its other fields: another description, another venue)
    const hall = uniq('Dup Hall');
    const v1 = await api.post('/venues', { venue: hall });
    const v2 = await api.post('/venues', { venue: hall.toLowerCase() });
    expect(v2.body.id).toBe(v1.body.id);
    const d1 = await api.post('/venues', { venue: `${hall} x`, description: 'one' });
    const d2 = await api.post('/venues', { venue: `${hall} x`, description: 'two' });
    expect(d2.body.id).not.toBe(d1.body.id);
    expect(d2.body.slug).toBe(`${d1.body.slug}-2`);
  });

  it.each(['categories', 'tags'])('%s: term_exists with the existing id in data and additional_data', async (r) => {
    const name = uniq('Dup term');
    const a = await api.post(`/${r}`, { name });
    const b = await api.post(`/${r}`, { name: name.toUpperCase() });
    expect([b.status, b.body.code, b.body.data.term_id, b.body.additional_data]).toEqual([
      400,
      'term_exists',
      a.body.id,
      [a.body.id, a.body.id],
    ]);
  });
});

describe('by-slug routes', () => {
  it.each([
    ['venues', { venue: 'Slug del venue' }],
    ['organizers', { organizer: 'Slug del organizer' }],
    ['events', ev()],
  ])('%s: delete by slug trashes; again, or an unknown slug, is 400 rest_invalid_param', async (r, body) => {
    const made = await api.post(`/${r}`, body);
    const del = (slug: string) => api.req('DELETE', `/${r}/by-slug/${slug}`, { auth: true });
    const d = await del(made.body.slug);
    expect([d.status, d.body.status, d.body.slug]).toEqual([200, 'trash', `${made.body.slug}__trashed`]);
    expect((await del(made.body.slug)).body.code).toBe('rest_invalid_param');
    expect((await del('no-such-slug')).body.data.params).toHaveProperty('slug');
  });

  it.each(['venues', 'organizers'])('%s: an update to an unknown slug is 400 naming slug', async (r) => {
    const put = await api.req('PUT', `/${r}/by-slug/no-such-slug`, { auth: true, json: { description: 'x' } });
    expect([put.status, put.body.code, Object.keys(put.body.data.params)]).toEqual([
      400,
      'rest_invalid_param',
      ['slug'],
    ]);
  });
});

describe('term counts', () => {
  it('count published and private events, not drafts, pending, future or trashed ones', async () => {
    const c = await api.post('/categories', { name: uniq('Count') });
    for (const status of ['publish', 'draft', 'private', 'pending', 'future']) {
      await api.post('/events', ev({ status, categories: [c.body.id] }));
    }
    const t = await api.post('/events', ev({ categories: [c.body.id] }));
    await api.req('DELETE', `/events/${t.body.id}`, { auth: true });
    expect((await api.get(`/categories/${c.body.id}`)).body.count).toBe(2);
  });

  it('equal counts keep id order under orderby=count, in both directions', async () => {
    const w = uniq('tie');
    const made: number[] = [];
    for (const n of ['zed', 'alpha', 'mid']) made.push((await api.post('/tags', { name: `${w} ${n}` })).body.id);
    const order = async (o: string) =>
      (
        await api.get('/tags', { query: { include: made.join(','), orderby: 'count', order: o, hide_empty: 'false' } })
      ).body.tags.map((t: { id: number }) => t.id);
    expect(await order('asc')).toEqual(made);
    expect(await order('desc')).toEqual(made);
  });
});
