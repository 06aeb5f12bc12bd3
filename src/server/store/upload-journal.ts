/**
 * The uploaded files' side of a transaction. A file can be neither written nor removed atomically with
 * a SQLite commit, so the files a write adds or removes wait in a pending folder beside `uploads/`
 * (never served) until the transaction that holds the write ends:
 *
 * - a new file is written to `pending/<path>`; once the transaction commits it is renamed to
 *   `uploads/<path>`, and if the write is undone it is deleted;
 * - a file removed is renamed from `uploads/<path>` to `pending/<path>`; once the transaction commits it
 *   is deleted, and if the write is undone it is renamed back.
 *
 * The group commit (write-batch.ts) answers a write only after its files are in place, so an answered
 * upload has its files served and an answered delete has none left. A process killed at any moment
 * leaves at most files in the pending folder, and {@link recoverPending} settles each by the store
 * alone: a file an attachment names goes to uploads/ (its transaction committed), any other is deleted
 * (it never did, or it was a deletion's). The folders and files are the owner's only.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';

type Step = { add: string } | { remove: string };

/** Renames a file, making the target's folders; a source already gone is no error (another process settled it). */
function move(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/**
 * Writes a new file (owner-only, never over another) and flushes it and its folder's entry to the disk
 * before the transaction that names it can commit: the store's commit may outlive a power loss, and an
 * attachment must not then name a file that is empty or gone. (A rename after the commit needs no flush:
 * a file left pending is settled by the store on the next open.)
 */
export function writeDurably(full: string, bytes: Uint8Array): void {
  mkdirSync(dirname(full), { recursive: true, mode: 0o700 });
  const fd = openSync(full, 'wx', 0o600);
  try {
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const folder = openSync(dirname(full), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/** The file changes of the writes of the open transaction, in order. */
export class UploadJournal {
  private steps: Step[] = [];

  /** @param uploads the served folder; @param pending the folder files wait in */
  constructor(
    readonly uploads: () => string,
    readonly pending: () => string,
  ) {}

  /** Where a new file is written until its transaction commits. */
  pendingPath(relative: string): string {
    return join(this.pending(), relative);
  }

  /** A new file (already at its pending path) of the open transaction; settled at once outside one. */
  added(relative: string, inTransaction: boolean): void {
    if (inTransaction) this.steps.push({ add: relative });
    else this.settle({ add: relative });
  }

  /** Takes a file out of uploads/ for a removal; deleted for good once the transaction commits. */
  remove(relative: string, inTransaction: boolean): void {
    const served = join(this.uploads(), relative);
    if (!existsSync(served)) return;
    if (!inTransaction) {
      rmSync(served, { force: true });
      return;
    }
    move(served, this.pendingPath(relative));
    this.steps.push({ remove: relative });
  }

  /** How far the journal is: a write's changes are those after its mark. */
  mark(): number {
    return this.steps.length;
  }

  /** The write that began at `mark` was undone (its savepoint rolled back): its changes are too. */
  undo(mark: number): void {
    const undone = this.steps.splice(mark).reverse();
    for (const step of undone) this.revert(step);
  }

  /** The transaction committed: every change takes effect. */
  committed(): void {
    const steps = this.steps;
    this.steps = [];
    for (const step of steps) {
      try {
        this.settle(step);
      } catch {
        // (the file stays pending: the next open settles it by the store, as after a kill)
      }
    }
  }

  /** The transaction was rolled back: every change is undone. */
  rolledBack(): void {
    this.undo(0);
  }

  private settle(step: Step): void {
    if ('add' in step) move(this.pendingPath(step.add), join(this.uploads(), step.add));
    else rmSync(this.pendingPath(step.remove), { force: true });
  }

  private revert(step: Step): void {
    try {
      if ('add' in step) rmSync(this.pendingPath(step.add), { force: true });
      else move(this.pendingPath(step.remove), join(this.uploads(), step.remove));
    } catch {
      // (left pending: the next open settles it by the store)
    }
  }
}

const journals = new WeakMap<Database, UploadJournal>();

/** The journal of a connection's uploads (the media store's), for the group commit to settle. */
export const journalOf = (db: Database): UploadJournal | undefined => journals.get(db);

export function setJournal(db: Database, journal: UploadJournal): void {
  journals.set(db, journal);
}

/** The files below a folder, as paths relative to it. */
function filesBelow(root: string, rel = '', out: string[] = []): string[] {
  for (const e of readdirSync(rel === '' ? root : join(root, rel), { withFileTypes: true })) {
    const path = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) filesBelow(root, path, out);
    else out.push(path);
  }
  return out;
}

/** Removes the empty folders below `root` (and root itself when empty). */
function pruneFolders(root: string): void {
  for (const e of readdirSync(root, { withFileTypes: true })) if (e.isDirectory()) pruneFolders(join(root, e.name));
  try {
    rmdirSync(root);
  } catch {
    // (not empty)
  }
}

/**
 * Settles the files a killed process left pending, under the write lock (no other process is
 * between writing a file and committing meanwhile): a file some attachment names goes to uploads/,
 * any other is deleted. `named()` answers the files the attachments name (asked only when some are pending).
 */
export function recoverPending(db: Database, journal: UploadJournal, named: () => Set<string>): number {
  const pending = journal.pending();
  if (!existsSync(pending)) return 0;
  db.exec('BEGIN IMMEDIATE');
  let settled = 0;
  try {
    const files = filesBelow(pending);
    const names = files.length > 0 ? named() : new Set<string>();
    for (const rel of files) {
      const from = journal.pendingPath(rel);
      const to = join(journal.uploads(), rel);
      if (names.has(rel) && !existsSync(to)) move(from, to);
      else rmSync(from, { force: true });
      settled += 1;
    }
    pruneFolders(pending);
  } finally {
    db.exec('COMMIT');
  }
  return settled;
}
