/**
 * Where a site's REST API was found, remembered between runs (`sites.json` in the cache dir), so a
 * command against a site given by its plain URL does not probe the site's home page first: on a
 * WordPress site that probe renders a whole page, about as long as the request it precedes.
 * Only a root the site announced is kept (never a guess), for a day; a request that meets no REST
 * API at a remembered base makes the runtime look again (src/cli/runtime.ts). Plain files: reading
 * costs well under a millisecond, and a cache that cannot be read or written is simply not used.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long a discovered base is trusted without asking the site again. */
export const SITE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** Entries kept (the most recently found). */
const MAX_ENTRIES = 64;
const FILE = 'sites.json';

interface Entry {
  apiBase: string;
  /** when it was found (ms since the epoch) */
  at: number;
}

interface CacheFile {
  version: 1;
  sites: Record<string, Entry>;
}

/** The key of a site: its URL as discovery probes it and the namespace vendor. */
export function siteCacheKey(siteUrl: string, vendor: string): string {
  return `${vendor} ${siteUrl}`;
}

function read(dir: string): CacheFile {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as Partial<CacheFile>;
    if (parsed.version === 1 && typeof parsed.sites === 'object' && parsed.sites !== null) {
      return { version: 1, sites: parsed.sites };
    }
  } catch {
    // missing or unreadable: an empty cache
  }
  return { version: 1, sites: {} };
}

function write(dir: string, file: CacheFile): void {
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `${FILE}.${process.pid}.tmp`);
    writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`);
    renameSync(tmp, join(dir, FILE));
  } catch {
    // a read-only or full disk: the next run probes again
  }
}

/** The remembered API base of a site, when found less than a day ago. */
export function cachedApiBase(dir: string, key: string, now = Date.now()): string | undefined {
  const entry = read(dir).sites[key];
  if (!entry || typeof entry.apiBase !== 'string' || typeof entry.at !== 'number') return undefined;
  const age = now - entry.at;
  return age >= 0 && age < SITE_CACHE_TTL_MS ? entry.apiBase : undefined;
}

/** Remembers (or, with undefined, forgets) the API base of a site. */
export function storeApiBase(dir: string, key: string, apiBase: string | undefined, now = Date.now()): void {
  const file = read(dir);
  if (apiBase === undefined) {
    if (!(key in file.sites)) return;
    delete file.sites[key];
  } else {
    file.sites[key] = { apiBase, at: now };
    const keys = Object.keys(file.sites);
    if (keys.length > MAX_ENTRIES) {
      keys.sort((a, b) => (file.sites[a]?.at ?? 0) - (file.sites[b]?.at ?? 0));
      for (const old of keys.slice(0, keys.length - MAX_ENTRIES)) delete file.sites[old];
    }
  }
  write(dir, file);
}
