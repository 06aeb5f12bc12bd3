/**
 * Records as sync compares and moves them: every record of a resource on one side (all statuses,
 * the trash too), content hashes that ignore what a site computes (URLs, modification times, embedded
 * copies of linked records), natural keys, and WordPress core's id + modification lists.
 */
import { createHash } from 'node:crypto';
import { coreRouteUrl } from '../../api/core-routes.js';
import type { ApiClient } from '../../api/index.js';
import { paginate } from '../../api/paginate.js';
import { findRecord } from '../../api/records.js';
import { catalog, coreEverythingQuery, everythingQuery, type ResourceSpec } from '../../catalog/index.js';
import { backwardReach } from '../../clock/index.js';
import { mapLimit } from '../../primitives/index.js';
import { AS_NEW, type InputOptions, keyOf, recordToInput } from '../../records/index.js';

export type Rec = Record<string, unknown> & { id: number };

/** Resources in the order links need them: terms and linked records before the events using them. */
export const SYNC_ORDER = ['categories', 'tags', 'venues', 'organizers', 'events'].map(
  (n) => catalog.find((r) => r.name === n) as ResourceSpec,
);

/** Every status a signed-in caller may list, the trash included (each is a registered status). */
export const ALL_STATUSES = 'publish,future,draft,pending,private,trash';

/** Every record a resource's plugin list shows on one side, by id (events hidden from listings are not). */
export async function listAll(client: ApiClient, resource: ResourceSpec): Promise<Map<number, Rec>> {
  const query: Record<string, string | number | boolean> = { ...everythingQuery(resource) };
  if (resource.kind === 'post') query.status = ALL_STATUSES;
  const out = new Map<number, Rec>();
  for await (const rec of paginate<Rec>(client, `/${resource.name}`, query, resource.name, { prefetch: 2 })) {
    out.set(rec.id, rec);
  }
  return out;
}

/**
 * Every record of a resource on one side, with WordPress core's modification times of posts: the
 * plugin's list, plus what only core's list names (events hidden from listings never appear in the
 * plugin's lists), fetched one by one. Sync must see every record: one it missed would look deleted.
 */
export async function listEverything(
  client: ApiClient,
  resource: ResourceSpec,
): Promise<{ records: Map<number, Rec>; modified: Map<number, string> }> {
  const records = await listAll(client, resource);
  if (resource.kind === 'term') return { records, modified: new Map() };
  const modified = await coreModified(client, resource);
  const missing = [...modified.keys()].filter((id) => !records.has(id));
  await mapLimit(missing, 8, async (id) => {
    const rec = await fetchOne(client, resource, id);
    if (rec) records.set(id, rec);
  });
  return { records, modified };
}

/**
 * What sync compares, hashes, keeps as a base and sends: the record model's body that makes a record
 * ({@link AS_NEW}), without what sync leaves to each side (publication dates, author). A form made so
 * is its own form again, so a base kept as one hashes as the record it was made of.
 */
export const SYNC_FORM: InputOptions = Object.freeze({ ...AS_NEW, omit: ['id', 'date', 'date_utc', 'author'] });

/** Forms already worked out, by record (a pull hashes a record, then keeps its form as the base). */
const forms = new WeakMap<object, Record<string, unknown>>();

/** The sync form of a record ({@link SYNC_FORM}), worked out once per record (shared: copy before changing). */
export function syncForm(resource: ResourceSpec, rec: Record<string, unknown>): Record<string, unknown> {
  const known = forms.get(rec);
  if (known) return known;
  const form = recordToInput(resource, rec, SYNC_FORM);
  forms.set(rec, form);
  return form;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The content hash of a record: equal content on both sides is never a conflict. */
export function contentHash(resource: ResourceSpec, rec: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(sorted(syncForm(resource, rec))))
    .digest('hex')
    .slice(0, 32);
}

/**
 * What identifies a record across sides when ids cannot: the record model's natural key (events title
 * + start, the rest their name, as the site shows names, in any letter case), as import uses it; ''
 * for a record without one.
 */
export const naturalKey = (resource: ResourceSpec, rec: Record<string, unknown>): string => keyOf(resource, rec) ?? '';

/**
 * WordPress core's list of a post type's ids and GMT modification times, every status and every date
 * (past events too: see coreEverythingQuery): what changed since the last sync, and what is gone (100
 * a page, `_fields` per item, X-WP-TotalPages).
 */
export async function coreModified(client: ApiClient, resource: ResourceSpec): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const page = async (n: number) => {
    const res = await client.get<{ id: number; modified_gmt: string }[]>(
      coreRouteUrl(client.baseUrl, `/${resource.coreBase}`),
      {
        query: {
          status: ALL_STATUSES,
          _fields: 'id,modified_gmt',
          per_page: 100,
          page: n,
          orderby: 'id',
          order: 'asc',
          ...coreEverythingQuery(resource),
        },
      },
    );
    for (const p of res.body ?? []) out.set(p.id, p.modified_gmt);
    return Number(res.headers['x-wp-totalpages'] ?? 1);
  };
  const pages = await page(1);
  // (the other pages side by side: a site answers several at once)
  await mapLimit(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2),
    4,
    async (n) => {
      await page(n);
    },
  );
  return out;
}

/**
 * What to send as core's `modified_after` to list every post modified after the instant `since` (the
 * newest GMT modification time the last pull saw). WordPress compares it with `post_modified`, the
 * site's LOCAL time (`WP_REST_Posts_Controller::get_items` puts it in a `date_query` on that column,
 * and `WP_Date_Query` reads a value in the site's zone when it names none): so the instant is sent with
 * its offset (`Z`), which the site turns into its local time itself. Around the night the site's clocks
 * go back it is moved back twice by the step: an edit made just after a pull has an earlier local time
 * than the pull, and a post created in the repeated hour got a GMT time one step late
 * (`wp_insert_post` derives it from the local time, and PHP reads that as its later instant east of
 * UTC), so the newest time seen may be a step ahead of the pull itself.
 */
export function modifiedAfter(since: number, siteZone: string): string {
  const from = since - 2 * backwardReach(siteZone, since) * 60_000;
  return `${new Date(from).toISOString().slice(0, 19)}Z`;
}

/**
 * The ids and GMT modification times of a post type's records modified after the instant `since`
 * (epoch ms, the site's clock; see {@link modifiedAfter}), and how many records of every status the
 * site holds in all.
 */
export async function coreModifiedSince(
  client: ApiClient,
  resource: ResourceSpec,
  since: number,
  siteZone: string,
): Promise<{ modified: Map<number, string>; total: number }> {
  const url = coreRouteUrl(client.baseUrl, `/${resource.coreBase}`);
  const every = coreEverythingQuery(resource);
  const counted = client.get<unknown[]>(url, {
    query: { status: ALL_STATUSES, _fields: 'id', per_page: 1, ...every },
  });
  const modified = new Map<number, string>();
  for (let page = 1; ; page++) {
    const res = await client.get<{ id: number; modified_gmt: string }[]>(url, {
      query: {
        status: ALL_STATUSES,
        _fields: 'id,modified_gmt',
        per_page: 100,
        page,
        orderby: 'id',
        order: 'asc',
        modified_after: modifiedAfter(since, siteZone),
        ...every,
      },
    });
    for (const p of res.body ?? []) modified.set(p.id, p.modified_gmt);
    if (page >= Number(res.headers['x-wp-totalpages'] ?? 1)) break;
  }
  return { modified, total: Number((await counted).headers['x-wp-total'] ?? Number.NaN) };
}

/**
 * Of records missing from a list, those the site no longer has in any status: each is asked for by
 * its id (a list may leave a record out, as the plugin's lists leave out events hidden from them; a
 * record is never called deleted on a list's word alone). The others, as the site shows them now.
 */
export async function confirmGone(
  client: ApiClient,
  resource: ResourceSpec,
  ids: readonly number[],
): Promise<{ gone: number[]; still: Map<number, Rec> }> {
  const gone: number[] = [];
  const still = new Map<number, Rec>();
  await mapLimit(ids, 8, async (id) => {
    const rec = await fetchOne(client, resource, id);
    if (rec) still.set(id, rec);
    else gone.push(id);
  });
  return { gone: gone.sort((a, b) => a - b), still };
}

/** One record as the site shows it now, or undefined when it is gone (shared with feeds: api/records.ts). */
export const fetchOne = (client: ApiClient, resource: ResourceSpec, id: number): Promise<Rec | undefined> =>
  findRecord<Rec>(client, resource, id);
