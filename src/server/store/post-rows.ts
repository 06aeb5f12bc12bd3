/** The posts table's rows as the store reads and writes them: columns, decoding, encoding. */
import type { Post, PostInput, PostType } from './types.js';

export const COLUMNS = [
  'type',
  'status',
  'author',
  'title',
  'content',
  'excerpt',
  'slug',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'parent',
  'meta',
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'featured',
  'hidden',
  'venue_id',
  'guid',
] as const;

/**
 * Rows are read as arrays (better-sqlite3's raw mode) in this column order and turned into posts by
 * one object literal: building each row as an object with 21 named properties inside the driver cost
 * about as much as the query itself.
 */
const SELECTED = ['id', ...COLUMNS] as const;
/** Columns that are never NULL (see the schema). */
export const NOT_NULL = new Set(['type', 'status', 'title', 'slug', 'date', 'date_utc', 'modified', 'modified_utc']);
/** Statements taking {@link encode}'s values (the update: then the id). */
export const INSERT_POST = `INSERT INTO posts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;
export const UPDATE_POST = `UPDATE posts SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`;
export const SELECT_POSTS = `SELECT ${SELECTED.join(', ')} FROM posts`;
/** The same columns for list queries, which name the table `p`. */
export const SELECT_PAGE = `SELECT ${SELECTED.map((c) => `p.${c}`).join(', ')} FROM posts p`;
const col = Object.fromEntries(SELECTED.map((c, i) => [c, i])) as Record<(typeof SELECTED)[number], number>;

export function decode(r: unknown[] | undefined): Post | undefined {
  if (!r) return undefined;
  return {
    id: r[col.id] as number,
    type: r[col.type] as PostType,
    status: r[col.status] as string,
    author: r[col.author] as number,
    title: r[col.title] as string,
    content: r[col.content] as string,
    excerpt: r[col.excerpt] as string,
    slug: r[col.slug] as string,
    date: r[col.date] as string,
    date_utc: r[col.date_utc] as string,
    modified: r[col.modified] as string,
    modified_utc: r[col.modified_utc] as string,
    parent: r[col.parent] as number,
    meta: JSON.parse(r[col.meta] as string) as Record<string, unknown>,
    start_local: r[col.start_local] as string | null,
    end_local: r[col.end_local] as string | null,
    start_utc: r[col.start_utc] as string | null,
    end_utc: r[col.end_utc] as string | null,
    featured: r[col.featured] as number,
    hidden: r[col.hidden] as number,
    venue_id: r[col.venue_id] as number | null,
    guid: r[col.guid] as string,
  };
}

/**
 * The values of {@link COLUMNS}, in order, meta encoded: bound by position (binding 20 named
 * parameters from an object cost a third of an insert).
 */
export function encode(p: PostInput, metaJson: string): unknown[] {
  return COLUMNS.map((c) => (c === 'meta' ? metaJson : p[c]));
}

/** First path segment of each post type's pretty permalinks. */
export const PERMALINK_BASE: Record<PostType, string> = {
  tribe_events: 'event',
  tribe_venue: 'venue',
  tribe_organizer: 'organizer',
};

/** Statuses whose posts have no pretty permalink yet (get_permalink's draft-or-pending list). */
export const UNPUBLISHED = new Set(['draft', 'pending', 'auto-draft', 'future']);

/**
 * The guid wp_insert_post gives a new post: its permalink at that moment, kept below the site root.
 * An unpublished post's is its `?post_type=…&p=ID` address, which needs no storing ('').
 */
export function guidOf(p: PostInput): string {
  if (p.guid !== '' || UNPUBLISHED.has(p.status) || p.slug === '') return p.guid;
  return `/${PERMALINK_BASE[p.type]}/${p.slug}/`;
}

export const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The post a read of the row just inserted would return: its values decoded as a read decodes them,
 * meta through the same JSON round trip. (Every column gets the JavaScript type it is stored as: text
 * columns strings, integer columns integers, so SQLite's affinity changes nothing.)
 */
export function inserted(id: number, values: readonly unknown[]): Post {
  return decode([id, ...values]) as Post;
}

/**
 * A post to insert: the given fields over the defaults every insert shares. The modification date
 * starts as the publication date, as WordPress sets it on insert.
 */
export function newPost(
  fields: Pick<PostInput, 'type' | 'title' | 'date' | 'date_utc'> & Partial<PostInput>,
): PostInput {
  return {
    status: 'publish',
    author: 1,
    content: '',
    excerpt: '',
    slug: '',
    modified: fields.date,
    modified_utc: fields.date_utc,
    parent: 0,
    meta: {},
    start_local: null,
    end_local: null,
    start_utc: null,
    end_utc: null,
    featured: 0,
    hidden: 0,
    venue_id: null,
    guid: '',
    ...fields,
  };
}
