/**
 * A working copy opened for sync: its calendar read through the embedded server in-process (the same
 * representation the site gives) and written through the replica (records under the site's ids).
 * Reads and writes never overlap: a read session is closed before the store is written.
 */

import { type ApiClient, createApiClient } from '../../api/index.js';
import { postTypeOf, type ResourceSpec, taxonomyOf } from '../../catalog/index.js';
import type { Context } from '../../io/context.js';
import {
  LOCAL_ID_FLOOR,
  modifiedTimes,
  offlineTermIds,
  openDataDir,
  putPost,
  putTerm,
  rekey,
  removeRecord,
  type Stores,
  setLocalIdFloor,
} from '../../server/index.js';
import { ALL_STATUSES, fetchOne, listAll, type Rec } from './records.js';
import type { BaseRow } from './state.js';

/** What a pull reads of the copy: single records, and the ones made offline (never all of it). */
export interface LocalView {
  get(resource: ResourceSpec, id: number): Promise<Rec | undefined>;
  /** records made in the copy and not yet on the site (ids from the local floor up) */
  offline(resource: ResourceSpec): Promise<Rec[]>;
  /**
   * The copy's records that may differ from the base (new ones, and posts whose modification time is
   * no longer the one the site gave them), and every id the copy holds.
   */
  candidates(
    resource: ResourceSpec,
    base: Map<number, Omit<BaseRow, 'record'>>,
  ): Promise<{ records: Map<number, Rec>; present: Set<number> }>;
  /**
   * The text fields of a record as the copy stores them (what was typed offline, or what the site
   * showed when it was pulled), by field name: a push sends these rather than how the copy shows them.
   */
  stored(resource: ResourceSpec, id: number): Record<string, string>;
  close(): Promise<void>;
}

/** A client of the copy's in-process server (the server's core is loaded only now), and its closing. */
async function openCopyClient(
  ctx: Context,
  dir: string,
  timezone: string,
): Promise<{ client: ApiClient; close: () => Promise<void> }> {
  const { openLocalCalendar } = await import('../local-server.js');
  const server = await openLocalCalendar(ctx, undefined, { dataDir: dir, timezone });
  const client = createApiClient({
    baseUrl: server.baseUrl,
    transport: server.transport,
    auth: { type: 'basic', user: server.user, password: server.password },
  });
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The copy read one record at a time through an in-process server (closed by `close`). */
export async function openLocalView(ctx: Context, dir: string, timezone: string): Promise<LocalView> {
  // (the in-process server starts on the first record read: a pull with nothing changed reads none)
  let opened: Promise<{ client: ApiClient; close: () => Promise<void> }> | undefined;
  const open = () => {
    opened ??= openCopyClient(ctx, dir, timezone);
    return opened;
  };
  const one = async (resource: ResourceSpec, id: number) => fetchOne((await open()).client, resource, id);
  // (modification times straight from the copy's table: one query instead of pages of a list)
  const stores = openDataDir(dir, { optimize: false });
  const statuses = ALL_STATUSES.split(',');
  const times = (resource: ResourceSpec) => modifiedTimes(stores, postTypeOf(resource), statuses);
  return {
    get: one,
    async offline(resource) {
      const out: Rec[] = [];
      const ids =
        resource.kind === 'term'
          ? offlineTermIds(stores, taxonomyOf(resource))
          : [...times(resource).keys()].filter((id) => id >= LOCAL_ID_FLOOR);
      for (const id of ids) {
        const rec = await one(resource, id);
        if (rec) out.push(rec);
      }
      return out;
    },
    async candidates(resource, base) {
      if (resource.kind === 'term') {
        const records = await listAll((await open()).client, resource);
        return { records, present: new Set(records.keys()) };
      }
      const modified = times(resource);
      const wanted: number[] = [];
      for (const [id, when] of modified) {
        const b = base.get(id);
        // (unchanged since the row was written from the base, unless modified in the second it was taken)
        if (b?.local && b.local === when && when < (b.synced ?? '')) continue;
        wanted.push(id);
      }
      const records = new Map<number, Rec>();
      // (many: the list, 50 a request; a few: one by one)
      if (wanted.length > 100) {
        const listed = await listAll((await open()).client, resource);
        for (const id of wanted) {
          const rec = listed.get(id);
          if (rec) records.set(id, rec);
        }
      }
      for (const id of wanted) {
        if (records.has(id)) continue;
        const rec = await one(resource, id);
        if (rec) records.set(id, rec);
      }
      return { records, present: new Set(modified.keys()) };
    },
    stored(resource, id) {
      if (resource.kind === 'term') {
        const term = stores.terms.get(id);
        return term ? { name: term.name, description: term.description } : {};
      }
      const post = stores.posts.get(id);
      if (!post) return {};
      const out: Record<string, string> = { [resource.titleField]: post.title, description: post.content };
      if (resource.name === 'events') out.excerpt = post.excerpt;
      return out;
    },
    async close() {
      stores.db.close();
      if (opened) await (await opened).close();
    },
  };
}

/** Writes into the copy's store (one connection, one transaction per call of {@link Writer.apply}). */
export class Writer {
  private readonly stores: Stores;
  /** (made once: a push lands a thousand records, each in its own transaction) */
  private readonly inTransaction: (fn: (w: Writer) => void) => void;

  constructor(dir: string) {
    this.stores = openDataDir(dir, { optimize: false });
    // (no memory-mapped reads: every page a pull touches would count in the process's memory)
    this.stores.db.pragma('mmap_size = 0');
    setLocalIdFloor(this.stores);
    this.inTransaction = this.stores.db.transaction((fn: (w: Writer) => void) => fn(this));
  }

  /** Runs the writes of `fn` as one transaction: all of them land, or none. */
  apply(fn: (w: Writer) => void): void {
    this.inTransaction(fn);
  }

  put(resource: ResourceSpec, rec: Rec): void {
    if (resource.kind === 'term') putTerm(this.stores, taxonomyOf(resource), rec);
    else putPost(this.stores, postTypeOf(resource), rec);
  }

  remove(resource: ResourceSpec, id: number): void {
    removeRecord(this.stores, resource.kind, id);
  }

  /** A record made offline is now the site's `to`: links follow, the local row goes. */
  rekey(resource: ResourceSpec, from: number, to: number): void {
    rekey(this.stores, resource.kind, from, to);
    removeRecord(this.stores, resource.kind, from);
  }

  close(): void {
    this.stores.db.close();
  }
}
