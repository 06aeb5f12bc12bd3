/**
 * Finding on the site the records a push created but never heard back about (a lost answer, a push
 * killed midway), in a few requests whatever the number of records and the size of the site:
 *
 * - A site numbers new records upwards, so a record a create made has a higher id than any record the
 *   copy knew when it was sent (its *floor*, noted in the journal with the create). WordPress core's
 *   list of the type, newest first, 100 a page with only ids, titles and start dates, is read down to
 *   the floor: one page holds a hundred candidates.
 * - Events: core's list names past events only when the plugin is kept out of the query (see
 *   coreEverythingQuery), and then orders by their dates whatever `orderby=id` says (the plugin's
 *   custom tables); `orderby=modified` it keeps. A record made by a create was last modified at or
 *   after the create was sent, so events are read newest modified first, down to the time of the
 *   oldest create (noted in the journal by this machine's clock, turned into the site's by the `Date`
 *   of the site's answer, with a minute to spare).
 * - Each unconfirmed create takes an unclaimed candidate with its natural key (title, and an event's
 *   start), compared as the site may have stored the title (raw or rendered); the reading stops as
 *   soon as every create has one (a lost answer during a push: the first page).
 * - The records found are then read whole from the plugin's list, 50 ids a request (`include`, with a
 *   date bound so that events of every date come back), one by one only where no list shows them.
 */
import { coreRouteUrl } from '../../api/core-routes.js';
import type { ApiClient } from '../../api/index.js';
import { paginate } from '../../api/paginate.js';
import { coreEverythingQuery, type ResourceSpec } from '../../catalog/index.js';
import { mapLimit } from '../../primitives/index.js';
import { decodeEntities } from '../../wptext/index.js';
import { ALL_STATUSES, fetchOne, naturalKey, type Rec } from './records.js';

/** A create whose outcome is unknown: its natural key, the id the site gave if heard, its floor, when sent. */
export interface Unconfirmed {
  seq: number;
  natural: string;
  siteId: number | null;
  floor: number;
  /** ISO time by this machine's clock; '' when unknown (then every record above the floor is read) */
  sent: string;
}

/**
 * Room for the clocks: the site's database and its `Date` header (one machine, or a proxy's), whole
 * seconds on both, and this machine's clock between the create and the recovery.
 */
const CLOCK_MARGIN_MS = 60_000;

type CoreItem = {
  id: number;
  modified_gmt?: string;
  title?: { raw?: string; rendered?: string };
  name?: string;
  meta?: Record<string, unknown>;
};

/** The natural keys a core item may match: its raw and rendered title (or term name), decoded too. */
function keysOf(resource: ResourceSpec, item: CoreItem): string[] {
  const names =
    resource.kind === 'term' ? [item.name ?? ''] : [item.title?.raw ?? '', item.title?.rendered ?? ''].filter(Boolean);
  const start = String(item.meta?._EventStartDate ?? '');
  const keys = new Set<string>();
  for (const name of names) {
    for (const text of [name, decodeEntities(name)])
      keys.add(naturalKey(resource, { [resource.titleField]: text, start_date: start }));
  }
  return [...keys];
}

/**
 * The records of a resource with an id above `floor`, newest first, a page at a time; events newest
 * modified first, down to `since` (this machine's clock, ms; NaN: no bound). The first page of posts is
 * about twice the creates looked for (a lost answer during a push: its record is among the newest),
 * then 100 a page.
 */
async function* above(
  site: ApiClient,
  resource: ResourceSpec,
  floor: number,
  since: number,
  wanted: number,
): AsyncGenerator<CoreItem[]> {
  const url = coreRouteUrl(site.baseUrl, `/${resource.coreBase}`);
  const events = resource.name === 'events';
  const posts = resource.kind === 'post';
  const query: Record<string, string | number> = {
    orderby: events ? 'modified' : 'id',
    order: 'desc',
    context: 'edit',
    _fields: resource.kind === 'term' ? 'id,name' : events ? 'id,title,meta,modified_gmt' : 'id,title',
    ...coreEverythingQuery(resource),
  };
  if (posts) query.status = ALL_STATUSES;
  else query.hide_empty = 'false';
  let bound = Number.NaN;
  let seen = 0;
  for (let page = 1; ; page++) {
    // (posts by offset, so that the first page can be short; terms are few: pages of 100)
    const size = posts && page === 1 ? Math.min(100, Math.max(10, 2 * wanted)) : 100;
    const at = posts ? { per_page: size, offset: seen } : { per_page: size, page };
    const asked = Date.now();
    const res = await site.get<CoreItem[]>(url, { query: { ...query, ...at } });
    const items = res.body ?? [];
    seen += items.length;
    if (page === 1 && events && Number.isFinite(since)) {
      // (the site's clock from its answer: the time `since` was, on the site)
      const siteNow = Date.parse(String(res.headers.date ?? ''));
      if (Number.isFinite(siteNow)) bound = since + (siteNow - asked) - CLOCK_MARGIN_MS;
    }
    yield items.filter((i) => i.id > floor);
    const total = Number(res.headers['x-wp-total'] ?? Number.NaN);
    const last = items.at(-1);
    if (!last || items.length < size || seen >= total) return;
    if (!events && last.id <= floor) return;
    if (events && Date.parse(`${last.modified_gmt ?? ''}Z`) < bound) return;
  }
}

/**
 * Full records of the plugin for ids: from its list, 50 ids a request where it takes `include`
 * (events, with a relative date bound: the plugin then lists every date; terms), else one by one.
 */
export async function fetchMany(
  site: ApiClient,
  resource: ResourceSpec,
  ids: readonly number[],
): Promise<Map<number, Rec>> {
  const out = new Map<number, Rec>();
  const listed = resource.name === 'events' || resource.kind === 'term';
  for (let i = 0; listed && i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const query: Record<string, string | number | boolean> = { per_page: 50, include: chunk.join(',') };
    if (resource.name === 'events') Object.assign(query, { starts_after: '1900-01-01', status: ALL_STATUSES });
    else query.hide_empty = false;
    for await (const rec of paginate<Rec>(site, `/${resource.name}`, query, resource.name)) out.set(rec.id, rec);
  }
  // (what no list shows: events hidden from listings, venues and organizers)
  await mapLimit(
    ids.filter((id) => !out.has(id)),
    8,
    async (id) => {
      const rec = await fetchOne(site, resource, id);
      if (rec) out.set(id, rec);
    },
  );
  return out;
}

/**
 * The site's records for unconfirmed creates of one resource, by journal seq; a create not found did
 * not reach the site. `known`: ids the copy already holds (never claimed).
 */
export async function findLanded(
  site: ApiClient,
  resource: ResourceSpec,
  creates: readonly Unconfirmed[],
  known: ReadonlySet<number>,
): Promise<Map<number, Rec>> {
  const claimed = new Set(known);
  const chosen = new Map<number, number>();
  for (const c of creates) {
    if (c.siteId === null) continue;
    chosen.set(c.seq, c.siteId);
    claimed.add(c.siteId);
  }
  const waiting = new Map<string, Unconfirmed[]>();
  for (const c of [...creates].sort((a, b) => a.seq - b.seq)) {
    if (c.siteId !== null) continue;
    waiting.set(c.natural, [...(waiting.get(c.natural) ?? []), c]);
  }
  if (waiting.size > 0) {
    const open = creates.filter((c) => c.siteId === null);
    const floor = open.reduce((min, c) => Math.min(min, c.floor), Number.POSITIVE_INFINITY);
    // (a create noted without its time leaves the reading unbounded: NaN)
    const since = open.reduce(
      (min, c) => Math.min(min, c.sent ? Date.parse(c.sent) : Number.NaN),
      Number.POSITIVE_INFINITY,
    );
    let left = open.length;
    for await (const page of above(site, resource, floor, since, open.length)) {
      // (within a page oldest first: creates were sent in journal order, and the site numbered them so)
      for (const item of page.filter((i) => !claimed.has(i.id)).sort((a, b) => a.id - b.id)) {
        const key = keysOf(resource, item).find((k) => (waiting.get(k)?.length ?? 0) > 0);
        if (key === undefined) continue;
        const create = waiting.get(key)?.shift() as Unconfirmed;
        chosen.set(create.seq, item.id);
        claimed.add(item.id);
        left--;
      }
      // (every create found: the older pages cannot hold more of them)
      if (left === 0) break;
    }
  }
  const records = await fetchMany(site, resource, [...new Set(chosen.values())]);
  const out = new Map<number, Rec>();
  for (const [seq, id] of chosen) {
    const rec = records.get(id);
    if (rec) out.set(seq, rec);
  }
  return out;
}
