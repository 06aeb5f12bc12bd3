import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiBaseFromUrl, parseApiLink, resolveApiBase } from '../../src/api/discover.js';
import { type FaultServer, json, routes, startFaultServer } from '../helpers/fault-server.js';

describe('apiBaseFromUrl (no network)', () => {
  it.each([
    ['https://example.org/wp-json', 'https://example.org/wp-json/tribe/events/v1'],
    ['https://example.org/wp-json/', 'https://example.org/wp-json/tribe/events/v1'],
    ['https://example.org/blog/wp-json', 'https://example.org/blog/wp-json/tribe/events/v1'],
    ['https://example.org/wp-json/tribe/events/v1', 'https://example.org/wp-json/tribe/events/v1'],
    ['https://example.org/wp-json/tribe/events/v1/', 'https://example.org/wp-json/tribe/events/v1'],
    ['https://example.org/wp-json/tribe/events/v1/events/9', 'https://example.org/wp-json/tribe/events/v1'],
    ['http://127.0.0.1:8080/wp-json/tribe/events/v1', 'http://127.0.0.1:8080/wp-json/tribe/events/v1'],
    ['127.0.0.1:8080/wp-json', 'http://127.0.0.1:8080/wp-json/tribe/events/v1'],
    ['example.org/wp-json', 'https://example.org/wp-json/tribe/events/v1'],
    ['https://example.org/?rest_route=/', 'https://example.org/?rest_route=/tribe/events/v1'],
    ['https://example.org', undefined],
    ['https://example.org/wp-jsonx', undefined],
  ])('%s → %s', (input, expected) => {
    expect(apiBaseFromUrl(input)).toBe(expected);
  });
});

describe('parseApiLink', () => {
  it.each([
    ['<https://x.org/wp-json/>; rel="https://api.w.org/"', 'https://x.org/wp-json/'],
    [
      '<https://x.org/?p=1>; rel=shortlink, <https://x.org/wp-json/>; rel="https://api.w.org/"',
      'https://x.org/wp-json/',
    ],
    ['<https://x.org/?p=1>; rel=shortlink', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(parseApiLink(header)).toBe(expected);
  });
});

describe('resolveApiBase against a local site', () => {
  let server: FaultServer;
  beforeEach(async () => {
    server = await startFaultServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('uses the REST root announced in the Link header', async () => {
    server.handle(json(200, {}, { link: `<${server.origin}/site/api-root/>; rel="https://api.w.org/"` }));
    expect(await resolveApiBase(server.origin)).toBe(`${server.origin}/site/api-root/tribe/events/v1`);
    expect(server.requests[0]?.method).toBe('HEAD');
  });

  it('follows a redirect to find the header', async () => {
    server.handle(
      routes({
        'HEAD /': json(301, {}, { location: '/home/' }),
        'HEAD /home/': json(200, {}, { link: `<${server.origin}/home/wp-json/>; rel="https://api.w.org/"` }),
      }),
    );
    expect(await resolveApiBase(`${server.origin}/`)).toBe(`${server.origin}/home/wp-json/tribe/events/v1`);
  });

  it('tries GET when HEAD is refused', async () => {
    server.handle(
      routes({
        'HEAD /': json(405, {}),
        'GET /': json(200, {}, { link: `<${server.origin}/?rest_route=/>; rel="https://api.w.org/"` }),
      }),
    );
    expect(await resolveApiBase(server.origin)).toBe(`${server.origin}/?rest_route=/tribe/events/v1`);
  });

  it('falls back to <site>/wp-json without a Link header or when unreachable', async () => {
    server.handle(json(200, {}));
    expect(await resolveApiBase(`${server.origin}/blog/`)).toBe(`${server.origin}/blog/wp-json/tribe/events/v1`);
    const port = server.port;
    await server.close();
    server = await startFaultServer();
    expect(await resolveApiBase(`http://127.0.0.1:${port}`)).toBe(`http://127.0.0.1:${port}/wp-json/tribe/events/v1`);
  });

  it('does not touch the network for a namespace URL', async () => {
    const fetcher = async () => {
      throw new Error('no network expected');
    };
    expect(await resolveApiBase('https://example.org/wp-json/tribe/events/v1', 'tribe', fetcher)).toBe(
      'https://example.org/wp-json/tribe/events/v1',
    );
  });
});
