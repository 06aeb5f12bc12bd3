import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startCore } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

describe('OPTIONS describes a route, as WordPress answers it', () => {
  it('collection route: methods, endpoints with their arguments, Allow header', async () => {
    const res = await api.req('OPTIONS', '/events');
    expect(res.status).toBe(200);
    // (Allow lists what the caller may do: anonymous callers may only read)
    expect(res.headers.get('allow')).toBe('GET');
    expect((await api.req('OPTIONS', '/events', { auth: true })).headers.get('allow')).toBe('GET, POST');
    expect(res.body.methods).toEqual(['GET', 'POST']);
    expect(res.body.endpoints.map((e: { methods: string[] }) => e.methods)).toEqual([['GET'], ['POST']]);
    expect(res.body.endpoints[1].args.title.required).toBe(true);
  });

  it('item route: the three endpoints, no self link', async () => {
    const res = await api.req('OPTIONS', '/venues/123');
    expect(res.status).toBe(200);
    expect(res.body.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    expect(res.body._links).toBeUndefined();
  });

  it('an unknown route still answers rest_no_route', async () => {
    const res = await api.req('OPTIONS', '/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});
