/**
 * The server's request steps one by one: the REST prefix, the request target, the body, the one route
 * table and its router, the pipeline's order and its errors, and the store's request transactions.
 * (The three namespaces' answers through these steps are covered by test/server/.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../src/server/http/auth.js';
import { bodyParams, readRequestBody } from '../../src/server/http/body.js';
import { RestError } from '../../src/server/http/errors.js';
import { splitTarget } from '../../src/server/http/request.js';
import { openDataDir } from '../../src/server/index.js';
import { Refused, run } from '../../src/server/rest/pipeline.js';
import { REST_PREFIX, restRoot, routeOfPath } from '../../src/server/rest/root.js';
import { endpointOf, Router } from '../../src/server/rest/router.js';
import type { Call, Endpoint, Namespace, Route } from '../../src/server/rest/types.js';
import type { RequestScope, SiteSettings } from '../../src/server/site.js';
import { newPost } from '../../src/server/store/posts.js';
import { RequestStore } from '../../src/server/store/requests.js';
import { buildTable, namespacesOf } from '../../src/server/table.js';

const site: SiteSettings = { vendor: 'tribe', perPage: 10, timezone: 'UTC', now: () => new Date() };
const dir = mkdtempSync(join(tmpdir(), 'calctl-pipeline-'));
const stores = openDataDir(dir, { optimize: false });
afterAll(() => {
  stores.db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the REST prefix and the request target', () => {
  it('routes the path below the prefix, and only that', () => {
    expect(routeOfPath(REST_PREFIX)).toBe('');
    expect(routeOfPath(`${REST_PREFIX}/tec/v1/events`)).toBe('/tec/v1/events');
    expect(routeOfPath(`${REST_PREFIX}x/tec/v1`)).toBeUndefined();
    expect(routeOfPath('/')).toBeUndefined();
    expect(restRoot({ origin: 'http://h:1', site: {} })).toBe(`http://h:1${REST_PREFIX}`);
  });

  it('normalises repeated and trailing slashes and keeps the query string apart', () => {
    expect(splitTarget('//wp-json//tribe/events/v1/events/?a=1&b[]=2')).toEqual({
      path: '/wp-json/tribe/events/v1/events',
      query: 'a=1&b[]=2',
    });
    expect(splitTarget('/')).toEqual({ path: '/', query: '' });
  });

  it('reads a body once, before routing, and raises broken JSON only when a route reads it', async () => {
    const read = (method: string, type: string | undefined, text: string) =>
      readRequestBody(method, type === undefined ? {} : { 'content-type': type }, text);
    const json = await read('POST', 'application/json; charset=utf-8', '{"a":1}');
    expect(bodyParams(json)).toEqual({ json: { a: 1 }, form: null, files: null });
    expect(bodyParams(await read('POST', 'application/json', '[1]'))).toEqual({ json: null, form: null, files: null });
    const form = await read('POST', 'application/x-www-form-urlencoded', 'a[]=1&a[]=2');
    expect(bodyParams(form).form).toEqual({ a: ['1', '2'] });
    expect(bodyParams(await read('POST', 'text/plain', 'a=1')).form).toBeNull();
    // (a DELETE without a type is read as a form, as WordPress parses it itself)
    expect(bodyParams(await read('DELETE', undefined, 'id=3')).form).toEqual({ id: '3' });
    const broken = await read('POST', 'application/json', '{');
    expect(() => bodyParams(broken)).toThrow(RestError);
  });

  it('a trusted in-process caller stands for the admin only when it sends credentials', async () => {
    const identify = callerOf(stores.auth, true);
    expect(await identify({ headers: { authorization: 'Basic eDp5' }, ip: '127.0.0.1' })).toBe(1);
    expect(await identify({ headers: {}, ip: '127.0.0.1' })).toBeNull();
  });
});

describe('one route table for the three namespaces', () => {
  const table = buildTable(site, 1000);
  const router = new Router(table);

  it('holds the namespaces in the order the REST index lists them', () => {
    expect(namespacesOf(table).map((n) => n.name)).toEqual(['tribe/events/v1', 'tec/v1', 'wp/v2']);
  });

  it('finds a route of each namespace by its pattern, with what the pattern captured', () => {
    const item = router.find('/tribe/events/v1/events/12');
    expect([item?.route.pattern, item?.groups]).toEqual(['/events/(?P<id>\\d+)', { id: '12' }]);
    expect(router.find('/tribe/events/v1/venues/by-slug/a-hall')?.groups).toEqual({ slug: 'a-hall' });
    expect(router.find('/tec/v1')?.route.namespace.name).toBe('tec/v1');
    expect(router.find('/wp/v2/tags/3')?.route.resource?.name).toBe('tags');
    expect(router.find('/wp/v2/tribe_events_cat')?.route.resource?.name).toBe('categories');
    expect(router.find('/tec/v1foo')).toBeUndefined();
    expect(router.find('/tribe/events/v1/events/abc')).toBeUndefined();
  });

  it('answers HEAD with the GET endpoint and nothing for a method the route lacks', () => {
    const route = router.find('/wp/v2/tags/1')?.route as Route;
    expect(endpointOf(route, 'HEAD')?.methods).toEqual(['GET']);
    expect(endpointOf(route, 'DELETE')?.methods).toEqual(['DELETE']);
    expect(endpointOf(route, 'POST')).toBeUndefined();
    // (a post of the plugin's types is written through core's route too: POST, PUT, PATCH)
    const post = router.find('/wp/v2/tribe_events/1')?.route as Route;
    expect(endpointOf(post, 'POST')?.methods).toEqual(['POST', 'PUT', 'PATCH']);
  });

  it("lets batches reach core's post, term and user routes, the plugin's resource routes unless a site refuses them, and the answer cache keep only the latter", () => {
    // (WordPress's allow_batch: core's posts, terms and users controllers; the plugin's routes take
    // batches here unless the site is set as a stock one, `batchPluginRoutes: false`)
    const coreBatched =
      /^\/(tribe_events|tribe_venue|tribe_organizer|tribe_events_cat|tags|users)(\/\(\?P<id>\[?\\d\]?\+\))?$/;
    for (const route of table) {
      const resourceRoute = route.namespace.name === 'tribe/events/v1' && route.resource !== undefined;
      const expected = resourceRoute ? 'opt-out' : route.namespace.name === 'wp/v2' && coreBatched.test(route.pattern);
      expect([route.namespace.name, route.pattern, route.batch ?? false]).toEqual([
        route.namespace.name,
        route.pattern,
        expected,
      ]);
      expect(route.cache === true).toBe(resourceRoute);
    }
  });
});

describe('the pipeline', () => {
  const scope: RequestScope = { site, stores, origin: 'http://127.0.0.1', userId: null };
  /** A namespace that notes each step it is asked for, and fails at `failAt`. */
  function traced(failAt?: string) {
    const steps: string[] = [];
    const step = (name: string) => {
      steps.push(name);
      if (name === failAt) throw new RestError(400, `failed_${name}`, name);
    };
    const ns: Namespace = {
      name: 'test/v1',
      read() {
        step('read');
        return { a: '1' };
      },
      validate(_c, raw) {
        step('validate');
        return { ...raw, checked: true };
      },
      permit: () => step('permit'),
      acknowledge: () => step('acknowledge'),
      handle(_c, params) {
        step('handle');
        return { status: 200, body: params, headers: { X: '1' } };
      },
      allow(_c, stage) {
        steps.push(`allow:${stage}`);
        return 'GET';
      },
      fields: () => 'checked',
    };
    const endpoint: Endpoint = { methods: ['GET'] };
    const route: Route = { namespace: ns, pattern: '', endpoints: [endpoint] };
    const input = {
      method: 'GET',
      query: {},
      groups: {},
      body: () => ({ json: null, form: null }),
      header: () => undefined,
    };
    const call: Call = { scope, route, endpoint, input };
    return { call, steps };
  }

  it('reads, validates, checks the permission, acknowledges, then handles; Allow first, _fields trims', () => {
    const { call, steps } = traced();
    expect(run(call)).toEqual({ status: 200, body: { checked: true }, headers: { Allow: 'GET', X: '1' } });
    expect(steps).toEqual(['read', 'validate', 'permit', 'acknowledge', 'handle', 'allow:answer']);
  });

  it('an error leaves as a Refused reply, with the Allow its stage gets; later steps never run', () => {
    for (const [failAt, stage] of [
      ['read', 'unread'],
      ['validate', 'refused'],
      ['permit', 'refused'],
      ['acknowledge', 'refused'],
    ] as const) {
      const { call, steps } = traced(failAt);
      let refused: unknown;
      try {
        run(call);
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(Refused);
      expect((refused as Refused).reply).toMatchObject({ status: 400, headers: { Allow: 'GET' } });
      expect(steps.at(-1)).toBe(`allow:${stage}`);
      expect(steps).not.toContain('handle');
    }
  });

  it('a request whose endpoint fails after writing changes nothing (its transaction rolls back)', async () => {
    const store = new RequestStore(stores, () => {});
    const venues = () => stores.db.prepare("SELECT COUNT(*) FROM posts WHERE type = 'tribe_venue'").pluck().get();
    const venue = (title: string) =>
      newPost({ type: 'tribe_venue', title, date: '2026-01-01 00:00:00', date_utc: '2026-01-01 00:00:00' });
    const before = venues() as number;
    expect(() =>
      store.write(() => {
        stores.posts.insert(venue('Never kept'));
        throw new Refused({ status: 400, body: {} });
      }),
    ).toThrow(Refused);
    await store.open?.catch(() => {});
    const kept = store.write(() => stores.posts.insert(venue('Kept')));
    await kept.durable;
    expect(venues()).toBe(before + 1);
  });
});
