/**
 * A working copy opened for sync: its calendar read through the embedded server in-process (the same
 * representation the site gives) and written through the replica (records under the site's ids).
 * Reads and writes never overlap: a read session is closed before the store is written.
 */
import { createApiClient } from '../../api/index.js';
import type { ResourceSpec } from '../../catalog/index.js';
import type { Context } from '../../io/context.js';
import { putPost, putTerm, rekey, removeRecord, setLocalIdFloor } from '../../server/replica.js';
import type { Stores } from '../../server/site.js';
import type { Post } from '../../server/store/types.js';
import { openStores } from '../../server/stores.js';
import { startLocalServer } from '../local-server.js';
import { listEverything, type Rec, SYNC_ORDER } from './records.js';

export type Records = Map<string, Map<number, Rec>>;

/** Every record of the copy, by resource and id, read through an in-process server that is then closed. */
export async function readCopy(ctx: Context, dir: string, timezone: string): Promise<Records> {
  const server = await startLocalServer(ctx, undefined, { dataDir: dir, timezone });
  const client = createApiClient({
    baseUrl: server.baseUrl,
    transport: server.transport,
    auth: { type: 'basic', user: server.user, password: server.password },
  });
  try {
    const out: Records = new Map();
    for (const r of SYNC_ORDER) out.set(r.name, (await listEverything(client, r)).records);
    return out;
  } finally {
    await client.close();
    await server.close();
  }
}

const POST_TYPE: Record<string, Post['type']> = {
  events: 'tribe_events',
  venues: 'tribe_venue',
  organizers: 'tribe_organizer',
};

/** Writes into the copy's store (one connection, one transaction per call of {@link Writer.apply}). */
export class Writer {
  private readonly stores: Stores;

  constructor(dir: string) {
    this.stores = openStores(dir, { optimize: false });
    setLocalIdFloor(this.stores);
  }

  /** Runs the writes of `fn` as one transaction: all of them land, or none. */
  apply(fn: (w: Writer) => void): void {
    this.stores.db.transaction(() => fn(this))();
  }

  put(resource: ResourceSpec, rec: Rec): void {
    if (resource.kind === 'term') putTerm(this.stores, resource.name === 'tags' ? 'post_tag' : 'tribe_events_cat', rec);
    else putPost(this.stores, POST_TYPE[resource.name] as Post['type'], rec);
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
