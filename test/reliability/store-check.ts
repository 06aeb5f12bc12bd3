/**
 * Looks inside a data dir's SQLite store: a content fingerprint (to prove a rejected request changed
 * nothing), the integrity check, and consistency rules a half-written record would break.
 */
import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import type { Database } from 'better-sqlite3';

const TABLES = ['posts', 'terms', 'term_relationships', 'event_organizers', 'users', 'app_passwords'];

/** A hash of every row of every data table (cheap for test-sized stores) plus counts for messages. */
export function fingerprint(db: Database): string {
  const h = createHash('sha1');
  const counts: string[] = [];
  for (const t of TABLES) {
    const rows = db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).raw().all() as unknown[][];
    counts.push(`${t}=${rows.length}`);
    for (const row of rows) h.update(JSON.stringify(row.map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : v))));
  }
  const max = db.prepare('SELECT max(modified_utc) FROM posts').pluck().get();
  return `${counts.join(' ')} max_modified=${String(max)} sha1=${h.digest('hex')}`;
}

/** Opens a data dir's store read-write without running the server (WAL recovery happens here). */
export function openStore(dataDir: string): Database {
  const require = createRequire(import.meta.url);
  const BetterSqlite = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new BetterSqlite(join(dataDir, 'calctl.sqlite'), { timeout: 15_000 });
  db.pragma('busy_timeout = 15000');
  return db;
}

export function integrityCheck(db: Database): string {
  return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
}

/**
 * Rules every committed state keeps; a write cut in half would break one:
 * events have both dates in order, linked venues/organizers exist, links point at real rows,
 * stored term counts equal the recomputed published counts.
 */
export function consistencyProblems(db: Database): string[] {
  const problems: string[] = [];
  const q = (sql: string) => db.prepare(sql).all() as Record<string, unknown>[];
  for (const r of q(
    // (an event written through core's routes without dates has none at all, as on a site: only half
    // a date, or an end before the start, is a fault)
    "SELECT id FROM posts WHERE type = 'tribe_events' AND NOT (start_local IS NULL AND end_local IS NULL AND start_utc IS NULL AND end_utc IS NULL) AND (start_local IS NULL OR end_local IS NULL OR start_utc IS NULL OR end_utc IS NULL OR end_utc < start_utc)",
  ))
    problems.push(`event ${String(r.id)} has missing or reversed dates`);
  for (const r of q(
    "SELECT e.id, e.venue_id FROM posts e LEFT JOIN posts v ON v.id = e.venue_id WHERE e.venue_id IS NOT NULL AND (v.id IS NULL OR v.type <> 'tribe_venue')",
  ))
    problems.push(`event ${String(r.id)} links a missing venue ${String(r.venue_id)}`);
  for (const r of q(
    'SELECT eo.event_id, eo.organizer_id FROM event_organizers eo LEFT JOIN posts o ON o.id = eo.organizer_id LEFT JOIN posts e ON e.id = eo.event_id WHERE o.id IS NULL OR e.id IS NULL',
  ))
    problems.push(`dangling organizer link ${String(r.event_id)} → ${String(r.organizer_id)}`);
  for (const r of q(
    'SELECT tr.post_id, tr.term_id FROM term_relationships tr LEFT JOIN terms t ON t.id = tr.term_id LEFT JOIN posts p ON p.id = tr.post_id WHERE t.id IS NULL OR p.id IS NULL',
  ))
    problems.push(`dangling term link ${String(r.post_id)} → ${String(r.term_id)}`);
  const hasCount = q('PRAGMA table_info(terms)').some((c) => c.name === 'count');
  if (hasCount) {
    for (const r of q(`SELECT t.id, t.count, (SELECT COUNT(*) FROM term_relationships tr JOIN posts p ON p.id = tr.post_id
        WHERE tr.term_id = t.id AND p.status = 'publish') AS real FROM terms t WHERE t.count <> real`))
      problems.push(`term ${String(r.id)} count ${String(r.count)} but ${String(r.real)} published posts`);
  }
  return problems;
}

/** The files below a folder, as paths relative to it (`2026/11/photo.jpg`). */
export function filesBelow(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk('');
  return out;
}

/**
 * The uploads folder and the attachments agree: every file an attachment names (its attached file,
 * each sub-size, the original of a scaled image, the file its guid names) is there, with the size its
 * metadata records; every file of the folder is one an attachment names (nothing left that the
 * server would serve under no attachment); and no file waits in the pending folder once the server has
 * opened the data dir.
 */
export function uploadsProblems(db: Database, dataDir: string): string[] {
  const root = join(dataDir, 'uploads');
  const problems: string[] = [];
  const named = new Set<string>();
  const rows = db
    .prepare(
      `SELECT p.id, p.guid,
        (SELECT value FROM post_meta m WHERE m.post_id = p.id AND m.key = '_wp_attached_file') AS file,
        (SELECT value FROM post_meta m WHERE m.post_id = p.id AND m.key = '_wp_attachment_metadata') AS meta
       FROM posts p WHERE p.type = 'attachment'`,
    )
    .all() as { id: number; guid: string; file: string | null; meta: string | null }[];
  const sizeOf = (rel: string) => statSync(join(root, rel), { throwIfNoEntry: false })?.size;
  for (const r of rows) {
    if (!r.file) {
      problems.push(`attachment ${r.id} names no file`);
      continue;
    }
    const meta = r.meta
      ? (JSON.parse(r.meta) as {
          filesize?: number;
          sizes?: Record<string, { file: string; filesize: number }>;
          original_image?: string;
        })
      : {};
    const folder = posix.dirname(r.file);
    const at = (name: string) => (folder === '.' ? name : `${folder}/${name}`);
    const want: [string, number | undefined][] = [[r.file, meta.filesize]];
    for (const s of Object.values(meta.sizes ?? {})) want.push([at(s.file), s.filesize]);
    if (meta.original_image) want.push([at(meta.original_image), undefined]);
    const guidFile = r.guid.replace(/^.*?\/wp-content\/uploads\//, '');
    if (guidFile !== r.guid) want.push([guidFile, undefined]);
    for (const [rel, size] of want) {
      named.add(rel);
      const actual = sizeOf(rel);
      if (actual === undefined) problems.push(`attachment ${r.id}: ${rel} is missing`);
      else if (size !== undefined && actual !== size)
        problems.push(`attachment ${r.id}: ${rel} holds ${actual} bytes, its metadata says ${size}`);
    }
  }
  for (const rel of filesBelow(root)) if (!named.has(rel)) problems.push(`uploads/${rel} belongs to no attachment`);
  // (files wait there only while their write's transaction is open: the server settles them on open)
  for (const rel of filesBelow(join(dataDir, 'uploads-pending')))
    problems.push(`uploads-pending/${rel} left unsettled`);
  return problems;
}

/**
 * Users and application passwords are whole: every user has its login, slug, roles and registration
 * date, every application password its user, uuid, salt and hash.
 */
export function userProblems(db: Database): string[] {
  const problems: string[] = [];
  for (const r of db
    .prepare("SELECT id FROM users WHERE login = '' OR slug = '' OR roles = '' OR registered = '' OR email = ''")
    .all() as { id: number }[])
    problems.push(`user ${r.id} is half-written`);
  for (const r of db
    .prepare(
      "SELECT a.id, a.user_id FROM app_passwords a LEFT JOIN users u ON u.id = a.user_id WHERE u.id IS NULL OR a.uuid = '' OR length(a.salt) = 0 OR length(a.hash) = 0",
    )
    .all() as { id: number; user_id: number }[])
    problems.push(`application password ${r.id} (user ${r.user_id}) is half-written or has no user`);
  return problems;
}
