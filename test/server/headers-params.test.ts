import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, ev, startCore, uniq } from '../helpers/core.js';

// Headers and parameter checks as the recorded real-site answers have them
// (shared/reference/real-site-responses 02–14).
let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

describe('Allow lists the methods the caller may use, on errors of a matched route too', () => {
  it('anonymous callers are allowed GET only', async () => {
    const e = await api.post('/events', ev({ title: uniq('Allow') }));
    for (const path of ['/events', '/venues', '/organizers', '/categories', '/tags', `/events/${e.body.id}`]) {
      const r = await api.req('GET', path);
      expect([path, r.headers.get('allow')]).toEqual([path, 'GET']);
    }
    // 404 past the last page, 400 unknown id, 401 anonymous write
    expect((await api.req('GET', '/events', { query: { page: 999 } })).headers.get('allow')).toBe('GET');
    expect((await api.req('GET', '/events/99999999')).headers.get('allow')).toBe('GET');
    const anon = await api.req('POST', '/events', { json: ev({ title: uniq('Anon') }) });
    expect([anon.status, anon.headers.get('allow')]).toEqual([401, 'GET']);
  });

  it('a signed-in caller is allowed every method of the route', async () => {
    const bad = await api.req('POST', '/events', { auth: true, json: {} });
    expect([bad.status, bad.headers.get('allow')]).toEqual([400, 'GET, POST']);
    const e = await api.post('/events', ev({ title: uniq('Gone') }));
    await api.req('DELETE', `/events/${e.body.id}`, { auth: true });
    const again = await api.req('DELETE', `/events/${e.body.id}`, { auth: true });
    expect([again.status, again.headers.get('allow')]).toEqual([410, 'GET, DELETE, POST, PUT, PATCH']);
  });

  it('no Allow when no route matched, or when the credentials failed', async () => {
    expect((await api.req('GET', '/nothing-here')).headers.get('allow')).toBeNull();
    const wrong = await api.req('GET', '/events', { auth: 'bad' });
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([401, null]);
  });
});

describe('Vary: Origin on anonymous GETs only', () => {
  it('is sent on anonymous reads and not on writes or signed-in requests', async () => {
    expect((await api.req('GET', '/events')).headers.get('vary')).toBe('Origin');
    const anonWrite = await api.req('POST', '/events', { json: ev({ title: uniq('V') }) });
    expect(anonWrite.headers.get('vary')).toBeNull();
    const signedIn = await api.req('GET', '/events', { auth: true });
    expect(signedIn.headers.get('vary')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toContain('no-cache');
  });
});

describe('boolean parameters are strict JSON-schema booleans', () => {
  it('an empty value is refused; any letter case of true/false is taken', async () => {
    for (const [path, name] of [
      ['/events', 'featured'],
      ['/categories', 'hide_empty'],
    ] as const) {
      const r = await api.req('GET', path, { query: { [name]: '' } });
      expect([path, r.status, r.body.code, Object.keys(r.body.data.params)]).toEqual([
        path,
        400,
        'rest_invalid_param',
        [name],
      ]);
    }
    expect((await api.req('GET', '/events', { query: { featured: 'TRUE' } })).status).toBe(200);
    expect((await api.req('GET', '/categories', { query: { hide_empty: 'False' } })).status).toBe(200);
  });
});

describe('term lists', () => {
  it('the tag list ignores parent (an argument of the category list only)', async () => {
    const tag = await api.post('/tags', { name: uniq('Tp') });
    const plain = await api.req('GET', '/tags', { query: { hide_empty: 'false', include: tag.body.id } });
    const withParent = await api.req('GET', '/tags', {
      query: { hide_empty: 'false', include: tag.body.id, parent: 12345 },
    });
    expect(plain.body.tags.map((t: { id: number }) => t.id)).toEqual([tag.body.id]);
    expect(withParent.status).toBe(200);
    expect(withParent.body).toEqual(plain.body);
  });

  it('a term create answers with Location in the core namespace', async () => {
    const c = await api.post('/categories', { name: uniq('Loc') });
    expect(c.headers.get('location')).toBe(`${api.origin}/wp-json/wp/v2/tribe_events_cat/${c.body.id}`);
    const t = await api.post('/tags', { name: uniq('Loc') });
    expect(t.headers.get('location')).toBe(`${api.origin}/wp-json/wp/v2/tags/${t.body.id}`);
  });
});
