import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WriteBatch } from '../../src/server/store/write-batch.js';

let dir: string;
let db: Database.Database;
let other: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'calctl-batch-'));
  db = new Database(join(dir, 'a.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (v TEXT NOT NULL UNIQUE)');
  // A second connection sees only what is committed.
  other = new Database(join(dir, 'a.sqlite'));
});
afterEach(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const committed = () => (other.prepare('SELECT v FROM t ORDER BY v').pluck().all() as string[]).join(',');
const insert = (v: string) => () => db.prepare('INSERT INTO t (v) VALUES (?)').run(v).changes;

describe('WriteBatch (group commit)', () => {
  it('writes of one loop pass share a transaction and are committed together before they resolve', async () => {
    const batch = new WriteBatch(db);
    expect(batch.open).toBeUndefined();
    const a = batch.run(insert('a'));
    const b = batch.run(insert('b'));
    expect([a.result, b.result]).toEqual([1, 1]);
    expect(batch.open).toBe(a.durable); // a read made now must wait for it too
    expect(a.durable).toBe(b.durable);
    expect(committed()).toBe(''); // not yet: the batch commits in the next check phase
    await Promise.all([a.durable, b.durable]);
    expect(committed()).toBe('a,b');
    expect(db.inTransaction).toBe(false);
    expect(batch.open).toBeUndefined();
    // the next write opens a new batch
    const c = batch.run(insert('c'));
    expect(c.durable).not.toBe(a.durable);
    await c.durable;
    expect(committed()).toBe('a,b,c');
  });

  it('a write that fails is undone alone; the rest of its batch commits', async () => {
    const batch = new WriteBatch(db);
    const a = batch.run(insert('a'));
    expect(() =>
      batch.run(() => {
        insert('x')();
        insert('a')(); // UNIQUE violation: the whole write (x too) is undone
      }),
    ).toThrow(/UNIQUE/);
    const b = batch.run(insert('b'));
    await Promise.all([a.durable, b.durable]);
    expect(committed()).toBe('a,b');
  });

  it('a batch that cannot commit rejects every write in it and reports the failure', async () => {
    let failures = 0;
    const batch = new WriteBatch(db, () => failures++);
    const a = batch.run(insert('a'));
    // Ending the transaction behind the batch's back makes its COMMIT fail.
    db.exec('ROLLBACK');
    await expect(a.durable).rejects.toThrow();
    expect(failures).toBe(1);
    expect(committed()).toBe('');
    const b = batch.run(insert('b'));
    await b.durable;
    expect(committed()).toBe('b');
  });
});
