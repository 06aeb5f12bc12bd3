import { UsageError } from '../errors/index.js';
import { errorCodeOf } from './errors.js';
import { createNodeHttpSender } from './node-http.js';
import { homePathOf, parseRestRoot, restUrl } from './rest-url.js';
import { backoffDelay, shouldRetry } from './retry.js';

/** What discovery needs from one HTTP answer. */
export interface DiscoveryAnswer {
  status: number;
  headers: Record<string, string>;
}

/** Performs one HEAD or GET, following redirects; rejects on network failure. */
export type DiscoveryFetcher = (url: string, method: 'HEAD' | 'GET') => Promise<DiscoveryAnswer>;

/** Options of the default fetcher. */
export interface DiscoveryFetcherOptions {
  /** default 10000 ms */
  timeoutMs?: number | undefined;
  userAgent?: string | undefined;
  /** default 5 */
  maxRedirects?: number | undefined;
  /** retries of a failed probe: network errors, 408, 429 and 5xx, as every GET (default 3) */
  retries?: number | undefined;
  /** backoff scale of those retries (default 250 ms) */
  retryBaseMs?: number | undefined;
  /** the certificates TLS trusts (a private CA added, see tls.ts), as the API client's */
  ca?: readonly string[] | undefined;
  /** accept invalid TLS certificates, as the API client does with --insecure */
  insecure?: boolean | undefined;
}

/**
 * The default fetcher: Node's HTTP client (node-http.ts), bodies read and dropped, redirects followed
 * (a site URL often redirects http → https or to add `www.`, and the Link header is on the final answer).
 */
export function createDiscoveryFetcher(opts: DiscoveryFetcherOptions = {}): DiscoveryFetcher {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const retries = opts.retries ?? 3;
  const once: DiscoveryFetcher = async (start, method) => {
    const sender = createNodeHttpSender({ ca: opts.ca, insecure: opts.insecure });
    let cancel: ((reason: Error) => void) | undefined;
    // (a probe that gets no answer in time is not asked again: the guess and the first request report it)
    const timer = setTimeout(() => cancel?.(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    try {
      let url = start;
      for (let hop = 0; ; hop++) {
        const answer = await sender.send(
          method,
          new URL(url),
          { accept: 'text/html,application/json', 'user-agent': opts.userAgent ?? 'calctl' },
          undefined,
          (c) => {
            cancel = c;
          },
        );
        const location = answer.headers.location;
        if (answer.status >= 300 && answer.status < 400 && location && hop < (opts.maxRedirects ?? 5)) {
          url = new URL(location, url).href;
          continue;
        }
        return { status: answer.status, headers: answer.headers };
      }
    } finally {
      clearTimeout(timer);
      sender.close();
    }
  };
  // The same retry policy as every other GET: a probe that met a 503, then lost its answer, is asked again.
  return async (start, method) => {
    for (let attempt = 1; ; attempt++) {
      let answer: DiscoveryAnswer | undefined;
      let failure: unknown;
      try {
        answer = await once(start, method);
      } catch (err) {
        failure = err;
      }
      const retry = shouldRetry({
        method,
        attempt,
        maxRetries: retries,
        ...(answer ? { status: answer.status } : { errorCode: errorCodeOf(failure) }),
      });
      if (!retry) {
        if (answer) return answer;
        throw failure;
      }
      await new Promise((r) => setTimeout(r, backoffDelay(attempt, { baseMs: opts.retryBaseMs ?? 250 })));
    }
  };
}

/** The REST root announced by a `Link: <…/wp-json/>; rel="https://api.w.org/"` header, if any. */
export function parseApiLink(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]+)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?https:\/\/api\.w\.org\/"?/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/** Adds a scheme when the user typed a bare host: http for local hosts, https elsewhere. */
export function normalizeSiteUrl(input: string): string {
  const trimmed = input.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const local = /^(localhost|127\.|\[::1\]|0\.0\.0\.0)/i.test(trimmed);
  return `${local ? 'http' : 'https'}://${trimmed}`;
}

/** Joins a REST root (`…/wp-json/` or `…/index.php?rest_route=/`) and a namespace. */
export function namespaceUrl(restRoot: string, namespace: string): string {
  return restUrl(restRoot, `/${namespace.replace(/^\/+/, '')}`).href;
}

/**
 * The namespace base when the URL already names it (`…/wp-json/tribe/events/v1[/…]`) or names the
 * REST root (`…/wp-json`, `…?rest_route=/`); undefined for a plain site URL. Needs no network.
 */
export function apiBaseFromUrl(input: string, vendor = 'tribe'): string | undefined {
  const url = new URL(normalizeSiteUrl(input));
  const namespace = `${vendor}/events/v1`;
  // Sites without pretty permalinks serve the API at `?rest_route=/…`: the root is the URL before it.
  if (url.searchParams.get('rest_route') !== null) {
    return namespaceUrl(`${url.origin}${url.pathname}?rest_route=/`, namespace);
  }
  const path = url.pathname.replace(/\/+$/, '');
  const at = path.indexOf('/wp-json');
  if (at < 0 || (path.length > at + 8 && path[at + 8] !== '/')) return undefined;
  return namespaceUrl(`${url.origin}${path.slice(0, at + 8)}/`, namespace);
}

/**
 * The REST root a site announced, when the URL given is the site's root (or a folder of it, for a
 * WordPress installed in one); a URL with another path (`/wrong/path`, a page of the site) is an
 * error that names the root found, rather than silently talking to it.
 * @throws UsageError when the path is neither the site root, `/wp-json` nor the API base
 */
function checkSitePath(site: URL, root: URL): URL {
  const given = site.pathname.replace(/\/+$/, '');
  const home = homePathOf(parseRestRoot(root.href)).replace(/\/+$/, '');
  if (given === '' || given === home || root.origin !== site.origin) return root;
  throw new UsageError(
    `${site.href} is not the root of a WordPress site: the site there announces its REST API at ${root.href}`,
    `give the site's root URL (${root.origin}${home || '/'}), its REST API root (${root.href}), or the API base`,
    'bad-site-url',
  );
}

/** What discovery found: the namespace base, and whether the site announced it (else it is a guess). */
export interface Discovered {
  apiBase: string;
  /** true when the base comes from the site's Link header; false for the `<site>/wp-json` guess */
  announced: boolean;
  /** the site URL as probed (normalised, without fragment): the key a cache of this answer uses */
  siteUrl: string;
}

/**
 * The site URL discovery probes for a plain site URL (normalised, without fragment), or undefined
 * when the URL already names the API base or the REST root (no probe needed).
 */
export function probedSiteUrl(siteUrl: string, vendor = 'tribe'): string | undefined {
  if (apiBaseFromUrl(siteUrl, vendor)) return undefined;
  const site = new URL(normalizeSiteUrl(siteUrl));
  site.hash = '';
  return site.href;
}

/**
 * Resolves what the user typed into the namespace base URL. A site URL is probed once for the
 * REST root it announces (sites may move `/wp-json` or run without pretty permalinks); when the
 * probe fails or announces nothing, `<site>/wp-json` is assumed and the first real request will
 * report any problem with a proper error.
 *
 * @param siteUrl `https://example.org`, `https://example.org/wp-json` or `…/wp-json/tribe/events/v1`
 * @param vendor namespace vendor (default 'tribe')
 * @param fetcher HTTP access (default: Node's HTTP client, redirects followed)
 */
export async function resolveApiBase(
  siteUrl: string,
  vendor = 'tribe',
  fetcher: DiscoveryFetcher = createDiscoveryFetcher(),
): Promise<string> {
  return (await discoverApiBase(siteUrl, vendor, fetcher)).apiBase;
}

/** {@link resolveApiBase}, telling also whether the site announced the base. */
export async function discoverApiBase(
  siteUrl: string,
  vendor = 'tribe',
  fetcher: DiscoveryFetcher = createDiscoveryFetcher(),
): Promise<Discovered> {
  const direct = apiBaseFromUrl(siteUrl, vendor);
  if (direct) return { apiBase: direct, announced: true, siteUrl };
  const site = new URL(normalizeSiteUrl(siteUrl));
  site.hash = '';
  const siteHref = site.href;
  const namespace = `${vendor}/events/v1`;
  for (const method of ['HEAD', 'GET'] as const) {
    try {
      const answer = await fetcher(siteHref, method);
      const root = parseApiLink(answer.headers.link);
      if (root) {
        const apiBase = namespaceUrl(checkSitePath(site, new URL(root, siteHref)).href, namespace);
        return { apiBase, announced: true, siteUrl: siteHref };
      }
      // Some servers refuse HEAD or drop headers on it: only then is a GET worth the extra bytes.
      if (answer.status < 400) break;
    } catch (err) {
      if (err instanceof UsageError) throw err;
      break;
    }
  }
  const guess = namespaceUrl(`${siteHref.replace(/[?#].*$/, '').replace(/\/+$/, '')}/wp-json/`, namespace);
  return { apiBase: guess, announced: false, siteUrl: siteHref };
}
