/**
 * Excel workbooks: `calctl import events book.xlsx` reads the first sheet with columns of events
 * (here the second: the first holds notes), dates, time-only cells, date-and-time cells, booleans,
 * rich text, formulas (their result) and numbers as a CSV export of the sheet would write them; a
 * blank row is counted, a bad row is rejected with its row number in the sheet, and a re-import
 * changes nothing. The fixture (test/fixtures/events-workbook.xlsx) was written by ExcelJS.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/import/xlsx.js';
import { runInProcess } from '../helpers/in-process.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/events-workbook.xlsx');

type Ev = {
  title: string;
  start_date: string;
  end_date: string;
  all_day: boolean;
  cost: string;
  venue: { venue: string };
};

describe('Excel workbooks', () => {
  it('writes cells as a CSV of the sheet would hold them', () => {
    expect(cellText(new Date(Date.UTC(2027, 5, 24)))).toBe('2027-06-24');
    expect(cellText(new Date(Date.UTC(2027, 5, 24, 18, 30)))).toBe('2027-06-24 18:30');
    expect(cellText(new Date(Date.UTC(1899, 11, 30, 19, 59, 59, 999)))).toBe('20:00');
    expect(cellText(new Date(Date.UTC(1899, 11, 30, 7, 5, 9)))).toBe('07:05:09');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(10.5)).toBe('10.5');
    expect(cellText(null)).toBe('');
  });

  it('imports the events sheet, rejects a bad row by its row number, and re-imports unchanged', async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-xlsx-'));
    const book = join(home, 'Sommer 2027.xlsx');
    copyFileSync(FIXTURE, book);
    const rejects = join(home, 'rejected.csv');
    const first = await runInProcess(['import', 'events', book, '--rejects', rejects, '-o', 'json'], { home });
    expect(first.code, first.stderr).toBe(3);
    expect(first.json()).toMatchObject({ created: 3, rejected: 1, blank: 1, rows: 5 });
    expect(first.stderr).toContain('reading sheet "Events" of 2');
    expect(first.stderr).toMatch(/line 6\b.*end .*before the start/);
    const rejected = readFileSync(rejects, 'utf8');
    expect(rejected).toContain('Falsch herum');
    expect(rejected).toContain('2027-08-02');

    const list = await runInProcess(['events', 'list', '--per-page', '50', '-o', 'json'], { home });
    const byTitle = new Map(list.json<Ev[]>().map((e) => [e.title, e]));
    expect(byTitle.get('Konzert im Park')).toMatchObject({
      start_date: '2027-06-24 18:00:00',
      end_date: '2027-06-24 20:00:00',
      all_day: false,
      cost: '$10.5',
      venue: { venue: 'Stadtpark' },
    });
    expect(byTitle.get('Neujahr')).toMatchObject({ all_day: true, start_date: '2027-01-01 00:00:00', cost: 'Free' });
    expect(byTitle.get('Vortrag: Sterne')).toMatchObject({
      start_date: '2027-03-13 19:30:00',
      end_date: '2027-03-13 21:00:00',
      cost: '$5',
    });

    const again = await runInProcess(['import', 'events', book, '--sheet', 'Events', '-o', 'json'], { home });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: 1 });
  });

  it('says how to fix a sheet that is not there, an old .xls and a file that is no workbook', async () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-xlsx-'));
    const book = join(home, 'book.xlsx');
    copyFileSync(FIXTURE, book);
    const missing = await runInProcess(['import', 'events', book, '--sheet', 'Winter'], { home });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no sheet "Winter"');
    expect(missing.stderr).toContain('"Notes", "Events"');

    const old = join(home, 'old.xls');
    writeFileSync(old, 'not really');
    const xls = await runInProcess(['import', 'events', old], { home });
    expect(xls.code).toBe(2);
    expect(xls.stderr).toMatch(/\.xlsx.*CSV UTF-8/s);

    const fake = join(home, 'fake.xlsx');
    writeFileSync(fake, 'Event Name,Event Start Date\nA,2027-01-01\n');
    const bad = await runInProcess(['import', 'events', fake], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a readable .xlsx workbook');

    const csv = join(home, 'a.csv');
    writeFileSync(csv, 'Event Name,Event Start Date\nA,2027-01-01\n');
    const sheetOnCsv = await runInProcess(['import', 'events', csv, '--sheet', '2'], { home });
    expect(sheetOnCsv.code).toBe(2);
    expect(sheetOnCsv.stderr).toContain('--sheet is for Excel workbooks');
  });
});
