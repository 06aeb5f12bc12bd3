/**
 * Where the REST API lives (src/server/rest/root.ts): the URLs the server writes and the routes it
 * reads, in both permalink styles and for WordPress in a folder, as get_rest_url, rest_api_loaded and
 * add_query_arg decide them.
 */
import { describe, expect, it } from 'vitest';
import { normalizeBasePath, restRoot, routeOfTarget, withQuery } from '../../src/server/rest/root.js';

const pretty = { origin: 'http://h:1', site: { permalinks: 'pretty' as const } };
const plain = { origin: 'http://h:1/blog', site: { permalinks: 'plain' as const, basePath: '/blog' } };

describe('the REST root and its URLs', () => {
  it('writes /wp-json with pretty permalinks and index.php?rest_route= with plain ones', () => {
    expect(`${restRoot(pretty)}/`).toBe('http://h:1/wp-json/');
    expect(`${restRoot(plain)}/`).toBe('http://h:1/blog/index.php?rest_route=/');
    expect(`${restRoot(plain)}/tribe/events/v1/events/5`).toBe(
      'http://h:1/blog/index.php?rest_route=/tribe/events/v1/events/5',
    );
  });

  it('adds a query after ? or, when the URL has one, after & with rest_route encoded (add_query_arg)', () => {
    expect(withQuery('http://h:1/wp-json/wp/v2/tags', 'post=5')).toBe('http://h:1/wp-json/wp/v2/tags?post=5');
    expect(withQuery(`${restRoot(plain)}/wp/v2/tags`, 'post=5&page=2')).toBe(
      'http://h:1/blog/index.php?rest_route=%2Fwp%2Fv2%2Ftags&post=5&page=2',
    );
    expect(withQuery('http://h:1/wp-json/x', '')).toBe('http://h:1/wp-json/x');
  });
});

describe('where a request lands', () => {
  it('pretty permalinks: /wp-json/… and ?rest_route= at the home page both reach the API', () => {
    expect(routeOfTarget(pretty, '/wp-json/tec/v1/events', 'a=1')).toEqual({
      kind: 'rest',
      route: '/tec/v1/events',
      query: 'a=1',
    });
    expect(routeOfTarget(pretty, '/wp-json', '')).toEqual({ kind: 'rest', route: '', query: '' });
    expect(routeOfTarget(pretty, '/', 'rest_route=%2Ftribe%2Fevents%2Fv1%2F&page=2')).toEqual({
      kind: 'rest',
      route: '/tribe/events/v1',
      query: 'page=2',
    });
    expect(routeOfTarget(pretty, '/', '')).toEqual({ kind: 'front' });
    expect(routeOfTarget(pretty, '/wp-jsonx', '')).toEqual({ kind: 'front' });
  });

  it('plain permalinks in a folder: only ?rest_route= at the folder or its index.php; /wp-json is a page', () => {
    expect(routeOfTarget(plain, '/blog/index.php', 'rest_route=/tribe/events/v1/events&per_page=5')).toEqual({
      kind: 'rest',
      route: '/tribe/events/v1/events',
      query: 'per_page=5',
    });
    expect(routeOfTarget(plain, '/blog', 'rest_route=/')).toEqual({ kind: 'rest', route: '', query: '' });
    expect(routeOfTarget(plain, '/blog/wp-json/tribe/events/v1', '')).toEqual({ kind: 'front' });
    expect(routeOfTarget(plain, '/index.php', 'rest_route=/')).toEqual({ kind: 'outside' });
    expect(routeOfTarget(plain, '/blogger', '')).toEqual({ kind: 'outside' });
  });

  it('takes a folder as --base-path gives it, and refuses what is no folder', () => {
    expect(normalizeBasePath('blog/')).toBe('/blog');
    expect(normalizeBasePath('/a/b')).toBe('/a/b');
    expect(normalizeBasePath('/')).toBe('');
    expect(normalizeBasePath('/a/../b')).toBeUndefined();
    expect(normalizeBasePath('/a?b')).toBeUndefined();
  });
});
