import type { JsonBody } from './json-text.js';

export interface CachedReply {
  status: number;
  /** JSON text, whole or in pieces */
  body: JsonBody;
  headers: Record<string, string>;
}

/**
 * Bytes of answers kept at most (default of {@link ReplyCache}). A page of 50 events is about 120 KB,
 * so this holds a hundred or so pages.
 */
export const REPLY_CACHE_BYTES = 16 * 1024 * 1024;

/** Keys of answers asked for once, remembered at most (then forgotten all at once). */
const SEEN_KEYS = 10_000;

/**
 * Caches whole GET answers. Any write clears it: writes through this process call `invalidate()`,
 * and writes by another process on the same data dir are seen through SQLite's `data_version`, which
 * changes when another connection commits. The caller reads that version inside the request's own read
 * transaction and hands it to both {@link get} and {@link set}, so the check, the answer and the version
 * it is filed under all come from one snapshot (and no read lock is taken just to look). So a cached
 * answer is never served after a write.
 *
 * An answer is kept from the second time it is asked for: the first time only its key is noted. A
 * poller or a dashboard asks for the same lists again and again; an export walks thousands of pages
 * once each, and keeping those pages only grew the process (its memory, its page faults and its
 * collector's work: a fifth of the server's time). Bounded by the bytes of the answers it holds: the
 * oldest go first.
 */
export class ReplyCache {
  private entries = new Map<string, CachedReply>();
  private readonly seen = new Set<string>();
  private bytes = 0;
  /** the data version the answers held were computed at */
  private version: number | undefined;

  constructor(private readonly maxBytes = REPLY_CACHE_BYTES) {}

  /** Drops everything when the data has changed (another connection committed) since it was filled. */
  private sync(version: number): void {
    if (version !== this.version) {
      this.version = version;
      this.clear();
    }
  }

  private clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private static size(key: string, reply: CachedReply): number {
    return key.length + reply.body.length;
  }

  /** The answer kept for `key`, if the data is still at `version` (read in the request's transaction). */
  get(key: string, version: number): CachedReply | undefined {
    this.sync(version);
    return this.entries.get(key);
  }

  /**
   * Keeps an answer, computed at `version`: the data version read inside the request's own read
   * transaction, so that the answer and its version belong to one snapshot. (Read afresh after the
   * transaction, a commit by another process in between would file an answer of the older data under
   * the newer version, to be served until the next change.)
   */
  set(key: string, reply: CachedReply, version: number): void {
    this.sync(version);
    if (!this.seen.has(key)) {
      if (this.seen.size >= SEEN_KEYS) this.seen.clear();
      this.seen.add(key);
      return;
    }
    const size = ReplyCache.size(key, reply);
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= ReplyCache.size(key, old);
    }
    // Maps iterate in insertion order: the first entries are the oldest.
    for (const [k, v] of this.entries) {
      if (this.bytes + size <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= ReplyCache.size(k, v);
    }
    this.entries.set(key, reply);
    this.bytes += size;
  }

  /** Bytes of the answers held (keys included). */
  get size(): number {
    return this.bytes;
  }

  /** This process wrote (its own commits leave `data_version` as it was). */
  invalidate(): void {
    this.clear();
  }
}
