/**
 * The state of a site's feeds, one SQLite file (`<data dir>/feeds/<site>.sqlite`, see settings.ts):
 * - `feeds`: each feed's settings, and the validators of its last complete run (ETag,
 *   Last-Modified, a hash of the body), so an unchanged feed costs one 304 or one comparison;
 * - `origins`: where each imported event came from, (feed, source key) ↔ site id, with the
 *   fingerprint of the source's event and the form last written to the site (the base that tells the
 *   admin's edits apart), and its state: active, ignored (the admin trashed or deleted it) or removed
 *   (the feed trashed it);
 * - `journal`: writes under way, noted before they are sent, so a run killed midway (SIGKILL) is
 *   finished by the next one without a duplicate (as sync's journal);
 * - `runs`: the history `feeds show` prints.
 * WAL mode: a commit survives a killed process.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database, Statement } from 'better-sqlite3';
import type { KnownItem } from '../../import/index.js';
import { statementCache } from '../../primitives/index.js';
import type { Body } from '../../records/index.js';
import { openSqliteFile } from '../../server/index.js';
import { type FeedSettings, RUNS_KEPT } from './settings.js';

/** What the last complete run of a feed saw. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
  bodyHash: string | null;
  /**
   * The run's window (`from..until`, days): an unchanged body read on another day may hold events
   * that have just entered the window, so validators count only within the same window.
   */
  window: string | null;
}

export type OriginState = 'active' | 'ignored' | 'removed';

/** One event a feed brought to the site. */
export interface Origin {
  feed: string;
  key: string;
  siteId: number;
  state: OriginState;
  /** fingerprint of the source's event when it was last written */
  sourceHash: string;
  /** the form last written to the site (input form, the base of preserve-edits) */
  base: Body;
  title: string;
  /** the event's end as an instant (ISO), to leave past events alone */
  end: string;
  /** why it is ignored or removed */
  reason: string;
  updated: string;
}

/** A write noted before it is sent. */
export interface JournalEntry {
  seq: number;
  feed: string;
  key: string;
  op: 'create' | 'update';
  siteId: number | null;
  /** the base to keep once the write landed */
  body: Body;
  /** the fields sent (what the site shows when the write landed) */
  write: Body;
  sourceHash: string;
  title: string;
  end: string;
}

/** One run of one feed, as `feeds show` lists it. */
export interface RunRecord {
  feed: string;
  started: string;
  seconds: number;
  status: string;
  summary: Record<string, unknown>;
  error: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS feeds (
  name TEXT PRIMARY KEY, settings TEXT NOT NULL, created TEXT NOT NULL,
  etag TEXT, last_modified TEXT, body_hash TEXT, window TEXT
);
CREATE TABLE IF NOT EXISTS origins (
  feed TEXT NOT NULL, key TEXT NOT NULL, site_id INTEGER NOT NULL, state TEXT NOT NULL,
  source_hash TEXT NOT NULL, base TEXT NOT NULL, title TEXT NOT NULL DEFAULT '',
  end_at TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL DEFAULT '', updated TEXT NOT NULL,
  PRIMARY KEY (feed, key)
);
CREATE INDEX IF NOT EXISTS origins_site ON origins (site_id);
CREATE TABLE IF NOT EXISTS journal (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, feed TEXT NOT NULL, key TEXT NOT NULL, op TEXT NOT NULL,
  site_id INTEGER, body TEXT NOT NULL, write TEXT NOT NULL, source_hash TEXT NOT NULL, title TEXT NOT NULL DEFAULT '',
  end_at TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS groups (
  feed TEXT NOT NULL, hash TEXT NOT NULL, entries TEXT NOT NULL, PRIMARY KEY (feed, hash)
);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, feed TEXT NOT NULL, started TEXT NOT NULL, seconds REAL NOT NULL,
  status TEXT NOT NULL, summary TEXT NOT NULL, error TEXT
);
`;

interface OriginRow {
  feed: string;
  key: string;
  site_id: number;
  state: OriginState;
  source_hash: string;
  base: string;
  title: string;
  end_at: string;
  reason: string;
  updated: string;
}

/** An origin of a row; its base is parsed when first read (most runs compare fingerprints only). */
function toOrigin(r: OriginRow): Origin {
  let base: Body | undefined;
  const origin = {
    feed: r.feed,
    key: r.key,
    siteId: r.site_id,
    state: r.state,
    sourceHash: r.source_hash,
    title: r.title,
    end: r.end_at,
    reason: r.reason,
    updated: r.updated,
  } as Origin;
  Object.defineProperty(origin, 'base', {
    enumerable: true,
    get: () => {
      base ??= JSON.parse(r.base) as Body;
      return base;
    },
  });
  return origin;
}

export class FeedState {
  private readonly db: Database;
  /** Statements prepared once (a run writes an item row per event). */
  private readonly sql: (text: string) => Statement;

  constructor(
    readonly path: string,
    private readonly now: () => Date,
  ) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.db = openSqliteFile(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    this.sql = statementCache(this.db);
  }

  private stamp(): string {
    return this.now().toISOString();
  }

  close(): void {
    this.db.close();
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // --- the site

  /** The site's time zone as the last run that asked found it (a run that reads nothing asks nothing). */
  siteZone(): string | undefined {
    return (
      (this.sql("SELECT value FROM meta WHERE key = 'site_zone'").pluck().get() as string | undefined) ?? undefined
    );
  }

  setSiteZone(zone: string): void {
    this.sql("INSERT OR REPLACE INTO meta (key, value) VALUES ('site_zone', ?)").run(zone);
  }

  // --- feeds

  feeds(): FeedSettings[] {
    const rows = this.sql('SELECT settings FROM feeds ORDER BY name').all() as { settings: string }[];
    return rows.map((r) => JSON.parse(r.settings) as FeedSettings);
  }

  feed(name: string): FeedSettings | undefined {
    const row = this.sql('SELECT settings FROM feeds WHERE name = ?').get(name) as { settings: string } | undefined;
    return row && (JSON.parse(row.settings) as FeedSettings);
  }

  /** Adds a feed, or replaces its settings (its events stay linked to it). */
  saveFeed(settings: FeedSettings): void {
    this.sql(
      `INSERT INTO feeds (name, settings, created) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET settings = excluded.settings,
         etag = NULL, last_modified = NULL, body_hash = NULL, window = NULL`,
    ).run(settings.name, JSON.stringify(settings), this.stamp());
  }

  /** Forgets a feed, its origins, journal and history. */
  removeFeed(name: string): void {
    this.transaction(() => {
      for (const table of ['feeds', 'origins', 'journal', 'runs', 'groups']) {
        this.db.prepare(`DELETE FROM ${table} WHERE ${table === 'feeds' ? 'name' : 'feed'} = ?`).run(name);
      }
    });
  }

  validators(name: string): Validators {
    const row = this.sql('SELECT etag, last_modified, body_hash, window FROM feeds WHERE name = ?').get(name) as
      | { etag: string | null; last_modified: string | null; body_hash: string | null; window: string | null }
      | undefined;
    return {
      etag: row?.etag ?? null,
      lastModified: row?.last_modified ?? null,
      bodyHash: row?.body_hash ?? null,
      window: row?.window ?? null,
    };
  }

  setValidators(name: string, v: Validators): void {
    this.sql('UPDATE feeds SET etag = ?, last_modified = ?, body_hash = ?, window = ? WHERE name = ?').run(
      v.etag,
      v.lastModified,
      v.bodyHash,
      v.window,
      name,
    );
  }

  // --- what the last complete run read

  /** The groups of VEVENTs the last complete run read, by the hash of their text (see ics/items.ts). */
  groups(feed: string): Map<string, KnownItem[]> {
    const rows = this.sql('SELECT hash, entries FROM groups WHERE feed = ?').all(feed) as {
      hash: string;
      entries: string;
    }[];
    return new Map(rows.map((r) => [r.hash, JSON.parse(r.entries) as KnownItem[]]));
  }

  setGroups(feed: string, groups: ReadonlyMap<string, readonly KnownItem[]>): void {
    this.transaction(() => {
      this.sql('DELETE FROM groups WHERE feed = ?').run(feed);
      const put = this.sql('INSERT INTO groups (feed, hash, entries) VALUES (?, ?, ?)');
      for (const [hash, entries] of groups) put.run(feed, hash, JSON.stringify(entries));
    });
  }

  // --- origins

  origins(feed: string): Map<string, Origin> {
    const rows = this.sql('SELECT * FROM origins WHERE feed = ?').all(feed) as OriginRow[];
    return new Map(rows.map((r) => [r.key, toOrigin(r)]));
  }

  /** Site ids that belong to some feed (an event is fed by one feed only). */
  ownedIds(): Set<number> {
    return new Set(this.sql('SELECT site_id FROM origins').pluck().all() as number[]);
  }

  putOrigin(o: Omit<Origin, 'updated'>): void {
    this.sql(
      `INSERT OR REPLACE INTO origins (feed, key, site_id, state, source_hash, base, title, end_at, reason, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      o.feed,
      o.key,
      o.siteId,
      o.state,
      o.sourceHash,
      JSON.stringify(o.base),
      o.title,
      o.end,
      o.reason,
      this.stamp(),
    );
  }

  setOriginState(feed: string, key: string, state: OriginState, reason: string): void {
    this.sql('UPDATE origins SET state = ?, reason = ?, updated = ? WHERE feed = ? AND key = ?').run(
      state,
      reason,
      this.stamp(),
      feed,
      key,
    );
  }

  dropOrigin(feed: string, key: string): void {
    this.sql('DELETE FROM origins WHERE feed = ? AND key = ?').run(feed, key);
  }

  // --- journal

  /** Notes a write before it is sent; returns its number. */
  journal(entry: Omit<JournalEntry, 'seq'>): number {
    return Number(
      this.sql(
        'INSERT INTO journal (feed, key, op, site_id, body, write, source_hash, title, end_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        entry.feed,
        entry.key,
        entry.op,
        entry.siteId,
        JSON.stringify(entry.body),
        JSON.stringify(entry.write),
        entry.sourceHash,
        entry.title,
        entry.end,
      ).lastInsertRowid,
    );
  }

  settle(seq: number): void {
    this.sql('DELETE FROM journal WHERE seq = ?').run(seq);
  }

  /** Writes of a feed a previous run left unfinished, oldest first. */
  pending(feed: string): JournalEntry[] {
    const rows = this.sql('SELECT * FROM journal WHERE feed = ? ORDER BY seq').all(feed) as {
      seq: number;
      feed: string;
      key: string;
      op: 'create' | 'update';
      site_id: number | null;
      body: string;
      write: string;
      source_hash: string;
      title: string;
      end_at: string;
    }[];
    return rows.map((r) => ({
      seq: r.seq,
      feed: r.feed,
      key: r.key,
      op: r.op,
      siteId: r.site_id,
      body: JSON.parse(r.body) as Body,
      write: JSON.parse(r.write) as Body,
      sourceHash: r.source_hash,
      title: r.title,
      end: r.end_at,
    }));
  }

  // --- runs

  addRun(run: RunRecord): void {
    this.transaction(() => {
      this.sql('INSERT INTO runs (feed, started, seconds, status, summary, error) VALUES (?, ?, ?, ?, ?, ?)').run(
        run.feed,
        run.started,
        run.seconds,
        run.status,
        JSON.stringify(run.summary),
        run.error,
      );
      this.sql(
        'DELETE FROM runs WHERE feed = ? AND id NOT IN (SELECT id FROM runs WHERE feed = ? ORDER BY id DESC LIMIT ?)',
      ).run(run.feed, run.feed, RUNS_KEPT);
    });
  }

  /** The latest runs of a feed, newest first. */
  runs(feed: string, limit: number): RunRecord[] {
    const rows = this.sql('SELECT * FROM runs WHERE feed = ? ORDER BY id DESC LIMIT ?').all(feed, limit) as {
      feed: string;
      started: string;
      seconds: number;
      status: string;
      summary: string;
      error: string | null;
    }[];
    return rows.map((r) => ({ ...r, summary: JSON.parse(r.summary) as Record<string, unknown> }));
  }
}
