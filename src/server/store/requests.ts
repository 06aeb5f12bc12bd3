/**
 * How a request reaches the store: one read transaction, or one write of the current group-commit
 * batch (see WriteBatch), each between the post store's request markers (its per-request memo). One
 * transaction per request, so validation, the write and the answer's reads see one snapshot and a
 * request that ends in an error changes nothing.
 */

import { requestDataVersion } from './shared-cache.js';
import type { Stores } from './stores.js';
import { type BatchRun, WriteBatch } from './write-batch.js';

export class RequestStore {
  private readonly batch: WriteBatch;
  private readonly inReadTransaction: { deferred: (fn: () => unknown) => unknown };

  /** @param onWrite called after every write, and when a batch fails (caches that may hold its data) */
  constructor(
    private readonly stores: Stores,
    private readonly onWrite: () => void,
  ) {
    this.batch = new WriteBatch(stores.db, onWrite);
    this.inReadTransaction = stores.db.transaction((fn: () => unknown) => fn());
  }

  /** `fn` between the post store's request markers. */
  inRequest<T>(fn: () => T): T {
    this.stores.posts.beginRequest();
    try {
      return fn();
    } finally {
      this.stores.posts.endRequest();
    }
  }

  /** `fn` in one read transaction, without the request markers (a batch's checks add their own). */
  readOnly<T>(fn: () => T): T {
    return this.inReadTransaction.deferred(fn) as T;
  }

  /** `fn` as one request in one read transaction. */
  read<T>(fn: () => T): T {
    return this.readOnly(() => this.inRequest(fn));
  }

  /** `fn` as one write of the current group-commit batch; whatever it answers, `onWrite` follows. */
  write<T>(fn: () => T): BatchRun<T> {
    try {
      return this.batch.run(fn);
    } finally {
      this.onWrite();
    }
  }

  /** The batch still open, if any: a read made meanwhile sees its writes, so its answer waits for it. */
  get open(): Promise<void> | undefined {
    return this.batch.open;
  }

  /** The data version this connection's current snapshot sees (changes when another process commits). */
  dataVersion(): number {
    return requestDataVersion(this.stores.db);
  }
}
