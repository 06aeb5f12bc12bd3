import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import BetterSqlite, { type Database } from 'better-sqlite3';
import { FOLD_FUNCTION, foldForSearch } from './fold.js';
import { migrate } from './migrations.js';

/**
 * The native addon's path. better-sqlite3's JavaScript is bundled into dist/, where its own addon
 * search (the `bindings` package, which probes paths relative to the caller) cannot work and costs
 * start-up time anyway; the addon is loaded from the installed package instead.
 */
function addonPath(): string | undefined {
  const requireHere = createRequire(import.meta.url);
  for (const build of ['Release', 'Debug']) {
    try {
      return requireHere.resolve(`better-sqlite3/build/${build}/better_sqlite3.node`);
    } catch {
      // not built this way: try the next
    }
  }
  return undefined;
}

export const DB_FILE = 'calctl.sqlite';

/** Opens another SQLite file with the same addon and busy timeout (a working copy's status database). */
export function openSqliteFile(file: string): Database {
  const nativeBinding = addonPath();
  return new BetterSqlite(file, { timeout: 15_000, ...(nativeBinding ? { nativeBinding } : {}) });
}

/**
 * WAL pages between automatic checkpoints (SQLite's default: 1000). A checkpoint copies each page once
 * however often it changed since the last one, and bulk imports rewrite the same index pages again and
 * again: fewer, larger checkpoints copy (and sync) less per write. The WAL file grows to about this
 * many pages (16 MiB at 4 KiB).
 */
const WAL_AUTOCHECKPOINT_PAGES = 4000;

/** How much of the database file reads may map (see openDatabase). */
const MMAP_BYTES = 256 * 1024 * 1024;

/** The files SQLite keeps beside a database in WAL mode. */
export const DB_SIDE_FILES = ['-wal', '-shm'];

/**
 * Makes the store's files readable by their owner only (0600): a new database is created empty with
 * that mode before SQLite opens it, and SQLite gives its `-wal` and `-shm` files the database file's
 * mode (the unix VFS's findCreateFileMode); files an older version left readable by others are narrowed
 * (they hold password hashes, and a data dir copied elsewhere keeps its files' modes).
 */
export function ownerOnlyDatabase(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, ...DB_SIDE_FILES.map((side) => file + side)]) {
    try {
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    } catch (err) {
      // (a side file not there yet; a file of another user, which its owner must narrow)
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw err;
    }
  }
}

/**
 * Opens (creating if needed) the store of a data dir. WAL lets readers run beside one writer and keeps
 * a SIGKILL from leaving half-written data; busy_timeout makes a second process wait for the write
 * lock instead of surfacing SQLITE_BUSY.
 */
export function openDatabase(dataDir: string | ':memory:', opts: { optimize?: boolean } = {}): Database {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    file = join(dataDir, DB_FILE);
    ownerOnlyDatabase(file);
  }
  const nativeBinding = addonPath();
  // `timeout` is SQLite's busy timeout: a second process waits for the write lock.
  const db = new BetterSqlite(file, { timeout: 15_000, ...(nativeBinding ? { nativeBinding } : {}) });
  db.pragma('journal_mode = WAL');
  // In WAL mode NORMAL syncs at checkpoints only: a commit is in the WAL file when it returns, so it
  // survives a killed process (a power loss may lose the last commits, never consistency).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Each write of a group-commit batch runs in a savepoint, whose undo journal SQLite otherwise spills
  // to a temporary file once a batch has touched more than a few pages.
  db.pragma('temp_store = MEMORY');
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  // Reads map the file instead of copying each page in with a system call (an export reads every
  // page once: 5% of the server's CPU). Writes still go through the WAL. Pages read show in the
  // process's RSS as file pages: the kernel's page cache, shared and dropped under pressure, not
  // memory of its own.
  db.pragma(`mmap_size = ${MMAP_BYTES}`);
  // (searches compare as WordPress's database does: accents and letter case do not count)
  db.function(FOLD_FUNCTION, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldForSearch(text) : text,
  );
  migrate(db);
  // Keeps the planner's statistics fresh enough to pick the covering indexes on large stores; worth it
  // for a long-lived server, not for a one-shot CLI command.
  if (opts.optimize !== false) db.pragma('optimize=0x10002');
  return db;
}
