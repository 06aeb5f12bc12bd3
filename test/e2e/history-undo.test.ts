/**
 * Issue 39's plan, history and undo on the built-in local calendar, in-process: a CSV of 30 rows
 * over a calendar that holds 20 of them, 9 changed. `--dry-run` plans exactly 9 updates (fields
 * before → after), 10 creates and 11 unchanged and writes nothing; the import does the plan; `undo`
 * brings the 9 back and trashes the 10 and the venue only they used, keeps an event edited since as a
 * conflict (exit 3); an undo stopped midway (the crash seam) and run again ends as one not stopped;
 * an undo can be undone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';

const year = new Date().getUTCFullYear() + 1;
const HEADER = 'Event Name,Event Start Date,Event Start Time,Event End Time,Event Venue Name,Event Cost\n';

interface Row {
  title: string;
  day: number;
  venue: string;
  cost: string;
}
const line = (r: Row) => `${r.title},${year}-03-${String(r.day).padStart(2, '0')},10:00,11:00,${r.venue},${r.cost}\n`;

const seedRows: Row[] = Array.from({ length: 20 }, (_, i) => ({
  title: `Talk ${i + 1}`,
  day: i + 1,
  venue: i < 10 ? 'Main Hall' : 'Side Room',
  cost: '10',
}));
/** 20 known rows, 9 of them changed (5 costs, 4 venues), then 10 new rows at a venue of their own. */
const nextRows: Row[] = [
  ...seedRows.map((r, i) => (i < 5 ? { ...r, cost: '15' } : i < 9 ? { ...r, venue: 'Side Room' } : r)),
  ...Array.from({ length: 10 }, (_, i) => ({ title: `Workshop ${i + 1}`, day: i + 1, venue: 'New Annex', cost: '5' })),
];

type Rec = Record<string, unknown>;
type Entry = { line: number; action: string; id: number | null; title: string; changes: Rec[] };

async function setup() {
  const home = tempHome();
  const run = (args: string[], extra: Parameters<typeof runInProcess>[1] = {}) =>
    runInProcess(args, { home, ...extra });
  const seed = join(home, 'seed.csv');
  writeFileSync(seed, HEADER + seedRows.map(line).join(''));
  const first = await run(['import', 'events', seed, '-o', 'json']);
  expect(first.code, first.stderr).toBe(0);
  const file = join(home, 'next.csv');
  writeFileSync(file, HEADER + nextRows.map(line).join(''));
  /** every event (trash too), by title, in a comparable form */
  const state = async () => {
    const r = await run([
      'events',
      'list',
      '--status',
      'publish,trash',
      '--start-date',
      `${year}-01-01`,
      '--end-date',
      `${year}-12-31`,
      '--per-page',
      '100',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out: Record<string, Rec> = {};
    for (const e of r.json<Rec[]>()) {
      const venue = e.venue as Rec | undefined;
      out[String(e.title)] = {
        id: e.id,
        status: e.status,
        cost: e.cost,
        venue: venue?.venue ?? null,
        modified: e.modified,
      };
    }
    return out;
  };
  const venues = async () => {
    const r = await run(['venues', 'list', '--status', 'publish,trash', '-o', 'json']);
    return Object.fromEntries(r.json<Rec[]>().map((v) => [String(v.venue), v.status]));
  };
  return { home, run, file, state, venues };
}

describe('import plan, history and undo', { timeout: 120_000 }, () => {
  it('plans the 9 updates, 10 creates and 11 unchanged, does exactly that, and undo takes it back', async () => {
    const { run, file, state, venues } = await setup();
    const before = await state();

    const dry = await run(['import', 'events', file, '--dry-run', '-o', 'ndjson']);
    expect(dry.code, dry.stderr).toBe(0);
    const lines = dry.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec);
    expect(lines.at(-1)).toMatchObject({ summary: { created: 10, updated: 9, unchanged: 11, rejected: 0 } });
    const plan = lines.slice(0, -1) as unknown as Entry[];
    expect(plan).toHaveLength(30);
    expect(Object.keys(plan[0] as object)).toEqual([
      'line',
      'action',
      'resource',
      'id',
      'title',
      'changes',
      'links',
      'warnings',
      'error',
    ]);
    const updates = plan.filter((e) => e.action === 'update');
    expect(updates.map((e) => e.title)).toEqual(nextRows.slice(0, 9).map((r) => r.title));
    expect(updates[0]?.changes).toEqual([{ field: 'cost', before: '10', after: '15' }]);
    expect(updates[5]?.changes).toEqual([{ field: 'venue', before: 'Main Hall', after: 'Side Room' }]);
    expect(plan.filter((e) => e.action === 'create')).toHaveLength(10);
    expect(plan.filter((e) => e.action === 'unchanged')).toHaveLength(11);
    // nothing written: every event as it was, its modified date too
    expect(await state()).toEqual(before);
    const json = await run(['import', 'events', file, '--dry-run', '-o', 'json']);
    const noSeconds = (list: Rec[]) =>
      list.map((e) => ('summary' in e ? { summary: { ...(e.summary as Rec), seconds: 0 } } : e));
    expect(noSeconds(json.json<Rec[]>())).toEqual(noSeconds(lines));

    const real = await run(['import', 'events', file, '-o', 'json']);
    expect(real.code, real.stderr).toBe(0);
    expect(real.json()).toMatchObject({ created: 10, updated: 9, unchanged: 11 });
    const after = await state();
    // exactly the plan: the planned updates changed, the rest did not
    for (const [title, rec] of Object.entries(before)) {
      const planned = updates.some((e) => e.title === title);
      if (!planned) expect(after[title], title).toEqual(rec);
      else expect(after[title], title).not.toEqual(rec);
    }
    expect(await venues()).toMatchObject({ 'New Annex': 'publish' });

    const history = await run(['history', '-o', 'json']);
    const runs = history.json<Rec[]>();
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({
      kind: 'import',
      status: 'done',
      counts: { created: 10, updated: 9, unchanged: 11 },
    });
    expect(String(runs[0]?.source)).toMatch(/next\.csv$/);
    expect(String(runs[0]?.sha256)).toMatch(/^[0-9a-f]{64}$/);
    expect(String(runs[0]?.command)).toMatch(/^calctl import events .*next\.csv -o json$/);
    const shown = await run(['history', 'show', String(runs[0]?.id), '-o', 'json']);
    const records = shown.json<{ records: Rec[] }>().records;
    expect(records.filter((r) => r.action === 'created' && r.resource === 'events')).toHaveLength(10);
    expect(records.filter((r) => r.action === 'created' && r.resource === 'venues')).toHaveLength(1);
    expect(records.filter((r) => r.action === 'updated')).toHaveLength(9);
    expect(records.every((r) => r.state === 'done')).toBe(true);

    // an event edited on the site after the import is a conflict, and kept
    const edited = after['Talk 1'];
    expect((await run(['events', 'update', String(edited?.id), '--cost', '99'])).code).toBe(0);

    const undoDry = await run(['undo', '--dry-run', '-o', 'json']);
    expect(undoDry.code).toBe(3);
    expect(await state()).toMatchObject({ 'Talk 1': { cost: '$99' } });
    const noTty = await run(['undo']);
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toMatch(/--yes/);

    const undo = await run(['undo', '--yes']);
    expect(undo.code, undo.stderr).toBe(3);
    expect(undo.stderr).toMatch(/Talk 1.*kept/);
    const undone = await state();
    for (const [title, rec] of Object.entries(before)) {
      if (title === 'Talk 1') continue;
      expect({ ...undone[title], modified: null }, title).toEqual({ ...rec, modified: null });
    }
    expect(undone['Talk 1']?.cost).toBe('$99');
    for (let i = 1; i <= 10; i++) expect(undone[`Workshop ${i}`]?.status).toBe('trash');
    expect((await venues())['New Annex']).toBe('trash');
    expect((await venues())['Main Hall']).toBe('publish');

    // the undo is a run of its own, and can be undone
    const afterUndo = (await run(['history', '-o', 'json'])).json<Rec[]>();
    expect(afterUndo[0]).toMatchObject({ kind: 'undo', undoes: runs[0]?.id, status: 'done' });
    const redo = await run(['undo', String(afterUndo[0]?.id), '--yes']);
    expect(redo.code, redo.stderr).toBe(0);
    const redone = await state();
    for (const [title, rec] of Object.entries(after)) {
      if (title === 'Talk 1') continue;
      expect({ ...redone[title], modified: null }, title).toEqual({ ...rec, modified: null });
    }
    expect((await run(['undo', '999', '--yes'])).code).toBe(5);
  });

  it('an undo stopped midway and run again ends as one that was not stopped, touching nothing twice', async () => {
    const a = await setup();
    const b = await setup();
    for (const s of [a, b]) expect((await s.run(['import', 'events', s.file, '-o', 'json'])).code).toBe(0);
    const plain = await a.run(['undo', '--yes']);
    expect(plain.code, plain.stderr).toBe(0);

    // stopped after the 6th write landed and before it was marked done, then after the 12th was noted
    let writes = 0;
    const killed = await b.run(['undo', '--yes'], {
      fault: (point) => {
        if (point === 'undo-written' && ++writes === 6) throw new Error('killed');
      },
    });
    expect(killed.code).not.toBe(0);
    let noted = 0;
    const killedAgain = await b.run(['undo', '--yes'], {
      fault: (point) => {
        if (point === 'undo-write' && ++noted === 6) throw new Error('killed');
      },
    });
    expect(killedAgain.code).not.toBe(0);
    const rerun = await b.run(['undo', '--yes', '-o', 'json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    const strip = (s: Record<string, Rec>) =>
      Object.fromEntries(Object.entries(s).map(([t, r]) => [t, { status: r.status, cost: r.cost, venue: r.venue }]));
    expect(strip(await b.state())).toEqual(strip(await a.state()));
    expect(await b.venues()).toEqual(await a.venues());
    // one undo run, every record of the import undone once
    const runs = (await b.run(['history', '-o', 'json'])).json<Rec[]>();
    expect(runs.filter((r) => r.kind === 'undo')).toHaveLength(1);
    const undoRecords = (await b.run(['history', 'show', String(runs[0]?.id), '-o', 'json'])).json<{ records: Rec[] }>()
      .records;
    const undoes = undoRecords.filter((r) => r.state === 'done').map((r) => r.undoes);
    expect(new Set(undoes).size).toBe(undoes.length);
    expect(undoes).toHaveLength(20);
    // nothing left to undo of that run
    const again = await b.run(['undo', String(runs[0]?.undoes), '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/was undone by run/);
  });

  it('a bulk delete is recorded, and undo restores what it trashed', async () => {
    const { run, state } = await setup();
    const before = await state();
    const ids = [before['Talk 2']?.id, before['Talk 3']?.id].map(String);
    const del = await run(['events', 'delete', ...ids, '--yes', '-o', 'json']);
    expect(del.code, del.stderr).toBe(0);
    expect((await state())['Talk 2']?.status).toBe('trash');
    const runs = (await run(['history', '-o', 'json'])).json<Rec[]>();
    expect(runs[0]).toMatchObject({ kind: 'delete', status: 'done', counts: { deleted: 2 } });
    const undo = await run(['undo', '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    const after = await state();
    for (const t of ['Talk 2', 'Talk 3'])
      expect({ ...after[t], modified: null }).toEqual({ ...before[t], modified: null });
  });

  it('a feeds run is recorded, its dry run prints the plan, and undo trashes what it brought', async () => {
    const { home, run, state } = await setup();
    const ics = join(home, 'club.ics');
    const vevent = (i: number) =>
      [
        'BEGIN:VEVENT',
        `UID:club-${i}@example.org`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${year}0610T1${i}0000Z`,
        `DTEND:${year}0610T1${i}3000Z`,
        `SUMMARY:Club night ${i}`,
        'END:VEVENT',
      ].join('\r\n');
    writeFileSync(
      ics,
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', vevent(1), vevent(2), 'END:VCALENDAR', ''].join('\r\n'),
    );
    expect((await run(['feeds', 'add', 'club', ics, '--until', '+2y'])).code).toBe(0);
    const dry = await run(['feeds', 'run', '--dry-run', '-o', 'ndjson']);
    expect(dry.code, dry.stderr).toBe(0);
    const lines = dry.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec);
    expect(lines.map((l) => l.action ?? 'summary')).toEqual(['create', 'create', 'summary']);
    expect(Object.keys(await state()).filter((t) => t.startsWith('Club'))).toEqual([]);
    const real = await run(['feeds', 'run', '-o', 'json']);
    expect(real.code, real.stderr).toBe(0);
    expect((await state())['Club night 1']?.status).toBe('publish');
    const runs = (await run(['history', '-o', 'json'])).json<Rec[]>();
    expect(runs[0]).toMatchObject({ kind: 'feeds run', status: 'done', counts: { created: 2 } });
    // (a run that finds nothing new writes nothing, and is not kept)
    expect((await run(['feeds', 'run', '--quiet'])).code).toBe(0);
    expect((await run(['history', '-o', 'json'])).json<Rec[]>()).toHaveLength(runs.length);
    const undo = await run(['undo', '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    expect((await state())['Club night 1']?.status).toBe('trash');
    expect((await state())['Club night 2']?.status).toBe('trash');
  });

  it('a field the record did not have before the run (a venue) is cleared again', async () => {
    const home = tempHome();
    const run = (args: string[]) => runInProcess(args, { home });
    const file = join(home, 'a.csv');
    writeFileSync(file, `Event Name,Event Start Date,Event Start Time\nBare,${year}-05-01,10:00\n`);
    expect((await run(['import', 'events', file])).code).toBe(0);
    writeFileSync(
      file,
      `Event Name,Event Start Date,Event Start Time,Event Venue Name\nBare,${year}-05-01,10:00,Hall X\n`,
    );
    expect((await run(['import', 'events', file])).code).toBe(0);
    const get = async () =>
      (
        await run(['events', 'list', '--start-date', `${year}-05-01`, '--end-date', `${year}-05-02`, '-o', 'json'])
      ).json<Rec[]>()[0];
    expect(((await get())?.venue as Rec | undefined)?.venue).toBe('Hall X');
    const undo = await run(['undo', '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    const after = await get();
    expect((after?.venue as Rec | undefined)?.venue).toBeUndefined();
    expect((await run(['venues', 'list', '--status', 'publish,trash', '-o', 'json'])).json<Rec[]>()).toMatchObject([
      { venue: 'Hall X', status: 'trash' },
    ]);
  });
});
