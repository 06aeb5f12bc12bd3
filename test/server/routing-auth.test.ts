import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../src/server/tribe/routes.js';
import { ADMIN_PASSWORD, type Api, basic, day, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

/** Turns a route pattern into a concrete path with an existing-looking id / slug. */
const concrete = (pattern: string) => pattern.replace('(?P<id>\\d+)', '1').replace('(?P<slug>[^/]+)', 'some-slug');

describe('namespace root and /wp-json/', () => {
  it('GET /wp-json/ lists the namespace', async () => {
    const r = await api.get('/wp-json/');
    expect(r.status).toBe(200);
    expect(r.body.namespaces).toContain('tribe/events/v1');
  });

  it('GET {ns} describes every route with methods and args', async () => {
    const r = await api.get('');
    expect(r.status).toBe(200);
    expect(r.body.namespace).toBe('tribe/events/v1');
    const keys = Object.keys(r.body.routes);
    expect(keys).toContain('/tribe/events/v1');
    expect(keys).toContain('/tribe/events/v1/doc');
    for (const route of buildRoutes()) expect(keys).toContain(`/tribe/events/v1${route.pattern}`);
    const events = r.body.routes['/tribe/events/v1/events'];
    expect(events.methods).toEqual(['GET', 'POST']);
    expect(events.endpoints[0].args.page).toMatchObject({ default: 1, type: 'integer', required: false });
    expect(events.endpoints[1].args.title.required).toBe(true);
    expect(events._links.self[0].href).toBe(`${api.base}/events`);
    expect(r.body.routes['/tribe/events/v1/events/(?P<id>\\d+)'].methods).toEqual([
      'GET',
      'DELETE',
      'POST',
      'PUT',
      'PATCH',
    ]);
    expect(r.body.routes['/tribe/events/v1/events/(?P<id>\\d+)']._links).toBeUndefined();
    expect(r.body._links.up[0].href).toBe(`${api.origin}/wp-json/`);
  });

  it('namespace root args: namespace and context with defaults', async () => {
    const r = await api.get('');
    const args = r.body.routes['/tribe/events/v1'].endpoints[0].args;
    expect(args.namespace).toEqual({ default: 'tribe/events/v1', required: false });
    expect(args.context).toEqual({ default: 'view', required: false });
  });
});

describe('routing errors (#2)', () => {
  const cases: [string, string][] = [
    ['GET', '/nope'],
    ['GET', '/events/abc'],
    ['GET', '/venues/foo'],
    ['GET', '/categories/x1'],
    ['GET', '/events/by-slug/'],
    ['DELETE', '/events'],
    ['PUT', '/venues'],
    ['DELETE', '/doc'],
    ['POST', ''],
    ['GET', '/categories/by-slug/foo'],
    ['GET', '/wp-json/tribe/events/v2/events'],
  ];
  for (const [method, path] of cases) {
    it(`${method} ${path || '{ns}'} → 404 rest_no_route`, async () => {
      const r = await api.req(method, path, { auth: true });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
      expect(typeof r.body.message).toBe('string');
    });
  }
});

describe('auth', () => {
  it('anonymous writes → 401 rest_forbidden on EVERY write route of the table', async () => {
    // Valid bodies so that validation passes and only permission remains.
    const v = await api.post('/venues', { venue: uniq('V') });
    const o = await api.post('/organizers', { organizer: uniq('O') });
    const e = await api.post('/events', { title: uniq('E'), start_date: day(5, '10:00'), end_date: day(5, '11:00') });
    const c = await api.post('/categories', { name: uniq('C') });
    const t = await api.post('/tags', { name: uniq('T') });
    const ids: Record<string, { id: number; slug: string }> = {
      events: e.body,
      venues: v.body,
      organizers: o.body,
      categories: c.body,
      tags: t.body,
    };
    const bodies: Record<string, Record<string, unknown>> = {
      events: { title: 'x', start_date: day(5, '10:00'), end_date: day(5, '11:00') },
      venues: { venue: 'x' },
      organizers: { organizer: 'x' },
      categories: { name: uniq('C') },
      tags: { name: uniq('T') },
    };
    let checked = 0;
    for (const route of buildRoutes()) {
      const name = route.resource?.name;
      if (!name) continue;
      const rec = ids[name]!;
      const path = route.pattern.replace('(?P<id>\\d+)', String(rec.id)).replace('(?P<slug>[^/]+)', rec.slug);
      for (const ep of route.endpoints) {
        if (ep.permission !== 'edit') continue;
        for (const method of ep.methods) {
          const body = method === 'DELETE' ? undefined : bodies[name];
          const r = await api.req(method, path, { auth: false, ...(body ? { json: body } : {}) });
          expect([method, path, r.status, r.body.code]).toEqual([method, path, 401, 'rest_forbidden']);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5 + 5 * 4 + 3 * 4);
  });

  it('reads of published records are public', async () => {
    for (const p of ['/events', '/venues', '/organizers', '/categories', '/tags', '', '/doc']) {
      expect((await api.get(p)).status).toBe(200);
    }
  });

  it('wrong password → 401 incorrect_password, reads included', async () => {
    for (const path of ['/events', '', concrete('/categories/(?P<id>\\d+)')]) {
      const r = await api.get(path, { auth: 'bad' });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('incorrect_password');
      expect(r.body.data.status).toBe(401);
    }
  });

  it('unknown user → 401 invalid_username; the password with spaces removed also works', async () => {
    const r = await api.get('/events', { headers: { authorization: basic('nobody', 'x') } });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('invalid_username');
    const ok = await api.get('/events', {
      headers: { authorization: basic('admin', ADMIN_PASSWORD.replace(/ /g, '')) },
    });
    expect(ok.status).toBe(200);
  });

  it('validation before auth (#3): missing fields 400 for anonymous, then 401 with valid fields', async () => {
    const r = await api.req('POST', '/events', { json: {} });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('rest_missing_callback_param');
    expect(r.body.data.params).toEqual(['title', 'start_date', 'end_date']);
    const bad = await api.req('POST', '/events', { json: { title: 'x', start_date: 'garbage', end_date: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    const anon = await api.req('DELETE', '/venues/999999');
    expect(anon.status).toBe(400);
    expect(anon.body.data.params).toHaveProperty('id');
  });

  it('admin password file is 0600 and the password is not stored in plain text in SQLite', () => {
    const file = api.passwordFile!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(ADMIN_PASSWORD);
    for (const name of ['calctl.sqlite', 'calctl.db']) {
      try {
        const raw = readFileSync(join(api.dataDir, name));
        expect(raw.includes(ADMIN_PASSWORD)).toBe(false);
        expect(raw.includes(ADMIN_PASSWORD.replace(/ /g, ''))).toBe(false);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  });

  it('> 20 failed logins from one client → 429 with Retry-After (checked last: it locks this client out)', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await api.get('/tags', { auth: 'bad' })).status;
    const r = await api.get('/tags', { auth: 'bad' });
    expect([last, r.status]).toContain(429);
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.body.data.status).toBe(429);
    // Anonymous reads still work.
    expect((await api.get('/tags')).status).toBe(200);
  });
});
