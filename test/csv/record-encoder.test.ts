/**
 * The one record encoder: `list -o csv` and `export` write the same cells for the same record
 * (linked records by name, booleans as true/false, no website when it is only the event's page, no
 * image as empty), and what export writes re-imports unchanged.
 */
import { PassThrough } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { runExport } from '../../src/export/export.js';
import { createRecordWriter, csvCell, EXPORT_COLUMNS } from '../../src/output/index.js';
import { importPath, listAll, startSite, type TestSite } from './helpers.js';

const events = getResource('events');
let site: TestSite;

beforeAll(async () => {
  site = await startSite();
  const venue = (await site.api.post<{ id: number }>('/venues', { venue: 'Hall & Co', city: 'Lyon' })).body;
  const organizer = (await site.api.post<{ id: number }>('/organizers', { organizer: 'Jane' })).body;
  await site.api.post('/events', {
    title: 'Kids’ Club',
    start_date: '2027-05-01 09:00:00',
    end_date: '2027-05-01 11:00:00',
    venue: venue.id,
    organizer: [organizer.id],
    categories: ['Music', 'Family'],
    featured: true,
    cost: '5',
  });
  await site.api.post('/events', {
    title: 'Plain',
    start_date: '2027-05-02 09:00:00',
    end_date: '2027-05-02 10:00:00',
    website: 'https://plain.example/?a=1&b=2',
  });
}, 60_000);
afterAll(async () => {
  await site?.close();
});

async function exported(): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => {
    text += c.toString();
  });
  await runExport({ api: site.api, resource: events, format: 'csv', out });
  return text;
}

function listed(records: readonly Record<string, unknown>[]): string {
  const sink = {
    text: '',
    write(s: string) {
      sink.text += s;
    },
  };
  const writer = createRecordWriter({
    format: 'csv',
    stream: sink,
    stderr: { write: () => {} },
    resource: events,
    fields: EXPORT_COLUMNS.events,
  });
  for (const r of records) writer.write(r);
  writer.end();
  return sink.text;
}

describe('one record encoder', () => {
  it('list -o csv and export write the same cells for the same records', async () => {
    const records = await listAll(site, 'events');
    const fromExport = parseCsv(await exported());
    const fromList = parseCsv(listed(records));
    expect(fromList).toEqual(fromExport);
    const header = fromExport[0] as string[];
    const kids = fromExport.find((row: string[]) => row[0] === 'Kids’ Club') as string[];
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    expect([cell(kids, 'venue'), cell(kids, 'organizer'), cell(kids, 'featured')]).toEqual([
      'Hall & Co',
      'Jane',
      'true',
    ]);
    expect(cell(kids, 'categories')?.split(', ').sort()).toEqual(['Family', 'Music']);
    // (a website that is only the event's own page is none)
    expect(cell(kids, 'website')).toBe('');
    const plain = fromExport.find((row: string[]) => row[0] === 'Plain') as string[];
    expect(cell(plain, 'website')).toBe('https://plain.example/?a=1&b=2');
  });

  it('cells: an image by its id, no image as empty, booleans as true/false', () => {
    expect(csvCell('image', false)).toBe('');
    expect(csvCell('image', { id: 12, url: 'x' })).toBe('12');
    expect(csvCell('all_day', false)).toBe('false');
    expect(csvCell('venue', [])).toBe('');
    expect(
      csvCell('organizer', [
        { id: 1, organizer: 'A &amp; B' },
        { id: 2, organizer: 'C' },
      ]),
    ).toBe('A & B, C');
  });

  it('an export re-imports unchanged', async () => {
    const path = await site.file('events.csv', await exported());
    const summary = await importPath(site, 'events', path);
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  }, 60_000);
});
