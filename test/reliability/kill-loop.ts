/**
 * The kill loop: `calctl serve` on one data dir, every kind of writer at once (mixed-writers.ts), a
 * SIGKILL at a seeded random moment, a restart on the same data dir, then the checks: it opens, SQLite's
 * integrity check passes, every write answered 2xx is there with its fields (a delete answered 2xx is
 * gone, or trashed where the route trashes), no user or application password is half-written, and the
 * uploads folder and the attachments agree (store-check.ts). `bench/kill.mjs` runs it 100 times, the
 * test suite a few times.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { basic } from '../helpers/api-server.js';
import { isolatedEnv, SERVE_PASSWORD, type ServeProcess, spawnServe } from '../helpers/spawn-serve.js';
import {
  type Entry,
  type Expect,
  Ledger,
  makeUploadFiles,
  runMixedWriters,
  sha1,
  type UploadFiles,
  WRITER_KINDS,
} from './mixed-writers.js';
import { consistencyProblems, integrityCheck, openStore, uploadsProblems, userProblems } from './store-check.js';
import { prng } from './writers.js';

export interface KillLoopOptions {
  dataDir: string;
  kills: number;
  seed: number;
  /** progress lines (stderr in the script) */
  log?: (line: string) => void;
  /** the longest wait after the first answer before the kill, ms */
  maxDelayMs?: number;
}

export interface KillSummary {
  seed: number;
  kills: number;
  /** writes answered 2xx over all rounds */
  answered: number;
  /** writes sent without an answer (in flight at the kills) */
  unanswered: number;
  /** things checked after the last restart (every answered write's outcome) */
  checked: number;
  /** checks made over all restarts */
  checks: number;
  /** answered writes not found as answered (must be 0) */
  lost: number;
  /** restarts that failed to open */
  openFailures: number;
  /** answers that were neither 2xx nor a lost connection */
  errors: number;
  /** rounds whose kill hit writers still writing */
  killsUnderLoad: number;
  byKind: Record<string, number>;
  seconds: number;
  problems: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `${what} but is there` when a row of `table` still has `value` in `column`. */
function stillThere(db: Database, table: string, column: string, value: unknown, what: string): string | undefined {
  return db.prepare(`SELECT 1 FROM ${table} WHERE ${column} = ?`).get(value) ? `${what} but is there` : undefined;
}

/** What the store shows of one expectation's thing, or why it does not match. */
function mismatch(db: Database, uploads: string, e: Expect): string | undefined {
  switch (e.kind) {
    case 'post': {
      const r = db.prepare('SELECT type, title, status FROM posts WHERE id = ?').get(e.id) as
        | { type: string; title: string; status: string }
        | undefined;
      if (!r) return `${e.type} ${e.id} (${e.title}) is missing`;
      if (r.type !== e.type || r.title !== e.title || (e.status && r.status !== e.status))
        return `${e.type} ${e.id}: ${r.type} "${r.title}" ${r.status}, answered as "${e.title}" ${e.status ?? ''}`;
      return undefined;
    }
    case 'post-gone': {
      const r = db.prepare('SELECT status FROM posts WHERE id = ?').get(e.id) as { status: string } | undefined;
      if (r && !(e.trashOk && r.status === 'trash')) return `post ${e.id} was deleted but is ${r.status}`;
      return undefined;
    }
    case 'term': {
      const r = db.prepare('SELECT taxonomy, name FROM terms WHERE id = ?').get(e.id) as
        | { taxonomy: string; name: string }
        | undefined;
      if (!r) return `term ${e.id} (${e.name}) is missing`;
      if (r.taxonomy !== e.taxonomy || r.name !== e.name)
        return `term ${e.id}: ${r.taxonomy} "${r.name}" ≠ "${e.name}"`;
      return undefined;
    }
    case 'term-gone':
      return stillThere(db, 'terms', 'id', e.id, `term ${e.id} was deleted`);
    case 'user': {
      const r = db.prepare('SELECT login, email, display_name FROM users WHERE id = ?').get(e.id) as
        | { login: string; email: string; display_name: string }
        | undefined;
      if (!r) return `user ${e.id} (${e.login}) is missing`;
      if (r.login !== e.login || r.email !== e.email || r.display_name !== e.name)
        return `user ${e.id}: ${r.login} ${r.email} "${r.display_name}" ≠ ${e.login} ${e.email} "${e.name}"`;
      return undefined;
    }
    case 'user-gone':
      return stillThere(db, 'users', 'id', e.id, `user ${e.id} was deleted`);
    case 'app-password': {
      const r = db.prepare('SELECT user_id, name FROM app_passwords WHERE uuid = ?').get(e.uuid) as
        | { user_id: number; name: string }
        | undefined;
      if (!r) return `application password ${e.uuid} (${e.name}) is missing`;
      if (r.user_id !== e.userId || r.name !== e.name)
        return `application password ${e.uuid}: ${r.user_id} "${r.name}"`;
      return undefined;
    }
    case 'app-password-gone':
      return stillThere(db, 'app_passwords', 'uuid', e.uuid, `application password ${e.uuid} was revoked`);
    case 'media': {
      const r = db.prepare('SELECT type, title FROM posts WHERE id = ?').get(e.id) as
        | { type: string; title: string }
        | undefined;
      if (!r) return `attachment ${e.id} (${e.title}) is missing`;
      if (r.type !== 'attachment' || r.title !== e.title) return `attachment ${e.id}: ${r.type} "${r.title}"`;
      const file = join(uploads, e.original);
      if (!existsSync(file)) return `attachment ${e.id}: its file ${e.original} is missing`;
      const bytes = readFileSync(file);
      if (bytes.length !== e.size || sha1(bytes) !== e.sha1)
        return `attachment ${e.id}: ${e.original} holds ${bytes.length} bytes, not the ${e.size} uploaded`;
      return undefined;
    }
    case 'media-gone': {
      const there = stillThere(db, 'posts', 'id', e.id, `attachment ${e.id} was deleted`);
      if (there) return there;
      // (its file name is free again once the delete commits: a later upload may have taken it)
      const reused = db
        .prepare("SELECT 1 FROM posts WHERE type = 'attachment' AND guid = ?")
        .get(`/wp-content/uploads/${e.original}`);
      if (!reused && existsSync(join(uploads, e.original)))
        return `attachment ${e.id} was deleted but ${e.original} is still there`;
      return undefined;
    }
  }
}

/** Every thing of the ledger as its last answered write left it (or as a write sent after it may have). */
export function ledgerProblems(db: Database, dataDir: string, ledger: Ledger): string[] {
  const uploads = join(dataDir, 'uploads');
  const problems: string[] = [];
  const check = db.transaction((entries: Entry[]) => {
    for (const entry of entries) {
      const wrong = mismatch(db, uploads, entry.acked);
      if (wrong === undefined) continue;
      if (entry.maybe.some((m) => mismatch(db, uploads, m) === undefined)) continue;
      problems.push(wrong);
    }
  });
  check([...ledger.entries.values()]);
  return problems;
}

/** Every check of a data dir after a restart. */
export function storeProblems(dataDir: string, ledger: Ledger): string[] {
  const db = openStore(dataDir);
  try {
    const integrity = integrityCheck(db);
    return [
      ...(integrity === 'ok' ? [] : [`integrity_check: ${integrity}`]),
      ...consistencyProblems(db),
      ...userProblems(db),
      ...uploadsProblems(db, dataDir),
      ...ledgerProblems(db, dataDir, ledger),
    ];
  } finally {
    db.close();
  }
}

/**
 * Reads a few uploaded files back over HTTP. (That no file is served without its attachment is the
 * uploads check's: every file of the folder is one an attachment names.)
 */
async function servedProblems(serve: ServeProcess, ledger: Ledger, rnd: () => number): Promise<string[]> {
  const media = [...ledger.entries.values()].map((e) => e.acked).filter((e) => e.kind === 'media');
  const problems: string[] = [];
  for (let n = 0; n < 3 && media.length > 0; n++) {
    const e = media[Math.floor(rnd() * media.length)] as Expect & { kind: 'media' };
    const res = await fetch(`${serve.origin}/wp-content/uploads/${e.original}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || sha1(bytes) !== e.sha1)
      problems.push(`GET ${e.original} → ${res.status}, ${bytes.length} bytes`);
  }
  return problems;
}

/** Runs `kills` rounds of write, SIGKILL, restart and check on one data dir. */
export async function killLoop(opts: KillLoopOptions): Promise<KillSummary> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const rnd = prng(opts.seed);
  const env = isolatedEnv();
  const auth = basic('admin', SERVE_PASSWORD);
  const files: UploadFiles = await makeUploadFiles();
  const ledger = new Ledger();
  const summary: KillSummary = {
    seed: opts.seed,
    kills: 0,
    answered: 0,
    unanswered: 0,
    checked: 0,
    checks: 0,
    lost: 0,
    openFailures: 0,
    errors: 0,
    killsUnderLoad: 0,
    byKind: {},
    seconds: 0,
    problems: [],
  };
  const note = (problems: string[]) => {
    summary.lost += problems.length;
    for (const p of problems) if (summary.problems.length < 20) summary.problems.push(p);
  };
  let serve = await spawnServe({ dataDir: opts.dataDir, env, startTimeoutMs: 60_000 });
  for (let round = 0; round < opts.kills; round++) {
    let killed = false;
    const kinds = new Set<string>();
    const writing = runMixedWriters({
      origin: serve.origin,
      auth,
      tag: `k${round}`,
      files,
      ledger,
      until: () => killed,
      onAck: (kind) => kinds.add(kind),
    });
    // The kill comes once every kind of writer has been answered (the slow ones too: uploads drawn
    // with sharp, passwords hashed with scrypt; at most 20 s), at a seeded random moment after that.
    for (let i = 0; i < 400 && kinds.size < new Set(WRITER_KINDS).size; i++) await sleep(50);
    await sleep(Math.floor(rnd() * (opts.maxDelayMs ?? 3000)));
    await serve.kill();
    killed = true;
    summary.kills += 1;
    const r = await writing;
    if (r.lost > 0) summary.killsUnderLoad += 1;
    summary.unanswered += r.lost;
    summary.errors += r.errors.length;
    for (const e of r.errors) if (summary.problems.length < 20) summary.problems.push(`answer: ${e}`);
    for (const [k, n] of Object.entries(r.byKind)) summary.byKind[k] = (summary.byKind[k] ?? 0) + n;
    // Restart on the same data dir: it must open (recovery happens here), then everything is checked.
    try {
      serve = await spawnServe({ dataDir: opts.dataDir, env, startTimeoutMs: 60_000 });
    } catch (err) {
      summary.openFailures += 1;
      note([`round ${round}: the data dir did not open: ${(err as Error).message.slice(0, 300)}`]);
      break;
    }
    const problems = [...storeProblems(opts.dataDir, ledger), ...(await servedProblems(serve, ledger, rnd))];
    summary.checks += ledger.entries.size;
    note(problems.map((p) => `round ${round}: ${p}`));
    log(
      `kill ${round + 1}/${opts.kills}: ${Object.values(r.byKind).reduce((a, b) => a + b, 0)} answered, ${r.lost} in flight, ${ledger.entries.size} things checked, ${problems.length} problems`,
    );
  }
  summary.answered = ledger.answered;
  summary.checked = ledger.entries.size;
  const stop = await serve.stop();
  if (stop.code !== 0) note([`the last server did not stop cleanly (${stop.code ?? stop.signal})`]);
  summary.seconds = Math.round((Date.now() - started) / 1000);
  return summary;
}
