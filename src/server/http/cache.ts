import type { Database } from 'better-sqlite3';

export interface CachedReply {
  status: number;
  body: string | Buffer;
  headers: Record<string, string>;
}

/**
 * Caches whole GET answers. Any write clears it: writes through this process call `invalidate()`,
 * and writes by another process on the same data dir are seen through SQLite's `data_version`, which
 * changes when another connection commits. So a cached answer is never served after a write.
 */
export class ReplyCache {
  private entries = new Map<string, CachedReply>();
  private version: number;
  private readonly dataVersion: () => number;

  constructor(
    db: Database,
    private readonly maxEntries = 2000,
  ) {
    const stmt = db.prepare('PRAGMA data_version').pluck();
    this.dataVersion = () => stmt.get() as number;
    this.version = this.dataVersion();
  }

  /** Drops everything when another connection has committed since the last look. */
  private sync(): void {
    const v = this.dataVersion();
    if (v !== this.version) {
      this.version = v;
      this.entries.clear();
    }
  }

  get(key: string): CachedReply | undefined {
    this.sync();
    return this.entries.get(key);
  }

  set(key: string, reply: CachedReply): void {
    this.sync();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, reply);
  }

  invalidate(): void {
    this.entries.clear();
    this.version = this.dataVersion();
  }
}
