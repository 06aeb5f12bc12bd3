/**
 * Records an import creates are remembered by a hash of their natural key; equal hashes must be
 * confirmed against the records themselves. Here every key hashes alike, so every later row is a
 * collision to sort out.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { importPath, listAll, startSite, type TestSite } from './helpers.js';

vi.mock('../../src/primitives/index.js', async (original) => ({
  ...(await original<typeof import('../../src/primitives/index.js')>()),
  hash53: () => 42,
}));

let site: TestSite;
beforeEach(async () => {
  site = await startSite();
});
afterEach(async () => {
  await site.close();
});

it('rows whose keys only hash alike are distinct records; true duplicates still match', async () => {
  const csv = [
    'title,start_date,end_date',
    'Alpha,2026-09-01 10:00:00,2026-09-01 11:00:00',
    'Beta,2026-09-02 10:00:00,2026-09-02 11:00:00',
    'Gamma,2026-09-03 10:00:00,2026-09-03 11:00:00',
    'Beta,2026-09-02 10:00:00,2026-09-02 11:00:00',
  ].join('\n');
  const path = await site.file('collide.csv', `${csv}\n`);
  const summary = await importPath(site, 'events', path, { concurrency: 1 });
  expect(summary).toMatchObject({ created: 3, unchanged: 1, rejected: 0 });
  const titles = (await listAll(site, 'events')).map((e) => e.title).sort();
  expect(titles).toEqual(['Alpha', 'Beta', 'Gamma']);
});
