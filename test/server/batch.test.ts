/**
 * `POST /wp-json/batch/v1` as WordPress runs it (a server set as a stock site, `batchPluginRoutes:
 * false`): core's routes registered with `allow_batch` (posts, terms, users) run; the plugin's routes
 * (`tribe/events/v1`, `tec/v1`) and core's others (media,
 * application passwords, settings, `users/me`) are refused item by item with 400
 * `rest_batch_not_allowed` and the route's `Allow` (observed on the reference site, WordPress 7.0 + TEC
 * 6.16.5; WP_REST_Server::serve_batch_request_v1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_REQUESTS } from '../../src/server/rest/batch.js';
import { ADMIN_PASSWORD, type Api, type ApiResponse, basic, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  // (answering as a stock site: the plugin's routes refused in batches; the default takes them, below)
  api = await startCore({ batchPluginRoutes: false });
});
afterAll(async () => api?.stop());

const NS = '/tribe/events/v1';
const CORE = '/wp/v2';

interface Item {
  method?: string;
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}

const batch = (payload: unknown, auth: boolean | 'bad' = true): Promise<ApiResponse> =>
  api.req('POST', '/wp-json/batch/v1', { auth, json: payload });

/** The ids of events whose title holds `word`, every status, read from the store. */
async function listed(word: string): Promise<number[]> {
  const rows = api.stores.db
    .prepare("SELECT id FROM posts WHERE type = 'tribe_events' AND title LIKE ? ORDER BY id")
    .all(`%${word}%`) as { id: number }[];
  return rows.map((r) => r.id);
}

/** An event created through core's route (a batch runs core's routes). */
const create = (word: string, extra: Record<string, unknown> = {}): Item => ({
  method: 'POST',
  path: `${CORE}/tribe_events`,
  body: { title: `${word} ${uniq('t')}`, status: 'publish', ...extra },
});

describe('POST /wp-json/batch/v1', () => {
  it(`creates ${MAX_BATCH_REQUESTS} events through core's route in one request, each answered as a single POST is`, async () => {
    const word = uniq('bulk');
    const single = await api.post(`/wp-json${CORE}/tribe_events`, { title: uniq('single'), status: 'publish' });
    expect(single.status).toBe(201);
    const items = Array.from({ length: MAX_BATCH_REQUESTS }, () => create(word));
    const r = await batch({ requests: items });
    expect(r.status).toBe(207);
    expect(r.headers.get('allow')).toBe('POST');
    expect(r.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(r.headers.get('cache-control')).toContain('no-store');
    expect(Object.keys(r.body)).toEqual(['responses']);
    expect(r.body.responses).toHaveLength(MAX_BATCH_REQUESTS);
    const ids: number[] = [];
    r.body.responses.forEach(
      (env: { body: { id: number; title: { raw: string } }; status: number; headers: object }, i: number) => {
        expect(Object.keys(env)).toEqual(['body', 'status', 'headers']);
        expect(env.status).toBe(201);
        // the decoded body, in the same shape (keys and order) as a single create answers
        expect(Object.keys(env.body)).toEqual(Object.keys(single.body));
        expect(env.body.title.raw).toBe(items[i]?.body?.title);
        expect(env.headers).toEqual({
          Location: `${api.origin}/wp-json${CORE}/tribe_events/${env.body.id}`,
          Allow: 'GET, POST',
        });
        ids.push(env.body.id);
      },
    );
    expect(new Set(ids).size).toBe(MAX_BATCH_REQUESTS);
    expect(await listed(word)).toEqual([...ids].sort((a, b) => a - b));
  });

  it("runs core's POST, PUT, PATCH and DELETE items in order; the plugin's routes are refused item by item", async () => {
    const word = uniq('mixed');
    const a = await api.post('/events', ev({ title: `${word} a` }));
    const b = await api.post('/events', ev({ title: `${word} b` }));
    const c = await api.post('/events', ev({ title: `${word} c` }));
    const cat = await api.post('/categories', { name: uniq('cat') });
    expect(cat.status).toBe(201);
    const r = await batch({
      requests: [
        create(word),
        { method: 'PUT', path: `${CORE}/tribe_events/${a.body.id}`, body: { title: `${word} a2` } },
        // the query string of a path is the item's query (and repeated / trailing slashes are tolerated)
        { method: 'PATCH', path: `${CORE}//tribe_events/${b.body.id}/?title=${encodeURIComponent(`${word} b2`)}` },
        { method: 'DELETE', path: `${CORE}/tribe_events/${c.body.id}` },
        // the same delete again: the handler's own error, after the first one ran
        { method: 'DELETE', path: `${CORE}/tribe_events/${c.body.id}` },
        // the plugin's routes take no batches, as on a site
        { path: `${NS}/categories`, body: { name: uniq('cat') }, headers: { 'X-Test': ['1', '2'], 'X-Other': 'x' } },
        { method: 'PUT', path: `${NS}/events/${a.body.id}`, body: { title: `${word} never` } },
        { method: 'DELETE', path: `${CORE}/tribe_events_cat/${cat.body.id}?force=true` },
      ],
    });
    expect(r.status).toBe(207);
    const rs = r.body.responses;
    expect(rs.map((e: { status: number }) => e.status)).toEqual([201, 200, 200, 200, 410, 400, 400, 200]);
    expect(rs[1].body).toMatchObject({ id: a.body.id, title: { raw: `${word} a2` } });
    expect(rs[2].body).toMatchObject({ id: b.body.id, title: { raw: `${word} b2` } });
    expect(rs[3].body).toMatchObject({ id: c.body.id, status: 'trash' });
    expect(rs[4].body.code).toBe('rest_already_trashed');
    expect(rs[4].body.data.status).toBe(410);
    // (the site's envelope, word for word but the message)
    expect(rs[5]).toEqual({
      body: { code: 'rest_batch_not_allowed', message: expect.any(String), data: { status: 400 } },
      status: 400,
      headers: { Allow: 'GET, POST' },
    });
    expect(rs[6].body.code).toBe('rest_batch_not_allowed');
    expect(rs[6].headers).toEqual({ Allow: 'GET, DELETE, POST, PUT, PATCH' });
    expect(rs[7].body).toMatchObject({ deleted: true });
    expect((await api.get(`/events/${a.body.id}`)).body.title).toBe(`${word} a2`);
    expect((await api.get(`/events/${b.body.id}`)).body.title).toBe(`${word} b2`);
    expect((await api.get(`/events/${c.body.id}`, { auth: true })).body.status).toBe('trash');
    expect(await listed(word)).toContain(rs[0].body.id);
  });

  // (settings take no writes here: see docs/server.md)
  it("core's routes without allow_batch are refused too: media, application passwords, users/me", async () => {
    const r = await batch({
      requests: [
        { path: `${CORE}/media`, body: {} },
        { path: `${CORE}/users/me/application-passwords`, body: { name: 'x' } },
        { path: `${CORE}/users/me`, body: { name: 'x' } },
        { path: '/tec/v1/events', body: {} },
        // users take batches: the item's own checks answer
        { path: `${CORE}/users`, body: {} },
      ],
    });
    expect(r.status).toBe(207);
    const rs = r.body.responses;
    expect(rs.map((e: { body: { code: string } }) => e.body.code)).toEqual([
      'rest_batch_not_allowed',
      'rest_batch_not_allowed',
      'rest_batch_not_allowed',
      'rest_batch_not_allowed',
      'rest_missing_callback_param',
    ]);
    expect(rs.map((e: { status: number }) => e.status)).toEqual([400, 400, 400, 400, 400]);
    expect(rs[0].headers).toEqual({ Allow: 'GET, POST' });
  });

  it('validation "normal": failing items answer their errors, the others still run', async () => {
    const word = uniq('normal');
    const r = await batch({
      validation: 'normal',
      requests: [
        create(word),
        { method: 'POST', path: `${CORE}/nope` },
        create(word, { status: 'bogus' }),
        { method: 'DELETE', path: `${CORE}/tribe_events` },
        { method: 'POST', path: '/batch/v1', body: { requests: [] } },
        { method: 'POST', path: `${NS}/events`, body: ev({ title: `${word} plugin` }) },
        create(word),
      ],
    });
    expect(r.status).toBe(207);
    const rs = r.body.responses;
    expect(rs.map((e: { status: number }) => e.status)).toEqual([201, 404, 400, 404, 400, 400, 201]);
    expect(rs[1]).toEqual({
      body: { code: 'rest_no_route', message: expect.any(String), data: { status: 404 } },
      status: 404,
      headers: [],
    });
    expect(rs[2].body.code).toBe('rest_invalid_param');
    expect(rs[2].body.data.status).toBe(400);
    expect(Object.keys(rs[2].body.data.params)).toEqual(['status']);
    expect(rs[3].body.code).toBe('rest_no_route');
    expect(rs[4].body.code).toBe('rest_batch_not_allowed');
    expect(rs[5].body.code).toBe('rest_batch_not_allowed');
    expect(await listed(word)).toEqual([rs[0].body.id, rs[6].body.id].sort((x, y) => x - y));
  });

  it('validation "require-all-validate": one invalid item and nothing runs', async () => {
    const word = uniq('strict');
    const r = await batch({
      validation: 'require-all-validate',
      requests: [
        create(word),
        { method: 'POST', path: `${CORE}/nope` },
        create(word, { status: 'bogus' }),
        { method: 'POST', path: `${NS}/events`, body: ev({ title: `${word} plugin` }) },
        create(word),
      ],
    });
    expect(r.status).toBe(207);
    expect(Object.keys(r.body)).toEqual(['failed', 'responses']);
    expect(r.body.failed).toBe('validation');
    const rs = r.body.responses;
    expect(rs).toHaveLength(5);
    expect(rs[0]).toBeNull();
    expect(rs[4]).toBeNull();
    expect(rs[1]).toMatchObject({ body: { code: 'rest_no_route', data: { status: 404 } }, status: 404 });
    expect(rs[2]).toMatchObject({ body: { code: 'rest_invalid_param', data: { status: 400 } }, status: 400 });
    expect(Object.keys(rs[2].body.data.params)).toEqual(['status']);
    expect(rs[3]).toMatchObject({ body: { code: 'rest_batch_not_allowed', data: { status: 400 } }, status: 400 });
    expect(await listed(word)).toEqual([]);

    // all valid: it runs as a normal batch
    const ok = await batch({ validation: 'require-all-validate', requests: [create(word), create(word)] });
    expect(ok.status).toBe(207);
    expect(ok.body).not.toHaveProperty('failed');
    expect(ok.body.responses.map((e: { status: number }) => e.status)).toEqual([201, 201]);
    expect(await listed(word)).toHaveLength(2);
  });

  it(`more than ${MAX_BATCH_REQUESTS} items → 400 rest_invalid_param, nothing written`, async () => {
    const word = uniq('toomany');
    const r = await batch({ requests: Array.from({ length: MAX_BATCH_REQUESTS + 1 }, () => create(word)) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('rest_invalid_param');
    expect(r.body.data.status).toBe(400);
    expect(Object.keys(r.body.data.params)).toEqual(['requests']);
    expect(r.body.data.details.requests.code).toBe('rest_too_many_items');
    expect(r.headers.get('allow')).toBe('POST');
    expect(await listed(word)).toEqual([]);
  });

  it('malformed arguments → 400 rest_invalid_param naming them', async () => {
    const cases: [unknown, string, string][] = [
      [{ requests: 'x' }, 'requests', 'rest_invalid_type'],
      [{ requests: [{ method: 'GET', path: `${NS}/events` }] }, 'requests', 'rest_not_in_enum'],
      [{ requests: [{ method: 'post', path: `${NS}/events` }] }, 'requests', 'rest_not_in_enum'],
      [{ requests: [{ method: 'POST' }] }, 'requests', 'rest_property_required'],
      [{ requests: [{ path: 5 }] }, 'requests', 'rest_invalid_type'],
      [{ requests: [{ path: `${NS}/events`, body: 'x' }] }, 'requests', 'rest_invalid_type'],
      [{ requests: [{ path: `${NS}/events`, headers: { a: { b: 1 } } }] }, 'requests', 'rest_invalid_type'],
      [{ requests: [5] }, 'requests', 'rest_invalid_type'],
      [{ validation: 'all', requests: [] }, 'validation', 'rest_not_in_enum'],
    ];
    for (const [payload, param, code] of cases) {
      const r = await batch(payload);
      expect([r.status, r.body.code], JSON.stringify(payload)).toEqual([400, 'rest_invalid_param']);
      expect(Object.keys(r.body.data.params)).toEqual([param]);
      expect(r.body.data.details[param].code, JSON.stringify(payload)).toBe(code);
    }
  });

  it('missing requests → 400 rest_missing_callback_param', async () => {
    for (const payload of [{}, { validation: 'normal' }, { requests: null }]) {
      const r = await batch(payload);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('rest_missing_callback_param');
      expect(r.body.data).toEqual({ status: 400, params: ['requests'] });
      expect(r.headers.get('allow')).toBe('POST');
    }
    const noBody = await api.req('POST', '/wp-json/batch/v1', { auth: true });
    expect([noBody.status, noBody.body.code]).toEqual([400, 'rest_missing_callback_param']);
    const badJson = await api.req('POST', '/wp-json/batch/v1', { auth: true, json: '{"requests": [' });
    expect([badJson.status, badJson.body.code]).toEqual([400, 'rest_invalid_json']);
  });

  it('an empty list answers an empty list', async () => {
    const r = await batch({ requests: [] });
    expect([r.status, r.body]).toEqual([207, { responses: [] }]);
  });

  it('anonymous: accepted, each item refused as a single anonymous write, nothing written', async () => {
    const word = uniq('anon');
    const existing = await api.post('/events', ev({ title: `${word} kept` }));
    const r = await batch(
      {
        requests: [
          create(word),
          { method: 'PUT', path: `${CORE}/tribe_events/${existing.body.id}`, body: { title: `${word} changed` } },
          { method: 'DELETE', path: `${CORE}/tribe_events/${existing.body.id}` },
        ],
      },
      false,
    );
    expect(r.status).toBe(207);
    expect(r.headers.get('cache-control')).toBeNull();
    const single = await api.req('POST', `/wp-json${CORE}/tribe_events`, { json: { title: 'x' } });
    expect(single.status).toBe(401);
    expect(r.body.responses[0].body).toEqual(single.body);
    expect(r.body.responses.map((e: { status: number }) => e.status)).toEqual([401, 401, 401]);
    expect(await listed(word)).toEqual([existing.body.id]);
    expect((await api.get(`/events/${existing.body.id}`)).body.title).toBe(`${word} kept`);
  });

  it('a bad password refuses the whole batch', async () => {
    const r = await batch({ requests: [create(uniq('bad'))] }, 'bad');
    // (one wrong password: well under the login throttle's limit)
    expect(r.status).toBe(401);
    expect(r.body).not.toHaveProperty('responses');
  });

  it('form bodies work as for other writes', async () => {
    const word = uniq('form');
    const title = `${word} one`;
    const form = [
      ['requests[0][path]', `${CORE}/tribe_events`],
      ['requests[0][body][title]', title],
      ['requests[0][body][status]', 'publish'],
      ['requests[1][method]', 'DELETE'],
      ['requests[1][path]', `${NS}/nope`],
    ]
      .map(([k, v]) => `${encodeURIComponent(k as string)}=${encodeURIComponent(v as string)}`)
      .join('&');
    const res = await api.fetch(`${api.origin}/wp-json/batch/v1`, {
      method: 'POST',
      headers: {
        authorization: basic('admin', ADMIN_PASSWORD),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    });
    expect(res.status).toBe(207);
    const body = (await res.json()) as { responses: { status: number; body: { title: { raw: string } } }[] };
    expect(body.responses.map((e) => e.status)).toEqual([201, 404]);
    expect(body.responses[0]?.body.title.raw).toBe(title);
  });

  it('other methods → 404 rest_no_route; OPTIONS describes the route', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await api.req(method, '/wp-json/batch/v1', { auth: true });
      expect([r.status, r.body.code], method).toEqual([404, 'rest_no_route']);
    }
    const head = await api.req('HEAD', '/wp-json/batch/v1');
    expect(head.status).toBe(404);
    const o = await api.req('OPTIONS', '/wp-json/batch/v1/');
    expect(o.status).toBe(200);
    expect(o.headers.get('allow')).toBe('POST');
    expect(o.body.methods).toEqual(['POST']);
    const args = o.body.endpoints[0].args;
    expect(args.validation).toEqual({
      type: 'string',
      enum: ['require-all-validate', 'normal'],
      default: 'normal',
      required: false,
    });
    expect(args.requests.required).toBe(true);
    expect(args.requests.maxItems).toBe(MAX_BATCH_REQUESTS);
    expect(args.requests.items.properties.method.enum).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    expect(args.requests.items.properties.path).toEqual({ type: 'string', required: true });
  });

  it('the route tolerates repeated and trailing slashes', async () => {
    const r = await api.req('POST', '/wp-json//batch//v1/', { auth: true, json: { requests: [] } });
    expect(r.status).toBe(207);
  });
});

describe("calctl serve's default: the plugin's events routes take batches too (a deliberate difference)", () => {
  it("runs the plugin's routes in a batch (tec/v1 stays refused)", async () => {
    const opted = await startCore();
    try {
      const word = uniq('opted');
      const r = await opted.req('POST', '/wp-json/batch/v1', {
        auth: true,
        json: {
          requests: [
            { path: `${NS}/events`, body: ev({ title: `${word} one` }) },
            { path: `${NS}/categories`, body: { name: uniq('cat') } },
            { path: '/tec/v1/events', body: {} },
            create(word),
          ],
        },
      });
      expect(r.status).toBe(207);
      expect(r.body.responses.map((e: { status: number }) => e.status)).toEqual([201, 201, 400, 201]);
      expect(r.body.responses[0].body.title).toBe(`${word} one`);
      expect(r.body.responses[0].headers).toMatchObject({ Allow: 'GET, POST' });
      expect(r.body.responses[2].body.code).toBe('rest_batch_not_allowed');
    } finally {
      await opted.stop();
    }
  });
});

describe('indexes', () => {
  it('GET /wp-json/ lists the batch route (outside any namespace, as WordPress registers it)', async () => {
    const r = await api.get('/wp-json/');
    expect(r.status).toBe(200);
    // (in the real site's order: the plugin's namespaces, then core's)
    expect(r.body.namespaces).toEqual(['tribe/events/v1', 'tec/v1', 'wp/v2']);
    const route = r.body.routes['/batch/v1'];
    expect(route.methods).toEqual(['POST']);
    expect(route.endpoints).toHaveLength(1);
    expect(route.endpoints[0].methods).toEqual(['POST']);
    expect(Object.keys(route.endpoints[0].args)).toEqual(['validation', 'requests']);
    expect(route._links.self[0].href).toBe(`${api.origin}/wp-json/batch/v1`);
  });

  it('the tribe namespace index does not advertise batching', async () => {
    const r = await api.get('');
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('allow_batch');
    expect(r.text).not.toContain('batch/v1');
    expect(Object.keys(r.body)).toEqual(['namespace', 'routes', '_links']);
    for (const route of Object.values(r.body.routes) as { endpoints: Record<string, unknown>[] }[]) {
      for (const e of route.endpoints) expect(Object.keys(e)).toEqual(['methods', 'args']);
    }
  });
});
