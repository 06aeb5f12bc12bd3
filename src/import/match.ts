/**
 * The match index: the target resource listed ONCE (never one lookup per row), keyed by id, slug and
 * the natural key (the site importer's rule or `--match-by`). Rows are looked up here to decide
 * between create, update and unchanged; created records are added so that a later duplicate row in
 * the same file finds them.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { hash53 } from '../primitives/index.js';
import { type Body, keyOf, recordToInput } from '../records/index.js';
import { decodeEntities } from '../wptext/index.js';
import { IdTable } from './id-table.js';

/** One known record: its id and, for records listed at the start, its current body. */
export interface IndexEntry {
  id: number;
  /** undefined for records created by this run (fetched again if a later row matches them) */
  body: Body | undefined;
  /**
   * Set when the row matched records created by this run through the hash of its natural key: the
   * ids to confirm (by fetching them) before one counts as the match, oldest first.
   */
  candidates?: readonly number[];
}

/** Where a record embeds its linked records' names: field, linked resource, key of the name. */
const LINKED_NAMES = [
  ['venue', 'venues', 'venue'],
  ['organizer', 'organizers', 'organizer'],
  ['categories', 'categories', 'name'],
  ['tags', 'tags', 'name'],
] as const;

/** A natural key as a small integer (31 bits of its hash). */
const keyHash = (key: string): number => hash53(key) % 0x80000000;

/**
 * The index of one run. Records listed at the start keep their bodies (to tell unchanged rows without
 * a request); records created by the run are kept as bare ids under their slug and natural key only —
 * a run may create a million, and no later row can name a record by an id it did not have yet.
 */
export class MatchIndex {
  private readonly byId = new Map<number, IndexEntry>();
  private readonly bySlug = new Map<string, IndexEntry | number>();
  private readonly byKey = new Map<string, IndexEntry>();
  /**
   * natural key hash → id(s) of records created by this run (several when hashes collide): about 16
   * bytes a record. At a million rows a few hundred rows meet a collision, which costs each one
   * request to confirm.
   */
  private readonly createdByKey = new IdTable();
  /** names of the linked records the listed records embed (`venues:12` → its name), for plans */
  private readonly names = new Map<string, string>();

  /**
   * Fills the index with what a row may match before it is looked up (see match-loader); the
   * default has nothing to load (an index filled up front, or built by hand in tests).
   */
  prepare: (id: number | undefined, body: Body) => Promise<void> = async () => {};

  /** Whether `prepare` loads what a row may match (a large calendar, listed by date windows). */
  windowed = false;

  constructor(
    readonly resource: ResourceSpec,
    readonly keyFields: readonly string[],
  ) {}

  /** How many records are indexed under a natural key (for tests and figures). */
  get size(): number {
    return this.byKey.size + this.createdByKey.size;
  }

  /**
   * Adds a record: from the listing or a lookup (`keepBody`: its body is kept), or just created by
   * this run (remembered as a bare id under the hash of its natural key, and under its slug only
   * when the row that created it had one, since only rows with slugs look records up by slug).
   */
  add(record: Record<string, unknown>, keepBody: boolean, row?: Body): IndexEntry {
    const body = recordToInput(this.resource, record);
    const entry: IndexEntry = { id: Number(record.id), body: keepBody ? body : undefined };
    const key = keyOf(this.resource, body, this.keyFields);
    if (keepBody) {
      this.learnNames(record);
      this.byId.set(entry.id, entry);
      if (typeof body.slug === 'string' && body.slug !== '') this.bySlug.set(body.slug.toLowerCase(), entry);
      // First match wins, like the importer.
      if (key !== undefined && !this.byKey.has(key)) this.byKey.set(key, entry);
      return entry;
    }
    if (row !== undefined && typeof row.slug === 'string' && row.slug !== '' && typeof body.slug === 'string')
      this.bySlug.set(body.slug.toLowerCase(), entry.id);
    if (key !== undefined && !this.byKey.has(key)) this.createdByKey.add(keyHash(key), entry.id);
    return entry;
  }

  /** The name of a linked record a listed record embeds (its venue, organizers, terms). */
  linkName(linked: string, id: number): string | undefined {
    return this.names.get(`${linked}:${id}`);
  }

  private learnNames(record: Record<string, unknown>): void {
    for (const [field, linked, key] of LINKED_NAMES) {
      const v = record[field];
      for (const r of Array.isArray(v) ? v : [v]) {
        if (typeof r !== 'object' || r === null) continue;
        const o = r as Record<string, unknown>;
        if (typeof o[key] === 'string' && o.id !== undefined)
          this.names.set(`${linked}:${Number(o.id)}`, decodeEntities(o[key] as string));
      }
    }
  }

  /** Whether a record listed or looked up has this id. */
  hasId(id: number): boolean {
    return this.byId.has(id);
  }

  /** Whether a record is known under this slug (any letter case). */
  hasSlug(slug: string): boolean {
    return this.bySlug.has(slug.toLowerCase());
  }

  /** Forgets a record's body after it changed (the next match fetches it again). */
  invalidate(entry: IndexEntry): void {
    entry.body = undefined;
  }

  /**
   * The record a row refers to: by id when the row has a known one, else by slug, else by the
   * natural key. An id that is not in the target (a file from another calendar) falls through to
   * the other rules, so such files import as new records and stay idempotent on re-runs. A match
   * among the records created by this run comes with `candidates` to confirm.
   */
  find(id: number | undefined, body: Body): IndexEntry | undefined {
    if (id !== undefined) {
      const hit = this.byId.get(id);
      if (hit) return hit;
    }
    if (typeof body.slug === 'string' && body.slug !== '') {
      const hit = this.bySlug.get(body.slug.toLowerCase());
      if (hit !== undefined) return typeof hit === 'number' ? { id: hit, body: undefined } : hit;
    }
    const key = keyOf(this.resource, body, this.keyFields);
    if (key === undefined) return undefined;
    const listed = this.byKey.get(key);
    if (listed) return listed;
    const candidates = this.createdByKey.find(keyHash(key));
    if (candidates.length === 0) return undefined;
    return { id: candidates[0] as number, body: undefined, candidates };
  }
}
