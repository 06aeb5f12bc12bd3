/**
 * `_method` and `X-HTTP-Method-Override` as WP_REST_Server::serve_request honours them: the query's
 * `_method` first, then the header, whatever method carried the request (observed on the reference
 * site, WordPress 7.0 + TEC 6.16.5: `POST …/events/ID?_method=DELETE` trashes a draft, so does the
 * header, so does a GET with `_method=DELETE`; `_method=PUT` beats the header; `_method=FOO` → 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

async function draft(): Promise<number> {
  const r = await api.post('/events', {
    title: uniq('override'),
    start_date: '2031-01-01 10:00:00',
    end_date: '2031-01-01 11:00:00',
    status: 'draft',
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const statusOf = async (id: number) => (await api.get(`/events/${id}`, { auth: true })).body.status;

describe('method override', () => {
  it('POST …/events/ID?_method=DELETE trashes the event (not an update that publishes it)', async () => {
    const id = await draft();
    const r = await api.req('POST', `/events/${id}`, { auth: true, query: { _method: 'DELETE' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('trash');
    expect(r.headers.get('allow')).toBe('GET, DELETE, POST, PUT, PATCH');
    expect(await statusOf(id)).toBe('trash');
  });

  it('X-HTTP-Method-Override: DELETE on a POST trashes it; once in the trash, again → 410', async () => {
    const id = await draft();
    const headers = { 'x-http-method-override': 'DELETE' };
    const r = await api.req('POST', `/events/${id}`, { auth: true, headers });
    expect([r.status, r.body.status]).toEqual([200, 'trash']);
    expect((await api.req('POST', `/events/${id}`, { auth: true, headers })).status).toBe(410);
  });

  it('in any case and on any method: `_method=delete` on a POST with a body, and on a GET', async () => {
    const a = await draft();
    const lower = await api.req('POST', `/events/${a}`, {
      auth: true,
      query: { _method: 'delete' },
      json: { title: 'x' },
    });
    expect([lower.status, lower.body.status]).toEqual([200, 'trash']);
    const b = await draft();
    const get = await api.req('GET', `/events/${b}`, { auth: true, query: { _method: 'DELETE' } });
    expect([get.status, get.body.status]).toEqual([200, 'trash']);
    expect(await statusOf(b)).toBe('trash');
  });

  it('the query wins over the header; an unknown method is no route', async () => {
    const id = await draft();
    const r = await api.req('POST', `/events/${id}`, {
      auth: true,
      query: { _method: 'PUT' },
      headers: { 'x-http-method-override': 'DELETE' },
      json: { title: 'renamed', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00', status: 'draft' },
    });
    expect([r.status, r.body.status, r.body.title]).toEqual([200, 'draft', 'renamed']);
    const foo = await api.req('POST', `/events/${id}`, { auth: true, query: { _method: 'FOO' } });
    expect([foo.status, foo.body.code]).toEqual([404, 'rest_no_route']);
  });

  it('an anonymous override is refused as the DELETE itself is (401), and changes nothing', async () => {
    const id = await draft();
    const r = await api.req('POST', `/events/${id}`, { query: { _method: 'DELETE' } });
    expect([r.status, r.body.code]).toEqual([401, 'rest_forbidden']);
    expect(await statusOf(id)).toBe('draft');
  });

  it("core's routes too: POST wp/v2/tribe_events/ID?_method=DELETE trashes", async () => {
    const id = await draft();
    const r = await api.req('POST', `/wp-json/wp/v2/tribe_events/${id}`, { auth: true, query: { _method: 'DELETE' } });
    expect([r.status, r.body.status]).toEqual([200, 'trash']);
  });
});
