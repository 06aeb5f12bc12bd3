/**
 * What a site said about itself that a bulk run asks before its first write, remembered between runs
 * (`site-facts.json` in the cache dir) so that a cron job's next run does not ask again: whether the
 * site takes batched writes, and whether a user may publish events. Each costs the site a request
 * beside the run's first reads, and neither changes which records the run writes: a stale answer
 * costs a slower run (batches tried and refused, or not tried) or a warning given or missed, never
 * a wrong write. Kept a day, beside `sites.json` (site-cache.ts) in a file of their own. A cache that
 * cannot be read or written is simply not used.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long a remembered fact is trusted without asking the site again. */
export const SITE_FACT_TTL_MS = 24 * 60 * 60 * 1000;
/** Facts kept (the most recently learnt). */
const MAX_ENTRIES = 128;
const FILE = 'site-facts.json';

interface Entry {
  value: unknown;
  /** when it was learnt (ms since the epoch) */
  at: number;
}

type Facts = Record<string, Entry>;

function read(dir: string): Facts {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as { version?: number; facts?: unknown };
    if (parsed.version === 1 && typeof parsed.facts === 'object' && parsed.facts !== null) return parsed.facts as Facts;
  } catch {
    // missing or unreadable: nothing remembered
  }
  return {};
}

/**
 * A fact learnt less than a day ago (`key`: what it is about, e.g. `batch <REST base>`), or undefined.
 */
export function cachedSiteFact(dir: string, key: string, now = Date.now()): unknown {
  const entry = read(dir)[key];
  if (!entry || typeof entry.at !== 'number') return undefined;
  const age = now - entry.at;
  return age >= 0 && age < SITE_FACT_TTL_MS ? entry.value : undefined;
}

/** Remembers a fact (undefined: forgets it). */
export function storeSiteFact(dir: string, key: string, value: unknown, now = Date.now()): void {
  const facts = read(dir);
  if (value === undefined) {
    if (!(key in facts)) return;
    delete facts[key];
  } else {
    facts[key] = { value, at: now };
    const keys = Object.keys(facts);
    if (keys.length > MAX_ENTRIES) {
      keys.sort((a, b) => (facts[a]?.at ?? 0) - (facts[b]?.at ?? 0));
      for (const old of keys.slice(0, keys.length - MAX_ENTRIES)) delete facts[old];
    }
  }
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `${FILE}.${process.pid}.tmp`);
    writeFileSync(tmp, `${JSON.stringify({ version: 1, facts }, null, 2)}\n`);
    renameSync(tmp, join(dir, FILE));
  } catch {
    // a read-only or full disk: the next run asks again
  }
}
