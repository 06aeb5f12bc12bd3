/**
 * Blank rows (a spreadsheet's `;;;;` lines) are skipped and counted, never rejected; and the import
 * progress bar tells the share of the file finished (never 100 % at the first row, never `ETA LLs`).
 */
import { createReadStream } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { runImport } from '../../src/import/import.js';
import { createProgress, type Progress } from '../../src/import/progress.js';
import { openSource } from '../../src/import/read.js';
import type { OutStream } from '../../src/io/context.js';
import { runInProcess } from '../helpers/in-process.js';
import { importPath, listAll, startSite, type TestSite } from './helpers.js';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site.close();
});

const EXCEL = [
  'Event Name;Event Start Date;Event Start Time;Event End Date;Event End Time;All Day Event;Event Venue Name;Event Organizer Name;Event Cost;Event Category;Event Website',
  'Blank one;2030-05-01;10:00;2030-05-01;11:00;;;;;;',
  'Blank two;2030-05-02;10:00;2030-05-02;11:00;;;;;;',
  ';;;;;;;;;;',
  ';;;;;;;;;;',
  '',
].join('\r\n');

describe('blank rows', () => {
  it('are skipped and counted in the summary, not rejected', async () => {
    const path = await site.file('excel.csv', EXCEL);
    const source = await openSource(createReadStream(path), 'csv', 'auto');
    const summary = await runImport({ api: site.api, resource: getResource('events'), source });
    expect(summary).toMatchObject({ created: 2, rejected: 0, blank: 2, rows: 4 });
    expect((await listAll(site, 'events')).map((e) => e.title).sort()).toEqual(['Blank one', 'Blank two']);
  });

  it('count whatever their number of delimiters (`,,,,` under an 11-column header) and blanks', async () => {
    const text = `title,start_date,end_date,cost,website\nCommas,2030-06-01 10:00,2030-06-01 11:00,,\n,,,,\n, , ,\n,,,,,,,,,,\n`;
    const path = await site.file('commas.csv', text);
    expect(await importPath(site, 'events', path)).toMatchObject({ created: 1, rejected: 0, blank: 3, rows: 4 });
  });

  it('a spreadsheet with blank rows exits 0, says so in the summary and in -o json', async () => {
    const path = await site.file('cli-excel.csv', EXCEL.replaceAll('Blank', 'Cli blank'));
    const env = { CALCTL_URL: site.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: site.password };
    const text = await runInProcess(['import', 'events', path], { env });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toMatch(/created 2, updated 0, unchanged 0, rejected 0, 2 blank rows skipped — 4 rows in/);
    const json = await runInProcess(['import', 'events', path, '-o', 'json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect(json.json()).toMatchObject({ created: 0, unchanged: 2, rejected: 0, blank: 2, rows: 4 });
  });
});

describe('import progress', () => {
  it('reports the share of the file finished, row by row, below 1 at the first row', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `Progress ${i},2030-07-01 10:00,2030-07-01 11:00`);
    const text = `title,start_date,end_date\n${rows.join('\n')}\n`;
    const path = await site.file('progress.csv', text);
    const ticks: [number, number | undefined][] = [];
    const spy: Progress = { tick: (n, f) => void ticks.push([n, f]), stop: () => {} };
    await importPath(site, 'events', path, { progress: spy, size: Buffer.byteLength(text) });
    expect(ticks).toHaveLength(40);
    const first = ticks.find(([n]) => n === 1)?.[1] ?? 1;
    expect(first).toBeLessThan(0.2);
    expect(Math.max(...ticks.map(([, f]) => f ?? 0))).toBe(1);
    const shares = ticks.map(([, f]) => f ?? 0);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThanOrEqual(shares[i - 1] ?? 0);
  });

  describe('the bar on a terminal', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    function terminal(): { stream: OutStream; text: () => string } {
      const chunks: string[] = [];
      const stream = {
        isTTY: true,
        columns: 120,
        write: (s: string) => chunks.push(String(s)) > 0,
        on: () => stream,
        removeListener: () => stream,
      } as unknown as OutStream;
      return { stream, text: () => chunks.join('') };
    }

    it('never shows 100 % at the first row, nor an ETA of LLs', () => {
      const { stream, text } = terminal();
      const bar = createProgress(stream, 'import events', true);
      for (let i = 1; i <= 4; i++) {
        vi.advanceTimersByTime(300);
        bar.tick(i, i / 40);
      }
      bar.stop();
      const frames = text()
        .split(/\u001b\[1G/)
        .filter((f) => f.startsWith('import events'));
      expect(frames.length).toBeGreaterThanOrEqual(3);
      expect(frames[0]).toMatch(/ 0% \| 0 rows \| 0 rows\/s \| ETA …/);
      expect(frames.some((f) => / 2% \| 1 row \| /.test(f))).toBe(true);
      expect(text()).not.toMatch(/100%|LLs|NULL|INF/);
    });

    it('without a known size, rows and rate only: no percentage to make up', () => {
      const { stream, text } = terminal();
      const bar = createProgress(stream, 'import events', false);
      vi.advanceTimersByTime(300);
      bar.tick(3, undefined);
      bar.stop();
      expect(text()).toMatch(/import events 3 rows \| \d+ rows\/s/);
      expect(text()).not.toMatch(/%|ETA|import events \[/);
    });
  });
});
