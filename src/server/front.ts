/**
 * The site's pages outside the REST API, as far as clients use them: the plugin's discovery headers
 * on every page (Tribe__Events__REST__V1__Headers__Base: `X-TEC-API-VERSION`, `X-TEC-API-ROOT`, and
 * `X-TEC-API-ORIGIN`), with the root narrowed on an event's page to the event, on an event category's
 * or a tag's archive to the events list filtered by it; and a minimal page at the addresses the records'
 * `url` fields give (`/event/SLUG/`, `/events/category/SLUG/`, `/tag/SLUG/`), 200 when the record exists
 * and a visitor may see it, else 404, as a site answers. The HTML is a stand-in: the interface is the
 * headers and the statuses. The address of a page without its final slash is redirected to it
 * (redirect_canonical).
 */
import { escHtml } from '../wptext/index.js';
import { noRoute } from './http/errors.js';
import { restBase, restRoot } from './rest/root.js';
import { FRONT, type SiteRoute } from './rest/site-route.js';
import type { RequestScope } from './site.js';

export interface FrontAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a front-end path names: an event, a category or tag archive, or nothing (`/` is core.ts's). */
function pageOf(scope: RequestScope, path: string): { root: string; title: string } | undefined {
  const base = `${restBase(scope)}/`;
  const parts = path.split('/').filter((s) => s !== '');
  const slug = decodeURIComponent(parts[parts.length - 1] ?? '');
  const { posts, terms } = scope.stores;
  if (parts[0] === 'event' && parts.length === 2) {
    const post = posts.getBySlug('tribe_events', slug);
    if (post && post.status === 'publish') return { root: `${base}events/${post.id}`, title: post.title };
  }
  if (parts[0] === 'events' && parts[1] === 'category' && parts.length >= 3) {
    const term = terms.getBySlug('tribe_events_cat', slug);
    if (term) return { root: `${base}events/?categories=${encodeURIComponent(term.slug)}`, title: term.name };
  }
  if (parts[0] === 'tag' && parts.length === 2) {
    const term = terms.getBySlug('post_tag', slug);
    if (term) return { root: `${base}events/?tags=${encodeURIComponent(term.slug)}`, title: term.name };
  }
  return undefined;
}

/** The plugin's discovery headers of any page of the site (Tribe__Events__REST__V1__Headers__Base). */
export const discoveryHeaders = (scope: RequestScope): Record<string, string> => ({
  'X-TEC-API-VERSION': 'v1',
  'X-TEC-API-ROOT': `${restBase(scope)}/`,
  'X-TEC-API-ORIGIN': scope.origin,
});

/**
 * The answer to a GET or HEAD of a page outside the REST API (`/` itself is the REST index, core.ts).
 * A page that does not exist answers 404 with the REST API's own envelope (every error of this server is
 * JSON), with the discovery headers as on a site.
 */
export function frontPage(scope: RequestScope, rawPath: string, query: string): FrontAnswer {
  const path = rawPath.replace(/\/{2,}/g, '/') || '/';
  const discovery = discoveryHeaders(scope);
  let page: { root: string; title: string } | undefined;
  try {
    page = pageOf(scope, path);
  } catch {
    page = undefined;
  }
  if (!page) return { status: 404, headers: discovery, body: JSON.stringify(noRoute().toBody()) };
  if (!path.endsWith('/')) {
    const location = `${scope.origin}${path}/${query ? `?${query}` : ''}`;
    return { status: 301, headers: { ...discovery, Location: location }, body: JSON.stringify({ location }) };
  }
  const headers = { ...discovery, 'X-TEC-API-ROOT': page.root, 'Content-Type': 'text/html; charset=UTF-8' };
  return { status: 200, headers, body: html(page.title) };
}

const html = (title: string) =>
  `<!DOCTYPE html>\n<html><head><meta charset="UTF-8"><title>${escHtml(title)}</title></head><body><h1>${escHtml(title)}</h1></body></html>\n`;

/**
 * The site's front page (its home, and every page of a plain-permalink site, which reads no path):
 * the `Link` header naming the REST root, sent on every page (rest_output_link_header), is how a
 * client finds the API of a site it knows only by address; the plugin's discovery headers too.
 */
function homePage(scope: RequestScope): FrontAnswer {
  const root = `${restRoot(scope)}/`;
  const body = `<!DOCTYPE html>\n<html><head><title>calctl</title><link rel="https://api.w.org/" href="${root}"></head><body></body></html>\n`;
  return { status: 200, body, headers: { ...discoveryHeaders(scope), 'Content-Type': 'text/html; charset=UTF-8' } };
}

/**
 * Every page outside the REST API, read (GET or HEAD; other methods are not found): a pretty site's
 * home and a plain site's every page are its front page, the other pages of a pretty site are the
 * plugin's records' pages, or not found.
 */
export const frontPages: SiteRoute = {
  at: FRONT,
  methods: ['GET', 'HEAD'],
  answer({ scope, url, path, query }, { read }) {
    const base = scope.site.basePath ?? '';
    const home = path === (base || '/') || path === `${base}/` || path === `${base}/index.php`;
    if (home || scope.site.permalinks === 'plain') return homePage(scope);
    // (the path as sent: its final slash decides a redirect)
    const inside = (url.split('?')[0] ?? '/').slice(base.length) || '/';
    return read(() => frontPage(scope, inside, query));
  },
};
