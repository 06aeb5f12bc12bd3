/**
 * Dates as people write them in a spreadsheet: the order of a file's slash dates is decided once, by
 * the first date only one order reads (a note when it is day-first), month-first as the site's importer
 * when nothing decides (one note naming --date-format), and outright with --date-format. Read ahead on a
 * second stream for a file, row by row for stdin; never a silent guess.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { parseDateFormat } from '../../src/dates/index.js';
import { runImport } from '../../src/import/import.js';
import { openSource, type RecordSource } from '../../src/import/read.js';
import { runInProcess } from '../helpers/in-process.js';
import { type Loose, listAll, startSite, type TestSite } from './helpers.js';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site.close();
});

const HEADER = 'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time';
const csv = (rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;

/** Imports `text` as a file (read ahead on a second stream) or as stdin (held row by row). */
async function importText(text: string, how: 'file' | 'stdin', extra: { dateFormat?: string } = {}) {
  const notes: string[] = [];
  const rejected: string[] = [];
  let source: RecordSource;
  if (how === 'file') {
    const path = await site.file(`dates-${Math.random().toString(36).slice(2)}.csv`, text);
    source = await openSource(createReadStream(path), 'csv');
    source.reopen = () => openSource(createReadStream(path), 'csv');
  } else {
    source = await openSource(Readable.from([text]), 'csv');
  }
  const summary = await runImport({
    api: site.api,
    resource: getResource('events'),
    source,
    dateFormat: extra.dateFormat ? parseDateFormat(extra.dateFormat) : undefined,
    warn: (line) => notes.push(line),
    rejects: { write: (_cells, error) => void rejected.push(error), close: async () => {} },
  });
  return { summary, notes, rejected };
}

async function startsOf(prefix: string): Promise<Record<string, string>> {
  const events = (await listAll(site, 'events')) as Loose[];
  return Object.fromEntries(
    events.filter((e) => String(e.title).startsWith(prefix)).map((e) => [e.title, String(e.start_date)]),
  );
}

describe.each(['file', 'stdin'] as const)('a CSV read from %s', (how) => {
  const tag = how === 'file' ? 'F' : 'S';

  it('mixing 01/12/2026 and 13/12/2026 puts both in December, with a note on stderr', async () => {
    const text = csv([
      `${tag}mix one,01/12/2026,10:00,01/12/2026,11:00`,
      `${tag}mix two,02/12/2026,10:00,,12:00`,
      `${tag}mix thirteen,13/12/2026,10:00,13/12/2026,11:00`,
    ]);
    const { summary, notes } = await importText(text, how);
    expect(summary).toMatchObject({ created: 3, rejected: 0 });
    expect(await startsOf(`${tag}mix`)).toEqual({
      [`${tag}mix one`]: '2026-12-01 10:00:00',
      [`${tag}mix two`]: '2026-12-02 10:00:00',
      [`${tag}mix thirteen`]: '2026-12-13 10:00:00',
    });
    expect(notes).toEqual([
      'note: reading dates day-first (d/m/Y): "13/12/2026" (line 4, column "Event Start Date") can only be day-first; --date-format d/m/Y says so outright',
    ]);
  });

  it('an end-date column can decide for the start dates too', async () => {
    const text = csv([
      `${tag}end one,03/12/2026,10:00,03/12/2026,11:00`,
      `${tag}end two,04/12/2026,22:00,14/12/2026,01:00`,
    ]);
    const { summary, notes } = await importText(text, how);
    expect(summary).toMatchObject({ created: 2, rejected: 0 });
    expect(await startsOf(`${tag}end`)).toEqual({
      [`${tag}end one`]: '2026-12-03 10:00:00',
      [`${tag}end two`]: '2026-12-04 22:00:00',
    });
    expect(notes[0]).toMatch(/"14\/12\/2026" \(line 3, column "Event End Date"\)/);
  });

  it('a file whose dates both orders read is read month-first, said once, naming --date-format', async () => {
    const text = csv([
      `${tag}amb one,01/12/2026,10:00,,`,
      `${tag}amb two,02/11/2026,10:00,,`,
      `${tag}amb three,03/10/2026,10:00,,`,
    ]);
    const { summary, notes } = await importText(text, how);
    expect(summary).toMatchObject({ created: 3, rejected: 0 });
    expect(await startsOf(`${tag}amb`)).toEqual({
      [`${tag}amb one`]: '2026-01-12 10:00:00',
      [`${tag}amb two`]: '2026-02-11 10:00:00',
      [`${tag}amb three`]: '2026-03-10 10:00:00',
    });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/"01\/12\/2026" \(line 2, column "Event Start Date"\) could be day-first or month-first/);
    expect(notes[0]).toMatch(/read month-first \(m\/d\/Y\), as the site's importer reads them/);
    expect(notes[0]).toMatch(/--date-format d\/m\/Y/);
  });

  it('--date-format d/m/Y says it outright: no note, every row day-first', async () => {
    const text = csv([`${tag}fmt one,01/12/2026,10:00,,`, `${tag}fmt two,05.11.2026,10:00,,`]);
    const { summary, notes } = await importText(text, how, { dateFormat: 'd/m/Y' });
    expect(summary).toMatchObject({ created: 2, rejected: 0 });
    expect(notes).toEqual([]);
    expect(await startsOf(`${tag}fmt`)).toEqual({
      [`${tag}fmt one`]: '2026-12-01 10:00:00',
      [`${tag}fmt two`]: '2026-11-05 10:00:00',
    });
  });

  it('a date that contradicts the order of the file is rejected, saying why', async () => {
    const text = csv([`${tag}con one,13/12/2026,10:00,,`, `${tag}con two,12/14/2026,10:00,,`]);
    const { summary, rejected } = await importText(text, how);
    expect(summary).toMatchObject({ created: 1, rejected: 1 });
    expect(rejected).toEqual([
      'line 3, column "Event Start Date": cannot read "12/14/2026" as a d/m/Y date (the file\'s dates are day-first: "13/12/2026" on line 2)',
    ]);
  });
});

describe('dates in the column as the site writes them', () => {
  it('month-first dates that say so are read month-first without a note; dots and dashes day-first', async () => {
    const text = csv(['Site one,11/25/2014,8:15:00,11/25/2014,13:15:00', 'Site two,05.12.2026,10:00,05-12-2026,11:00']);
    const path = await site.file('site-dates.csv', text);
    const notes: string[] = [];
    const source = await openSource(createReadStream(path), 'csv');
    const summary = await runImport({
      api: site.api,
      resource: getResource('events'),
      source,
      warn: (l) => notes.push(l),
    });
    expect(summary).toMatchObject({ created: 2, rejected: 0 });
    expect(notes).toEqual([]);
    expect(await startsOf('Site ')).toEqual({ 'Site one': '2014-11-25 08:15:00', 'Site two': '2026-12-05 10:00:00' });
  });
});

describe('calctl import and date flags', () => {
  const env = () => ({ CALCTL_URL: site.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: site.password });

  it('imports a day-first spreadsheet with a note, and --date-format takes it outright', async () => {
    const path = await site.file('cli-dates.csv', csv(['Cli one,01/12/2026,10:00,,', 'Cli two,13/12/2026,10:00,,']));
    const r = await runInProcess(['import', 'events', path, '-o', 'json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/calctl: note: reading dates day-first \(d\/m\/Y\)/);
    const again = await runInProcess(['import', 'events', path, '-o', 'json', '--date-format', 'd/m/Y'], {
      env: env(),
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ created: 0, unchanged: 2 });
    expect(again.stderr).not.toMatch(/note/);
  });

  it('--start-date 05/12/2026 is taken with --date-format, refused (exit 2) without', async () => {
    const list = ['events', 'list', '--start-date', '01/12/2026', '--end-date', '02/12/2026', '-o', 'json'];
    const refused = await runInProcess(list, { env: env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--start-date: "01\/12\/2026" could be 1 December 2026 or 12 January 2026/);
    const taken = await runInProcess([...list, '--date-format', 'd/m/Y', '--fields', 'title'], { env: env() });
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.json<{ title: string }[]>().map((e) => e.title)).toContain('Cli one');
    const created = await runInProcess(
      ['events', 'create', '--title', 'Flag made', '--start-date', '05/12/2026 19:00', '--duration', '1h'],
      { env: { ...env() } },
    );
    expect(created.code).toBe(2);
    const made = await runInProcess(
      ['--date-format', 'd/m/Y', 'events', 'create', '--title', 'Flag made', '--start-date', '05/12/2026 19:00'],
      { env: env() },
    );
    expect(made.code, made.stderr).toBe(2); // (no end: the end is required; the date itself was read)
    expect(made.stderr).not.toMatch(/start-date/);
  });

  it('an unreadable --date-format is a usage error naming the forms', async () => {
    const r = await runInProcess(['events', 'list', '--date-format', 'european'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read "european" as a date format; use one of d\/m\/Y, m\/d\/Y, Y-m-d/);
  });
});
