/**
 * Records as a migration reads and writes them: every record of a resource on one side (events of
 * every date, in the statuses asked for), linked records the lists left out fetched by id, the write
 * form of a source record with its links turned into the target's ids, and its content hash.
 */
import { createHash } from 'node:crypto';
import type { ApiClient } from '../../api/index.js';
import { paginate } from '../../api/paginate.js';
import { everythingQuery, getResource, type ResourceSpec, VISIBLE_STATUSES } from '../../catalog/index.js';
import { mapLimit } from '../../primitives/index.js';
import { changedKeys, idOf, ids } from '../../records/index.js';
import { decodeEntities } from '../../wptext/index.js';
import { coreModified, fetchOne, type Rec, syncForm } from '../sync/records.js';

export type { Rec };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The order links need: terms, then venues and organizers, then the events that name them. */
export const MIGRATE_ORDER = ['categories', 'tags', 'venues', 'organizers', 'events'] as const;
export type MigratedResource = (typeof MIGRATE_ORDER)[number];

/** The id map's name for featured images (attachments of WordPress's media library). */
export const MEDIA = 'media';

/** Linked fields of an event and the resource each names. */
export const EVENT_LINKS: Record<string, MigratedResource> = {
  venue: 'venues',
  organizer: 'organizers',
  categories: 'categories',
  tags: 'tags',
};

/** Every record of a resource on one side; posts in `statuses` (comma list). */
export async function listSide(
  client: ApiClient,
  resource: ResourceSpec,
  statuses: string,
  signal?: AbortSignal,
): Promise<Map<number, Rec>> {
  const query: Record<string, string | number | boolean> = { ...everythingQuery(resource) };
  if (resource.kind === 'post') query.status = statuses;
  const out = new Map<number, Rec>();
  for await (const rec of paginate<Rec>(client, `/${resource.name}`, query, resource.name, { signal, prefetch: 2 })) {
    out.set(rec.id, rec);
  }
  return out;
}

/**
 * Events hidden from listings are in none of the plugin's lists: WordPress core's list of events names
 * them (every status, every date), and those in `statuses` are read one by one and added. A site whose
 * core routes are gone (a security plugin) keeps them out, with a note.
 */
export async function addHiddenEvents(
  client: ApiClient,
  events: Map<number, Rec>,
  statuses: string,
  note: (line: string) => void,
): Promise<void> {
  const resource = getResource('events');
  let ids: number[];
  try {
    ids = [...(await coreModified(client, resource)).keys()].filter((id) => !events.has(id));
  } catch {
    note("the source's WordPress core list of events cannot be read: events hidden from listings are not copied");
    return;
  }
  const wanted = new Set(statuses.split(','));
  await mapLimit(ids, 6, async (id) => {
    const rec = await fetchOne(client, resource, id);
    if (rec && wanted.has(String(rec.status))) events.set(id, rec);
  });
}

/** The visible statuses (no trash), as a list query takes them. */
export const EVERY_VISIBLE = VISIBLE_STATUSES.join(',');

/** The source ids a record links to, by the resource they name (a category's parent included). */
export function linksOf(resource: ResourceSpec, rec: Rec): [MigratedResource, number][] {
  const out: [MigratedResource, number][] = [];
  if (resource.name === 'events') {
    for (const [field, target] of Object.entries(EVENT_LINKS)) for (const id of ids(rec[field])) out.push([target, id]);
  }
  if (resource.name === 'categories') {
    const parent = Number(rec.parent);
    if (parent > 0) out.push(['categories', parent]);
  }
  return out;
}

/** The featured image of a record: its id and full-size URL on the source, when it has one. */
export function imageOf(rec: Rec): { id: number; url: string } | undefined {
  const image = rec.image;
  if (!isObj(image)) return undefined;
  const id = idOf(image.id);
  return id !== undefined && typeof image.url === 'string' && image.url !== '' ? { id, url: image.url } : undefined;
}

/**
 * Linked records the source lists did not hold (a trashed venue, a category only an event shows):
 * fetched by id and added to them, so every link can be kept.
 */
export async function fetchMissingLinks(
  client: ApiClient,
  source: Map<MigratedResource, Map<number, Rec>>,
): Promise<void> {
  for (const name of ['events', 'categories'] as const) {
    const resource = getResource(name);
    for (const rec of [...(source.get(name)?.values() ?? [])]) {
      for (const [target, id] of linksOf(resource, rec)) {
        const have = source.get(target);
        if (!have || have.has(id)) continue;
        const found = await fetchOne(client, getResource(target), id);
        if (found) have.set(id, found);
      }
    }
  }
}

/** Plain text the source shows escaped (`&amp;`, `&#8217;`) is sent as the text it stands for. */
function plainText(resource: ResourceSpec, body: Record<string, unknown>): void {
  for (const field of resource.fields) {
    const v = body[field.name];
    if (typeof v !== 'string') continue;
    if (field.text === 'plain' || field.name === resource.titleField) body[field.name] = decodeEntities(v);
  }
}

/** What the target's ids of a source record's links are, or why one is missing. */
export type Translate = (resource: string, sourceId: number) => number | undefined;

/**
 * The body that makes the source record on the target: its write form (no id, publication date or
 * author), text as it reads, its links and image turned into the target's ids by `translate`.
 * `missing` receives the links that have no target id yet (`venues 12`); an image without one is
 * left out and noted in `noImage`.
 */
export function targetBody(
  resource: ResourceSpec,
  rec: Rec,
  translate: Translate,
  out: { missing: string[]; noImage?: boolean },
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...syncForm(resource, rec) };
  plainText(resource, body);
  // (slugs follow the names on the target: a unique slug there may differ)
  delete body.slug;
  // (a trashed venue or organizer an event still names arrives published: the event shows it)
  if (body.status === 'trash') delete body.status;
  const map = (target: string, id: unknown) => {
    const n = Number(id);
    const mapped = translate(target, n);
    if (mapped === undefined) out.missing.push(`${target} ${n}`);
    return mapped ?? 0;
  };
  if (resource.name === 'events') {
    for (const [field, target] of Object.entries(EVENT_LINKS)) {
      const v = body[field];
      if (v === undefined || v === null) continue;
      body[field] = Array.isArray(v) ? v.map((x) => map(target, x)) : map(target, v);
    }
  }
  if (resource.name === 'categories' && body.parent !== undefined) body.parent = map('categories', body.parent);
  if (body.image !== undefined) {
    const image = imageOf(rec);
    const mapped = image ? translate(MEDIA, image.id) : undefined;
    if (mapped === undefined) {
      delete body.image;
      if (image) out.noImage = true;
    }
    // (the plugin's routes take the image as text: a media id or an address)
    else body.image = String(mapped);
  }
  return body;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (isObj(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted(value[k])]),
    );
  }
  return value;
}

/** The content hash of a body: the same body sent again changes nothing. */
export function bodyHash(body: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(sorted(body)))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Whether the target's record already says what `body` says, as the site stores it (the fields the
 * body gives; a target image is kept when the source has none copied yet).
 */
export function sameOnTarget(resource: ResourceSpec, body: Record<string, unknown>, target: Rec): boolean {
  const theirs = syncForm(resource, target);
  const mine = { ...body };
  if (mine.image === undefined) delete theirs.image;
  return changedKeys(resource, mine, theirs).length === 0;
}
