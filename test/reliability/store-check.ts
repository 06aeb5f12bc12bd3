/**
 * Looks inside a data dir's SQLite store: a content fingerprint (to prove a rejected request changed
 * nothing), the integrity check, and consistency rules a half-written record would break.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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
