import { describe, expect, it } from 'vitest';
import { batchRoute } from '../../src/api/batch.js';
import { coreRouteUrl } from '../../src/api/core-routes.js';
import { apiBaseFromUrl, namespaceUrl } from '../../src/api/discover.js';
import {
  apiUrl,
  homePathOf,
  parseRestRoot,
  restUrl,
  siteRouteUrl,
  splitApiBase,
  withQuery,
} from '../../src/api/rest-url.js';
import { restIndexOf } from '../../src/api/site-zone.js';
import { fullUrl } from '../../src/commands/shared.js';

/** The namespace bases of the four deployments a site may have. */
const BASES = {
  pretty: 'https://x.org/wp-json/tribe/events/v1',
  plain: 'https://x.org/index.php?rest_route=/tribe/events/v1',
  prettyDir: 'https://x.org/blog/wp-json/tribe/events/v1',
  plainDir: 'https://x.org/blog/?rest_route=/tribe/events/v1',
} as const;

describe('apiUrl: a path under the namespace, in the site URL form', () => {
  it.each([
    ['pretty', '/events/9', 'https://x.org/wp-json/tribe/events/v1/events/9'],
    ['plain', '/events/9', 'https://x.org/index.php?rest_route=/tribe/events/v1/events/9'],
    ['prettyDir', '/events/9', 'https://x.org/blog/wp-json/tribe/events/v1/events/9'],
    ['plainDir', '/events/9', 'https://x.org/blog/?rest_route=/tribe/events/v1/events/9'],
    ['pretty', '', 'https://x.org/wp-json/tribe/events/v1'],
    ['plain', '', 'https://x.org/index.php?rest_route=/tribe/events/v1'],
  ] as const)('%s %s', (kind, path, expected) => {
    expect(apiUrl(BASES[kind], path).href).toBe(expected);
  });

  it("continues a path's own query with & on a plain site, never a second ?", () => {
    // the import's create request (issue 26): every row failed with rest_no_route
    const path = '/events?_fields=id,slug,title,start_date';
    expect(apiUrl(BASES.plain, path).href).toBe(
      'https://x.org/index.php?rest_route=/tribe/events/v1/events&_fields=id,slug,title,start_date',
    );
    expect(apiUrl(BASES.pretty, path).href).toBe(
      'https://x.org/wp-json/tribe/events/v1/events?_fields=id,slug,title,start_date',
    );
    const url = apiUrl(BASES.plainDir, path, { per_page: 5, status: ['publish', 'draft'] });
    expect(url.href.match(/\?/g)).toHaveLength(1);
    expect(url.searchParams.get('rest_route')).toBe('/tribe/events/v1/events');
    expect(url.searchParams.get('_fields')).toBe('id,slug,title,start_date');
    expect(url.searchParams.get('per_page')).toBe('5');
    expect(url.searchParams.getAll('status[]')).toEqual(['publish', 'draft']);
  });

  it('keeps a slug escaped once in the route, and escapes what would end the rest_route value', () => {
    const path = `/events/by-slug/${encodeURIComponent('café+bar&co')}`;
    const plain = apiUrl(BASES.plain, path);
    // PHP decodes the query once, as it decodes a pretty path once: the same route either way
    expect(plain.searchParams.get('rest_route')).toBe('/tribe/events/v1/events/by-slug/café+bar&co');
    expect(decodeURIComponent(new URL(apiUrl(BASES.pretty, path)).pathname)).toBe(
      '/wp-json/tribe/events/v1/events/by-slug/café+bar&co',
    );
    expect(restUrl('https://x.org/?rest_route=/', '/a b+c&d').searchParams.get('rest_route')).toBe('/a b+c&d');
  });

  it("uses a whole URL (a site's next_rest_url) as it is, continuing its query", () => {
    const next = 'https://x.org/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Fevents%2F&page=2';
    expect(apiUrl(BASES.pretty, next, { per_page: 5 }).href).toBe(`${next}&per_page=5`);
    expect(withQuery('https://x.org/wp-json/x', { a: 1 }).href).toBe('https://x.org/wp-json/x?a=1');
    expect(withQuery('https://x.org/wp-json/x?', { a: 1 }).href).toBe('https://x.org/wp-json/x?a=1');
    expect(withQuery('https://x.org/wp-json/x').href).toBe('https://x.org/wp-json/x');
  });

  it('dry runs print the URL that would be sent', () => {
    expect(fullUrl(BASES.plain, '/events/3')).toBe('https://x.org/index.php?rest_route=/tribe/events/v1/events/3');
    expect(fullUrl(`${BASES.pretty}/`, '/events/3')).toBe('https://x.org/wp-json/tribe/events/v1/events/3');
  });
});

describe('other routes of the same site: index, core, batch, tec/v1', () => {
  it.each([
    [
      'pretty',
      'https://x.org/wp-json/',
      'https://x.org/wp-json/wp/v2/tribe_events/5?force=true',
      'https://x.org/wp-json/batch/v1',
    ],
    [
      'plain',
      'https://x.org/index.php?rest_route=/',
      'https://x.org/index.php?rest_route=/wp/v2/tribe_events/5&force=true',
      'https://x.org/index.php?rest_route=/batch/v1',
    ],
    [
      'prettyDir',
      'https://x.org/blog/wp-json/',
      'https://x.org/blog/wp-json/wp/v2/tribe_events/5?force=true',
      'https://x.org/blog/wp-json/batch/v1',
    ],
    [
      'plainDir',
      'https://x.org/blog/?rest_route=/',
      'https://x.org/blog/?rest_route=/wp/v2/tribe_events/5&force=true',
      'https://x.org/blog/?rest_route=/batch/v1',
    ],
  ] as const)('%s', (kind, index, core, batch) => {
    expect(restIndexOf(BASES[kind])).toBe(index);
    expect(coreRouteUrl(BASES[kind], '/tribe_events/5?force=true')).toBe(core);
    expect(batchRoute(BASES[kind])).toEqual({ url: batch, prefix: '/tribe/events/v1' });
    expect(siteRouteUrl(BASES[kind], '/tec/v1/events', { per_page: 2 }).searchParams.get('per_page')).toBe('2');
  });

  it('core lists with a query of their own and added parameters', () => {
    const url = new URL(coreRouteUrl(BASES.plain, '/tribe_events'));
    const withParams = apiUrl(BASES.plain, url.href, { status: ['publish', 'trash'], per_page: 100 });
    expect(withParams.searchParams.get('rest_route')).toBe('/wp/v2/tribe_events');
    expect(withParams.searchParams.getAll('status[]')).toEqual(['publish', 'trash']);
  });
});

describe('REST roots and namespace bases', () => {
  it.each([
    ['https://x.org/wp-json/', { plain: false, prefix: 'https://x.org/wp-json/', extra: '' }, '/'],
    ['https://x.org/blog/wp-json', { plain: false, prefix: 'https://x.org/blog/wp-json/', extra: '' }, '/blog/'],
    ['https://x.org/index.php?rest_route=/', { plain: true, prefix: 'https://x.org/index.php', extra: '' }, '/'],
    ['https://x.org/blog/?rest_route=/', { plain: true, prefix: 'https://x.org/blog/', extra: '' }, '/blog/'],
    ['https://x.org/?lang=de&rest_route=/', { plain: true, prefix: 'https://x.org/', extra: 'lang=de' }, '/'],
  ])('%s', (root, parsed, home) => {
    expect(parseRestRoot(root)).toEqual(parsed);
    expect(homePathOf(parseRestRoot(root))).toBe(home);
  });

  it('keeps parameters of an announced root (a language plugin) before rest_route', () => {
    expect(restUrl('https://x.org/?lang=de&rest_route=/', '/wp/v2/tags', { page: 2 }).href).toBe(
      'https://x.org/?lang=de&rest_route=/wp/v2/tags&page=2',
    );
  });

  it('splits a namespace base into its root and namespace route', () => {
    expect(splitApiBase(BASES.plainDir)).toEqual({
      root: { plain: true, prefix: 'https://x.org/blog/', extra: '' },
      namespace: '/tribe/events/v1',
    });
    expect(splitApiBase('https://x.org/blog/wp-json/acme/events/v1/')).toEqual({
      root: { plain: false, prefix: 'https://x.org/blog/wp-json/', extra: '' },
      namespace: '/acme/events/v1',
    });
  });

  it('joins an announced root and a namespace, and reads a URL the user gave', () => {
    expect(namespaceUrl('https://x.org/index.php?rest_route=/', 'tribe/events/v1')).toBe(BASES.plain);
    expect(namespaceUrl('https://x.org/blog/wp-json/', 'tribe/events/v1')).toBe(BASES.prettyDir);
    expect(apiBaseFromUrl('https://x.org/blog/?rest_route=/')).toBe(BASES.plainDir);
    expect(apiBaseFromUrl('https://x.org/blog/index.php?rest_route=/tribe/events/v1/events')).toBe(
      'https://x.org/blog/index.php?rest_route=/tribe/events/v1',
    );
  });
});
