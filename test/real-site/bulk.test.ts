/**
 * Bulk changes by filter against a REAL site (optional; docs/real-site.md): 120 past events of this
 * run (its stamp) and two on the edge of the date: `events delete --before DATE` trashes exactly
 * those that ended before it, and run again trashes none twice. Everything made carries the stamp and
 * is deleted for good at the end.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import { calctl, cleanup, configured, makeStamp, type Rec, skipNote } from './site.js';

skipNote('bulk');
const stamp = makeStamp('rb');
afterAll(async () => {
  if (configured) await cleanup(stamp);
}, 600_000);

const home = tempHome();

async function ours(status: string): Promise<Rec[]> {
  const r = await calctl(home, [
    'events',
    'list',
    '--search',
    stamp,
    '--status',
    status,
    '--start-date',
    '2000-01-01',
    '--all',
    '-o',
    'json',
  ]);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Rec[]>();
}

describe.skipIf(!configured)('bulk changes by filter on a real site', () => {
  it('delete --before DATE: exactly the events that ended before it (none on its day), and run again, none twice', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => {
      const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      return `Past ${i} ${stamp},${day} 09:00,${day} 10:00,${stamp}`;
    });
    rows.push(`Edge before ${stamp},2020-05-31 22:00,2020-05-31 23:00,${stamp}`);
    rows.push(`Edge on ${stamp},2020-06-01 08:00,2020-06-01 09:00,${stamp}`);
    const csv = join(home, 'past.csv');
    writeFileSync(csv, `title,start_date,end_date,categories\n${rows.join('\n')}\n`);
    const imported = await calctl(home, ['import', 'events', csv, '-o', 'json']);
    expect(imported.code, imported.stderr).toBe(0);
    // 2020-01-01 + 120 days: up to 2020-04-29, plus the edge before the first of June
    const where = ['--where', `category=${stamp}`, '--before', '2020-06-01'];
    const dry = await calctl(home, ['events', 'delete', ...where, '--dry-run', '-o', 'json']);
    expect(dry.json<{ records: unknown[] }>().records).toHaveLength(121);
    const first = await calctl(home, ['events', 'delete', ...where, '--yes', '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toMatchObject({ chosen: 121, changed: 121, failed: 0 });
    const again = await calctl(home, ['events', 'delete', ...where, '--yes', '-o', 'json']);
    expect(again.json()).toMatchObject({ chosen: 0, changed: 0 });
    const trashed = await ours('trash');
    expect(trashed).toHaveLength(121);
    const left = await ours('publish');
    expect(left.map((e) => e.title)).toEqual([`Edge on ${stamp}`]);
  }, 600_000);
});
