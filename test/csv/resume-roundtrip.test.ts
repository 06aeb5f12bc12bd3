import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { InterruptedError } from '../../src/errors/index.js';
import { runExport } from '../../src/export/export.js';
import { Checkpoint, checkpointPath, inputIdentity, loadCheckpoint } from '../../src/import/checkpoint.js';
import { runImport } from '../../src/import/import.js';
import { openSource } from '../../src/import/read.js';
import { fixture, importPath, listAll, startSite, type TestSite } from './helpers.js';

let site: TestSite;
beforeEach(async () => {
  site = await startSite();
});
afterEach(async () => {
  await site.close();
});

const ROWS = 60;
const csv = () =>
  `title,start_date,venue,organizer\n${Array.from({ length: ROWS }, (_, i) => `Event ${i + 1},2026-07-${String((i % 28) + 1).padStart(2, '0')} 10:00,Hall ${i % 3},Org ${i % 4}`).join('\n')}\n`;

async function importWithCheckpoint(path: string, signal?: AbortSignal, onRow?: (n: number) => void) {
  const resource = getResource('events');
  const identity = await inputIdentity(path);
  const cpPath = checkpointPath(path);
  const previous = await loadCheckpoint(cpPath, identity, 'events');
  const checkpoint = previous
    ? Checkpoint.fromData(cpPath, previous, () => new Date())
    : new Checkpoint(
        cpPath,
        identity,
        'events',
        { created: 0, updated: 0, unchanged: 0, rejected: 0, blank: 0 },
        () => new Date(),
      );
  const source = await openSource(createReadStream(path), 'csv');
  return runImport({
    api: site.api,
    resource,
    source,
    concurrency: 4,
    // (small batches: with the default, 100 rows are in flight and the 60 all finish before the stop)
    batchSize: 5,
    signal,
    checkpoint,
    progress: { tick: (n) => onRow?.(n), stop: () => {} },
  });
}

it('resumes an interrupted import: every row exactly once', async () => {
  const path = await site.file('many.csv', csv());
  const ac = new AbortController();
  const err = await importWithCheckpoint(path, ac.signal, (n) => n === 20 && ac.abort()).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(InterruptedError);
  expect((err as InterruptedError).exitCode).toBe(130);
  const saved = JSON.parse(await readFile(checkpointPath(path), 'utf8'));
  expect(saved.doneBelow).toBeGreaterThan(1);
  const partial = await listAll(site, 'events');
  expect(partial.length).toBeGreaterThanOrEqual(20);
  expect(partial.length).toBeLessThan(ROWS);

  const summary = await importWithCheckpoint(path);
  expect(summary.rejected).toBe(0);
  const titles = (await listAll(site, 'events')).map((e) => e.title).sort();
  expect(titles).toEqual(Array.from({ length: ROWS }, (_, i) => `Event ${i + 1}`).sort());
  expect(await listAll(site, 'venues')).toHaveLength(3);
  expect(await listAll(site, 'organizers')).toHaveLength(4);
  // A finished run removes its checkpoint.
  await expect(stat(checkpointPath(path))).rejects.toThrow();
});

async function exportText(s: TestSite, resource: 'events' | 'venues' | 'categories'): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await runExport({ api: s.api, resource: getResource(resource), format: 'csv', out });
  return Buffer.concat(chunks).toString('utf8');
}

it('export → import into an empty calendar → export gives the same file', async () => {
  await importPath(site, 'events', fixture('site-events.csv'));
  await importPath(site, 'events', fixture('ours-events.csv'));
  const cats = await site.file('cats.csv', 'name,slug,description,parent\nTalks,talks,Spoken,\nPanels,panels,,talks\n');
  await importPath(site, 'categories', cats);
  const first = await exportText(site, 'events');
  const firstCats = await exportText(site, 'categories');
  expect(first.split('\n')[0]).toBe(
    'title,slug,description,excerpt,start_date,end_date,all_day,timezone,venue,organizer,categories,tags,cost,website,featured,sticky,show_map,show_map_link,hide_from_listings,status',
  );
  const other = await startSite();
  try {
    const eventsFile = await other.file('events.csv', first);
    const catsFile = await other.file('cats.csv', firstCats);
    expect(await importPath(other, 'categories', catsFile)).toMatchObject({ rejected: 0 });
    expect(await importPath(other, 'events', eventsFile)).toMatchObject({ created: 5, rejected: 0 });
    expect(await exportText(other, 'events')).toBe(first);
    expect(await exportText(other, 'categories')).toBe(firstCats);
    // And importing the export into the calendar it came from changes nothing.
    expect(await importPath(site, 'events', eventsFile)).toMatchObject({ unchanged: 5, created: 0, updated: 0 });
  } finally {
    await other.close();
  }
});

it('exports a header-only CSV for an empty list, NDJSON and site labels', async () => {
  expect(await exportText(site, 'venues')).toBe(
    'venue,slug,description,address,city,state,province,stateprovince,zip,country,phone,website,show_map,show_map_link,status\n',
  );
  await importPath(site, 'events', fixture('ours-events.csv'));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await runExport({ api: site.api, resource: getResource('events'), format: 'csv', siteLabels: true, out });
  const header = Buffer.concat(chunks).toString('utf8').split('\n')[0];
  expect(header).toContain('Event Name,slug,Event Description');
  const nd = new PassThrough();
  const lines: string[] = [];
  nd.on('data', (c: Buffer) => lines.push(c.toString()));
  expect(await runExport({ api: site.api, resource: getResource('events'), format: 'ndjson', out: nd })).toBe(2);
  expect(JSON.parse(lines.join('').split('\n')[0] ?? '').title).toBe('Plain one');
});
