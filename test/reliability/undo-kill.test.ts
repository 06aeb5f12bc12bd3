/**
 * `calctl undo` killed with SIGKILL midway (spawned: the kill of the process is the point), then run
 * again: it takes the same undo run up, finishes what is left and touches nothing twice; the
 * calendar ends as an undo that was not killed leaves it.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempHome } from '../helpers/cli.js';

const ROWS = 150;
const year = new Date().getUTCFullYear() + 1;

describe('undo killed midway', () => {
  it('SIGKILL during undo, then undo again: every record undone exactly once', { timeout: 120_000 }, async () => {
    const home = tempHome();
    const file = join(home, 'many.csv');
    const rows = Array.from(
      { length: ROWS },
      (_, i) =>
        `Killed undo ${i},${year}-04-${String((i % 28) + 1).padStart(2, '0')},${String(8 + (i % 10)).padStart(2, '0')}:00`,
    );
    writeFileSync(file, `Event Name,Event Start Date,Event Start Time\n${rows.join('\n')}\n`);
    const imported = await runCli(['import', 'events', file, '-o', 'json'], { home, timeoutMs: 60_000 });
    expect(imported.code, imported.stderr).toBe(0);
    const historyFile = join(home, '.local/state/calctl/history/local.sqlite');
    expect(existsSync(historyFile)).toBe(true);

    let child: ChildProcess | undefined;
    const running = spawnCli(['undo', '--yes'], { home, timeoutMs: 60_000, onSpawn: (c) => (child = c) });
    const db = new Database(historyFile, { readonly: true, fileMustExist: true });
    const doneCount = () =>
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM records r JOIN runs u ON r.run = u.id WHERE u.kind = 'undo' AND r.state = 'done'",
          )
          .get() as { n: number }
      ).n;
    let atKill = 0;
    for (let i = 0; i < 3000; i++) {
      atKill = doneCount();
      if (atKill >= 20) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child?.kill('SIGKILL');
    const killed = await running;
    expect(killed.code, `the undo finished before it was killed: ${killed.stderr}`).toBeNull();
    expect(atKill).toBeLessThan(ROWS);

    // (its process is gone: the history says the undo run was interrupted)
    const listed = await runCli(['history', '-o', 'json'], { home });
    expect(listed.json<{ kind: string; status: string }[]>()[0]).toMatchObject({ kind: 'undo', status: 'interrupted' });
    const again = await runCli(['undo', '--yes', '-o', 'json'], { home, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    const undoRecords = db
      .prepare("SELECT r.undoes FROM records r JOIN runs u ON r.run = u.id WHERE u.kind = 'undo' AND r.state = 'done'")
      .all() as { undoes: number }[];
    const runs = db.prepare("SELECT count(*) AS n FROM runs WHERE kind = 'undo'").get() as { n: number };
    db.close();
    expect(runs.n).toBe(1);
    expect(undoRecords).toHaveLength(ROWS);
    expect(new Set(undoRecords.map((r) => r.undoes)).size).toBe(ROWS);
    const list = await runCli(
      [
        'events',
        'list',
        '--status',
        'publish,trash',
        '--start-date',
        `${year}-01-01`,
        '--end-date',
        `${year}-12-31`,
        '--all',
        '-o',
        'json',
      ],
      { home, timeoutMs: 60_000 },
    );
    const events = list.json<{ title: string; status: string }[]>().filter((e) => e.title.startsWith('Killed undo'));
    expect(events).toHaveLength(ROWS);
    expect(events.every((e) => e.status === 'trash')).toBe(true);
  });
});
