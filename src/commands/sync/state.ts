/**
 * The status database of a working copy (`sync.sqlite` beside the embedded server's files), in the
 * manner of vdirsyncer's: what each record looked like on both sides at the last sync (the *base*),
 * the journal of pushes under way (written before each write to the site), and the conflicts found.
 */
import { join } from 'node:path';
import type { Database, Statement } from 'better-sqlite3';
import type { ResourceName } from '../../catalog/index.js';
import { statementCache } from '../../primitives/index.js';
import { openSqliteFile } from '../../server/index.js';
import { SYNC_ORDER, syncForm } from './records.js';

export interface BaseRow {
  resource: ResourceName;
  id: number;
  /** content hash of the record as both sides had it */
  hash: string;
  /**
   * the record as of the last sync: given as the plugin's representation, kept as its write form (what
   * conflicts are shown in, field by field)
   */
  record: Record<string, unknown>;
  /** WordPress core's modified_gmt of the post at the last sync ('' for terms) */
  modified: string;
  /**
   * A second before this base was written (UTC, `YYYY-MM-DDTHH:MM:SS`): times have whole seconds, so a
   * record modified at or after it may have changed without its time showing it.
   */
  synced?: string;
  /**
   * The core modification time (`YYYY-MM-DDTHH:MM:SS`) of the copy's row when it was written from this
   * very record; '' when the copy holds something else (its own version, kept in a conflict).
   */
  local?: string;
}

/** The modification time the copy's row shows after the replica wrote `record` into it ('' if unknown). */
export function localStamp(record: Record<string, unknown>): string {
  const utc = record.modified_utc;
  return typeof utc === 'string' && !utc.startsWith('0000') ? utc.replace(' ', 'T') : '';
}

export type JournalOp = 'create' | 'update' | 'trash' | 'restore' | 'delete';

export interface JournalRow {
  seq: number;
  op: JournalOp;
  resource: ResourceName;
  localId: number;
  /** what identifies a created record on the site if its answer was lost */
  natural: string;
  siteId: number | null;
  /**
   * A create: the highest id of the resource the copy knew when it was sent. The site numbers new
   * records upwards, so a record this create made has a higher id: recovery looks only above it.
   */
  floor: number;
  /** a create: when it was sent, by this machine's clock (ISO); '' for journals written before */
  sent: string;
}

export interface ConflictRow {
  resource: ResourceName;
  id: number;
  kind: 'update/update' | 'update/delete' | 'delete/update' | 'create/create';
  /** the site's record, null when it deleted it */
  site: Record<string, unknown> | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS base (
  resource TEXT NOT NULL, id INTEGER NOT NULL, hash TEXT NOT NULL, record TEXT NOT NULL,
  modified TEXT NOT NULL DEFAULT '', synced TEXT NOT NULL DEFAULT '', local TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (resource, id)
);
CREATE TABLE IF NOT EXISTS journal (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, resource TEXT NOT NULL,
  local_id INTEGER NOT NULL, natural TEXT NOT NULL DEFAULT '', site_id INTEGER, floor INTEGER NOT NULL DEFAULT 0,
  sent TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS conflicts (
  resource TEXT NOT NULL, id INTEGER NOT NULL, kind TEXT NOT NULL, site TEXT,
  PRIMARY KEY (resource, id)
);
`;

/**
 * The end of an event's natural key as calctl noted it before import and sync shared one key
 * (`title|start`): a create journaled then is looked for under the key of today (the same name and
 * start, joined as the record model joins them), so an upgrade between a killed push and its re-run
 * does not send the create twice.
 */
const OLD_EVENT_KEY = /\|(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$/;

export class SyncState {
  private readonly db: Database;
  /** A statement prepared once (a pull writes a base row per record). */
  private readonly sql: (text: string) => Statement;

  /** @param now the run's clock (the injected context's `now`) */
  constructor(
    dir: string,
    private readonly now: () => Date,
  ) {
    this.db = openSqliteFile(join(dir, 'sync.sqlite'));
    this.db.pragma('journal_mode = WAL');
    // (in WAL mode a commit is in the log when it returns: a killed process loses nothing)
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    this.sql = statementCache(this.db);
    // (a copy made before creates noted their floor and time: recovery then looks at every record)
    const columns = new Set(
      (this.db.prepare('PRAGMA table_info(journal)').all() as { name: string }[]).map((c) => c.name),
    );
    if (!columns.has('floor')) this.db.exec('ALTER TABLE journal ADD COLUMN floor INTEGER NOT NULL DEFAULT 0');
    if (!columns.has('sent')) this.db.exec("ALTER TABLE journal ADD COLUMN sent TEXT NOT NULL DEFAULT ''");
  }

  close(): void {
    this.db.close();
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /**
   * The bases of a resource without their records (hash, times): what a pull or push compares, read
   * without parsing thousands of records.
   */
  baseMeta(resource: ResourceName): Map<number, Omit<BaseRow, 'record'>> {
    const rows = this.db
      .prepare('SELECT id, hash, modified, synced, local FROM base WHERE resource = ?')
      .all(resource) as { id: number; hash: string; modified: string; synced: string; local: string }[];
    return new Map(rows.map((r) => [r.id, { resource, ...r }]));
  }

  bases(resource: ResourceName): Map<number, BaseRow> {
    const rows = this.db.prepare('SELECT * FROM base WHERE resource = ?').all(resource) as {
      id: number;
      hash: string;
      record: string;
      modified: string;
      synced: string;
      local: string;
    }[];
    return new Map(
      rows.map((r) => [
        r.id,
        {
          resource,
          id: r.id,
          hash: r.hash,
          record: JSON.parse(r.record),
          modified: r.modified,
          synced: r.synced,
          local: r.local,
        },
      ]),
    );
  }

  base(resource: ResourceName, id: number): BaseRow | undefined {
    const r = this.db.prepare('SELECT * FROM base WHERE resource = ? AND id = ?').get(resource, id) as
      | { hash: string; record: string; modified: string; synced: string; local: string }
      | undefined;
    return (
      r && {
        resource,
        id,
        hash: r.hash,
        record: JSON.parse(r.record),
        modified: r.modified,
        synced: r.synced,
        local: r.local,
      }
    );
  }

  /** The ids of a resource's base. */
  baseIds(resource: ResourceName): Set<number> {
    return new Set(this.db.prepare('SELECT id FROM base WHERE resource = ?').pluck().all(resource) as number[]);
  }

  setBase(row: BaseRow): void {
    const spec = SYNC_ORDER.find((r) => r.name === row.resource);
    const kept = spec ? syncForm(spec, row.record) : row.record;
    const synced = new Date(this.now().getTime() - 1000).toISOString().slice(0, 19);
    this.sql(
      'INSERT OR REPLACE INTO base (resource, id, hash, record, modified, synced, local) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(row.resource, row.id, row.hash, JSON.stringify(kept), row.modified, synced, row.local ?? '');
  }

  dropBase(resource: ResourceName, id: number): void {
    this.db.prepare('DELETE FROM base WHERE resource = ? AND id = ?').run(resource, id);
  }

  isEmpty(): boolean {
    return this.db.prepare('SELECT 1 FROM base LIMIT 1').get() === undefined;
  }

  /** Notes a write before it is sent; the answer is noted by {@link settle}. */
  journal(op: JournalOp, resource: ResourceName, localId: number, natural: string, floor = 0, sent = ''): number {
    return Number(
      this.sql('INSERT INTO journal (op, resource, local_id, natural, floor, sent) VALUES (?, ?, ?, ?, ?, ?)').run(
        op,
        resource,
        localId,
        natural,
        floor,
        sent,
      ).lastInsertRowid,
    );
  }

  /** The write of `seq` reached the site (a create: as `siteId`). */
  noteSent(seq: number, siteId: number): void {
    this.sql('UPDATE journal SET site_id = ? WHERE seq = ?').run(siteId, seq);
  }

  /** The write is applied on both sides: it leaves the journal. */
  settle(seq: number): void {
    this.sql('DELETE FROM journal WHERE seq = ?').run(seq);
  }

  /** Writes a previous push left unfinished, oldest first. */
  pending(): JournalRow[] {
    const rows = this.db.prepare('SELECT * FROM journal ORDER BY seq').all() as {
      seq: number;
      op: JournalOp;
      resource: ResourceName;
      local_id: number;
      natural: string;
      site_id: number | null;
      floor: number;
      sent: string;
    }[];
    return rows.map((r) => ({
      seq: r.seq,
      op: r.op,
      resource: r.resource,
      localId: r.local_id,
      natural: r.resource === 'events' ? r.natural.replace(OLD_EVENT_KEY, '\u0001$1') : r.natural,
      siteId: r.site_id,
      floor: r.floor,
      sent: r.sent,
    }));
  }

  setConflict(c: ConflictRow): void {
    this.db
      .prepare('INSERT OR REPLACE INTO conflicts (resource, id, kind, site) VALUES (?, ?, ?, ?)')
      .run(c.resource, c.id, c.kind, c.site === null ? null : JSON.stringify(c.site));
  }

  clearConflict(resource: ResourceName, id: number): void {
    this.db.prepare('DELETE FROM conflicts WHERE resource = ? AND id = ?').run(resource, id);
  }

  conflicts(): ConflictRow[] {
    const rows = this.db.prepare('SELECT * FROM conflicts ORDER BY resource, id').all() as {
      resource: ResourceName;
      id: number;
      kind: ConflictRow['kind'];
      site: string | null;
    }[];
    return rows.map((r) => ({ ...r, site: r.site === null ? null : JSON.parse(r.site) }));
  }
}
