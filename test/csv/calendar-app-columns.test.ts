/**
 * Spreadsheets made by calendar apps rather than by the site's importer: Google Calendar's and
 * Outlook's CSV headers (`Subject`, `Start Date`, `Start Time`, `All Day Event`, `Location`) and the
 * short words people write (`Title`, `Start`, `End`, `Price`, `Category`) are read without --map;
 * exports keep writing the site importer's labels.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { mapColumns } from '../../src/import/columns.js';
import { runInProcess } from '../helpers/in-process.js';

type Ev = {
  title: string;
  start_date: string;
  end_date: string;
  all_day: boolean;
  cost: string;
  venue: { venue: string } | [];
  categories: { name: string }[];
};

describe("calendar apps' CSV columns", () => {
  it('maps their headers to fields', () => {
    const events = getResource('events');
    const header = [
      'Subject',
      'Start Date',
      'Start Time',
      'End Date',
      'End Time',
      'All Day Event',
      'Location',
      'Price',
      'Category',
      'Private',
    ];
    const { targets, unknown } = mapColumns(events, header, new Map(), false);
    expect(Object.fromEntries(targets)).toEqual({
      Subject: 'title',
      'Start Date': 'start_date',
      'Start Time': 'start_time',
      'End Date': 'end_date',
      'End Time': 'end_time',
      'All Day Event': 'all_day',
      Location: 'venue',
      Price: 'cost',
      Category: 'categories',
    });
    expect(unknown).toEqual(['Private']);
  });

  it('imports a Google Calendar export and a hand-made sheet without --map', async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-apps-'));
    const google = join(home, 'google.csv');
    writeFileSync(
      google,
      'Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,Private\n' +
        'Standup,06/01/2027,09:00 AM,06/01/2027,09:15 AM,False,Daily,Room 1,False\n',
    );
    const sheet = join(home, 'sheet.csv');
    writeFileSync(
      sheet,
      'Title,Start,End,Location,Price,Category,All Day\n' +
        '"Board Meeting",6/24/2027 6:00 PM,6/24/2027 7:30 PM,"City Hall, Room 2",$5,Meetings,No\n' +
        'Picnic,7/4/2027,7/4/2027,Central Park,Free,"Outdoors,Family",Yes\n',
    );
    for (const file of [google, sheet]) {
      const r = await runInProcess(['import', 'events', file, '-o', 'json'], { home });
      expect(r.code, r.stderr).toBe(0);
      expect(r.json()).toMatchObject({ rejected: 0 });
    }
    const list = await runInProcess(['events', 'list', '--per-page', '50', '-o', 'json'], { home });
    const byTitle = new Map(list.json<Ev[]>().map((e) => [e.title, e]));
    expect(byTitle.get('Standup')).toMatchObject({
      start_date: '2027-06-01 09:00:00',
      end_date: '2027-06-01 09:15:00',
      all_day: false,
      venue: { venue: 'Room 1' },
    });
    expect(byTitle.get('Board Meeting')).toMatchObject({
      start_date: '2027-06-24 18:00:00',
      end_date: '2027-06-24 19:30:00',
      cost: '$5',
      venue: { venue: 'City Hall, Room 2' },
      categories: [{ name: 'Meetings' }],
    });
    const picnic = byTitle.get('Picnic');
    expect(picnic).toMatchObject({ all_day: true, cost: 'Free', start_date: '2027-07-04 00:00:00' });
    expect(picnic?.categories.map((c) => c.name).sort()).toEqual(['Family', 'Outdoors']);

    const exported = await runInProcess(['export', 'events', '-o', 'csv', '--columns', 'site'], { home });
    expect(exported.code, exported.stderr).toBe(0);
    const head = exported.stdout.split(/\r?\n/)[0] ?? '';
    expect(head).toContain('Event Name');
    expect(head).toContain('Event Venue Name');
    expect(head).not.toMatch(/Subject|Location|Price/);
  });
});
