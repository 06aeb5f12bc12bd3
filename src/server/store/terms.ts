import type { Database, Statement } from 'better-sqlite3';
import { compareNames } from '../format/collate.js';
import type { Taxonomy, Term } from './types.js';

/** Reads and writes categories and tags, and which events carry them. */
export class TermStore {
  private readonly byId: Statement;
  private readonly bySlug: Statement;
  private readonly byName: Statement;
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly termsOfPost: Statement;
  private readonly countStmt: Statement;

  constructor(readonly db: Database) {
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

  getOf(taxonomy: Taxonomy, id: number): Term | undefined {
    const t = this.get(id);
    return t && t.taxonomy === taxonomy ? t : undefined;
  }

  getBySlug(taxonomy: Taxonomy, slug: string): Term | undefined {
    return this.bySlug.get(taxonomy, slug) as Term | undefined;
  }

  getByName(taxonomy: Taxonomy, name: string): Term | undefined {
    return this.byName.get(taxonomy, name) as Term | undefined;
  }

  insert(term: Omit<Term, 'id'>): number {
    return Number(this.insertStmt.run(term).lastInsertRowid);
  }

  update(term: Term): void {
    this.updateStmt.run(term);
  }

  /** Deletes a term for good; its children move up to its parent, as WordPress does. */
  delete(term: Term): void {
    this.db.prepare('UPDATE terms SET parent = ? WHERE parent = ?').run(term.parent, term.id);
    this.db.prepare('DELETE FROM term_relationships WHERE term_id = ?').run(term.id);
    this.db.prepare('DELETE FROM terms WHERE id = ?').run(term.id);
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

  /** Terms of several posts in one query, per post, ordered by name as the site orders them. */
  ofPosts(postIds: readonly number[]): Map<number, Term[]> {
    const out = new Map<number, Term[]>();
    if (postIds.length === 0) return out;
    const rows = this.db
      .prepare(
        `SELECT r.post_id AS post_id, t.* FROM term_relationships r JOIN terms t ON t.id = r.term_id WHERE r.post_id IN (${postIds.map(() => '?').join(',')})`,
      )
      .all(...postIds) as (Term & { post_id: number })[];
    for (const { post_id, ...term } of rows) {
      const list = out.get(post_id) ?? [];
      list.push(term);
      out.set(post_id, list);
    }
    for (const list of out.values()) {
      list.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
    }
    return out;
  }

  setForPost(postId: number, taxonomy: Taxonomy, termIds: readonly number[]): void {
    this.clearStmt ??= this.db.prepare(
      'DELETE FROM term_relationships WHERE post_id = ? AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?)',
    );
    this.linkStmt ??= this.db.prepare('INSERT OR IGNORE INTO term_relationships (post_id, term_id) VALUES (?, ?)');
    this.clearStmt.run(postId, taxonomy);
    for (const id of termIds) this.linkStmt.run(postId, id);
  }

  /** The term and all its descendants (a parent category filter matches events of its children). */
  withDescendants(termId: number): number[] {
    const rows = this.db
      .prepare(
        'WITH RECURSIVE tree(id) AS (SELECT ? UNION SELECT t.id FROM terms t JOIN tree ON t.parent = tree.id) SELECT id FROM tree',
      )
      .all(termId) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /** Every term of a taxonomy (term lists are small; filtering and sorting happen in the handler). */
  all(taxonomy: Taxonomy): Term[] {
    return this.db.prepare('SELECT * FROM terms WHERE taxonomy = ?').all(taxonomy) as Term[];
  }

  /** Counts of every term of a taxonomy in one query. */
  counts(taxonomy: Taxonomy): Map<number, number> {
    const rows = this.db.prepare('SELECT id, count AS n FROM terms WHERE taxonomy = ?').all(taxonomy) as {
      id: number;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  slugTaken(taxonomy: Taxonomy, slug: string, exceptId = 0): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM terms WHERE taxonomy = ? AND slug = ? AND id <> ?')
        .get(taxonomy, slug, exceptId) !== undefined
    );
  }
}
