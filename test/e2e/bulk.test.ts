/**
 * Bulk changes by filter on the built-in local calendar, through the whole CLI: `events update --where
 * category=X --venue Y` changes exactly that category's events and shows them in its plan first;
 * `events delete --before DATE` trashes exactly the events that ended before it (none after), and
 * stopped midway (the crash seam, as a kill would) then run again, trashes each once; `restore
 * --where` takes them back.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';

type Rec = Record<string, unknown> & { id: number; title: string; end_date: string };
type Plan = {
  records: { id: number; action: string; changes?: { field: string; before: unknown; after: unknown }[] }[];
};

describe('bulk changes by filter', () => {
  const home = mkdtempSync(join(tmpdir(), 'calctl-bulk-'));
  const run = (args: string[], fault?: (point: string) => void) =>
    runInProcess(args, fault ? { home, fault } : { home });
  const cli = async (args: string[]) => {
    const r = await run(args);
    expect(r.code, `calctl ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r;
  };
  const every = async (status = 'any') =>
    (await cli(['events', 'list', '--status', status, '--start-date', '2000-01-01', '--all', '-o', 'json'])).json<
      Rec[]
    >();

  it('update --where category=X --venue Y: exactly that category, shown in the plan first, then unchanged', async () => {
    const csv = join(home, 'talks.csv');
    const rows = Array.from({ length: 10 }, (_, i) => {
      const day = String(i + 1).padStart(2, '0');
      return `Talk ${i},2026-03-${day} 10:00,2026-03-${day} 11:00,${i % 2 === 0 ? 'Music' : 'Film'},Old Hall`;
    });
    writeFileSync(csv, `title,start_date,end_date,categories,venue\n${rows.join('\n')}\n`);
    await cli(['import', 'events', csv]);
    await cli(['venues', 'create', '--venue', 'New Hall']);
    const dry = await cli([
      'events',
      'update',
      '--where',
      'category=music',
      '--venue',
      'New Hall',
      '--dry-run',
      '-o',
      'json',
    ]);
    const plan = dry.json<Plan>();
    expect(plan.records).toHaveLength(5);
    expect(plan.records.every((r) => r.action === 'update' && r.changes?.[0]?.field === 'venue')).toBe(true);
    // (nothing written by the dry run)
    expect((await every()).filter((e) => (e.venue as Rec).venue === 'New Hall')).toHaveLength(0);
    const done = await cli([
      'events',
      'update',
      '--where',
      'category=music',
      '--venue',
      'New Hall',
      '--yes',
      '-o',
      'json',
    ]);
    expect(done.json()).toMatchObject({ chosen: 5, changed: 5, unchanged: 0, failed: 0 });
    const moved = (await every()).filter((e) => (e.venue as Rec).venue === 'New Hall').map((e) => e.title);
    expect(moved.sort()).toEqual(['Talk 0', 'Talk 2', 'Talk 4', 'Talk 6', 'Talk 8']);
    const again = await cli([
      'events',
      'update',
      '--where',
      'category=music',
      '--venue',
      'New Hall',
      '--yes',
      '-o',
      'json',
    ]);
    expect(again.json()).toMatchObject({ chosen: 5, changed: 0, unchanged: 5 });
    // a filter never taken for a field, and a filter that is no filter refused
    const bad = await run(['events', 'update', '--where', 'colour=red', '--venue', 'New Hall', '--yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/events have no filter "colour"/);
    const both = await run(['events', 'update', '3', '--where', 'category=music', '--venue', 'New Hall']);
    expect(both.code).toBe(2);
  });

  it('delete --before DATE of 1,000 past events, stopped midway and run again: exactly those, each once', async () => {
    const csv = join(home, 'past.csv');
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const day = new Date(Date.UTC(2022, 3, 6) + i * 86_400_000).toISOString().slice(0, 10);
      return `Past ${i},${day} 09:00,${day} 10:00`;
    });
    // the edges: one that ends just before the date, one that ends on its day
    rows.push('Edge before,2024-12-31 22:00,2024-12-31 23:00', 'Edge on,2025-01-01 08:00,2025-01-01 09:00');
    writeFileSync(csv, `title,start_date,end_date\n${rows.join('\n')}\n`);
    await cli(['import', 'events', csv]);
    const before = await every();
    const doomed = before.filter((e) => e.end_date < '2025-01-01 00:00:00').map((e) => e.id);
    expect(doomed).toHaveLength(1001);

    let writes = 0;
    const crash = await run(['events', 'delete', '--before', '2025-01-01', '--yes'], (point) => {
      if (point === 'bulk-write' && ++writes === 400) throw new Error('killed');
    });
    expect(crash.code).not.toBe(0);
    const trashedMidway = (await every('trash')).length;
    expect(trashedMidway).toBeGreaterThanOrEqual(400);
    expect(trashedMidway).toBeLessThan(1001);

    const rest = await cli(['events', 'delete', '--before', '2025-01-01', '--yes', '-o', 'json']);
    expect(rest.json()).toMatchObject({ chosen: 1001 - trashedMidway, changed: 1001 - trashedMidway, failed: 0 });
    const trashed = (await every('trash')).map((e) => e.id).sort((a, b) => a - b);
    expect(trashed).toEqual([...doomed].sort((a, b) => a - b));
    expect((await every()).map((e) => e.title)).toContain('Edge on');
    const third = await cli(['events', 'delete', '--before', '2025-01-01', '--yes', '-o', 'json']);
    expect(third.json()).toMatchObject({ chosen: 0, changed: 0 });

    const back = await cli(['events', 'restore', '--where', 'end_date<2022-04-08', '--yes', '-o', 'json']);
    expect(back.json()).toMatchObject({ chosen: 2, changed: 2 });
    // the bulk runs are in the history; undo of the restore trashes those two again
    const runs = (await cli(['history', '-o', 'json'])).json<{ id: number; kind: string }[]>();
    expect(runs.slice(0, 3).map((r) => r.kind)).toEqual(['restore', 'delete', 'delete']);
    await cli(['undo', '--yes']);
    expect((await every('trash')).length).toBe(1001);
  }, 120_000);
});
