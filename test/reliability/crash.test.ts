/**
 * Crash safety of the store: `calctl serve` is killed with SIGKILL in the middle of a concurrent write
 * load, ten times in a row on the same data dir. Every write answered 2xx must be there afterwards,
 * nothing half-written may be visible, and SQLite's integrity check must pass. Then two processes on
 * one data dir (serve + an in-process server + CLI local commands) write at once: no SQLITE_BUSY
 * reaches anyone and nothing is lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/start.js';
import { basic } from '../helpers/api-server.js';
import { spawnCli } from '../helpers/cli.js';
import { isolatedEnv, SERVE_PASSWORD, serveAvailable, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';
import { consistencyProblems, integrityCheck, openStore } from './store-check.js';
import { type AckedWrite, prng, runWriters } from './writers.js';

const dirs: string[] = [];
const tempDir = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p));
  dirs.push(d);
  return d;
};
afterEach(async () => stopAllServes());
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const AUTH = basic('admin', SERVE_PASSWORD);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every acknowledged write is in the store, exactly as acknowledged. */
function missingOrWrong(dataDir: string, acked: AckedWrite[]): string[] {
  const db = openStore(dataDir);
  try {
    const get = db.prepare("SELECT id, title, venue_id FROM posts WHERE id = ? AND type = 'tribe_events'");
    const cats = db.prepare(
      "SELECT tr.term_id FROM term_relationships tr JOIN terms t ON t.id = tr.term_id WHERE tr.post_id = ? AND t.taxonomy = 'tribe_events_cat' ORDER BY 1",
    );
    const out: string[] = [];
    for (const a of acked) {
      const row = get.get(a.id) as { id: number; title: string; venue_id: number | null } | undefined;
      if (!row) out.push(`acknowledged event ${a.id} (${a.title}) is missing`);
      else if (row.title !== a.title) out.push(`event ${a.id} title ${row.title} ≠ ${a.title}`);
      else if (row.venue_id !== a.venueId) out.push(`event ${a.id} venue ${row.venue_id} ≠ ${a.venueId}`);
      else {
        const stored = (cats.all(a.id) as { term_id: number }[]).map((r) => r.term_id);
        if (JSON.stringify(stored) !== JSON.stringify([...a.categoryIds].sort((x, y) => x - y)))
          out.push(`event ${a.id} categories ${stored} ≠ ${a.categoryIds}`);
      }
    }
    return out;
  } finally {
    db.close();
  }
}

describe.skipIf(!serveAvailable())('SIGKILL during concurrent writes', () => {
  it('ten kills in a row on one data dir: every acknowledged write survives, nothing half-written, integrity ok', {
    timeout: 60_000,
  }, async () => {
    const dataDir = tempDir('calctl-crash-');
    const env = isolatedEnv();
    const rnd = prng(20261123);
    const acked: AckedWrite[] = [];
    const errors: string[] = [];
    const rounds: { acked: number; lost: number }[] = [];
    for (let round = 0; round < 10; round++) {
      const serve = await spawnServe({ dataDir, env });
      let killed = false;
      let acks = 0;
      const writing = runWriters({
        baseUrl: serve.baseUrl,
        auth: AUTH,
        tag: `crash r${round}`,
        writers: 8,
        max: 500,
        until: () => killed,
        onAck: () => {
          acks += 1;
        },
      });
      // Kill once the load is flowing (the first answers can be slow on a busy machine), at a
      // seeded random moment after that.
      for (let i = 0; i < 200 && acks === 0; i++) await sleep(50);
      await sleep(100 + Math.floor(rnd() * 400));
      await serve.kill();
      killed = true;
      const r = await writing;
      acked.push(...r.acked);
      errors.push(...r.errors);
      rounds.push({ acked: r.acked.length, lost: r.lost });
    }
    console.info(
      `crash: 10 SIGKILLs, ${acked.length} acknowledged writes, ${rounds.reduce((n, r) => n + r.lost, 0)} in flight at the kills; per round ${JSON.stringify(rounds)}`,
    );
    expect(errors).toEqual([]);
    // The kills really hit a running write load.
    expect(rounds.filter((r) => r.acked > 0).length).toBeGreaterThanOrEqual(8);
    expect(rounds.reduce((n, r) => n + r.lost, 0)).toBeGreaterThan(0);
    expect(new Set(acked.map((a) => a.id)).size).toBe(acked.length);

    const lost = missingOrWrong(dataDir, acked);
    expect(lost).toEqual([]);
    const db = openStore(dataDir);
    try {
      expect(integrityCheck(db)).toBe('ok');
      expect(consistencyProblems(db)).toEqual([]);
    } finally {
      db.close();
    }
    // The recovered data dir serves again, and the records read back over HTTP.
    const serve = await spawnServe({ dataDir, env });
    for (const a of acked.slice(-5)) {
      const res = await fetch(`${serve.baseUrl}/events/${a.id}`, { headers: { authorization: AUTH } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe(a.title);
    }
    expect((await serve.stop()).code).toBe(0);
  });
});

describe.skipIf(!serveAvailable())('two processes on one data dir', () => {
  it('calctl serve, an in-process server and CLI local commands write at once: no SQLITE_BUSY, nothing lost', {
    timeout: 60_000,
  }, async () => {
    const dataDir = tempDir('calctl-two-');
    const env = isolatedEnv({ CALCTL_DATA_DIR: dataDir });
    const serve = await spawnServe({ dataDir, env });
    const local = await startServer({ dataDir, host: '127.0.0.1', port: 0, adminPassword: SERVE_PASSWORD });
    try {
      const stopAfter = (n: number) => {
        let calls = 0;
        return () => calls++ >= n;
      };
      const cli = (async () => {
        const results = [];
        for (let i = 0; i < 4; i++) {
          results.push(
            // (spawned: a third process writing the same data dir is what is tested)
            await spawnCli(
              [
                'events',
                'create',
                '--title',
                `two cli #${i}`,
                '--start-date',
                '2030-06-01 10:00',
                '--end-date',
                '2030-06-01 11:00',
                '--categories',
                'two-cat-0',
                '--create-missing',
                '-o',
                'json',
              ],
              { env, timeoutMs: 60_000 },
            ),
          );
        }
        return results;
      })();
      const [a, b, c] = await Promise.all([
        runWriters({
          baseUrl: serve.baseUrl,
          auth: AUTH,
          tag: 'two serve',
          writers: 8,
          max: 25,
          until: stopAfter(1e9),
        }),
        runWriters({
          baseUrl: local.baseUrl,
          auth: AUTH,
          tag: 'two local',
          writers: 8,
          max: 25,
          until: stopAfter(1e9),
        }),
        cli,
      ]);
      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
      expect(a.lost + b.lost).toBe(0);
      expect(a.acked).toHaveLength(200);
      expect(b.acked).toHaveLength(200);
      const cliIds: number[] = [];
      for (const r of c) {
        expect(r.stderr).not.toMatch(/SQLITE_BUSY|database is locked/i);
        expect(r.code, r.stderr).toBe(0);
        cliIds.push((JSON.parse(r.stdout) as { id: number }).id);
      }
      expect(serve.stderr()).not.toMatch(/SQLITE_BUSY|database is locked/i);
      const all = [...a.acked, ...b.acked];
      expect(new Set([...all.map((w) => w.id), ...cliIds]).size).toBe(all.length + cliIds.length);
      expect(missingOrWrong(dataDir, all)).toEqual([]);
      const db = openStore(dataDir);
      try {
        expect(integrityCheck(db)).toBe('ok');
        expect(consistencyProblems(db)).toEqual([]);
      } finally {
        db.close();
      }
    } finally {
      await local.close();
      await serve.stop();
    }
  });
});
