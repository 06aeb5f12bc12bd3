/**
 * One `feeds run` per site at a time: cron may start a run while the last one is still going, and two
 * runs writing the same feeds would both create what is missing. The lock is an exclusive SQLite
 * transaction held on a small file beside the state (`<site>.sqlite.lock`): the operating system
 * releases it when its process ends, however it ends (SIGKILL included), so a crashed run never
 * leaves a stale lock behind. A second run polls for it a short while, then gives up with a message.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { abortableDelay } from '../../api/abort-watch.js';
import { CalctlError, EXIT } from '../../errors/index.js';
import { openSqliteFile } from '../../server/index.js';

/** Another run holds the lock (exit 1: nothing was done). */
export class FeedsBusyError extends CalctlError {
  constructor(message: string, hint: string) {
    super(message, { code: 'feeds-busy', exitCode: EXIT.failure, hint });
  }
}

/** A held lock. */
export interface RunLock {
  release(): void;
}

const POLL_MS = 200;

const isBusy = (err: unknown) => /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(String((err as Error)?.message));

/** Who holds the lock, as the holder wrote it (a note for the message; the lock itself is SQLite's). */
function holderOf(path: string): string {
  try {
    const h = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as { pid?: number; since?: string };
    return ` (pid ${h.pid ?? '?'}, since ${h.since ?? '?'})`;
  } catch {
    return '';
  }
}

/**
 * Takes the lock of a state file, waiting up to `waitSeconds` for another run to finish.
 * @throws FeedsBusyError when another run still holds it after the wait
 */
export async function acquireRunLock(
  statePath: string,
  opts: { waitSeconds: number; signal?: AbortSignal | undefined; now: () => Date },
): Promise<RunLock> {
  const path = `${statePath}.lock`;
  const db: Database = openSqliteFile(path);
  db.pragma('busy_timeout = 0');
  const deadline = Date.now() + opts.waitSeconds * 1000;
  for (;;) {
    try {
      db.exec('BEGIN EXCLUSIVE');
      break;
    } catch (err) {
      if (!isBusy(err)) {
        db.close();
        throw err;
      }
      if (Date.now() >= deadline) {
        const holder = holderOf(path);
        db.close();
        throw new FeedsBusyError(
          `another feeds run on this site is under way${holder}; this one did nothing`,
          `the next run picks up what it leaves; to wait longer, add --wait SECONDS (waited ${opts.waitSeconds} s)`,
        );
      }
      await abortableDelay(POLL_MS, [opts.signal]);
    }
  }
  writeFileSync(`${path}.json`, JSON.stringify({ pid: process.pid, since: opts.now().toISOString() }));
  return {
    release() {
      rmSync(`${path}.json`, { force: true });
      try {
        db.exec('ROLLBACK');
      } finally {
        db.close();
      }
    },
  };
}
