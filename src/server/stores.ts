import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isValidTimeZone } from '../clock/index.js';
import { UsageError } from '../errors/index.js';
import type { Stores } from './site.js';
import { AuthStore, hashAdminSecret } from './store/auth.js';
import { DB_FILE, DB_SIDE_FILES, openDatabase } from './store/db.js';
import { MediaStore } from './store/media.js';
import { PostStore } from './store/posts.js';
import { TermStore } from './store/terms.js';
import { UserStore } from './store/users.js';

/** Opens (and migrates) the store of a data dir. No HTTP framework is loaded here. */
export function openStores(dataDir: string, opts: { optimize?: boolean } = {}): Stores {
  const db = openDatabase(dataDir, opts);
  const posts = new PostStore(db);
  // (a data dir in memory keeps its uploads in a temporary folder)
  const media = new MediaStore(db, posts, dataDir === ':memory:' ? null : dataDir);
  return { db, posts, terms: new TermStore(db), auth: new AuthStore(db), media, users: new UserStore(db) };
}

/** A data dir opened for `calctl serve`, its admin being made (see {@link openForServing}). */
export interface ServingDataDir {
  stores: Stores;
  /** the admin's password file once the admin exists (null for ':memory:' or when none is kept) */
  passwordFile: Promise<string | null>;
}

/**
 * Opens the data dir a server will answer from and starts making its admin on first use. The admin's
 * password is hashed with scrypt on libuv's thread pool, so whoever calls this can load and build the
 * HTTP server meanwhile (a new data dir's start: the hash and fastify's loading side by side). A zone
 * the server cannot use is refused before anything is written.
 */
export function openForServing(opts: {
  dataDir: string;
  timezone?: string | undefined;
  adminPassword?: string | undefined;
}): ServingDataDir {
  if (opts.timezone !== undefined && !isValidTimeZone(opts.timezone))
    throw new Error(`unknown time zone: ${opts.timezone}`);
  if (opts.dataDir !== ':memory:') refuseSharedDataDir(opts.dataDir);
  // A data dir without a store needs its admin: the hash starts first, beside opening and migrating.
  const fresh = opts.dataDir === ':memory:' || !existsSync(join(opts.dataDir, DB_FILE));
  const secret = fresh ? hashAdminSecret(opts.adminPassword) : undefined;
  const stores = openStores(opts.dataDir);
  const passwordFile = stores.auth.ensureAdmin(
    opts.dataDir === ':memory:' ? null : opts.dataDir,
    opts.adminPassword,
    secret,
  );
  // (awaited by the server before it listens; a failure meanwhile is not an unhandled rejection)
  passwordFile.catch(() => {});
  return { stores, passwordFile };
}

/**
 * `calctl serve` does not answer from a data dir that others can write to: whoever may write the
 * folder or its database may replace the users, their passwords and every record. Refused with the
 * command that fixes it.
 */
export function refuseSharedDataDir(dataDir: string): void {
  const db = join(dataDir, DB_FILE);
  for (const path of [dataDir, db, ...DB_SIDE_FILES.map((side) => db + side), join(dataDir, 'uploads')]) {
    let mode: number;
    try {
      mode = statSync(path).mode;
    } catch {
      continue; // (not there yet: it is made private)
    }
    if ((mode & 0o022) === 0) continue;
    const who = [mode & 0o020 ? 'its group' : '', mode & 0o002 ? 'other users' : ''].filter(Boolean).join(' and ');
    const octal = (mode & 0o777).toString(8).padStart(3, '0');
    throw new UsageError(
      `the data dir is not private: ${path} can be written by ${who} (mode ${octal}), who could replace its users, passwords and records`,
      `make it private, then start again: chmod -R go-rwx ${shellQuote(dataDir)}`,
      'unsafe-data-dir',
    );
  }
}

const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
