/**
 * Duplicate venues and organizers on the built-in local calendar, through the whole CLI: `Hall A`,
 * `Hall  A.`, `HALL Á` and `Hall A, 1 Main St` with events on each are one group; `venues merge`
 * leaves one venue holding every event (its address filled from the one named with it) and trashes
 * the others; organizers keep their place in an event's list; an import naming a place spelled apart
 * links to the venue the site has instead of making another.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';

type Rec = Record<string, unknown> & { id: number };

describe('duplicates found and merged', () => {
  const home = mkdtempSync(join(tmpdir(), 'calctl-dups-'));
  const cli = async (args: string[]) => {
    const r = await runInProcess(args, { home });
    expect(r.code, `calctl ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r;
  };
  const id = async (args: string[]) => Number((await cli([...args, '-o', 'ids'])).stdout.trim());

  it('groups the spellings of one hall, merges them, and fills the address', async () => {
    const halls: number[] = [];
    for (const name of ['Hall A', 'Hall  A.', 'HALL Á', 'Hall A, 1 Main St', 'Hall B'])
      halls.push(await id(['venues', 'create', '--venue', name]));
    for (const [i, venue] of halls.entries())
      await id([
        'events',
        'create',
        '--title',
        `Talk ${i}`,
        '--start-date',
        `2027-0${i + 1}-01 10:00`,
        '--duration',
        '1h',
        '--venue',
        String(venue),
      ]);
    const found = (await cli(['venues', 'duplicates', '-o', 'json'])).json<
      { group: number; reasons: string[]; venues: { id: number; events: number }[] }[]
    >();
    expect(found).toHaveLength(1);
    expect(found[0]?.venues.map((v) => v.id)).toEqual(halls.slice(0, 4));
    expect(found[0]?.venues.every((v) => v.events === 1)).toBe(true);
    expect(found[0]?.reasons).toContain('same name');

    const [keep, ...dups] = halls.slice(0, 4) as [number, ...number[]];
    const dry = await cli(['venues', 'merge', String(keep), ...dups.map(String), '--fill', '--dry-run', '-o', 'json']);
    const plan = dry.json<{ events: { before: number[]; after: number[] }[]; fill: Record<string, string> }>();
    expect(plan.events).toHaveLength(3);
    expect(plan.events.every((e) => e.after[0] === keep)).toBe(true);
    expect(plan.fill).toEqual({ address: '1 Main St' });
    // the dry run wrote nothing
    expect((await cli(['venues', 'list', '-o', 'json'])).json<Rec[]>()).toHaveLength(5);

    await cli(['venues', 'merge', String(keep), ...dups.map(String), '--fill', '--yes']);
    const events = (await cli(['events', 'list', '--start-date', '2027-01-01', '-o', 'json'])).json<Rec[]>();
    const venueOf = (t: string) => ((events.find((e) => e.title === t)?.venue as Rec | undefined)?.id ?? 0) as number;
    expect(['Talk 0', 'Talk 1', 'Talk 2', 'Talk 3'].map(venueOf)).toEqual([keep, keep, keep, keep]);
    expect(venueOf('Talk 4')).toBe(halls[4]);
    const venues = (await cli(['venues', 'list', '-o', 'json'])).json<Rec[]>();
    expect(venues.map((v) => v.id).sort()).toEqual([keep, halls[4]].sort());
    expect(venues.find((v) => v.id === keep)?.address).toBe('1 Main St');
    const trashed = (await cli(['venues', 'list', '--status', 'trash', '-o', 'json'])).json<Rec[]>();
    expect(trashed.map((v) => v.id).sort()).toEqual([...dups].sort());
    // run again: nothing left to move, nothing trashed twice
    const again = await cli(['venues', 'merge', String(keep), ...dups.map(String), '--yes', '-o', 'json']);
    expect(again.json<{ events: unknown[] }>().events).toEqual([]);
    expect((await cli(['venues', 'duplicates', '-o', 'json'])).json()).toEqual([]);

    // the merge is in the history, and undo restores every venue and event as they were
    const runs = (await cli(['history', '-o', 'json'])).json<{ id: number; kind: string }[]>();
    expect(runs[0]?.kind).toBe('merge');
    await cli(['undo', String(runs[0]?.id), '--yes']);
    const restored = (await cli(['events', 'list', '--start-date', '2027-01-01', '-o', 'json'])).json<Rec[]>();
    const venueNow = (t: string) =>
      ((restored.find((e) => e.title === t)?.venue as Rec | undefined)?.id ?? 0) as number;
    expect(['Talk 0', 'Talk 1', 'Talk 2', 'Talk 3', 'Talk 4'].map(venueNow)).toEqual(halls);
    const back = (await cli(['venues', 'list', '-o', 'json'])).json<Rec[]>();
    expect(back.map((v) => v.id).sort((a, b) => a - b)).toEqual([...halls].sort((a, b) => a - b));
    expect(back.find((v) => v.id === keep)?.address ?? '').toBe('');
  });

  it('an organizer keeps its place in the list; an import names a place spelled apart as the one the site has', async () => {
    const ann = await id(['organizers', 'create', '--organizer', 'Ann Smith']);
    const ann2 = await id(['organizers', 'create', '--organizer', 'Ann Smith.']);
    const bob = await id(['organizers', 'create', '--organizer', 'Bob']);
    const ev = await id([
      'events',
      'create',
      '--title',
      'Duo',
      '--start-date',
      '2027-07-01 10:00',
      '--duration',
      '1h',
      '--organizer',
      `${ann2},${bob}`,
    ]);
    await cli(['organizers', 'merge', String(ann), String(ann2), '--yes']);
    const duo = (await cli(['events', 'get', String(ev), '-o', 'json'])).json<Rec>();
    expect((duo.organizer as Rec[]).map((o) => o.id)).toEqual([ann, bob]);

    await id(['venues', 'create', '--venue', 'The Crêpe Café']);
    const csv = join(home, 'crepes.csv');
    writeFileSync(
      csv,
      'Title,Date,Time,Venue\nCrêpes,2027-08-01,18:00,Crepe Cafe\nMore crêpes,2027-08-02,18:00,"CREPE CAFE, 2 Rue Haute, 75001 Paris"\n',
    );
    await cli(['import', 'events', csv]);
    // (the search finds `Café` for `Cafe`, as WordPress's database compares)
    const cafes = (await cli(['venues', 'list', '--search', 'Cafe', '-o', 'json'])).json<Rec[]>();
    expect(cafes.map((v) => v.venue)).toEqual(['The Crêpe Café']);
  });
});
