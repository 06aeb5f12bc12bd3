/**
 * What a site said about itself that a bulk run asks before its first write, remembered between runs
 * (`site-facts.json` in the cache dir) so that a cron job's next run does not ask again: whether the
 * site takes batched writes, and whether a user may publish events. Each costs the site a request
 * beside the run's first reads, and neither changes which records the run writes: a stale answer
 * costs a slower run (batches tried and refused, or not tried) or a warning given or missed, never
 * a wrong write. Kept a day, beside `sites.json` (site-cache.ts) in a file of their own. The file is a dated file
 * (dated-file.ts): a cache that cannot be read or written is simply not used.
 */
import { datedFile } from './dated-file.js';

/** How long a remembered fact is trusted without asking the site again. */
export const SITE_FACT_TTL_MS = 24 * 60 * 60 * 1000;

const facts = datedFile<unknown>({
  file: 'site-facts.json',
  section: 'facts',
  valueKey: 'value',
  ttlMs: SITE_FACT_TTL_MS,
  maxEntries: 128,
  valid: (v): v is unknown => v !== undefined,
});

/**
 * A fact learnt less than a day ago (`key`: what it is about, e.g. `batch <REST base>`), or undefined.
 */
export function cachedSiteFact(dir: string, key: string, now = Date.now()): unknown {
  return facts.get(dir, key, now);
}

/** Remembers a fact (undefined: forgets it). */
export function storeSiteFact(dir: string, key: string, value: unknown, now = Date.now()): void {
  facts.set(dir, key, value, now);
}
