import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, type ApiClientOptions, createApiClient } from '../../src/api/client.js';
import { ApiError, NetworkError, TimeoutError } from '../../src/api/errors.js';
import { type RawAnswer, textOf } from '../../src/api/response.js';
import { EXIT } from '../../src/errors/index.js';
import {
  type FaultServer,
  hang,
  hangBody,
  json,
  reset,
  startFaultServer,
  text,
  times,
  wpError,
} from '../helpers/fault-server.js';

const NS = '/wp-json/tribe/events/v1';
let server: FaultServer;
let client: ApiClient | undefined;
let logLines: string[];

beforeEach(async () => {
  server = await startFaultServer();
  logLines = [];
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  await server.close();
});

function makeClient(extra: Partial<ApiClientOptions> = {}): ApiClient {
  client = createApiClient({
    baseUrl: `${server.origin}${NS}`,
    retryBaseMs: 1,
    retryCapMs: 5,
    log: (line) => logLines.push(line),
    ...extra,
  });
  return client;
}

/** Runs a promise expected to reject and returns the error. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the request to fail');
}

describe('requests', () => {
  it('GETs JSON with query arrays and sends the User-Agent', async () => {
    server.handle(json(200, { events: [{ id: 9 }], total: 1 }, { 'x-wp-total': '1' }));
    const res = await makeClient({ version: '1.2.3' }).get<{ events: { id: number }[] }>('/events', {
      query: { per_page: 10, featured: true, categories: ['music', 'art'], search: 'a b', skip: undefined },
    });
    expect(res.status).toBe(200);
    expect(res.body.events[0]?.id).toBe(9);
    expect(res.headers['x-wp-total']).toBe('1');
    const req = server.requests[0]!;
    const url = new URL(req.url, server.origin);
    expect(url.pathname).toBe(`${NS}/events`);
    expect(url.searchParams.get('per_page')).toBe('10');
    expect(url.searchParams.get('featured')).toBe('true');
    expect(url.searchParams.getAll('categories[]')).toEqual(['music', 'art']);
    expect(url.searchParams.get('search')).toBe('a b');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(req.headers['user-agent']).toBe('calctl/1.2.3');
    expect(req.headers.accept).toBe('application/json');
  });

  it('unparsed: a successful read comes back as received; errors and writes are read as usual', async () => {
    server.handle(json(200, { events: [{ id: 9, title: 'Café ✓' }] }));
    const read = await makeClient().get<RawAnswer['body']>('/events', { unparsed: true });
    expect(textOf({ body: read.body })).toBe('{"events":[{"id":9,"title":"Café ✓"}]}');
    server.handle(wpError(404, 'rest_no_route', 'No route.'));
    await expect(makeClient().get('/nope', { unparsed: true, retry: false })).rejects.toMatchObject({
      status: 404,
      code: 'rest_no_route',
    });
    server.handle(json(201, { id: 5 }));
    const write = await makeClient().post<{ id: number }>('/events', { title: 'x' }, { unparsed: true });
    expect(write.body).toEqual({ id: 5 });
  });

  it('reuses one keep-alive connection across requests', async () => {
    server.handle(json(200, {}));
    const c = makeClient();
    for (let i = 0; i < 8; i++) await c.get('/events');
    await c.post('/tags', { name: 'x' });
    const ports = server.requests.map((r) => r.remotePort);
    // undici may open a second socket while the first is being released, but never one per request.
    expect(new Set(ports).size).toBeLessThanOrEqual(2);
  });

  it('requests the namespace root with an empty path', async () => {
    server.handle(json(200, { namespace: 'tribe/events/v1' }));
    await makeClient().get('');
    expect(server.requests[0]?.url).toBe(NS);
  });

  it('POSTs a JSON body', async () => {
    server.handle(json(201, { id: 12, title: 'Gig' }));
    const res = await makeClient().post<{ id: number }>('/events', { title: 'Gig', organizer: [3, 4] });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(12);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body)).toEqual({ title: 'Gig', organizer: [3, 4] });
  });

  it('POSTs a form body in the PHP style', async () => {
    server.handle(json(201, { id: 1 }));
    await makeClient().post('/venues', { venue: 'Hall', tags: ['a', 'b'], meta: { x: 1 } }, { form: true });
    const req = server.requests[0]!;
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req.body);
    expect(form.get('venue')).toBe('Hall');
    expect(form.getAll('tags[]')).toEqual(['a', 'b']);
    expect(form.get('meta[x]')).toBe('1');
  });

  it('returns undefined for an empty body', async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const res = await makeClient().delete('/events/1');
    expect(res.body).toBeUndefined();
  });

  it('sends basic auth and never logs it', async () => {
    server.handle(json(200, {}));
    await makeClient({ auth: { type: 'basic', user: 'admin', password: 'abcd efgh ijkl' } }).get('/events');
    const expected = Buffer.from('admin:abcd efgh ijkl').toString('base64');
    expect(server.requests[0]?.headers.authorization).toBe(`Basic ${expected}`);
    expect(logLines).toHaveLength(1);
    expect(logLines.join('\n')).not.toContain(expected);
    expect(logLines.join('\n')).not.toContain('abcd');
  });

  it('sends a bearer token and never logs it', async () => {
    server.handle(json(200, {}));
    await makeClient({ auth: { type: 'bearer', token: 'tok-secret' } }).get('/events');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-secret');
    expect(logLines.join('\n')).not.toContain('tok-secret');
  });

  it('logs one line per request with method, URL, status and time', async () => {
    server.handle(json(200, {}));
    await makeClient().get('/events', { query: { page: 2 } });
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(new RegExp(`^GET ${server.origin}${NS}/events\\?page=2 200 \\d+ms$`));
  });
});

describe('errors', () => {
  it.each([
    [401, 'incorrect_password', {}, EXIT.auth, /application password is wrong/],
    [401, 'rest_forbidden', {}, EXIT.auth, /needs credentials/],
    [403, 'event-not-accessible', {}, EXIT.auth, /not public: give credentials/],
    [404, 'rest_no_route', {}, EXIT.notFound, undefined],
    [410, 'event-is-in-trash', {}, EXIT.notFound, undefined],
    [400, 'rest_invalid_param', { params: { id: 'Invalid parameter(s): id' } }, EXIT.notFound, undefined],
    [400, 'rest_invalid_param', { params: { slug: 'Invalid' } }, EXIT.notFound, undefined],
    [400, 'rest_invalid_param', { params: { per_page: 'Invalid' } }, EXIT.usage, /--per-page: must be a whole number/],
    [400, 'rest_invalid_param', { params: { categories: 'Invalid' } }, EXIT.usage, /calctl categories list/],
    [400, 'rest_missing_callback_param', { params: ['title'] }, EXIT.usage, /missing/],
    [500, 'internal_server_error', {}, EXIT.failure, /./],
  ] as const)('%i %s %j → exit %i', async (status, code, extra, exit, hint) => {
    server.handle(wpError(status, code, `message for ${code}`, extra));
    const err = await failure(makeClient({ retries: 0 }).get('/events/1'));
    expect(err).toBeInstanceOf(ApiError);
    const apiErr = err as ApiError;
    expect(apiErr.status).toBe(status);
    expect(apiErr.code).toBe(code);
    expect(apiErr.message).toBe(`message for ${code}`);
    expect(apiErr.exitCode).toBe(exit);
    expect(apiErr.method).toBe('GET');
    expect(apiErr.url).toBe(`${server.origin}${NS}/events/1`);
    expect(apiErr.data?.status).toBe(status);
    if (hint) expect(apiErr.hint).toMatch(hint);
  });

  it('a 403 with credentials asks for more rights; without, for credentials', async () => {
    server.handle(wpError(403, 'event-not-accessible', 'no'));
    const signedIn = (await failure(
      makeClient({ retries: 0, auth: { type: 'basic', user: 'u', password: 'p' } }).get('/events/1'),
    )) as ApiError;
    expect(signedIn.hint).toMatch(/more rights/);
  });

  it('explains a non-JSON error body with the status and the start of the text', async () => {
    server.handle(text(502, `<html><body>Bad gateway ${'x'.repeat(500)}</body></html>`));
    const err = (await failure(makeClient({ retries: 0 }).get('/events'))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
    expect(err.exitCode).toBe(EXIT.failure);
    expect(err.message).toContain('HTTP 502');
    expect(err.message).toContain('Bad gateway');
    expect(err.message.length).toBeLessThan(320);
  });

  it('rejects a 2xx that is not JSON (the URL is not the REST API)', async () => {
    server.handle(text(200, '<html>a blog</html>'));
    const err = (await failure(makeClient().get('/events'))) as ApiError;
    expect(err.code).toBe('invalid_json');
    expect(err.message).toContain('a blog');
  });

  it('turns a 200 with a serialized WP_Error on a write into a 404 (exit 5)', async () => {
    server.handle(
      json(200, { errors: { 'event-not-found': ['The requested event could not be found'] }, error_data: [] }),
    );
    const err = (await failure(makeClient().post('/events/by-slug/nope', { title: 'x' }))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(404);
    expect(err.code).toBe('event-not-found');
    expect(err.message).toBe('The requested event could not be found');
    expect(err.exitCode).toBe(EXIT.notFound);
  });

  it('keeps a record that happens to have an errors field', async () => {
    server.handle(json(200, { id: 5, errors: { x: ['y'] } }));
    const res = await makeClient().put<{ id: number }>('/events/5', {});
    expect(res.body.id).toBe(5);
  });

  it('reports a redirect instead of following it', async () => {
    server.handle(json(301, {}, { location: 'https://example.org/wp-json/tribe/events/v1/events' }));
    const err = (await failure(makeClient().post('/events', {}))) as ApiError;
    expect(err.code).toBe('redirect');
    expect(err.message).toContain('https://example.org/');
  });

  it('gives a NetworkError when nothing listens', async () => {
    const port = server.port;
    await server.close();
    server = await startFaultServer();
    client = createApiClient({ baseUrl: `http://127.0.0.1:${port}${NS}`, retries: 1, retryBaseMs: 1 });
    const err = (await failure(client.get('/events'))) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.code).toBe('network');
    expect(err.causeCode).toBe('ECONNREFUSED');
    expect(err.exitCode).toBe(EXIT.failure);
    expect(err.hint).toMatch(/URL/);
  });
});

describe('retries', () => {
  it('retries a GET on 503 and honours Retry-After', async () => {
    server.handle(times(2, wpError(503, 'unavailable', 'busy'), json(200, { ok: true })));
    const started = Date.now();
    const res = await makeClient({ retryBaseMs: 1, retryCapMs: 1 }).get<{ ok: boolean }>('/events');
    expect(res.body.ok).toBe(true);
    expect(server.requests).toHaveLength(3);
    expect(logLines).toHaveLength(3);
    expect(logLines[0]).toMatch(/ 503 \d+ms \(retry 1\/3 in \d+ms\)$/);
    expect(Date.now() - started).toBeLessThan(1000);

    server.requests.length = 0;
    server.handle(times(1, json(503, { code: 'busy', message: 'busy' }, { 'retry-after': '1' }), json(200, {})));
    const before = Date.now();
    await client!.get('/events');
    expect(Date.now() - before).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('announces a long Retry-After wait (a person is not left guessing); short ones stay quiet', async () => {
    const notices: string[] = [];
    server.handle(times(1, json(429, { code: 'slow', message: 'slow down' }, { 'retry-after': '2' }), json(200, {})));
    await makeClient({ notice: (line) => notices.push(line) }).get('/events');
    expect(notices).toEqual([expect.stringMatching(/answered 429; waiting 2 s before trying again/)]);
    server.handle(times(1, wpError(503, 'unavailable', 'busy'), json(200, {})));
    await client!.get('/events');
    expect(notices).toHaveLength(1);
  });

  it('gives up after the configured retries', async () => {
    server.handle(wpError(503, 'unavailable', 'busy'));
    const err = (await failure(makeClient({ retries: 2 }).get('/events'))) as ApiError;
    expect(err.status).toBe(503);
    expect(server.requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than the limit', async () => {
    server.handle(json(429, { code: 'too_many', message: 'slow down' }, { 'retry-after': '3600' }));
    const err = (await failure(makeClient().get('/events'))) as ApiError;
    expect(err.status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a GET after a connection reset', async () => {
    server.handle(times(2, reset(), json(200, { ok: 1 })));
    const res = await makeClient().get<{ ok: number }>('/events');
    expect(res.body.ok).toBe(1);
    expect(server.requests).toHaveLength(3);
  });

  it.each(['POST', 'PATCH'])('never retries a %s (on 503 or a reset)', async (method) => {
    server.handle(wpError(503, 'unavailable', 'busy'));
    const c = makeClient();
    expect(((await failure(c.request(method, '/events', { body: {} }))) as ApiError).status).toBe(503);
    expect(server.requests).toHaveLength(1);
    server.handle(reset());
    expect(await failure(c.request(method, '/events', { body: {} }))).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(2);
  });

  it('retry: false disables retries for one request', async () => {
    server.handle(wpError(503, 'unavailable', 'busy'));
    await failure(makeClient().get('/events', { retry: false }));
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts and cancellation', () => {
  it('gives a TimeoutError within the timeout when the server never answers', async () => {
    server.handle(hang());
    const started = Date.now();
    const err = (await failure(makeClient({ timeoutMs: 300 }).get('/events'))) as TimeoutError;
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.code).toBe('timeout');
    expect(err.exitCode).toBe(EXIT.failure);
    expect(err.message).toContain('300 ms');
    expect(err.hint).toContain('--timeout');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1500);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a body that never ends', async () => {
    server.handle(hangBody());
    const started = Date.now();
    const err = await failure(makeClient({ timeoutMs: 300 }).get('/events'));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('stops on the abort signal with exit 130', async () => {
    server.handle(hang());
    const controller = new AbortController();
    const pending = failure(makeClient().get('/events', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const err = (await pending) as { exitCode: number };
    expect(err.exitCode).toBe(EXIT.interrupted);
  });
});
