import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type CachedReply, ReplyCache } from '../../src/server/http/cache.js';

const reply = (bytes: number): CachedReply => ({ status: 200, body: 'x'.repeat(bytes), headers: {} });
const versionOf = (db: BetterSqlite.Database) => db.pragma('data_version', { simple: true }) as number;

describe('ReplyCache', () => {
  const dbs: BetterSqlite.Database[] = [];
  const open = () => {
    const db = new BetterSqlite(':memory:');
    dbs.push(db);
    return db;
  };
  afterEach(() => {
    for (const db of dbs.splice(0)) db.close();
  });

  it('keeps an answer from the second time it is asked for, not the first', () => {
    const db = open();
    const cache = new ReplyCache();
    cache.set('a', reply(10), versionOf(db));
    expect(cache.get('a', versionOf(db))).toBeUndefined();
    expect(cache.size).toBe(0);
    const second = reply(10);
    cache.set('a', second, versionOf(db));
    expect(cache.get('a', versionOf(db))).toBe(second);
    expect(cache.size).toBe(11);
  });

  it('stays within its byte budget, dropping the oldest answers first', () => {
    const db = open();
    const v = versionOf(db);
    const cache = new ReplyCache(100);
    for (const key of ['a', 'b', 'c', 'd']) {
      cache.set(key, reply(29), v);
      cache.set(key, reply(29), v);
    }
    // 4 × 30 bytes do not fit in 100: the oldest went
    expect(cache.get('a', versionOf(db))).toBeUndefined();
    expect(cache.get('b', versionOf(db))).toBeDefined();
    expect(cache.get('d', versionOf(db))).toBeDefined();
    expect(cache.size).toBe(90);
    // an answer larger than the whole budget is never kept, and evicts nothing
    cache.set('huge', reply(200), v);
    cache.set('huge', reply(200), v);
    expect(cache.get('huge', versionOf(db))).toBeUndefined();
    expect(cache.size).toBe(90);
    // replacing an answer counts its bytes once
    cache.set('d', reply(9), v);
    expect(cache.size).toBe(70);
  });

  it('forgets everything on a write through this process', () => {
    const db = open();
    const cache = new ReplyCache();
    cache.set('a', reply(5), versionOf(db));
    cache.set('a', reply(5), versionOf(db));
    cache.invalidate();
    expect(cache.get('a', versionOf(db))).toBeUndefined();
    expect(cache.size).toBe(0);
    // a key seen before is kept again at once after an invalidation (a poller keeps its speed)
    cache.set('a', reply(5), versionOf(db));
    expect(cache.get('a', versionOf(db))).toBeDefined();
  });

  /** Two connections to one database file (this process and "another process"), closed afterwards. */
  function twoConnections(run: (db: BetterSqlite.Database, other: BetterSqlite.Database) => void) {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-reply-cache-'));
    try {
      const db = new BetterSqlite(join(dir, 'x.sqlite'));
      const other = new BetterSqlite(join(dir, 'x.sqlite'));
      dbs.push(db, other);
      db.pragma('journal_mode = WAL');
      run(db, other);
    } finally {
      for (const db of dbs.splice(0)) db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('forgets everything when another connection commits', () => {
    twoConnections((db, other) => {
      const cache = new ReplyCache();
      cache.set('a', reply(5), versionOf(db));
      cache.set('a', reply(5), versionOf(db));
      expect(cache.get('a', versionOf(db))).toBeDefined();
      other.exec('CREATE TABLE t (x)');
      expect(cache.get('a', versionOf(db))).toBeUndefined();
    });
  });

  it('does not keep an answer of data older than a commit made while it was computed', () => {
    twoConnections((db, other) => {
      db.exec('CREATE TABLE t (x)');
      const cache = new ReplyCache();
      cache.set('a', reply(5), versionOf(db)); // seen once
      // the request's read transaction: its snapshot and its data version
      db.exec('BEGIN');
      const seen = versionOf(db);
      db.prepare('SELECT count(*) FROM t').get();
      // another process commits before the answer is filed
      other.exec('INSERT INTO t VALUES (1)');
      db.exec('COMMIT');
      cache.set('a', reply(5), seen);
      // the next request sees the commit: the answer of the older data is not served
      expect(cache.get('a', versionOf(db))).toBeUndefined();
    });
  });
});
