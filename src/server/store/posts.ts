import type { Database, Statement } from 'better-sqlite3';
import type { Post, PostInput, PostType } from './types.js';

const COLUMNS = [
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
] as const;

/**
 * Rows are read as arrays (better-sqlite3's raw mode) in this column order and turned into posts by
 * one object literal: building each row as an object with 21 named properties inside the driver cost
 * about as much as the query itself.
 */
const SELECTED = ['id', ...COLUMNS] as const;
/** Columns that are never NULL (see the schema). */
const NOT_NULL = new Set(['type', 'status', 'title', 'slug', 'date', 'date_utc', 'modified', 'modified_utc']);
const SELECT_POSTS = `SELECT ${SELECTED.join(', ')} FROM posts`;
const col = Object.fromEntries(SELECTED.map((c, i) => [c, i])) as Record<(typeof SELECTED)[number], number>;

function decode(r: unknown[] | undefined): Post | undefined {
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
  };
}

function encode(post: PostInput): Record<string, unknown> {
  return { ...post, meta: JSON.stringify(post.meta) };
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
    ...fields,
  };
}

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

  constructor(readonly db: Database) {
    this.byId = db.prepare(`${SELECT_POSTS} WHERE id = ?`).raw(true);
    this.bySlug = db.prepare(`${SELECT_POSTS} WHERE type = ? AND slug = ? ORDER BY id LIMIT 1`).raw(true);
    this.insertStmt = db.prepare(
      `INSERT INTO posts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.updateStmt = db.prepare(`UPDATE posts SET ${COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`);
    this.organizersOf = db.prepare(
      'SELECT organizer_id FROM event_organizers WHERE event_id = ? ORDER BY position, organizer_id',
    );
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

  beginRequest(): void {
    this.memo = new Map();
  }

  endRequest(): void {
    this.memo = null;
  }

  get(id: number): Post | undefined {
    const hit = this.memo?.get(id);
    if (hit) return hit;
    const post = decode(this.byId.get(id) as unknown[] | undefined);
    if (post) this.memo?.set(id, post);
    return post;
  }

  private readonly manyStmts = new Map<number, Statement>();

  getMany(wanted: readonly number[]): Map<number, Post> {
    const out = new Map<number, Post>();
    const ids: number[] = [];
    for (const id of wanted) {
      const hit = this.memo?.get(id);
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
      this.memo?.set(post.id, post);
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

  isSlugTaken(type: PostType, slug: string, exceptId = 0): boolean {
    return this.slugTaken.get(type, slug, exceptId) !== undefined;
  }

  insert(post: PostInput): number {
    return Number(this.insertStmt.run(encode(post)).lastInsertRowid);
  }

  update(post: Post): void {
    this.memo?.delete(post.id);
    this.updateStmt.run({ ...encode(post), id: post.id });
  }

  /** Organizer ids of several events in one query, in each event's order. */
  organizerIdsOf(eventIds: readonly number[]): Map<number, number[]> {
    const out = new Map<number, number[]>();
    if (eventIds.length === 0) return out;
    const rows = this.cached(
      `SELECT event_id, organizer_id FROM event_organizers WHERE event_id IN (${eventIds.map(() => '?').join(',')}) ORDER BY event_id, position, organizer_id`,
    ).all(...eventIds) as { event_id: number; organizer_id: number }[];
    for (const r of rows) {
      const list = out.get(r.event_id) ?? [];
      list.push(r.organizer_id);
      out.set(r.event_id, list);
    }
    return out;
  }

  organizerIds(eventId: number): number[] {
    return (this.organizersOf.all(eventId) as { organizer_id: number }[]).map((r) => r.organizer_id);
  }

  setOrganizers(eventId: number, organizerIds: readonly number[]): void {
    this.deleteOrganizers.run(eventId);
    organizerIds.forEach((orgId, i) => {
      this.insertOrganizer.run(eventId, orgId, i);
    });
  }

  /** Unlinks a trashed venue or organizer from every event, as the site does. */
  unlinkEverywhere(post: Post): void {
    this.memo?.clear();
    if (post.type === 'tribe_venue')
      this.db.prepare('UPDATE posts SET venue_id = NULL WHERE venue_id = ?').run(post.id);
    if (post.type === 'tribe_organizer')
      this.db.prepare('DELETE FROM event_organizers WHERE organizer_id = ?').run(post.id);
  }

  /** Non-trashed posts of a type whose title equals `title` (case-insensitive), oldest first. */
  findByTitle(type: PostType, title: string): Post[] {
    const rows = this.cached(
      `${SELECT_POSTS} WHERE type = ? AND title = ? COLLATE NOCASE AND status <> 'trash' ORDER BY id`,
    )
      .raw(true)
      .all(type, title) as unknown[][];
    return rows.map((r) => decode(r) as Post);
  }

  /**
   * Runs a list query built by the handlers: ids of one page plus the total.
   *
   * Pages are addressed by number (the interface has no cursor), and OFFSET walks every row before
   * the page, so paging through a large result (an export) would cost the square of its length. When
   * the order is one column then the id, the end of each page served is remembered, and the next
   * page starts there through the index (keyset) instead of counting rows from the top. Remembered
   * ends are dropped as soon as anything changes (see {@link version}).
   */
  query(
    where: string,
    params: unknown[],
    orderBy: string,
    limit: number,
    offset: number,
  ): { ids: number[]; total: number } {
    const countSql = `SELECT COUNT(*) AS n FROM posts p WHERE ${where}`;
    const total = this.memoizedCount(countSql, params);
    if (offset >= total) return { ids: [], total };
    const keyed = /^p\.(\w+) (ASC|DESC), p\.id (ASC|DESC)$/.exec(orderBy);
    // (NULLs sort last in a descending order, where a row-value comparison would skip them.)
    if (!keyed || keyed[2] !== keyed[3] || (keyed[2] === 'DESC' && !NOT_NULL.has(keyed[1] as string))) {
      const rows = this.cached(`SELECT p.id FROM posts p WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`).all(
        ...params,
        limit,
        offset,
      ) as { id: number }[];
      return { ids: rows.map((r) => r.id), total };
    }
    const column = keyed[1] as string;
    const shape = `${where}\u0000${JSON.stringify(params)}\u0000${orderBy}`;
    const after = offset > 0 ? this.pageEnds.get(`${shape}\u0000${offset}`) : undefined;
    const rows = (
      after
        ? // The page end comes first: of several bounds on one column, SQLite seeks the index by the
          // first, and the list's own date window would otherwise have it scan from the window start.
          this.cached(
            `SELECT p.id AS id, p.${column} AS k FROM posts p WHERE (p.${column}, p.id) ${keyed[2] === 'ASC' ? '>' : '<'} (?, ?) AND ${where} ORDER BY ${orderBy} LIMIT ?`,
          ).all(after.k, after.id, ...params, limit)
        : this.cached(
            `SELECT p.id AS id, p.${column} AS k FROM posts p WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
          ).all(...params, limit, offset)
    ) as { id: number; k: unknown }[];
    const last = rows[rows.length - 1];
    if (last && last.k !== null && rows.length === limit) {
      if (this.pageEnds.size > 10_000) this.pageEnds.clear();
      this.pageEnds.set(`${shape}\u0000${offset + limit}`, { k: last.k, id: last.id });
    }
    return { ids: rows.map((r) => r.id), total };
  }

  private readonly counts = new Map<string, number>();
  private readonly pageEnds = new Map<string, { k: unknown; id: number }>();
  private countsVersion = '';

  /**
   * Drops the remembered totals and page ends when anything changed since they were taken: changes
   * are seen through `total_changes()` (this connection) and `data_version` (every other one).
   */
  private version(): void {
    const version = this.cached("SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version)")
      .pluck()
      .get() as string;
    if (version !== this.countsVersion) {
      this.counts.clear();
      this.pageEnds.clear();
      this.countsVersion = version;
    }
  }

  /**
   * Totals of list queries, remembered until anything changes: paging through a large result (an
   * export) would otherwise count the whole result again for every page.
   */
  private memoizedCount(sql: string, params: unknown[]): number {
    this.version();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    let total = this.counts.get(key);
    if (total === undefined) {
      total = (this.cached(sql).get(...params) as { n: number }).n;
      if (this.counts.size > 1000) this.counts.clear();
      this.counts.set(key, total);
    }
    return total;
  }

  private readonly statements = new Map<string, Statement>();

  /** Prepared statements by SQL text: list queries repeat a small set of shapes. */
  private cached(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(sql, stmt);
    }
    return stmt;
  }
}
