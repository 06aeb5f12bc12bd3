import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { migrate } from './migrations.js';

export const DB_FILE = 'calctl.sqlite';

/**
 * Opens (creating if needed) the store of a data dir. WAL lets readers run beside one writer and keeps
 * a SIGKILL from leaving half-written data; busy_timeout makes a second process wait for the write
 * lock instead of surfacing SQLITE_BUSY.
 */
export function openDatabase(dataDir: string | ':memory:', opts: { optimize?: boolean } = {}): Database {
  const require = createRequire(import.meta.url);
  // better-sqlite3 is a native addon: loaded lazily so commands that never touch the store stay fast.
  const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    file = join(dataDir, DB_FILE);
  }
  const db = new BetterSqlite(file, { timeout: 15_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 15000');
  db.pragma('foreign_keys = ON');
  migrate(db);
  // Keeps the planner's statistics fresh enough to pick the covering indexes on large stores; worth it
  // for a long-lived server, not for a one-shot CLI command.
  if (opts.optimize !== false) db.pragma('optimize=0x10002');
  return db;
}
