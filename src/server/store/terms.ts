import type { Database, Statement } from 'better-sqlite3';
import { statementCache } from '../../primitives/index.js';
import { compareNames } from '../format/collate.js';
import { SharedCache } from './shared-cache.js';
import type { Taxonomy, Term } from './types.js';

/** A term row as the lookups share it: frozen, without the count column (null: no such term). */
function withoutCount(row: (Term & { count?: number }) | undefined): Term | null {
  if (!row) return null;
  const { count: _count, ...term } = row;
  return Object.freeze(term);
}

/** Reads and writes categories and tags, and which events carry them. */
export class TermStore {
  private readonly byId: Statement;
  private readonly bySlug: Statement;
  private readonly byName: Statement;
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly termsOfPost: Statement;
  private readonly countStmt: Statement;

  /**
   * Terms by `taxonomy:slug` and by id, across requests (see SharedCache), for the lookups that only
   * need to find a term (an import names the same categories again and again). Kept without their
   * count, which every linked post changes: what renders a count reads it.
   */
  private readonly found: SharedCache<string | number, Term | null>;

  constructor(readonly db: Database) {
    this.stmt = statementCache(db);
    this.found = new SharedCache<string | number, Term | null>(db);
    this.byId = db.prepare('SELECT * FROM terms WHERE id = ?');
    this.bySlug = db.prepare('SELECT * FROM terms WHERE taxonomy = ? AND slug = ?');
    this.byName = db.prepare('SELECT * FROM terms WHERE taxonomy = ? AND name = ? COLLATE NOCASE ORDER BY id LIMIT 1');
    this.insertStmt = db.prepare(
      'INSERT INTO terms (taxonomy, name, slug, description, parent, count) VALUES (@taxonomy, @name, @slug, @description, @parent, 0)',
    );
    this.updateStmt = db.prepare(
      'UPDATE terms SET name = @name, slug = @slug, description = @description, parent = @parent WHERE id = @id',
    );
    this.termsOfPost = db.prepare(
      'SELECT t.* FROM term_relationships r JOIN terms t ON t.id = r.term_id WHERE r.post_id = ? AND t.taxonomy = ?',
    );
    // WordPress counts only published posts of the term itself (not of its children); triggers keep it.
    this.countStmt = db.prepare('SELECT count AS n FROM terms WHERE id = ?');
  }

  get(id: number): Term | undefined {
    return this.byId.get(id) as Term | undefined;
  }

  /** The term with this id when it is of `taxonomy` (without its count). */
  getOf(taxonomy: Taxonomy, id: number): Term | undefined {
    let t = this.found.get(id);
    if (t === undefined) {
      t = withoutCount(this.get(id));
      this.found.set(id, t);
    }
    return t && t.taxonomy === taxonomy ? t : undefined;
  }

  /** The term of `taxonomy` with this slug (without its count). */
  getBySlug(taxonomy: Taxonomy, slug: string): Term | undefined {
    const key = `${taxonomy}:${slug}`;
    let t = this.found.get(key);
    if (t === undefined) {
      t = withoutCount(this.bySlug.get(taxonomy, slug) as (Term & { count?: number }) | undefined);
      this.found.set(key, t);
    }
    return t ?? undefined;
  }

  getByName(taxonomy: Taxonomy, name: string): Term | undefined {
    return this.byName.get(taxonomy, name) as Term | undefined;
  }

  insert(term: Omit<Term, 'id'>): number {
    this.found.written();
    return Number(this.insertStmt.run(term).lastInsertRowid);
  }

  update(term: Term): void {
    this.found.written();
    this.updateStmt.run(term);
  }

  /** Deletes a term for good; its children move up to its parent, as WordPress does. */
  delete(term: Term): void {
    this.found.written();
    this.stmt('UPDATE terms SET parent = ? WHERE parent = ?').run(term.parent, term.id);
    this.stmt('DELETE FROM term_relationships WHERE term_id = ?').run(term.id);
    this.stmt('DELETE FROM terms WHERE id = ?').run(term.id);
  }

  count(termId: number): number {
    return (this.countStmt.get(termId) as { n: number } | undefined)?.n ?? 0;
  }

  /** Terms of one taxonomy on a post, ordered by name as the site orders them. */
  ofPost(postId: number, taxonomy: Taxonomy): Term[] {
    const terms = this.termsOfPost.all(postId, taxonomy) as Term[];
    return terms.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  }

  private clearStmt?: Statement;
  private linkStmt?: Statement;
  /** Raw-row statements `<prefix> (?, …)` by prefix and number of values (lists repeat a few sizes). */
  private readonly inListStmts = new Map<string, Statement>();

  private inList(prefix: string, values: readonly unknown[]): Statement {
    const key = `${prefix}\u0000${values.length}`;
    let stmt = this.inListStmts.get(key);
    if (!stmt) {
      stmt = this.db.prepare(`${prefix} (${values.map(() => '?').join(',')})`).raw(true);
      if (this.inListStmts.size < 128) this.inListStmts.set(key, stmt);
    }
    return stmt;
  }

  /**
   * Terms of several posts in one query, per post, ordered by name as the site orders them; each term
   * carries its count. A term linked to several of the posts is one shared object.
   */
  ofPosts(postIds: readonly number[]): Map<number, (Term & { count: number })[]> {
    const out = new Map<number, (Term & { count: number })[]>();
    if (postIds.length === 0) return out;
    // The links first, then each term once: a page of events names a handful of terms, and joining
    // them to every link read each term's row again per event.
    const links = this.inList('SELECT post_id, term_id FROM term_relationships WHERE post_id IN', postIds).all(
      ...postIds,
    ) as [number, number][];
    if (links.length === 0) return out;
    const ids = [...new Set(links.map((l) => l[1]))];
    const terms = new Map<number, Term & { count: number }>();
    const rows = this.inList(
      'SELECT id, taxonomy, name, slug, description, parent, count FROM terms WHERE id IN',
      ids,
    ).all(...ids) as [number, Taxonomy, string, string, string, number, number][];
    for (const r of rows) {
      terms.set(r[0], {
        id: r[0],
        taxonomy: r[1],
        name: r[2],
        slug: r[3],
        description: r[4],
        parent: r[5],
        count: r[6],
      });
    }
    for (const [postId, termId] of links) {
      const term = terms.get(termId);
      if (!term) continue;
      const list = out.get(postId);
      if (list) list.push(term);
      else out.set(postId, [term]);
    }
    for (const list of out.values()) {
      if (list.length > 1) list.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
    }
    return out;
  }

  /**
   * Sets the terms of one taxonomy on a post, replacing those it had. `fresh`: the post was created in
   * this transaction and has no links yet, so there is nothing to remove.
   */
  setForPost(postId: number, taxonomy: Taxonomy, termIds: readonly number[], fresh = false): void {
    this.linkStmt ??= this.db.prepare('INSERT OR IGNORE INTO term_relationships (post_id, term_id) VALUES (?, ?)');
    if (!fresh) {
      this.clearStmt ??= this.db.prepare(
        'DELETE FROM term_relationships WHERE post_id = ? AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?)',
      );
      this.clearStmt.run(postId, taxonomy);
    }
    for (const id of termIds) this.linkStmt.run(postId, id);
  }

  /** The term and all its descendants (a parent category filter matches events of its children). */
  withDescendants(termId: number): number[] {
    const rows = this.stmt(
      'WITH RECURSIVE tree(id) AS (SELECT ? UNION SELECT t.id FROM terms t JOIN tree ON t.parent = tree.id) SELECT id FROM tree',
    ).all(termId) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /** Every term of a taxonomy (term lists are small; filtering and sorting happen in the handler). */
  all(taxonomy: Taxonomy): Term[] {
    return this.stmt('SELECT * FROM terms WHERE taxonomy = ?').all(taxonomy) as Term[];
  }

  /** Counts of every term of a taxonomy in one query. */
  counts(taxonomy: Taxonomy): Map<number, number> {
    const rows = this.stmt('SELECT id, count AS n FROM terms WHERE taxonomy = ?').all(taxonomy) as {
      id: number;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  slugTaken(taxonomy: Taxonomy, slug: string, exceptId = 0): boolean {
    return (
      this.stmt('SELECT 1 FROM terms WHERE taxonomy = ? AND slug = ? AND id <> ?').get(taxonomy, slug, exceptId) !==
      undefined
    );
  }

  /** Statements prepared once (see primitives/statement-cache.ts). */
  private readonly stmt: (sql: string) => Statement;
}
