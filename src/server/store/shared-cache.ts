import type { Database, Statement } from 'better-sqlite3';

/**
 * Rows that change rarely but are read by almost every request (the venue and organizer an event
 * links to, the categories an import names), kept across requests.
 *
 * An entry is only served while it is certainly what the database holds for the reader:
 * - another connection's commit changes `PRAGMA data_version`, read once per request inside the
 *   request's own transaction (so the version and the rows read after it belong to one snapshot);
 *   any change empties the cache;
 * - this connection's writes of the cached kind call {@link written}: the cache empties and stops
 *   filling until the write is committed or rolled back ({@link settled}, called by the group-commit
 *   batch and the write helpers), since a write rolled back with its request would otherwise leave its
 *   rows behind;
 * - outside a request ({@link beginRequest} … {@link endRequest}) nothing is cached or served.
 */
export class SharedCache<K, V> {
  private readonly entries = new Map<K, V>();
  private version: number | null = null;
  /** this connection wrote rows of this kind that are not yet committed or rolled back */
  private suspended = false;
  /** the version was checked in the current request */
  private checked = false;
  private active = false;
  private readonly conn: Connection;

  constructor(
    db: Database,
    private readonly max = 2000,
  ) {
    this.conn = connectionOf(db);
    this.conn.caches.add(this as SharedCache<unknown, unknown>);
  }

  beginRequest(): void {
    this.active = true;
    this.checked = false;
  }

  endRequest(): void {
    this.active = false;
  }

  /** Whether entries may be served and stored now (checks the data version once per request). */
  usable(): boolean {
    if (!this.active || this.suspended) return false;
    if (!this.checked) {
      this.checked = true;
      const v = this.conn.dataVersion();
      if (v !== this.version) {
        this.entries.clear();
        this.version = v;
      }
    }
    return true;
  }

  get(key: K): V | undefined {
    return this.usable() ? this.entries.get(key) : undefined;
  }

  set(key: K, value: V): void {
    if (!this.usable()) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
  }

  /** This connection changed rows of the cached kind (not yet committed). */
  written(): void {
    this.entries.clear();
    this.suspended = true;
  }

  /**
   * This connection's open writes were committed or rolled back. (Without a write of this kind the
   * entries are what any outcome leaves: they stay.)
   */
  settled(): void {
    if (!this.suspended) return;
    this.entries.clear();
    this.suspended = false;
  }
}

/** The shared caches of a connection, and its data version as read once per request. */
interface Connection {
  caches: Set<SharedCache<unknown, unknown>>;
  dataVersion(): number;
  /** forgets the version read (a new request reads it again) */
  reset(): void;
  /** `total_changes()`: every row this connection has changed (committed or not) */
  totalChanges(): number;
  /** a write transaction of the server's (group commit, atomic) is open: reads may see uncommitted rows */
  writing: boolean;
  /** a request is running (its transaction open, its data version read once) */
  inRequest: boolean;
}

const connections = new WeakMap<Database, Connection>();

function connectionOf(db: Database): Connection {
  let conn = connections.get(db);
  if (!conn) {
    const stmt: Statement = db.prepare('PRAGMA data_version').pluck();
    const changes: Statement = db.prepare('SELECT total_changes()').pluck();
    let version: number | null = null;
    conn = {
      caches: new Set(),
      totalChanges: () => changes.get() as number,
      writing: false,
      inRequest: false,
      dataVersion: () => {
        version ??= stmt.get() as number;
        return version;
      },
      reset: () => {
        version = null;
      },
    };
    connections.set(db, conn);
  }
  return conn;
}

const each = (db: Database, fn: (cache: SharedCache<unknown, unknown>) => void) => {
  for (const cache of connections.get(db)?.caches ?? []) fn(cache);
};

/**
 * `PRAGMA data_version` as read once in the current request, inside its transaction (the same read
 * the caches above use); outside a request it may be a value remembered from an earlier read.
 */
export const requestDataVersion = (db: Database): number => connectionOf(db).dataVersion();

/** A request starts (the core runs it in a transaction of its own) or ends. */
export const requestBegins = (db: Database) => {
  const conn = connectionOf(db);
  conn.reset();
  conn.inRequest = true;
  each(db, (c) => c.beginRequest());
};
export const requestEnds = (db: Database) => {
  const conn = connectionOf(db);
  conn.reset();
  conn.inRequest = false;
  each(db, (c) => c.endRequest());
};

/** A write transaction of `db` begins (the group commit's batch, an atomic write outside the core). */
export const writesBegin = (db: Database) => {
  connectionOf(db).writing = true;
};

/** The write transaction of `db` ended, committed or rolled back. */
export const writesSettled = (db: Database) => {
  const conn = connections.get(db);
  if (conn) conn.writing = false;
  each(db, (c) => c.settled());
};

/**
 * A name for the database's content as the current request sees it, for caches of work derived from
 * any row (the events list's records as JSON text): it changes with every row this connection changes
 * (`total_changes()`, counted when written, so a rollback changes it too) and with every commit of
 * another connection (`data_version`). Read inside the request's transaction, with the rows read
 * after it. Undefined while a write transaction of this connection is open (a read then sees rows that
 * may yet be rolled back, and nothing derived from them may be kept or served) and outside a request
 * (its data version is read once per request).
 */
export const contentVersion = (db: Database): string | undefined => {
  const conn = connectionOf(db);
  return conn.writing || !conn.inRequest ? undefined : `${conn.totalChanges()}:${conn.dataVersion()}`;
};
