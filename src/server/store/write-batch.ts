import type { Database } from 'better-sqlite3';
import { writesBegin, writesSettled } from './shared-cache.js';
import { journalOf } from './upload-journal.js';

/**
 * Group commit. Writes that reach the server together (one pass of the event loop) share one SQLite
 * transaction, committed in the next check phase (`setImmediate`); each write runs in its own
 * savepoint inside it, so a write that fails is undone alone. A commit costs the same for one write
 * or for twenty (WAL frames for the shared index pages, and the checkpoints that follow), so under
 * concurrent load the cost per write falls; a lone write waits only for the end of its loop pass.
 *
 * Callers answer only once {@link BatchRun.durable} resolves: an acknowledged write is committed.
 */
export interface BatchRun<T> {
  result: T;
  /** resolves when the batch holding this write has committed; rejects when it could not */
  durable: Promise<void>;
}

export class WriteBatch {
  private current: Promise<void> | undefined;
  /** One savepoint wrapper for every write (better-sqlite3 nests transactions as savepoints). */
  private readonly atomically: (fn: () => unknown) => unknown;

  /** @param onFailure called when a batch is rolled back (for caches that may hold its data) */
  constructor(
    private readonly db: Database,
    private readonly onFailure: () => void = () => {},
  ) {
    this.atomically = db.transaction((fn: () => unknown) => fn());
  }

  /** The batch still open, if any: reads made meanwhile see its writes, so they wait for it too. */
  get open(): Promise<void> | undefined {
    return this.current;
  }

  /** Runs `fn` as one atomic write of the current batch, opening the batch when none is open. */
  run<T>(fn: () => T): BatchRun<T> {
    const durable = this.current ?? this.begin();
    // (the uploaded files a write adds or removes are undone with its savepoint: upload-journal.ts)
    const files = journalOf(this.db);
    const mark = files?.mark() ?? 0;
    try {
      return { result: this.atomically(fn) as T, durable };
    } catch (err) {
      files?.undo(mark);
      throw err;
    }
  }

  private begin(): Promise<void> {
    // IMMEDIATE: the write lock is taken now (waiting out another process within the busy timeout),
    // never half-way through a request.
    this.db.exec('BEGIN IMMEDIATE');
    writesBegin(this.db);
    const batch = new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.current = undefined;
        try {
          this.db.exec('COMMIT');
          writesSettled(this.db);
          // (the files of the batch's uploads in place before any of its writes is answered)
          journalOf(this.db)?.committed();
          resolve();
        } catch (err) {
          try {
            if (this.db.inTransaction) this.db.exec('ROLLBACK');
          } catch {
            // the rollback failing too leaves SQLite to roll back on the next open
          }
          journalOf(this.db)?.rolledBack();
          writesSettled(this.db);
          this.onFailure();
          reject(err);
        }
      });
    });
    // A write that threw never waits for its batch; the rejection is still seen by those that did.
    batch.catch(() => {});
    this.current = batch;
    return batch;
  }
}
