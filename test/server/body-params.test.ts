/**
 * Which parts of a request the server reads parameters from, by method and content type, as
 * WordPress does (WP_REST_Request's parameter order, PHP's `$_POST`, `parse_str` of other bodies).
 * Each expectation is what the real site (WordPress 7.0 + TEC 6.16.5) answered to the same request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Api, basic, ev, startCore } from '../helpers/core.js';

let api: Api;
const auth = basic('admin', ADMIN_PASSWORD);
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

async function send(method: string, path: string, body?: string | FormData, headers: Record<string, string> = {}) {
  const url = path.startsWith('/wp-json') ? `${api.origin}${path}` : `${api.base}${path}`;
  const res = await api.fetch(url, { method, headers: { authorization: auth, ...headers }, ...(body ? { body } : {}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const newEvent = async (title: string) => (await api.post('/events', ev({ title }), { auth: true })).body.id as number;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const dates = 'start_date=2027-06-01+10:00&end_date=2027-06-01+11:00';

describe('where parameters are read from', () => {
  it('reads a DELETE body, whose `id` names the record over the path', async () => {
    const a = await newEvent('Delete path');
    const b = await newEvent('Delete body');
    const r = await send('DELETE', `/events/${a}`, `id=${b}`, FORM);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(b);
    expect((await api.get(`/events/${a}`, { auth: true })).body.status).toBe('publish');
  });

  it("reads `force` from a DELETE body on WordPress's own routes", async () => {
    const id = await newEvent('Delete for good');
    const r = await send('DELETE', `/wp-json/wp/v2/tribe_events/${id}`, 'force=true', FORM);
    expect(r.body.deleted).toBe(true);
  });

  it('reads a PUT body without a content type as a form, and not a POST one', async () => {
    const id = await newEvent('Put me');
    const put = await send('PUT', `/events/${id}`, 'title=Put+without+type&categories[0]=arr-put-cat', {
      'content-type': '',
    });
    expect(put.status).toBe(200);
    expect(put.body.title).toBe('Put without type');
    expect((put.body.categories as { name: string }[]).map((c) => c.name)).toEqual(['arr-put-cat']);
    const post = await send('POST', '/events', `title=x&${dates}`, { 'content-type': 'text/plain' });
    expect(post.status).toBe(400);
    expect(post.body.code).toBe('rest_missing_callback_param');
  });

  it('a multipart body that ends inside a file part: the fields before it are read, the server keeps running', async () => {
    // (found by the fuzzer, issue 41: the cut file's stream error ended the process)
    const boundary = 'cutB0undary';
    const cut =
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n` +
      '\x89PNG half a file';
    for (const path of ['/wp-json/wp/v2/media', '/events']) {
      const r = await send('POST', path, cut, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
    }
    const after = await send('GET', '/events');
    expect(after.status).toBe(200);
  });

  it('reads a multipart POST as a form, and a multipart PUT not at all', async () => {
    const form = new FormData();
    form.append('title', 'Multipart');
    form.append('start_date', '2027-06-01 10:00');
    form.append('end_date', '2027-06-01 11:00');
    form.append('categories[0]', 'arr-multi-cat');
    form.append('cost[0]', '5');
    form.append('cost[1]', '10');
    const created = await send('POST', '/events', form);
    expect(created.status).toBe(201);
    expect((created.body.categories as { name: string }[]).map((c) => c.name)).toEqual(['arr-multi-cat']);
    expect(created.body.cost).toBe('$5 – $10');
    const again = new FormData();
    again.append('title', 'Not read');
    const put = await send('PUT', `/events/${created.body.id}`, again);
    expect(put.status).toBe(200);
    expect(put.body.title).toBe('Multipart');
  });

  it('refuses a JSON body only where a route reads it', async () => {
    const bad = { 'content-type': 'application/json' };
    const write = await send('POST', '/events', '   ', bad);
    expect(write.status).toBe(400);
    expect(write.body.code).toBe('rest_invalid_json');
    expect((await send('POST', '/no-such-route', '{', bad)).status).toBe(404);
    // (a JSON body PHP counts as empty is no body)
    const zero = await send('POST', '/events', '0', bad);
    expect(zero.body.code).toBe('rest_missing_callback_param');
  });

  it('takes a JSON type with a suffix (application/*+json)', async () => {
    const r = await send('POST', '/events', JSON.stringify(ev({ title: 'Suffixed JSON' })), {
      'content-type': 'application/vnd.api+json',
    });
    expect(r.status).toBe(201);
    expect(r.body.title).toBe('Suffixed JSON');
  });
});
