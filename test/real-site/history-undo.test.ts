/**
 * Issue 39's plan and undo against a REAL site (optional; docs/real-site.md): a CSV of 30 rows over a
 * calendar that holds 20 of them, 9 changed. `--dry-run` plans exactly 9 updates with their fields,
 * 10 creates and 11 unchanged and changes no modified date; the import does the plan; `undo` brings
 * the 9 back field for field and trashes the 10 and the venue only they used. Everything made carries
 * the run's stamp and is deleted for good at the end.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import { calctl, cleanup, configured, makeStamp, type Rec, skipNote } from './site.js';

skipNote('history-undo');
const stamp = makeStamp('rh');
afterAll(async () => {
  if (configured) await cleanup(stamp);
}, 600_000);

const home = tempHome();
const year = new Date().getUTCFullYear() + 2;
const HEADER = 'Event Name,Event Start Date,Event Start Time,Event End Time,Event Venue Name,Event Cost\n';
const row = (title: string, day: number, venue: string, cost: string) =>
  `${title} ${stamp},${year}-04-${String(day).padStart(2, '0')},10:00,11:00,${venue} ${stamp},${cost}\n`;
const seed = Array.from({ length: 20 }, (_, i) => row(`Talk ${i + 1}`, i + 1, i < 10 ? 'Main' : 'Side', '10'));
const next = [
  ...Array.from({ length: 20 }, (_, i) =>
    row(`Talk ${i + 1}`, i + 1, i >= 5 && i < 9 ? 'Side' : i < 10 ? 'Main' : 'Side', i < 5 ? '15' : '10'),
  ),
  ...Array.from({ length: 10 }, (_, i) => row(`Workshop ${i + 1}`, i + 1, 'Annex', '5')),
];

async function state(): Promise<Map<string, Record<string, unknown>>> {
  const r = await calctl(home, [
    'events',
    'list',
    '--search',
    stamp,
    '--status',
    'publish,trash',
    '--start-date',
    `${year}-01-01`,
    '--all',
    '-o',
    'json',
  ]);
  expect(r.code, r.stderr).toBe(0);
  return new Map(
    r
      .json<Rec[]>()
      .map((e) => [
        String(e.title).replace(` ${stamp}`, ''),
        { status: e.status, cost: e.cost, venue: (e.venue as Rec | undefined)?.venue, modified: e.modified },
      ]),
  );
}

describe.skipIf(!configured)('plan, history and undo on a real site', () => {
  it('30 rows over 20, 9 changed: the plan, the import as planned, and undo field for field', async () => {
    const seedFile = join(home, 'seed.csv');
    writeFileSync(seedFile, HEADER + seed.join(''));
    expect((await calctl(home, ['import', 'events', seedFile])).code).toBe(0);
    const before = await state();
    const file = join(home, 'next.csv');
    writeFileSync(file, HEADER + next.join(''));
    const dry = await calctl(home, ['import', 'events', file, '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    const plan = dry.json<({ action: string; changes: Rec[] } | { summary: Rec })[]>();
    const entries = plan.filter((e): e is { action: string; changes: Rec[] } => 'action' in e);
    const count = (a: string) => entries.filter((e) => e.action === a).length;
    expect([count('update'), count('create'), count('unchanged')]).toEqual([9, 10, 11]);
    expect(entries.filter((e) => e.action === 'update').every((e) => e.changes.length === 1)).toBe(true);
    expect(await state()).toEqual(before);

    const run = await calctl(home, ['import', 'events', file, '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json()).toMatchObject({ created: 10, updated: 9, unchanged: 11 });
    const after = await state();
    expect(after.get('Talk 1')?.cost).toMatch(/15/);
    expect(after.get('Talk 6')?.venue).toBe(`Side ${stamp}`);

    const undo = await calctl(home, ['undo', '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    const back = await state();
    for (let i = 1; i <= 20; i++) {
      const { modified: _m, ...was } = before.get(`Talk ${i}`) as Record<string, unknown>;
      const { modified: _n, ...now } = back.get(`Talk ${i}`) as Record<string, unknown>;
      expect(now, `Talk ${i}`).toEqual(was);
    }
    for (let i = 1; i <= 10; i++) expect(back.get(`Workshop ${i}`)?.status).toBe('trash');
    const annex = await calctl(home, ['venues', 'list', '--search', `Annex ${stamp}`, '-o', 'json']);
    expect(annex.json<Rec[]>()).toEqual([]);
  }, 600_000);
});
