/** WordPress core's `_fields` parameter, which trims successful answers on every route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterFields } from '../../src/server/http/fields.js';
import { type Api, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
let eventId: number;
beforeAll(async () => {
  api = await startCore();
  const venue = await api.post('/venues', { venue: uniq('Hall') }, { auth: true });
  const created = await api.post('/events', ev({ title: uniq('Fields'), venue: venue.body.id }), { auth: true });
  eventId = created.body.id;
});
afterAll(async () => api?.stop());

describe('_fields', () => {
  it('keeps the listed keys of a record, in the answer order', async () => {
    const r = await api.get(`/events/${eventId}`, { query: { _fields: 'title,id,start_date' }, auth: true });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['id', 'title', 'start_date']);
  });

  it('takes a list, spaces as separators and a.b paths into objects', async () => {
    const r = await api.get(`/events/${eventId}`, {
      query: { _fields: ['id', 'venue.venue', ' venue.id'] },
      auth: true,
    });
    expect(r.body).toEqual({ id: eventId, venue: { id: expect.any(Number), venue: expect.any(String) } });
    const spaced = await api.get(`/events/${eventId}`, { query: { _fields: 'id venue.id' }, auth: true });
    expect(spaced.body).toEqual({ id: eventId, venue: { id: expect.any(Number) } });
    // A parent kept whole keeps every child.
    const whole = await api.get(`/events/${eventId}`, { query: { _fields: 'venue,venue.id' }, auth: true });
    expect(Object.keys(whole.body.venue).length).toBeGreaterThan(2);
  });

  it('trims a collection answer at its top level only', async () => {
    const r = await api.get('/events', { query: { _fields: 'total,events.title' }, auth: true });
    expect(Object.keys(r.body)).toEqual(['events', 'total']);
    // (the items sit in a list under `events`: a nested name cannot reach them, as on WordPress)
    expect(r.body.events).toEqual([]);
  });

  it('trims the answer of a create, and not an error', async () => {
    const created = await api.post(`/events?_fields=id,title`, ev({ title: 'Trimmed' }), { auth: true });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), title: 'Trimmed' });
    const missing = await api.get('/events/99999999', { query: { _fields: 'id' }, auth: true });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(missing.body)).toEqual(['code', 'message', 'data']);
  });

  it('trims the answers of batched writes', async () => {
    const r = await api.req('POST', '/wp-json/batch/v1', {
      auth: true,
      json: {
        requests: [
          // (core's routes: the plugin's take no batches, as on a site)
          { path: '/wp/v2/tribe_events?_fields=id,slug', body: { title: uniq('Batched') } },
          { path: '/wp/v2/tribe_events', body: { title: uniq('Batched'), _fields: 'title' } },
        ],
      },
    });
    expect(r.status).toBe(207);
    expect(Object.keys(r.body.responses[0].body)).toEqual(['id', 'slug']);
    expect(Object.keys(r.body.responses[1].body)).toEqual(['title']);
  });

  it('an empty value leaves the answer whole', () => {
    const data = { a: 1, b: { c: 2 } };
    expect(filterFields(data, '')).toBe(data);
    expect(filterFields(data, ' , ')).toBe(data);
    expect(filterFields([{ a: 1, b: 2 }], 'b')).toEqual([{ b: 2 }]);
  });
});
