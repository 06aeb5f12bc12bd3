/**
 * The history of a site's runs that write (import, feeds run, sync push, bulk delete, undo): one
 * SQLite file per profile, `<state dir>/history/<profile>.sqlite` (mode 0600), WAL mode, so a commit
 * survives a killed process.
 * - `runs`: when, the command line (secrets left out), the source (path or address, and the sha256 of
 *   a file's content), the counts, the status (running, done, failed, interrupted), the run it undoes;
 * - `records`: per record written, its resource, id, action (created, updated, deleted, restored),
 *   its write-form body BEFORE the change (enough to restore it), what was sent AFTER and the site's
 *   modified time after the write (to tell a later edit), and the state of the write: noted as an
 *   intent before it is sent, `done` after the answer, `failed` when refused. An undo's records name
 *   the record they undo (`undoes`), so a killed undo run again finishes what is left.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { defaultStateDir } from '../../config/paths.js';
import { replicaName } from '../../config/replicas.js';
import type { WriteAction, WriteIntent, WriteJournal, WriteResult } from '../../import/index.js';
import type { Body } from '../../records/index.js';
import { openSqliteFile } from '../../server/index.js';
import type { Runtime } from '../types.js';

/** How a run ended (a run still `running` whose process is gone shows as `interrupted`). */
export type RunStatus = 'running' | 'done' | 'failed' | 'interrupted';

/** One run as the history lists it. */
export interface HistoryRun {
  id: number;
  started: string;
  ended: string | null;
  /** the command line, secrets left out */
  command: string;
  /** import, feeds run, sync push, delete, undo */
  kind: string;
  source: string | null;
  sha256: string | null;
  counts: Record<string, number>;
  status: RunStatus;
  /** the run this one undoes */
  undoes: number | null;
}

/** One record a run wrote (or meant to). */
export interface HistoryRecord {
  seq: number;
  run: number;
  resource: string;
  id: number | null;
  action: WriteAction;
  title: string;
  before: Body | null;
  after: Body | null;
  fields: string[] | null;
  modified: string | null;
  state: 'intent' | 'done' | 'failed';
  /** the record (seq) of another run this one undoes */
  undoes: number | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started TEXT NOT NULL,
  ended TEXT,
  command TEXT NOT NULL,
  kind TEXT NOT NULL,
  source TEXT,
  sha256 TEXT,
  counts TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL,
  undoes INTEGER,
  pid INTEGER
);
CREATE TABLE IF NOT EXISTS records (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  run INTEGER NOT NULL,
  resource TEXT NOT NULL,
  record_id INTEGER,
  action TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  before TEXT,
  after TEXT,
  fields TEXT,
  modified TEXT,
  state TEXT NOT NULL,
  undoes INTEGER
);
CREATE INDEX IF NOT EXISTS records_run ON records (run, seq);
CREATE INDEX IF NOT EXISTS records_undoes ON records (undoes);
`;

/** The name a site's history is kept under: its profile, its host, or `local`. */
export async function historyName(rt: Runtime): Promise<string> {
  const target = await rt.target();
  return target.kind === 'local' ? 'local' : replicaName(target);
}

/** The history file of a profile. */
export function historyPath(env: Readonly<Record<string, string | undefined>>, home: string, name: string): string {
  return join(defaultStateDir(env, home), 'history', `${name}.sqlite`);
}

/** Options that take a value and may hold a secret: their value never reaches the history. */
const SECRET_OPTIONS = new Set(['--token', '--password', '--app-password', '--secret']);

/** The command line with secrets left out (option values, credentials in addresses). */
export function redactedCommand(argv: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0 && SECRET_OPTIONS.has(a.slice(0, eq))) {
      out.push(`${a.slice(0, eq)}=***`);
      continue;
    }
    if (SECRET_OPTIONS.has(a)) {
      out.push(a, '***');
      i++;
      continue;
    }
    out.push(a.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@'));
  }
  return ['calctl', ...out].map((w) => (/^[\w@%+=:,./*-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** A row of `runs` as SQLite gives it (the schema above): the counts as JSON text, and the pid of its process. */
type RunRow = Omit<HistoryRun, 'counts'> & { counts: string; pid: number | null };

/** A row of `records` as SQLite gives it. */
interface RecordRow {
  seq: number;
  run: number;
  resource: string;
  record_id: number | null;
  action: WriteAction;
  title: string;
  before: string | null;
  after: string | null;
  fields: string | null;
  modified: string | null;
  state: HistoryRecord['state'];
  undoes: number | null;
}

const parse = <T>(text: unknown): T | null => (typeof text === 'string' ? (JSON.parse(text) as T) : null);

/** Whether a process id is alive (a run still `running` whose process is gone was interrupted). */
function alive(pid: unknown): boolean {
  if (typeof pid !== 'number' || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A profile's history file, open. */
export class History {
  readonly db: Database;

  constructor(
    readonly path: string,
    private readonly now: () => Date,
  ) {
    const dir = join(path, '..');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fresh = !existsSync(path);
    this.db = openSqliteFile(path);
    if (fresh) chmodSync(path, 0o600);
    this.db.pragma('journal_mode = WAL');
    // (a commit survives a killed process in WAL mode without a sync of the disk per write: two
    // writes a record of a large import would otherwise cost two fsyncs)
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
  }

  /** Whether a profile has a history file at all. */
  static exists(path: string): boolean {
    return existsSync(path);
  }

  close(): void {
    this.db.close();
  }

  private iso(): string {
    return this.now().toISOString();
  }

  /** Starts a run (status running). */
  start(run: {
    command: string;
    kind: string;
    source?: string | undefined;
    sha256?: string | undefined;
    undoes?: number | undefined;
  }): number {
    const info = this.db
      .prepare(
        'INSERT INTO runs (started, command, kind, source, sha256, status, undoes, pid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        this.iso(),
        run.command,
        run.kind,
        run.source ?? null,
        run.sha256 ?? null,
        'running',
        run.undoes ?? null,
        process.pid,
      );
    return Number(info.lastInsertRowid);
  }

  /** Ends a run with its counts and status. */
  finish(run: number, status: Exclude<RunStatus, 'running'>, counts: object): void {
    // (a run that wrote nothing, a cron job's feeds run that found nothing new or a run stopped
    // before its first write, is not kept)
    const wrote = this.db.prepare('SELECT 1 FROM records WHERE run = ? LIMIT 1').get(run) !== undefined;
    if (!wrote) {
      this.db.prepare('DELETE FROM runs WHERE id = ?').run(run);
      return;
    }
    const numbers = Object.fromEntries(Object.entries(counts).filter(([, v]) => typeof v === 'number'));
    this.db
      .prepare('UPDATE runs SET ended = ?, status = ?, counts = ? WHERE id = ?')
      .run(this.iso(), status, JSON.stringify(numbers), run);
  }

  /** Takes a finished run up again (an undo re-run after it was killed). */
  resume(run: number): void {
    this.db.prepare("UPDATE runs SET status = 'running', ended = NULL, pid = ? WHERE id = ?").run(process.pid, run);
  }

  /** Notes a write before it is sent; returns its seq. */
  intent(run: number, w: WriteIntent, undoes?: number): number {
    const info = this.db
      .prepare(
        'INSERT INTO records (run, resource, record_id, action, title, before, after, fields, state, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        run,
        w.resource,
        w.id ?? null,
        w.action,
        w.title,
        w.before ? JSON.stringify(w.before) : null,
        w.after ? JSON.stringify(w.after) : null,
        w.fields ? JSON.stringify(w.fields) : null,
        'intent',
        undoes ?? null,
      );
    return Number(info.lastInsertRowid);
  }

  /** A write landed. */
  done(seq: number, result: WriteResult): void {
    this.db
      .prepare("UPDATE records SET state = 'done', record_id = ?, modified = ? WHERE seq = ?")
      .run(result.id, result.modified ?? null, seq);
  }

  /** A write was refused: nothing changed. */
  failed(seq: number): void {
    this.db.prepare("UPDATE records SET state = 'failed' WHERE seq = ?").run(seq);
  }

  /** A run's journal for the pipelines. */
  journal(run: number): WriteJournal {
    return {
      intent: (w) => this.intent(run, w),
      done: (seq, result) => this.done(seq, result),
      failed: (seq) => this.failed(seq),
    };
  }

  private toRun(r: RunRow): HistoryRun {
    const status = r.status === 'running' && !alive(r.pid) ? 'interrupted' : r.status;
    return {
      id: Number(r.id),
      started: String(r.started),
      ended: r.ended ?? null,
      command: String(r.command),
      kind: String(r.kind),
      source: r.source ?? null,
      sha256: r.sha256 ?? null,
      counts: parse<Record<string, number>>(r.counts) ?? {},
      status,
      undoes: r.undoes ?? null,
    };
  }

  /** The runs, newest first. */
  runs(limit = 1000): HistoryRun[] {
    return (this.db.prepare('SELECT * FROM runs ORDER BY id DESC LIMIT ?').all(limit) as RunRow[]).map((r) =>
      this.toRun(r),
    );
  }

  run(id: number): HistoryRun | undefined {
    const r = this.db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
    return r ? this.toRun(r) : undefined;
  }

  /** The latest run that undoes `id`, if any. */
  undoOf(id: number): HistoryRun | undefined {
    const r = this.db.prepare('SELECT * FROM runs WHERE undoes = ? ORDER BY id DESC LIMIT 1').get(id) as
      | RunRow
      | undefined;
    return r ? this.toRun(r) : undefined;
  }

  /** A run's records, in the order they were written. */
  records(run: number): HistoryRecord[] {
    return (this.db.prepare('SELECT * FROM records WHERE run = ? ORDER BY seq').all(run) as RecordRow[]).map((r) => ({
      seq: Number(r.seq),
      run: Number(r.run),
      resource: String(r.resource),
      id: r.record_id === null ? null : Number(r.record_id),
      action: r.action,
      title: String(r.title ?? ''),
      before: parse<Body>(r.before),
      after: parse<Body>(r.after),
      fields: parse<string[]>(r.fields),
      modified: r.modified ?? null,
      state: r.state,
      undoes: r.undoes ?? null,
    }));
  }
}

/** Opens the history of the run's profile. */
export async function openHistory(rt: Runtime): Promise<History> {
  return new History(historyPath(rt.ctx.env, rt.ctx.home, await historyName(rt)), () => rt.ctx.now());
}

/** A run being recorded: its journal for the pipelines, and how it ends. */
export interface RunRecorder {
  id: number;
  journal: WriteJournal;
  /** notes a linked record the run created (a venue, an organizer, a term) */
  linkCreated(linked: string, record: Record<string, unknown>): void;
  finish(status: Exclude<RunStatus, 'running'>, counts: object): void;
}

/**
 * Starts recording a run that writes (none for a dry run). The history is the client's own: a run
 * whose history cannot be opened still runs, with a warning.
 */
export async function recordRun(
  rt: Runtime,
  run: { kind: string; source?: string | undefined; sha256?: string | undefined },
  warn?: (line: string) => void,
): Promise<RunRecorder | undefined> {
  // (nothing is written to the site by a dry run, nor offline: a working copy's changes are recorded
  // when sync push sends them)
  if (rt.globals().dryRun || rt.globals().offline) return undefined;
  let history: History;
  try {
    history = await openHistory(rt);
  } catch (err) {
    warn?.(`warning: this run is not recorded in the history (${(err as Error).message})`);
    return undefined;
  }
  const id = history.start({ ...run, command: redactedCommand(rt.argv ?? []) });
  return {
    id,
    journal: history.journal(id),
    linkCreated(linked, record) {
      const seq = history.intent(id, {
        resource: linked,
        action: 'created',
        id: Number(record.id),
        title: String(record.venue ?? record.organizer ?? record.name ?? ''),
      });
      history.done(seq, {
        id: Number(record.id),
        modified: typeof record.modified_utc === 'string' ? record.modified_utc : undefined,
      });
    },
    finish(status, counts) {
      history.finish(id, status, counts);
      history.close();
    },
  };
}
