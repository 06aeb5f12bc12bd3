/**
 * Where a site's REST API was found, remembered between runs (`sites.json` in the cache dir), so a
 * command against a site given by its plain URL does not probe the site's home page first: on a
 * WordPress site that probe renders a whole page, about as long as the request it precedes.
 * Only a root the site announced is kept (never a guess), for a day; a request that meets no REST
 * API at a remembered base makes the runtime look again (src/cli/runtime.ts). Plain files: reading
 * costs well under a millisecond, and a cache that cannot be read or written is simply not used.
 */
import { datedFile } from './dated-file.js';

/** How long a discovered base is trusted without asking the site again. */
export const SITE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

const bases = datedFile<string>({
  file: 'sites.json',
  section: 'sites',
  valueKey: 'apiBase',
  ttlMs: SITE_CACHE_TTL_MS,
  maxEntries: 64,
  valid: (v): v is string => typeof v === 'string',
});

/** The key of a site: its URL as discovery probes it and the namespace vendor. */
export function siteCacheKey(siteUrl: string, vendor: string): string {
  return `${vendor} ${siteUrl}`;
}

/** The remembered API base of a site, when found less than a day ago. */
export function cachedApiBase(dir: string, key: string, now = Date.now()): string | undefined {
  return bases.get(dir, key, now);
}

/** Remembers (or, with undefined, forgets) the API base of a site. */
export function storeApiBase(dir: string, key: string, apiBase: string | undefined, now = Date.now()): void {
  bases.set(dir, key, apiBase, now);
}
