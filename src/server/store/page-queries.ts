import type { Database, Statement } from 'better-sqlite3';
import { statementCache } from '../../primitives/index.js';
import { FOLD_FUNCTION, foldForSearch } from './fold.js';
import { decode, NOT_NULL, SELECT_PAGE } from './post-rows.js';
import type { Post } from './types.js';

/** A LIKE pattern that finds a word anywhere, its wildcards escaped so that it matches literally. */
export const likeArg = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search's words as one condition of constant depth, whatever their number (a chain of one LIKE per
 * word passes SQLite's limit of 1000 on an expression's depth after a few hundred words): the words'
 * patterns bound once as a JSON array. `every`: each word occurs in at least one of `fields`;
 * `none`: no word occurs in any of them. Empty words give no condition.
 */
export function wordsClause(
  fields: string[],
  words: string[],
  want: 'every' | 'none',
): { sql: string; arg: string } | null {
  if (words.length === 0) return null;
  // (as MySQL's collation compares: `Crepe` finds `Crêpe`; the plain LIKE first, the folded one for the rest)
  const found = fields
    .map((f) => `ifnull(${f} LIKE w.value ESCAPE '\\' OR ${FOLD_FUNCTION}(${f}) LIKE w.value ESCAPE '\\', 0)`)
    .join(' OR ');
  const sql =
    want === 'every'
      ? `NOT EXISTS (SELECT 1 FROM json_each(?) w WHERE NOT (${found}))`
      : `NOT EXISTS (SELECT 1 FROM json_each(?) w WHERE ${found})`;
  return { sql, arg: JSON.stringify(words.map((w) => likeArg(foldForSearch(w)))) };
}

/** How many pages before the one asked for a remembered page end is looked for (see nearestPageEnd). */
const PAGES_BACK = 8;

/**
 * The list queries of the post store: one page of ids plus the total, with the totals and page ends
 * remembered until anything changes, so that paging through a large result stays cheap.
 */
export class PageQueries {
  /** @param onRead told of every post a page reads whole (the store keeps them for the request) */
  constructor(
    db: Database,
    private readonly onRead: (post: Post) => void,
  ) {
    this.cached = statementCache(db);
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
    rows = true,
  ): { ids: number[]; total: number } {
    const countSql = `SELECT COUNT(*) AS n FROM posts p WHERE ${where}`;
    const total = this.memoizedCount(countSql, params);
    if (offset >= total) return { ids: [], total };
    const keyed = /^p\.(\w+) (ASC|DESC), p\.id (ASC|DESC)$/.exec(orderBy);
    // The page's posts are read whole and kept for the request: the handler's getMany of these ids
    // then reads nothing (one statement per page instead of two). A caller that needs few of the
    // rows (`rows` false: the events list, which keeps its records as text) reads the ids only, and
    // the order's column for the page end: the window index covers them, no row is visited.
    const SELECT = rows ? SELECT_PAGE : `SELECT p.id${keyed ? `, p.${keyed[1]}` : ''} FROM posts p`;
    const read = (stmt: Statement, args: unknown[]): Post[] =>
      rows
        ? (stmt.raw(true).all(...args) as unknown[][]).map((row) => {
            const post = decode(row) as Post;
            this.onRead(post);
            return post;
          })
        : (stmt.raw(false).all(...args) as Post[]);
    // (NULLs sort last in a descending order, where a row-value comparison would skip them.)
    if (!keyed || keyed[2] !== keyed[3] || (keyed[2] === 'DESC' && !NOT_NULL.has(keyed[1] as string))) {
      const posts = read(this.cached(`${SELECT} WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`), [
        ...params,
        limit,
        offset,
      ]);
      return { ids: posts.map((p) => p.id), total };
    }
    const column = keyed[1] as keyof Post;
    const after = keyed[2] === 'ASC' ? '>' : '<';
    const shape = `${where}\u0000${JSON.stringify(params)}\u0000${orderBy}`;
    const start = offset > 0 ? this.nearestPageEnd(shape, offset, limit) : undefined;
    let posts: Post[];
    if (!start) {
      posts = read(this.cached(`${SELECT} WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`), [
        ...params,
        limit,
        offset,
      ]);
    } else if (!start.end.inRun) {
      // The page end comes first: of several bounds on one column, SQLite seeks the index by the
      // first, and the list's own date window would otherwise have it scan from the window start.
      posts = read(
        this.cached(
          `${SELECT} WHERE (p.${column}, p.id) ${after} (?, ?) AND ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
        ),
        [start.end.k, start.end.id, ...params, limit, start.skip],
      );
    } else {
      // The page end lies inside a run of rows sharing its key, a page long or more (thousands of
      // events imported at one start time). SQLite seeks the row-value comparison above by the key
      // alone and steps over every row of the run before the end, so each page of a long run would
      // cost more than the last. The rest of the run is read first, seeking by key and id, then the
      // rows past it.
      const wanted = limit + start.skip;
      const run = read(
        this.cached(`${SELECT} WHERE p.${column} = ? AND p.id ${after} ? AND ${where} ORDER BY ${orderBy} LIMIT ?`),
        [start.end.k, start.end.id, ...params, wanted],
      );
      const past =
        run.length < wanted
          ? read(this.cached(`${SELECT} WHERE p.${column} ${after} ? AND ${where} ORDER BY ${orderBy} LIMIT ?`), [
              start.end.k,
              ...params,
              wanted - run.length,
            ])
          : [];
      posts = [...run, ...past].slice(start.skip);
    }
    const first = posts[0];
    const last = posts[posts.length - 1];
    if (first && last && last[column] !== null && posts.length === limit) {
      if (this.pageEnds.size > 10_000) this.pageEnds.clear();
      // inRun: the whole page shares one key, so the run around its end may be long (see above).
      const end = { k: last[column], id: last.id, inRun: first[column] === last[column] };
      this.pageEnds.set(`${shape}\u0000${offset + limit}`, end);
    }
    return { ids: posts.map((p) => p.id), total };
  }

  /**
   * The remembered page end nearest before `offset`, and the rows between it and `offset`. An
   * export asks for several pages at once, and they need not arrive in order: a page whose
   * predecessor is still being served seeks from an earlier end and skips the rows between, instead
   * of counting every row from the top.
   */
  private nearestPageEnd(shape: string, offset: number, limit: number) {
    for (let skip = 0; skip < offset && skip <= PAGES_BACK * limit; skip += limit) {
      const end = this.pageEnds.get(`${shape}\u0000${offset - skip}`);
      if (end) return { end, skip };
    }
    return undefined;
  }

  private readonly counts = new Map<string, number>();
  private readonly pageEnds = new Map<string, { k: unknown; id: number; inRun: boolean }>();
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

  /** Statements prepared once (see primitives/statement-cache.ts). */
  private readonly cached: (sql: string) => Statement;
}
