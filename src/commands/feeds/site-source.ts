/**
 * Another site running the plugin as a feed's source, read through its `tribe/events/v1` API: its
 * published events in the window, each keyed by its post id there (`site:ID`), with its venue,
 * organizers, categories, tags, cost, all-day flag and time zone. Venues and organizers come with
 * their fields (address, phone, email …), so one the target lacks is created whole; the target finds
 * existing ones by name.
 *
 * An event the window does not list may have moved out of it rather than gone: each event this
 * feed brought that has not ended yet and is missing from the list is asked for by id; only one the
 * other site no longer shows (deleted, trashed, unpublished) counts as removed.
 */
import type { ApiClient, ParamObject } from '../../api/index.js';
import { paginate } from '../../api/paginate.js';
import { findRecord } from '../../api/records.js';
import { costInput, getResource, type ResourceSpec } from '../../catalog/index.js';
import type { LinkedName, SourceItem } from '../../import/index.js';
import { mapLimit } from '../../primitives/index.js';
import { ownWebsite } from '../../records/index.js';
import { decodeEntities } from '../../wptext/index.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The key of another site's event. */
export const siteKey = (id: number | string): string => `site:${id}`;

/**
 * The fields a linked record is created with, from the catalog: its text fields the site's importer
 * has columns for, besides its name and image (an image id names a file of the other site).
 */
function detailFields(resource: ResourceSpec): string[] {
  return resource.fields
    .filter((f) => f.type === 'string' && f.csvLabels && f.name !== resource.titleField && f.name !== 'image')
    .map((f) => f.name);
}

function linked(resource: ResourceSpec, record: unknown): LinkedName | undefined {
  if (!isObj(record)) return undefined;
  const name = record[resource.titleField];
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  const details: Obj = {};
  for (const field of detailFields(resource)) {
    const v = record[field];
    if (typeof v === 'string' && v.trim() !== '') details[field] = decodeEntities(v);
  }
  return { name: decodeEntities(name).trim(), ...(Object.keys(details).length > 0 ? { details } : {}) };
}

const termNames = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [])
    .map((t) => (isObj(t) && typeof t.name === 'string' ? decodeEntities(t.name) : ''))
    .filter((n) => n !== '');

/** One event of the other site as a source item. */
export function siteItem(record: Obj): SourceItem {
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  const website = ownWebsite(record) ?? '';
  const cost = costInput(record);
  const cells = new Map<string, string>([
    ['title', decodeEntities(text('title'))],
    ['description', text('description')],
    ['excerpt', text('excerpt')],
    ['start_date', text('start_date')],
    ['end_date', text('end_date')],
    ['all_day', record.all_day === true ? 'true' : 'false'],
    ['timezone', text('timezone')],
    ['cost', Array.isArray(cost) ? cost.join(' - ') : String(cost ?? '')],
    ['website', website],
    ['status', ''],
  ]);
  const venues = getResource('venues');
  const organizers = getResource('organizers');
  return {
    key: siteKey(String(record.id)),
    line: 0,
    cancelled: false,
    cells,
    links: {
      venue: linked(venues, record.venue),
      organizers: (Array.isArray(record.organizer) ? record.organizer : [])
        .map((o) => linked(organizers, o))
        .filter((o): o is LinkedName => o !== undefined),
      categories: termNames(record.categories),
      tags: termNames(record.tags),
    },
  };
}

const day = (d: Date, shift: number) => new Date(d.getTime() + shift * 86_400_000).toISOString().slice(0, 10);

/**
 * The other site's published events that overlap the window (a day of margin each side: the two
 * sites may be in different zones), plus the known ones that left it but still exist.
 * @param followed keys (`site:ID`) of events this feed brought that have not ended: asked for one by
 *   one when the list does not hold them
 */
export async function readSiteItems(
  client: ApiClient,
  window: { from: Date; until: Date },
  followed: readonly string[],
  signal?: AbortSignal,
): Promise<{ items: SourceItem[]; total: number }> {
  const query: ParamObject = {
    ends_after: `${day(window.from, -1)} 00:00:00`,
    starts_before: `${day(window.until, 1)} 23:59:59`,
    strict_dates: true,
    status: 'publish',
    per_page: 50,
  };
  const items = new Map<string, SourceItem>();
  for await (const r of paginate<Obj>(client, '/events', query, 'events', { signal, prefetch: 2 })) {
    const item = siteItem(r);
    items.set(item.key, item);
  }
  const total = items.size;
  const missing = followed.filter((key) => !items.has(key));
  const events = getResource('events');
  await mapLimit(missing, 4, async (key) => {
    const id = Number(key.slice('site:'.length));
    const r = await findRecord(client, events, id, signal).catch((err: unknown) => {
      // (a private or trashed event refused to an anonymous reader: gone, as far as the feed can see)
      if ((err as { status?: number }).status === 403 || (err as { status?: number }).status === 401) return undefined;
      throw err;
    });
    if (r && r.status === 'publish') items.set(key, siteItem(r));
  });
  return { items: [...items.values()], total };
}
