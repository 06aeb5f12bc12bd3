/**
 * The events list's records as JSON text, kept across requests while nothing in the database
 * changes. A list page is 50 full records: building them (dates, text, links, terms, images) and
 * writing them out as JSON was most of an uncached list's time, and a list asked with another window,
 * page or filter mostly shows records an earlier page showed already.
 *
 * A record's text depends on its row, its venue, organizers, terms (with their counts, which other
 * events change), featured image and their rows, on who asks (what they may read), the host they used
 * (every address), and the site's settings. So the text is kept under the caller, the host and the
 * settings, and all of it is dropped as soon as any row of the database changes: the content version
 * (store/shared-cache.ts) counts every row this connection changes and every commit of another, and
 * is undefined while a write of this connection is open, when nothing is kept or served.
 */
import type { Database } from 'better-sqlite3';
import type { RequestScope, SiteSettings } from '../../site.js';
import { contentVersion } from '../../store/shared-cache.js';
import type { Post } from '../../store/types.js';
import { renderEvents } from './event-view.js';

/** Characters of text kept at most (a record is about 2,800): the oldest go first. */
export const EVENT_TEXTS_CHARS = 16 * 1024 * 1024;

/** Records shown once, remembered at most (then forgotten all at once). */
const SEEN_KEYS = 100_000;

interface Kept {
  version: string;
  texts: Map<string, string>;
  chars: number;
  /** records shown once since the version changed: kept from the second time (see {@link keep}) */
  seen: Set<string>;
}

const kept = new WeakMap<Database, Kept>();

/** Everything of the site's settings a record's text may depend on. */
const settingsKey = (site: SiteSettings) =>
  `${site.vendor}|${site.timezone}|${site.permalinks ?? ''}|${site.basePath ?? ''}|${site.locale ?? ''}`;

/** The records of `ids` freshly built, as JSON text, in the order of `ids`. */
function render(ids: readonly number[], scope: RequestScope): string[] {
  const posts = scope.stores.posts.getMany(ids);
  return renderEvents(
    ids.map((id) => posts.get(id) as Post),
    scope,
  ).map((record) => JSON.stringify(record));
}

/** The current texts of `db` at `version` (emptied when the version moved on). */
function keptAt(db: Database, version: string): Kept {
  let k = kept.get(db);
  if (!k) {
    k = { version, texts: new Map(), chars: 0, seen: new Set() };
    kept.set(db, k);
  } else if (k.version !== version) {
    k.version = version;
    k.texts.clear();
    k.chars = 0;
    k.seen.clear();
  }
  return k;
}

/**
 * Keeps a record's text from the second time it is shown: lists asked again and again (a calendar
 * page, a poller, other windows over the same days) show the same records, while an export shows each
 * once, and keeping all of those would only grow the process.
 */
function keep(k: Kept, key: string, text: string): void {
  if (!k.seen.has(key)) {
    if (k.seen.size >= SEEN_KEYS) k.seen.clear();
    k.seen.add(key);
    return;
  }
  if (text.length > EVENT_TEXTS_CHARS) return;
  // Maps iterate in insertion order: the first entries are the oldest.
  for (const [oldKey, old] of k.texts) {
    if (k.chars + text.length <= EVENT_TEXTS_CHARS) break;
    k.texts.delete(oldKey);
    k.chars -= old.length;
  }
  k.texts.set(key, text);
  k.chars += text.length;
}

/**
 * The events of a list page (`ids`, events the caller may see), each as the JSON text of its
 * record, in order: kept texts as they are, the others built together (one query per kind of link).
 * Called inside the request's read transaction.
 */
export function eventTexts(ids: readonly number[], scope: RequestScope): string[] {
  const version = contentVersion(scope.stores.db);
  if (version === undefined) return render(ids, scope);
  const k = keptAt(scope.stores.db, version);
  const prefix = `${scope.userId ?? 0}|${scope.origin}|${settingsKey(scope.site)}|`;
  const out: (string | undefined)[] = ids.map((id) => k.texts.get(prefix + id));
  const missing = ids.filter((_, i) => out[i] === undefined);
  if (missing.length === 0) return out as string[];
  const made = render(missing, scope);
  let m = 0;
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== undefined) continue;
    const text = made[m++] as string;
    out[i] = text;
    keep(k, prefix + ids[i], text);
  }
  return out as string[];
}
