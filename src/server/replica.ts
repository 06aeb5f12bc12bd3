/**
 * Writes records into a data dir exactly as another site shows them, under that site's ids: what an
 * offline working copy (`calctl sync`) is made of. The input is the plugin's representation of a
 * record (what `GET /events/{id}` answers); each write stores the row the embedded server would read
 * back as that same representation (titles and descriptions stay as shown: the display filters leave
 * shown text as it is; term names are kept as the site stores them, escaped).
 */
import type { Database, Statement } from 'better-sqlite3';
import { getResource, metaKeys } from '../catalog/index.js';
import { idOf, ids, ownWebsite, recordToInput } from '../records/index.js';
import { DESIRED_SLUG } from './posts/lifecycle.js';
import type { Stores } from './site.js';
import { COLUMNS, encode, newPost, PERMALINK_BASE, UNPUBLISHED } from './store/post-rows.js';
import type { PostInput, PostType, Taxonomy } from './store/types.js';

type Rec = Record<string, unknown>;

/** How many published posts a term (the `?`) has: WordPress's count, as the count triggers keep it. */
const PUBLISHED_LINKS =
  "(SELECT COUNT(*) FROM term_relationships r JOIN posts p ON p.id = r.post_id WHERE r.term_id = ? AND p.status = 'publish')";

/** The first id a record created in a working copy gets: far above any site's own ids. */
export const LOCAL_ID_FLOOR = 1_000_000_000;

const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;

/** The path of a record's URL below its origin, as the guid keeps it (a published post's permalink). */
function guidFrom(type: PostType, status: string, slug: string): string {
  if (UNPUBLISHED.has(status) || slug === '' || status === 'trash') return '';
  return `/${PERMALINK_BASE[type]}/${slug}/`;
}

function baseRow(type: PostType, rec: Rec, title: string): PostInput {
  const status = str(rec.status, 'publish');
  const slug = str(rec.slug);
  return newPost({
    type,
    status,
    author: Number(rec.author ?? 1) || 1,
    title,
    content: str(rec.description),
    excerpt: str(rec.excerpt),
    slug,
    date: str(rec.date),
    date_utc: str(rec.date_utc),
    modified: str(rec.modified),
    modified_utc: str(rec.modified_utc),
    guid: guidFrom(type, status, slug),
  });
}

/**
 * An event's row, from the writable form the record model makes of it (flags, cost, links: what a
 * write would have sent) and what the site computed (UTC dates); its website as the site shows it,
 * none when that is only the event's own page (the record model's rule).
 */
function eventRow(rec: Rec): PostInput {
  const row = baseRow('tribe_events', rec, str(rec.title));
  const input = recordToInput(getResource('events'), rec);
  const flag = (key: string) => input[key] === true;
  row.meta = {
    timezone: str(rec.timezone),
    all_day: flag('all_day'),
    // (what the site was sent, worked back from what it shows: the values with their currency mark)
    cost: input.cost === '' ? null : (input.cost as string | string[]),
    website: ownWebsite(rec) ?? null,
    show_map: flag('show_map'),
    show_map_link: flag('show_map_link'),
    sticky: flag('sticky'),
  };
  row.start_local = str(rec.start_date) || null;
  row.end_local = str(rec.end_date) || null;
  row.start_utc = str(rec.utc_start_date) || null;
  row.end_utc = str(rec.utc_end_date) || null;
  row.featured = flag('featured') ? 1 : 0;
  row.hidden = flag('hide_from_listings') ? 1 : 0;
  row.venue_id = (input.venue as number | undefined) ?? null;
  return row;
}

/** The meta a venue or organizer record shows (address … / phone, email …), as the catalog lists it. */
const META_KEYS = {
  tribe_venue: metaKeys(getResource('venues')),
  tribe_organizer: metaKeys(getResource('organizers')),
};

/**
 * A venue's or organizer's row, from the writable form the record model makes of it (its texts as
 * shown, its map switches), keeping the meta the catalog lists; a venue's map switches are on unless
 * the record says they are off, as the plugin reads a venue that never set them.
 */
function linkedRow(type: 'tribe_venue' | 'tribe_organizer', rec: Rec): PostInput {
  const venue = type === 'tribe_venue';
  const input = recordToInput(getResource(venue ? 'venues' : 'organizers'), rec);
  const row = baseRow(type, rec, str(venue ? input.venue : input.organizer));
  const meta: Rec = {};
  for (const k of META_KEYS[type]) {
    if (typeof input[k] === 'string' && input[k] !== '') meta[k] = input[k];
  }
  if (venue) {
    // (a venue's switches are strings in a write: "false" is the one that is off)
    meta.show_map = input.show_map !== 'false';
    meta.show_map_link = input.show_map_link !== 'false';
  }
  row.meta = meta;
  return row;
}

const UPSERT_POST =
  `INSERT INTO posts (id, ${COLUMNS.join(', ')}) VALUES (?, ${COLUMNS.map(() => '?').join(', ')}) ` +
  `ON CONFLICT(id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`;

/** Statements prepared once per connection (a pull writes thousands of rows). */
const prepared = new WeakMap<Database, Map<string, Statement>>();
function statement(db: Database, sql: string): Statement {
  let byText = prepared.get(db);
  if (!byText) {
    byText = new Map();
    prepared.set(db, byText);
  }
  let stmt = byText.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    byText.set(sql, stmt);
  }
  return stmt;
}

function upsertPost(db: Database, id: number, row: PostInput): void {
  statement(db, UPSERT_POST).run(id, ...encode(row, JSON.stringify(row.meta)));
}

/** Stores an event, venue or organizer under its site id, with its links and terms. */
export function putPost(stores: Stores, type: PostType, rec: Rec): void {
  const id = idOf(rec.id);
  if (id === undefined) throw new Error('a record without an id cannot be replicated');
  const row = type === 'tribe_events' ? eventRow(rec) : linkedRow(type, rec);
  // (a new row has no links to clear)
  const fresh = statement(stores.db, 'SELECT 1 FROM posts WHERE id = ?').get(id) === undefined;
  upsertPost(stores.db, id, row);
  // (a trashed post remembers the slug it had, so that restoring it in the copy gives it back)
  if (row.status === 'trash' && row.slug.endsWith('__trashed')) {
    stores.posts.setMeta(id, DESIRED_SLUG, row.slug.slice(0, -'__trashed'.length));
  }
  if (type === 'tribe_events') {
    stores.posts.setOrganizers(id, ids(rec.organizer), fresh);
    stores.terms.setForPost(id, 'tribe_events_cat', ids(rec.categories), fresh);
    stores.terms.setForPost(id, 'post_tag', ids(rec.tags), fresh);
  }
}

/** Stores a category or tag under its site id. */
export function putTerm(stores: Stores, taxonomy: Taxonomy, rec: Rec): void {
  const id = idOf(rec.id);
  if (id === undefined) throw new Error('a term without an id cannot be replicated');
  statement(
    stores.db,
    `INSERT INTO terms (id, taxonomy, name, slug, description, parent, count) VALUES (?, ?, ?, ?, ?, ?, ${PUBLISHED_LINKS})
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, slug = excluded.slug,
         description = excluded.description, parent = excluded.parent`,
  ).run(id, taxonomy, str(rec.name), str(rec.slug), str(rec.description), Number(rec.parent ?? 0) || 0, id);
}

/** Removes a record for good (a post with its links, a term with its relationships). */
export function removeRecord(stores: Stores, kind: 'post' | 'term', id: number): void {
  if (kind === 'post') {
    const post = stores.posts.get(id);
    if (post) stores.posts.remove(post);
    return;
  }
  const term = stores.terms.get(id);
  if (term) stores.terms.delete(term);
}

/**
 * Points every link to record `from` at record `to` (a record created offline that the site now holds
 * under its own id): events' venue and organizers for a post, relationships and parents for a term.
 */
export function rekey(stores: Stores, kind: 'post' | 'term', from: number, to: number): void {
  const run = (sql: string) => statement(stores.db, sql).run(to, from);
  if (kind === 'post') {
    run('UPDATE posts SET venue_id = ? WHERE venue_id = ?');
    run('UPDATE OR IGNORE event_organizers SET organizer_id = ? WHERE organizer_id = ?');
    return;
  }
  run('UPDATE OR IGNORE term_relationships SET term_id = ? WHERE term_id = ?');
  run('UPDATE terms SET parent = ? WHERE parent = ?');
  // (moved relationships do not pass the count triggers: count them again)
  statement(stores.db, `UPDATE terms SET count = ${PUBLISHED_LINKS.replace('?', 'terms.id')} WHERE id = ?`).run(to);
}

/** Makes records created in the working copy get ids from {@link LOCAL_ID_FLOOR} up. */
export function setLocalIdFloor(stores: Stores): void {
  for (const table of ['posts', 'terms']) {
    const row = stores.db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(table) as
      | { seq: number }
      | undefined;
    if (row && row.seq >= LOCAL_ID_FLOOR) continue;
    if (row) stores.db.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(LOCAL_ID_FLOOR - 1, table);
    else stores.db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, LOCAL_ID_FLOOR - 1);
  }
}

/**
 * The posts of a type in the given statuses, with the modification time WordPress core's routes show
 * for them (GMT, `YYYY-MM-DDTHH:MM:SS`; a zero one for a post whose GMT time floats), read in one query:
 * what a working copy compares with its base.
 */
export function modifiedTimes(stores: Stores, type: PostType, statuses: readonly string[]): Map<number, string> {
  const rows = statement(
    stores.db,
    `SELECT id, modified_utc FROM posts WHERE type = ? AND status IN (${statuses.map(() => '?').join(', ')})`,
  )
    .raw()
    .all(type, ...statuses) as [number, string][];
  return new Map(rows.map(([id, utc]) => [id, utc.replace(' ', 'T')]));
}

/** Ids of the terms of a taxonomy made in the working copy (from {@link LOCAL_ID_FLOOR} up). */
export function offlineTermIds(stores: Stores, taxonomy: Taxonomy): number[] {
  return statement(stores.db, 'SELECT id FROM terms WHERE taxonomy = ? AND id >= ?')
    .pluck()
    .all(taxonomy, LOCAL_ID_FLOOR) as number[];
}
