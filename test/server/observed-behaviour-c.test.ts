/** Observed behaviours #25–#31 of ../shared/reference/observed-behaviour.md, one test each. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, day, ev, ids, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

describe('observed behaviours #25–#31', () => {
  it('#25 status lists for the admin, exactly publish for anonymous; featured=true shows drafts to the admin', async () => {
    const w = uniq('w25');
    const p = await api.post('/events', ev({ title: `${w} p`, featured: true }));
    const d = await api.post('/events', ev({ title: `${w} d`, status: 'draft', featured: true }));
    const r = await api.get('/events', { query: { search: w, status: 'publish, draft' }, auth: true });
    expect(ids(r).sort()).toEqual([p.body.id, d.body.id].sort());
    expect(r.body.rest_url).toContain('status=publish,draft');
    const arr = await api.get('/events', { query: { search: w, status: ['publish', 'draft'] }, auth: true });
    expect(arr.body.rest_url).toContain('status=publish,draft');
    expect((await api.get('/events', { query: { status: 'foo, bar, publish' }, auth: true })).status).toBe(400);
    expect((await api.get('/events', { query: { status: ['publish'] } })).status).toBe(200);
    expect((await api.get('/events', { query: { status: 'publish, draft' } })).status).toBe(400);
    expect((await api.get('/events', { query: { status: ['publish', 'draft'] } })).status).toBe(400);
    expect(ids(await api.get('/events', { query: { search: w, featured: 'true' } }))).toEqual([p.body.id]);
    expect(ids(await api.get('/events', { query: { search: w, featured: 'true' }, auth: true })).sort()).toEqual(
      [p.body.id, d.body.id].sort(),
    );
  });

  it('#26 unix timestamps; whole days unless strict_dates; starts_after echoed as <day> 23:59:59', async () => {
    const w = uniq('w26');
    const ts = Math.floor(Date.parse(`${day(90)}T10:00:00Z`) / 1000);
    // (as text: a JSON number passes the plugin's is_time, then fails WordPress's string type check)
    const e = await api.post('/events', ev({ title: w, start_date: String(ts), end_date: String(ts + 3600) }));
    expect((await api.post('/events', ev({ title: w, start_date: ts }))).body.data.details.start_date.code).toBe(
      'rest_invalid_type',
    );
    expect(e.body.start_date).toBe(day(90, '10:00'));
    const r = await api.get('/events', { query: { search: w, start_date: ts, end_date: ts } });
    expect(ids(r)).toEqual([e.body.id]);
    expect(r.body.rest_url).toContain(`start_date=${day(90, '00:00:00')}&end_date=${day(90, '23:59:59')}`);
    const strict = await api.get('/events', {
      query: { search: w, start_date: day(90, '10:30'), end_date: day(90, '12:00'), strict_dates: 'true' },
    });
    expect(ids(strict)).toEqual([]);
    expect(strict.body.rest_url).toContain(`start_date=${day(90, '10:30')}`);
    const sa = await api.get('/events', { query: { search: w, starts_after: day(90) } });
    expect(ids(sa)).toEqual([]);
    expect(sa.body.rest_url).toContain(`starts_after=${day(90, '23:59:59')}`);
    expect(sa.body.rest_url).not.toContain('start_date=');
    const v = await api.post('/venues', { venue: uniq('V26'), date: String(ts) });
    expect(v.body.date).toBe(day(90, '10:00'));
  });

  it('#27 an update without timezone resets it to the site zone without recomputing times', async () => {
    const t = await api.post('/events', ev({ timezone: 'Asia/Tokyo' }));
    const u = await api.post(`/events/${t.body.id}`, { title: 'x' });
    expect(u.body).toMatchObject({ timezone: 'UTC', timezone_abbr: 'UTC' });
    expect([u.body.start_date, u.body.utc_start_date]).toEqual([day(10, '10:00'), day(10, '01:00')]);
    const z = await api.post(`/events/${t.body.id}`, { timezone: 'America/New_York' });
    expect(z.body.timezone).toBe('America/New_York');
    expect(['EST', 'EDT']).toContain(z.body.timezone_abbr);
    expect([z.body.start_date, z.body.utc_start_date]).toEqual([day(10, '10:00'), day(10, '01:00')]);
  });

  it('#28 UTC+5:30 is accepted as timezone and abbreviation', async () => {
    const e = await api.post('/events', ev({ timezone: 'UTC+5:30' }));
    expect([e.body.timezone, e.body.timezone_abbr]).toEqual(['UTC+5:30', 'UTC+5:30']);
    expect(e.body.utc_start_date).toBe(day(10, '04:30'));
  });

  it('#29 cost formats: postfix symbol, Free ranges, numeric arrays without symbol details', async () => {
    const a = await api.post('/events', ev({ cost: '20$' }));
    expect(a.body.cost).toBe('20$');
    expect(a.body.cost_details).toMatchObject({ currency_symbol: '$', currency_position: 'postfix', values: ['20'] });
    const b = await api.post('/events', ev({ cost: ['0$', '20$', '30$'] }));
    expect(b.body.cost).toBe('Free – 30$');
    expect(b.body.cost_details.values).toEqual(['0', '20', '30']);
    const c = await api.post('/events', ev({ cost: [15, 5, 25] }));
    expect(c.body.cost).toBe('$5 – $25');
    expect(c.body.cost_details).toEqual({
      currency_symbol: '',
      currency_code: '',
      currency_position: '',
      values: ['5', '15', '25'],
    });
  });

  it('#30 update links: venue replace, organizer order, inline on update, venue 0 keeps, categories "" clears', async () => {
    const v1 = await api.post('/venues', { venue: uniq('V30') });
    const v2 = await api.post('/venues', { venue: uniq('V30') });
    const a = await api.post('/organizers', { organizer: uniq('A30') });
    const b = await api.post('/organizers', { organizer: uniq('B30') });
    const e = await api.post('/events', ev({ venue: v1.body.id, categories: [uniq('c30')] }));
    const u1 = await api.post(`/events/${e.body.id}`, { venue: v2.body.id, organizer: [b.body.id, a.body.id] });
    expect(u1.body.venue.id).toBe(v2.body.id);
    expect(u1.body.organizer.map((o: { id: number }) => o.id)).toEqual([b.body.id, a.body.id]);
    const on = uniq('Inline30');
    const u2 = await api.post(`/events/${e.body.id}`, { venue: 0, organizer: [{ organizer: on }], categories: '' });
    expect(u2.body.venue.id).toBe(v2.body.id);
    expect(u2.body.organizer[0].organizer).toBe(on);
    expect(u2.body.categories).toEqual([]);
    const f = await api.post(`/events/${e.body.id}`, { status: 'future', date: day(20, '09:00') });
    expect(f.body.status).toBe('future');
    await api.req('DELETE', `/venues/${v2.body.id}`, { auth: true });
    expect((await api.get(`/events/${e.body.id}`, { auth: true })).body.venue).toEqual([]);
  });

  it('#31 drafts: zero UTC dates, ?post_type url, empty slug; pending 403; scheduled by slug 403', async () => {
    const d = await api.post('/events', ev({ status: 'draft' }));
    expect(d.body).toMatchObject({ date_utc: '0000-00-00 00:00:00', modified_utc: '0000-00-00 00:00:00', slug: '' });
    expect(d.body.url).toBe(`${api.origin}/?post_type=tribe_events&p=${d.body.id}`);
    const v = await api.post('/venues', { venue: uniq('V31'), status: 'draft' });
    expect(v.body.date_utc).toBe('0000-00-00 00:00:00');
    expect(v.body.url).toBe(`${api.origin}/?post_type=tribe_venue&p=${v.body.id}`);
    const p = await api.post('/events', ev({ status: 'pending' }));
    expect(p.body.slug).toBe('');
    expect((await api.get(`/events/${p.body.id}`)).body.code).toBe('event-not-accessible');
    const f = await api.post('/events', ev({ date: day(40, '10:00') }));
    const s = await api.get(`/events/by-slug/${f.body.slug}`);
    expect([s.status, s.body.code]).toEqual([403, 'event-not-accessible']);
  });
});
