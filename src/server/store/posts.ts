import type { Database, Statement } from 'better-sqlite3';
import { statementCache } from '../../primitives/index.js';
import { PageQueries } from './page-queries.js';
import {
  decode,
  encode,
  guidOf,
  INSERT_POST,
  inserted,
  LONE_SURROGATE,
  SELECT_POSTS,
  UPDATE_POST,
} from './post-rows.js';
import { requestBegins, requestEnds, SharedCache } from './shared-cache.js';
import type { Post, PostInput, PostType } from './types.js';

export { newPost } from './post-rows.js';

/** Where a post's password (WordPress's `post_password` column) is kept, in the post meta table. */
export const POST_PASSWORD = '_calctl_post_password';

/** Reads and writes posts (events, venues, organizers) and their links. */
export class PostStore {
  private readonly byId: Statement;
  private readonly bySlug: Statement;
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly organizersOf: Statement;
  private readonly deleteOrganizers: Statement;
  private readonly insertOrganizer: Statement;
  private readonly slugTaken: Statement;

  /**
   * Venues and organizers by id, across requests (see SharedCache): nearly every event write and list
   * page reads the same few. Entries are frozen: they are shared.
   */
  private readonly linked: SharedCache<number, Post>;

  /** List queries: page ids and totals, with the caches that make deep pages cheap. */
  private readonly pages: PageQueries;

  constructor(readonly db: Database) {
    this.cached = statementCache(db);
    this.pages = new PageQueries(db, (post) => this.remember(post));
    this.linked = new SharedCache<number, Post>(db);
    this.byId = db.prepare(`${SELECT_POSTS} WHERE id = ?`).raw(true);
    this.bySlug = db.prepare(`${SELECT_POSTS} WHERE type = ? AND slug = ? ORDER BY id LIMIT 1`).raw(true);
    this.insertStmt = db.prepare(INSERT_POST);
    this.updateStmt = db.prepare(UPDATE_POST);
    this.organizersOf = db
      .prepare('SELECT organizer_id FROM event_organizers WHERE event_id = ? ORDER BY position, organizer_id')
      .pluck();
    this.deleteOrganizers = db.prepare('DELETE FROM event_organizers WHERE event_id = ?');
    this.insertOrganizer = db.prepare(
      'INSERT OR IGNORE INTO event_organizers (event_id, organizer_id, position) VALUES (?, ?, ?)',
    );
    this.slugTaken = db.prepare('SELECT 1 FROM posts WHERE type = ? AND slug = ? AND id <> ? LIMIT 1');
  }

  /**
   * Posts read during the current request, by id: a create reads its venue and organizers in the
   * validators, in the write and again in the answer. Only kept between {@link beginRequest} and
   * {@link endRequest} (the core runs each request in one transaction, so nothing else changes them
   * meanwhile); writes through this store drop what they touch.
   */
  private memo: Map<number, Post> | null = null;

  /** Organizer ids of events linked during the current request, in link order (same lifetime as memo). */
  private orgMemo: Map<number, number[]> | null = null;

  beginRequest(): void {
    this.memo = new Map();
    this.orgMemo = new Map();
    requestBegins(this.db);
  }

  endRequest(): void {
    this.memo = null;
    this.orgMemo = null;
    requestEnds(this.db);
  }

  /** A post just read: remembered for the request, and across requests when it is a venue or organizer. */
  private remember(post: Post): void {
    this.memo?.set(post.id, post);
    if (post.type !== 'tribe_events' && this.linked.usable()) {
      Object.freeze(post.meta);
      this.linked.set(post.id, Object.freeze(post));
    }
  }

  get(id: number): Post | undefined {
    const hit = this.memo?.get(id) ?? this.linked.get(id);
    if (hit) {
      this.memo?.set(id, hit);
      return hit;
    }
    const post = decode(this.byId.get(id) as unknown[] | undefined);
    if (post) this.remember(post);
    return post;
  }

  private readonly manyStmts = new Map<number, Statement>();

  getMany(wanted: readonly number[]): Map<number, Post> {
    const out = new Map<number, Post>();
    const ids: number[] = [];
    for (const id of wanted) {
      const hit = this.memo?.get(id) ?? this.linked.get(id);
      if (hit) out.set(id, hit);
      else ids.push(id);
    }
    if (ids.length === 0) return out;
    let stmt = this.manyStmts.get(ids.length);
    if (!stmt) {
      stmt = this.db.prepare(`${SELECT_POSTS} WHERE id IN (${ids.map(() => '?').join(',')})`).raw(true);
      if (this.manyStmts.size < 64) this.manyStmts.set(ids.length, stmt);
    }
    for (const row of stmt.all(...ids) as unknown[][]) {
      const post = decode(row) as Post;
      out.set(post.id, post);
      this.remember(post);
    }
    return out;
  }

  getBySlug(type: PostType, slug: string): Post | undefined {
    return decode(this.bySlug.get(type, slug) as unknown[] | undefined);
  }

  private familyStats?: Statement;
  private familySlugs?: Statement;

  /**
   * `base`, or WordPress's first free `base-N` (N from 2). Usually the suffixes 2..max are all taken,
   * so one aggregate over the index answers max+1 without reading the family; only when there are gaps
   * are the slugs read to find the first free one.
   */
  uniqueSlug(type: PostType, base: string, exceptId = 0): string {
    if (!this.isSlugTaken(type, base, exceptId)) return base;
    const glob = `${base.replace(/[[\]*?]/g, '')}-[0-9]*`;
    const from = base.length + 2;
    this.familyStats ??= this.db.prepare(
      "SELECT COUNT(*) AS n, MAX(CAST(substr(slug, ?) AS INTEGER)) AS top FROM posts WHERE type = ? AND id <> ? AND slug GLOB ? AND substr(slug, ?) NOT GLOB '*[^0-9]*'",
    );
    const { n, top } = this.familyStats.get(from, type, exceptId, glob, from) as { n: number; top: number | null };
    if (top === null || top < 2) return `${base}-2`;
    if (n === top - 1) return `${base}-${top + 1}`;
    this.familySlugs ??= this.db.prepare('SELECT slug FROM posts WHERE type = ? AND id <> ? AND slug GLOB ?').pluck();
    const taken = new Set(this.familySlugs.all(type, exceptId, glob) as string[]);
    for (let k = 2; ; k++) if (!taken.has(`${base}-${k}`)) return `${base}-${k}`;
  }

  /** Whether any post but `exceptId`, of any type, has this slug (an attachment's slug is unique among all). */
  isSlugTakenByAny(slug: string, exceptId = 0): boolean {
    // (every type named, so the (type, slug) index answers instead of a scan of every post)
    const sql = `SELECT 1 FROM posts WHERE type IN ('tribe_events', 'tribe_venue', 'tribe_organizer', 'attachment') AND slug = ? AND id <> ? LIMIT 1`;
    return this.cached(sql).get(slug, exceptId) !== undefined;
  }

  isSlugTaken(type: PostType, slug: string, exceptId = 0): boolean {
    return this.slugTaken.get(type, slug, exceptId) !== undefined;
  }

  /**
   * Inserts a post. Within a request the new row is remembered as read back, so the answer to a
   * create renders it without reading it again; a new event has no organizer links yet (ids are
   * never reused: AUTOINCREMENT).
   */
  insert(post: PostInput): number {
    if (post.type !== 'tribe_events') this.linked.written();
    const metaJson = JSON.stringify(post.meta);
    const values = encode({ ...post, guid: guidOf(post) }, metaJson);
    const id = Number(this.insertStmt.run(values).lastInsertRowid);
    // (text with a lone surrogate is stored altered — U+FFFD — so such a row is read back instead)
    if (this.memo && !values.some((v) => typeof v === 'string' && LONE_SURROGATE.test(v))) {
      this.memo.set(id, inserted(id, values));
      if (post.type === 'tribe_events') this.orgMemo?.set(id, []);
    }
    return id;
  }

  update(post: Post): void {
    this.memo?.delete(post.id);
    if (post.type !== 'tribe_events') this.linked.written();
    this.updateStmt.run(...encode(post, JSON.stringify(post.meta)), post.id);
  }

  /** One key of the post meta of several posts, by post (posts without it are left out). */
  metaOfMany(postIds: readonly number[], key: string): Map<number, string> {
    const out = new Map<number, string>();
    if (postIds.length === 0) return out;
    const rows = this.db
      .prepare(
        `SELECT post_id, value FROM post_meta WHERE key = ? AND post_id IN (${postIds.map(() => '?').join(',')})`,
      )
      .all(key, ...postIds) as { post_id: number; value: string }[];
    for (const r of rows) out.set(r.post_id, String(r.value));
    return out;
  }

  /** A post's password (WordPress's `post_password`), '' when it has none. */
  passwordOf(postId: number): string {
    return this.getMeta(postId, POST_PASSWORD) ?? '';
  }

  /** Sets or (with '') removes a post's password. */
  setPassword(postId: number, password: string): void {
    if (password === '') this.deleteMeta(postId, POST_PASSWORD);
    else this.setMeta(postId, POST_PASSWORD, password);
  }

  /** A value of the post meta WordPress keeps beside a post (the trash's), or undefined. */
  getMeta(postId: number, key: string): string | undefined {
    const row = this.cached('SELECT value FROM post_meta WHERE post_id = ? AND key = ?').pluck().get(postId, key);
    return row === undefined ? undefined : String(row);
  }

  setMeta(postId: number, key: string, value: string): void {
    this.cached('INSERT OR REPLACE INTO post_meta (post_id, key, value) VALUES (?, ?, ?)').run(postId, key, value);
  }

  deleteMeta(postId: number, key: string): void {
    this.cached('DELETE FROM post_meta WHERE post_id = ? AND key = ?').run(postId, key);
  }

  /**
   * Deletes a post for good (wp_delete_post with force): its row, its meta, its term and organizer
   * links, and its link from events when it is a venue or organizer.
   */
  remove(post: Post): void {
    this.memo?.delete(post.id);
    if (post.type !== 'tribe_events') this.linked.written();
    this.unlinkEverywhere(post);
    this.cached('DELETE FROM event_organizers WHERE event_id = ?').run(post.id);
    this.cached('DELETE FROM term_relationships WHERE post_id = ?').run(post.id);
    this.cached('DELETE FROM post_meta WHERE post_id = ?').run(post.id);
    this.cached('DELETE FROM posts WHERE id = ?').run(post.id);
  }

  /** Organizer ids of several events in one query, in each event's order. */
  organizerIdsOf(eventIds: readonly number[]): Map<number, number[]> {
    const out = new Map<number, number[]>();
    if (eventIds.length === 0) return out;
    // Rows as arrays, unsorted: most events have one organizer, so only longer lists are sorted here
    // (by position, then id) instead of sorting every row in SQLite.
    const rows = this.cached(
      `SELECT event_id, position, organizer_id FROM event_organizers WHERE event_id IN (${eventIds.map(() => '?').join(',')})`,
    )
      .raw(true)
      .all(...eventIds) as [number, number, number][];
    const links = new Map<number, [number, number, number][]>();
    for (const r of rows) {
      const list = links.get(r[0]);
      if (list) list.push(r);
      else links.set(r[0], [r]);
    }
    for (const [eventId, list] of links) {
      if (list.length > 1) list.sort((a, b) => a[1] - b[1] || a[2] - b[2]);
      out.set(
        eventId,
        list.map((r) => r[2]),
      );
    }
    return out;
  }

  organizerIds(eventId: number): number[] {
    const known = this.orgMemo?.get(eventId);
    if (known) return [...known];
    return this.organizersOf.all(eventId) as number[];
  }

  /** Links an event to its organizers, in order, replacing its links (`fresh`: it has none yet). */
  setOrganizers(eventId: number, organizerIds: readonly number[], fresh = false): void {
    if (!fresh) this.deleteOrganizers.run(eventId);
    const linked: number[] = [];
    organizerIds.forEach((orgId, i) => {
      // INSERT OR IGNORE: a repeated organizer keeps its first position.
      if (this.insertOrganizer.run(eventId, orgId, i).changes > 0) linked.push(orgId);
    });
    this.orgMemo?.set(eventId, linked);
  }

  /** Unlinks a trashed venue or organizer from every event, as the site does. */
  unlinkEverywhere(post: Post): void {
    this.memo?.clear();
    this.orgMemo?.clear();
    if (post.type === 'tribe_venue') this.cached('UPDATE posts SET venue_id = NULL WHERE venue_id = ?').run(post.id);
    if (post.type === 'tribe_organizer')
      this.cached('DELETE FROM event_organizers WHERE organizer_id = ?').run(post.id);
  }

  /** Non-trashed venues or organizers whose title equals `title` (case-insensitive), oldest first. */
  findByTitle(type: Exclude<PostType, 'tribe_events'>, title: string): Post[] {
    const rows = this.cached(
      // (`type <> 'tribe_events'` lets SQLite use the partial title index; events are never looked up by title)
      `${SELECT_POSTS} WHERE type = ? AND type <> 'tribe_events' AND title = ? COLLATE NOCASE AND status <> 'trash' ORDER BY id`,
    )
      .raw(true)
      .all(type, title) as unknown[][];
    return rows.map((r) => decode(r) as Post);
  }

  /**
   * Runs a list query built by the handlers: ids of one page plus the total (see {@link PageQueries}).
   * The page's rows are read with it and kept for the request unless `rows` is false.
   */
  query(
    where: string,
    params: unknown[],
    orderBy: string,
    limit: number,
    offset: number,
    rows = true,
  ): { ids: number[]; total: number } {
    return this.pages.query(where, params, orderBy, limit, offset, rows);
  }

  /** Statements prepared once (see primitives/statement-cache.ts). */
  private readonly cached: (sql: string) => Statement;
}
