import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, day, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

const TERM_KEYS = ['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'parent', 'meta', 'url', 'urls'];

describe('categories', () => {
  it('create 201 with core _links; get; update; missing name 400', async () => {
    const name = uniq('Cat');
    const c = await api.post('/categories', { name, description: 'd' });
    expect(c.status).toBe(201);
    expect(Object.keys(c.body)).toEqual([...TERM_KEYS, '_links']);
    expect(c.body).toMatchObject({ name, taxonomy: 'tribe_events_cat', parent: 0, count: 0, meta: [] });
    expect(c.body.url).toBe(`${api.origin}/events/category/${c.body.slug}/`);
    expect(c.body.urls).toEqual({ self: `${api.base}/categories/${c.body.id}`, collection: `${api.base}/categories` });
    expect(c.body._links.self[0].href).toContain('/wp-json/wp/v2/');
    const g = await api.get(`/categories/${c.body.id}`);
    expect(g.body.name).toBe(name);
    const u = await api.req('PUT', `/categories/${c.body.id}`, { auth: true, json: { description: 'new' } });
    expect([u.status, u.body.description]).toEqual([200, 'new']);
    const m = await api.post('/categories', { description: 'x' });
    expect([m.status, m.body.code, m.body.data.params]).toEqual([400, 'rest_missing_callback_param', ['name']]);
  });

  it('child category: parent, urls.up; unknown parent 400', async () => {
    const p = await api.post('/categories', { name: uniq('P') });
    const c = await api.post('/categories', { name: uniq('C'), parent: p.body.id });
    expect(c.body.parent).toBe(p.body.id);
    expect(c.body.urls.up).toBe(`${api.base}/categories/${p.body.id}`);
    const bad = await api.post('/categories', { name: uniq('C'), parent: 99999999 });
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('duplicate name → 400 term_exists with term_id', async () => {
    const name = uniq('Dup');
    const a = await api.post('/categories', { name });
    const b = await api.post('/categories', { name });
    expect([b.status, b.body.code, b.body.data.term_id]).toEqual([400, 'term_exists', a.body.id]);
  });

  it('delete is permanent: 200 with the term (no _links), then 400 for get and delete', async () => {
    const c = await api.post('/categories', { name: uniq('Del') });
    const d = await api.req('DELETE', `/categories/${c.body.id}`, { auth: true });
    expect(d.status).toBe(200);
    expect(d.body.id).toBe(c.body.id);
    expect(d.body).not.toHaveProperty('_links');
    for (const m of ['GET', 'DELETE']) {
      const r = await api.req(m, `/categories/${c.body.id}`, { auth: true });
      expect([r.status, r.body.code]).toEqual([400, 'rest_invalid_param']);
    }
  });

  it('anonymous update → 401', async () => {
    const c = await api.post('/categories', { name: uniq('A') });
    const r = await api.req('POST', `/categories/${c.body.id}`, { json: { description: 'x' } });
    expect([r.status, r.body.code]).toEqual([401, 'rest_forbidden']);
  });
});

describe('tags', () => {
  it('create, get, update (PUT), delete; no parent key', async () => {
    const t = await api.post('/tags', { name: uniq('tag') });
    expect(t.status).toBe(201);
    expect(t.body).not.toHaveProperty('parent');
    expect(t.body.taxonomy).toBe('post_tag');
    expect(t.body.url).toBe(`${api.origin}/tag/${t.body.slug}/`);
    const u = await api.req('PUT', `/tags/${t.body.id}`, { auth: true, json: { name: `${t.body.name} renamed` } });
    expect([u.status, u.body.name]).toEqual([200, `${t.body.name} renamed`]);
    const d = await api.req('DELETE', `/tags/${t.body.id}`, { auth: true });
    expect(d.status).toBe(200);
    expect((await api.get(`/tags/${t.body.id}`)).status).toBe(400);
  });
});

describe('term validation', () => {
  it('empty description or slug → 400 (TEC is_string is non-empty), on create and update', async () => {
    for (const body of [{ description: '' }, { slug: '' }, { name: '' }]) {
      const r = await api.post('/categories', { name: uniq('V'), ...body });
      expect([r.status, r.body.code, Object.keys(r.body.data.params)]).toEqual([
        400,
        'rest_invalid_param',
        Object.keys(body),
      ]);
    }
    const t = await api.post('/tags', { name: uniq('v') });
    expect((await api.post(`/tags/${t.body.id}`, { description: '' })).status).toBe(400);
  });

  it('a parent for a tag → 400 rest_taxonomy_not_hierarchical (core terms controller)', async () => {
    const p = await api.post('/tags', { name: uniq('p') });
    const r = await api.post('/tags', { name: uniq('c'), parent: p.body.id });
    expect([r.status, r.body.code]).toEqual([400, 'rest_taxonomy_not_hierarchical']);
    const u = await api.post(`/tags/${p.body.id}`, { parent: p.body.id });
    expect([u.status, u.body.code]).toEqual([400, 'rest_taxonomy_not_hierarchical']);
  });
});

describe('term lists', () => {
  it('hide_empty default, include / exclude (CSV and []), event / post, slug, search, order', async () => {
    const w = uniq('tl');
    const a = await api.post('/categories', { name: `${w} a` });
    const b = await api.post('/categories', { name: `${w} B` });
    const c = await api.post('/categories', { name: `${w} c` });
    const e = await api.post('/events', {
      title: uniq('E'),
      start_date: day(2, '10:00'),
      end_date: day(2, '11:00'),
      categories: [a.body.id, c.body.id],
    });
    const ids = (r: { body: { categories: { id: number }[] } }) => r.body.categories.map((x) => x.id);
    const def = await api.get('/categories', { query: { search: w } });
    expect(ids(def)).toEqual([a.body.id, c.body.id]);
    expect(Object.keys(def.body)).toEqual(['rest_url', 'total', 'total_pages', 'categories']);
    expect(def.body.rest_url).toBe(`${api.base}/categories/`);
    expect(def.headers.get('x-tec-total')).toBe('2');
    expect(ids(await api.get('/categories', { query: { search: w, hide_empty: 'false' } }))).toEqual([
      a.body.id,
      b.body.id,
      c.body.id,
    ]);
    const q = { hide_empty: 'false' };
    expect(ids(await api.get('/categories', { query: { ...q, include: `${b.body.id},${c.body.id}` } }))).toEqual([
      b.body.id,
      c.body.id,
    ]);
    expect(ids(await api.get('/categories', { query: { ...q, include: [a.body.id] } }))).toEqual([a.body.id]);
    expect(
      ids(await api.get('/categories', { query: { ...q, search: w, exclude: [a.body.id], order: 'desc' } })),
    ).toEqual([c.body.id, b.body.id]);
    expect(ids(await api.get('/categories', { query: { event: e.body.id } }))).toEqual([a.body.id, c.body.id]);
    expect(ids(await api.get('/categories', { query: { post: e.body.id } }))).toEqual([a.body.id, c.body.id]);
    expect(ids(await api.get('/categories', { query: { ...q, slug: b.body.slug } }))).toEqual([b.body.id]);
    expect((await api.get('/categories', { query: { event: 99999999 } })).status).toBe(400);
    expect((await api.get('/categories', { query: { include: 'abc' } })).status).toBe(400);
  });

  it('paging: next keeps only page; past the end → 200 [] with previous_rest_url', async () => {
    const w = uniq('tp');
    for (const n of ['a', 'b', 'c']) await api.post('/tags', { name: `${w} ${n}` });
    const p1 = await api.get('/tags', { query: { search: w, hide_empty: 'false', per_page: 2 } });
    expect(p1.body.total_pages).toBe(2);
    expect(p1.body.next_rest_url).toBe(`${api.base}/tags/?page=2`);
    const p9 = await api.get('/tags', { query: { search: w, hide_empty: 'false', per_page: 2, page: 9 } });
    expect(p9.status).toBe(200);
    expect(p9.body.tags).toEqual([]);
    expect(p9.body.total).toBe(3);
    expect(p9.body.previous_rest_url).toBe(`${api.base}/tags/?page=8`);
  });
});
