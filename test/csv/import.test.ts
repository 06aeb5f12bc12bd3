import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { UsageError } from '../../src/errors/index.js';
import { parseMapOptions } from '../../src/import/columns.js';
import { runImport } from '../../src/import/import.js';
import { MalformedInputError, openSource } from '../../src/import/read.js';
import { openRejects } from '../../src/import/rejects.js';
import { fixture, importPath, type Loose, listAll, startSite, type TestSite } from './helpers.js';

let site: TestSite;
beforeEach(async () => {
  site = await startSite();
});
afterEach(async () => {
  await site.close();
});

describe('import events', () => {
  it('reads the site importer header with BOM, CRLF, non-ASCII, quoted commas and newlines', async () => {
    const summary = await importPath(site, 'events', fixture('site-events.csv'));
    expect(summary).toMatchObject({ created: 3, updated: 0, unchanged: 0, rejected: 0, rows: 3 });
    const events = await listAll(site, 'events');
    const byTitle = Object.fromEntries(events.map((e) => [e.title, e]));
    const ankh = byTitle['Ankh-Sto Associates'];
    expect(ankh.start_date).toBe('2014-11-25 08:15:00');
    expect(ankh.end_date).toBe('2014-11-25 13:15:00');
    // (the site shows descriptions texturized: the quotes of the file, curly)
    expect(ankh.description).toContain('Trade fair, with &#8220;quotes&#8221;');
    expect(ankh.venue.venue).toBe('The Shire');
    expect(ankh.organizer.map((o: Loose) => o.organizer)).toEqual(['Elvis']);
    expect(ankh.show_map).toBe(true);
    expect(ankh.website).toBe('https://ankh-sto-associates.gov');
    const cafe = byTitle['Café Zürich — fête'];
    expect(cafe.description).toContain('Line one');
    expect(cafe.description).toContain('Line two');
    expect(cafe.venue.venue).toBe('Zürich Halle');
    expect(cafe.organizer.map((o: Loose) => o.organizer)).toEqual(['Zoë', 'Björk']);
    expect(cafe.categories.map((c: Loose) => c.name).sort()).toEqual(['Art', 'Music']);
    expect(cafe.cost).toContain('10');
    const harvest = byTitle['Harvest day'];
    expect(harvest.all_day).toBe(true);
    expect([harvest.start_date, harvest.end_date]).toEqual(['2026-09-12 00:00:00', '2026-09-12 23:59:59']);
    // One venue for two rows naming it.
    expect((await listAll(site, 'venues')).filter((v) => v.venue === 'The Shire')).toHaveLength(1);
  });

  it('reads our field names, warns once about unknown columns, and honours --map', async () => {
    const warnings: string[] = [];
    const summary = await importPath(site, 'events', fixture('ours-events.csv'), { warn: (l) => warnings.push(l) });
    expect(summary).toMatchObject({ created: 2, rejected: 0 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"Internal ref"');
    const two = (await listAll(site, 'events')).find((e) => e.title === 'Plain two');
    expect(two?.organizer.map((o: Loose) => o.organizer)).toEqual(['Ann', 'Bob']);
    expect(two?.tags.map((t: Loose) => t.name).sort()).toEqual(['alpha', 'beta']);
    // --strict refuses the unknown column before anything is sent.
    await expect(importPath(site, 'events', fixture('ours-events.csv'), { strict: true })).rejects.toThrow(UsageError);
    // --map sends the unknown column into the excerpt.
    const overrides = parseMapOptions(getResource('events'), ['Internal ref=excerpt']);
    const again = await importPath(site, 'events', fixture('ours-events.csv'), { overrides });
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const one = (await listAll(site, 'events')).find((e) => e.title === 'Plain one');
    expect(one?.excerpt).toContain('ignored');
  });

  it('maps custom headers with --map and --map-file style objects', async () => {
    const path = await site.file('custom.csv', 'What,When,Where\nMapped,2026-04-01 09:00,Annex\n');
    const overrides = parseMapOptions(getResource('events'), ['When=start_date'], { What: 'title', Where: 'venue' });
    expect(await importPath(site, 'events', path, { overrides })).toMatchObject({ created: 1 });
    const [e] = await listAll(site, 'events');
    expect([e?.title, e?.start_date, e?.venue.venue]).toEqual(['Mapped', '2026-04-01 09:00:00', 'Annex']);
    expect(() => parseMapOptions(getResource('events'), ['When=nope'])).toThrow(UsageError);
    // (the sides the other way round: the hint gives the entry the right way)
    let swapped: unknown;
    try {
      parseMapOptions(getResource('events'), ['title=Titel']);
    } catch (err) {
      swapped = err;
    }
    expect(swapped).toBeInstanceOf(UsageError);
    expect((swapped as UsageError).hint).toMatch(/^the form is COLUMN=field: did you mean "Titel=title"\? fields: /);
  });

  it('is idempotent: the same file twice changes nothing', async () => {
    await importPath(site, 'events', fixture('site-events.csv'));
    const before = await listAll(site, 'events');
    const summary = await importPath(site, 'events', fixture('site-events.csv'));
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: 0 });
    const after = await listAll(site, 'events');
    expect(after.map((e) => [e.id, e.modified])).toEqual(before.map((e) => [e.id, e.modified]));
  });

  it('creates a duplicate row once', async () => {
    const path = await site.file('dup.csv', 'title,start_date\nTwice,2026-02-02 10:00\nTwice,2026-02-02 10:00\n');
    expect(await importPath(site, 'events', path, { concurrency: 8 })).toMatchObject({ created: 1, unchanged: 1 });
    expect(await listAll(site, 'events')).toHaveLength(1);
  });

  it('updates a changed row with the full record, keeping what the file does not set', async () => {
    await importPath(site, 'events', fixture('ours-events.csv'));
    const path = await site.file('cost.csv', 'title,start_date,cost\nPlain two,2026-03-02 10:00,99\n');
    expect(await importPath(site, 'events', path)).toMatchObject({ updated: 1 });
    const two = (await listAll(site, 'events')).find((e) => e.title === 'Plain two');
    expect(two?.cost).toContain('99');
    // A real site drops organizers and tags omitted from an update: the merged body keeps them.
    expect(two?.organizer.map((o: Loose) => o.organizer)).toEqual(['Ann', 'Bob']);
    expect(two?.tags).toHaveLength(2);
    expect(await importPath(site, 'events', path, { onConflict: 'skip' })).toMatchObject({ unchanged: 1 });
  });

  it('rejects bad rows with line and column, imports the good ones, and writes the rejects file', async () => {
    const rejectsPath = `${site.dir}/rejects.csv`;
    const rejects = await openRejects(rejectsPath, ['title', 'start_date', 'end_date', 'venue', 'all_day']);
    const summary = await importPath(site, 'events', fixture('bad-rows.csv'), { rejects });
    expect(summary).toMatchObject({ created: 2, rejected: 5, rows: 7 });
    expect((await listAll(site, 'events')).map((e) => e.title).sort()).toEqual(['Good row', 'Good too']);
    const rows = (parse(await readFile(rejectsPath, 'utf8'), { columns: true }) as Record<string, string>[]).sort(
      (a, b) => Number(/line (\d+)/.exec(a.error ?? '')?.[1]) - Number(/line (\d+)/.exec(b.error ?? '')?.[1]),
    );
    expect(rows.map((r) => r.title)).toEqual(['Bad date', 'Backwards', 'No venue', 'Bad flag', '']);
    expect(rows[0]?.error).toMatch(/^line 3, column "start_date": cannot read "2026-13-45"/);
    expect(rows[1]?.error).toMatch(/line 4, column "end_date": the end .* is before the start/);
    expect(rows[2]?.error).toMatch(/line 5, column "venue": unknown venue ID 999999/);
    expect(rows[3]?.error).toMatch(/line 6, column "all_day": "maybe" is not a yes\/no value/);
    expect(rows[4]?.error).toMatch(/line 7, column "title": title is required/);
    expect(rows[0]?.start_date).toBe('2026-13-45');
  });

  it('stops at the first bad row with failFast', async () => {
    const summary = await importPath(site, 'events', fixture('bad-rows.csv'), { failFast: true, concurrency: 1 });
    expect(summary.rejected).toBe(1);
    expect(summary.created).toBe(1);
  });

  it('writes nothing on a dry run but reports what would happen', async () => {
    const summary = await importPath(site, 'events', fixture('site-events.csv'), { dryRun: true });
    expect(summary).toMatchObject({ created: 3, rejected: 0 });
    expect(await listAll(site, 'events')).toHaveLength(0);
    expect(await listAll(site, 'venues')).toHaveLength(0);
    expect(await listAll(site, 'categories')).toHaveLength(0);
  });

  it('rejects a ragged row with its line and imports the rows around it', async () => {
    const path = await site.file(
      'ragged-middle.csv',
      'title,start_date,cost\nBefore,2026-05-01 10:00,5\nRagged,2026-05-02 10:00,5,extra\nShort,2026-05-03\n' +
        'Quote "inside,2026-05-04 10:00,5\nAfter,2026-05-05 10:00,5\n',
    );
    const rejected: string[] = [];
    const rejects = { write: (_cells: unknown, error: string) => void rejected.push(error), close: async () => {} };
    const summary = await importPath(site, 'events', path, { rejects: rejects as never });
    expect(summary).toMatchObject({ created: 2, rejected: 3, rows: 5 });
    expect(rejected).toEqual([
      expect.stringMatching(
        /^line 3: the row has 4 cells and the header 3 columns: an extra delimiter.*extra cells: "extra"/,
      ),
      expect.stringMatching(/^line 4: the row has 2 cells and the header 3 columns: a delimiter missing/),
      expect.stringMatching(/^line 5: a quote inside a value/),
    ]);
    expect((await listAll(site, 'events')).map((e: Loose) => e.title).sort()).toEqual(['After', 'Before']);
  });

  it.each([['unbalanced.csv', 2, /never closed/]])(
    'stops cleanly on a malformed file (%s)',
    async (name, line, message) => {
      const err = await importPath(site, 'events', fixture(name)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MalformedInputError);
      expect((err as MalformedInputError).exitCode).toBe(2);
      expect((err as MalformedInputError).message).toMatch(message);
      expect((err as MalformedInputError).line).toBe(line);
    },
  );

  it('refuses invalid UTF-8 with the line when the file is said to be UTF-8', async () => {
    const path = await site.file('latin1.csv', Buffer.from('title,start_date\nCaf\xe9,2026-01-01\n', 'latin1'));
    const source = await openSource(createReadStream(path), 'csv', ',', 'utf-8');
    const err = await runImport({ api: site.api, resource: getResource('events'), source }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MalformedInputError);
    expect((err as Error).message).toMatch(/line 2: invalid UTF-8/);
    // (not said: its start is not UTF-8, so it is read as Windows-1252, test/csv/encodings.test.ts)
    expect(await importPath(site, 'events', path)).toMatchObject({ created: 1 });
    expect((await listAll(site, 'events')).map((e: Loose) => e.title)).toEqual(['Café']);
  });
});

describe('import other resources', () => {
  it('imports venues, organizers and categories by their importer labels, idempotently', async () => {
    const venues = await site.file(
      'venues.csv',
      'Venue Name,Venue Address,Venue Address 2,Venue City,Venue State/Province,Venue Zip\nHall A,1 Main St,Floor 2,Springfield,IL,12345\n',
    );
    expect(await importPath(site, 'venues', venues)).toMatchObject({ created: 1 });
    expect(await importPath(site, 'venues', venues)).toMatchObject({ unchanged: 1 });
    const [v] = await listAll(site, 'venues');
    expect([v?.address, v?.city, v?.stateprovince]).toEqual(['1 Main St Floor 2', 'Springfield', 'IL']);
    const orgs = await site.file('orgs.csv', 'Organizer Name,Organizer Email\nJane,jane@example.org\n');
    expect(await importPath(site, 'organizers', orgs)).toMatchObject({ created: 1 });
    expect(await importPath(site, 'organizers', orgs)).toMatchObject({ unchanged: 1 });
    const cats = await site.file('cats.csv', 'name,slug,parent\nMusic,music,\nJazz,jazz,music\n');
    expect(await importPath(site, 'categories', cats)).toMatchObject({ created: 2 });
    expect(await importPath(site, 'categories', cats)).toMatchObject({ unchanged: 2 });
    const jazz = (await listAll(site, 'categories')).find((c) => c.slug === 'jazz');
    const music = (await listAll(site, 'categories')).find((c) => c.slug === 'music');
    expect(jazz?.parent).toBe(music?.id);
  });

  it('imports NDJSON through the same pipeline', async () => {
    const path = await site.file('t.ndjson', '{"name":"alpha"}\n{"name":"beta","description":"B"}\n');
    expect(await importPath(site, 'tags', path, { format: 'ndjson' })).toMatchObject({ created: 2 });
    expect(await importPath(site, 'tags', path, { format: 'ndjson' })).toMatchObject({ unchanged: 2 });
  });
});
