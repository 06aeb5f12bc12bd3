/**
 * Sheets as people type them (test/fixtures/csv/shapes: a British admin's `Date`/`Start`/`End` sheet,
 * time ranges, a German semicolon file in Windows-1252, a French sheet, a tab-separated file with
 * durations, a publication date column, a pipe-separated meetup export): read as meant without
 * --map, through the whole CLI on the built-in local calendar; and the dates both orders read
 * follow the site's own date format.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { type InProcessResult, runInProcess } from '../helpers/in-process.js';

type Ev = {
  title: string;
  start_date: string;
  end_date: string;
  cost: string;
  status: string;
  date: string;
  description: string;
  venue: { venue: string } | [];
  organizer: { organizer: string }[];
};

const home = mkdtempSync(join(tmpdir(), 'calctl-shapes-'));
/** A corpus file, copied beside the home (an import writes its checkpoint beside its input). */
const shape = (name: string) => {
  const copy = join(home, name);
  copyFileSync(fileURLToPath(new URL(`../fixtures/csv/shapes/${name}`, import.meta.url)), copy);
  return copy;
};
const file = (name: string, text: string) => {
  const path = join(home, name);
  writeFileSync(path, text);
  return path;
};
const cli = (args: string[]) => runInProcess(args, { home });
async function events(): Promise<Map<string, Ev>> {
  const r = await cli(['events', 'list', '--start-date', '2014-01-01', '--end-date', '2028-12-31', '--per-page', '50']);
  return new Map(JSON.parse(r.stdout).map((e: Ev) => [e.title, e]));
}
const venueOf = (e: Ev | undefined) => (e && !Array.isArray(e.venue) ? e.venue.venue : undefined);

describe('sheets as people type them, without --map', () => {
  it("a British admin's sheet: Date with Start and End times, day-first, a cost in words warned", async () => {
    const r = await cli(['import', 'events', shape('british-sheet.csv'), '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 3, rejected: 0, warned: 1 });
    // how the columns were read, said once
    expect(r.stderr).toMatch(/columns read as "Title" → title, "Date" → the day .*"Start" → start, "End" → end/);
    expect(r.stderr.match(/columns read as/g)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /warning: line 2, column "Price": the site would show the cost "£2 per head" as "£ per head2".*--on-lossy/,
    );
    const all = await events();
    expect(all.get('Choir practice')).toMatchObject({
      start_date: '2027-01-14 19:30:00',
      end_date: '2027-01-14 21:00:00',
      status: 'publish',
    });
    // a Date column is the day, never the publication date
    expect(all.get('Choir practice')?.date.slice(0, 4)).toBe('2026');
    expect(venueOf(all.get('Choir practice'))).toBe('Église Hall');
    expect(all.get('Bonfire Night')).toMatchObject({ start_date: '2027-11-05 18:00:00' });
    // a re-import changes nothing, and still warns
    const again = await cli(['import', 'events', shape('british-sheet.csv'), '-o', 'json']);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 3, warned: 1 });
  });

  it('time ranges in one cell, an end past midnight, German, French, durations, a publish date, pipes', async () => {
    for (const name of [
      'time-ranges.csv',
      'german-semicolon-cp1252.csv',
      'french-sheet.csv',
      'durations.tsv',
      'publish-date.csv',
      'meetup-pipe.csv',
    ]) {
      const r = await cli(['import', 'events', shape(name), '-o', 'json']);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(r.json(), name).toMatchObject({ rejected: 0 });
    }
    const all = await events();
    const times = (t: string) => [all.get(t)?.start_date, all.get(t)?.end_date];
    expect(times('Pub quiz')).toEqual(['2027-03-04 19:30:00', '2027-03-04 21:00:00']);
    expect(times('Late set')).toEqual(['2027-03-05 22:00:00', '2027-03-06 02:00:00']);
    expect(times('Open mic')).toEqual(['2027-03-06 20:00:00', '2027-03-06 22:30:00']);
    expect(times('Chorprobe')).toEqual(['2027-02-05 19:30:00', '2027-02-05 21:00:00']);
    expect(all.get('Chorprobe')?.description).toContain('Frühjahrskonzert');
    expect(venueOf(all.get('Sommerfest'))).toBe('Stadtpark');
    expect(times('Concert d’orgue')).toEqual(['2027-03-12 20:00:00', '2027-03-12 21:30:00']);
    expect(venueOf(all.get('Fête de la musique'))).toBe('Place du Marché');
    expect(times('Board meeting')).toEqual(['2027-04-12 18:00:00', '2027-04-12 19:30:00']);
    expect(times('AGM')).toEqual(['2027-05-03 19:00:00', '2027-05-03 21:00:00']);
    expect(times('Workshop')).toEqual(['2027-05-10 10:00:00', '2027-05-10 11:30:00']);
    expect(all.get('AGM')?.organizer.map((o) => o.organizer)).toEqual(['The Board']);
    expect(all.get('Early bird')?.date).toBe('2026-11-01 09:00:00');
    expect(times('Meetup at ThinkCoffee')).toEqual(['2027-02-02 18:30:00', '2027-02-02 20:30:00']);
  });

  it('the same place in an .ics LOCATION and in a sheet is one venue, with its address', async () => {
    const ics = file(
      'meetup.ics',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:think-1@example.org\r\n' +
        'DTSTART:20270209T233000Z\r\nSUMMARY:Coffee meetup\r\n' +
        'LOCATION:ThinkCoffee\\, 248 Mercer Street\\, New York\\, NY 10012\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    );
    const a = await cli(['import', 'events', ics, '--default-duration', '2h']);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).toMatch(/1 event had no end: given 2h/);
    const b = await cli(['import', 'events', shape('meetup-pipe.csv')]);
    expect(b.code, b.stderr).toBe(0);
    const venues = await cli(['venues', 'list', '--search', 'ThinkCoffee']);
    expect(JSON.parse(venues.stdout)).toEqual([
      expect.objectContaining({
        venue: 'ThinkCoffee',
        address: '248 Mercer Street',
        city: 'New York',
        stateprovince: 'NY',
        zip: '10012',
      }),
    ]);
    const all = await events();
    expect(venueOf(all.get('Coffee meetup'))).toBe('ThinkCoffee');
    expect(venueOf(all.get('Meetup at ThinkCoffee'))).toBe('ThinkCoffee');
    expect(all.get('Coffee meetup')?.end_date).toBe('2027-02-10 01:30:00');
  });

  it('a header not understood: the error names the columns found and proposes the --map line', async () => {
    const r = await cli(['import', 'events', shape('unmapped.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no column for start_date/);
    expect(r.stderr).toMatch(/columns found: "Name", "Heure", "Quand"; read them with --map 'Quand=start_date'/);
    const mapped = await cli(['import', 'events', shape('unmapped.csv'), '--map', 'Quand=start_date']);
    expect(mapped.code, mapped.stderr).toBe(0);
  });

  it('a start that is only a time needs a day; a day that contradicts the start is refused', async () => {
    const path = file(
      'contradict.csv',
      'Title,Date,Start,End\nOk,2027-08-01,2027-08-01 10:00,11:00\nClash,2027-08-02,2027-08-03 10:00,11:00\n',
    );
    const r = await cli(['import', 'events', path, '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/line 3, column "Date": the day "2027-08-02" \(2027-08-02\) is not the start's day/);
    const noDay = file('noday.csv', 'Title,Start\nLonely,19:30\n');
    const n = await cli(['import', 'events', noDay]);
    expect(n.code).toBe(3);
    expect(n.stderr).toMatch(/"19:30" is only a time: the row has no day for it/);
  });

  it('--default-duration gives events with no end a length, counted in the summary', async () => {
    const path = file('no-end.csv', 'Title,Date,Time\nTalk A,2027-09-01,18:00\nTalk B,2027-09-02,18:00\n');
    const r = await cli(['import', 'events', path, '--default-duration', '2h', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 2, defaulted: 2 });
    expect(r.stderr).toMatch(/2 events given the default duration/);
    const all = await events();
    expect(all.get('Talk A')?.end_date).toBe('2027-09-01 20:00:00');
    const bad = await cli(['import', 'events', path, '--default-duration', 'soon']);
    expect(bad.code).toBe(2);
  });

  it('--on-lossy: describe keeps the words in the description, number only the price, reject and --strict refuse', async () => {
    const path = file('prices.csv', 'Title,Date,Time,Price\nTea,2027-10-01,15:00,£1 adults kids free\n');
    const reject = await cli(['import', 'events', path, '--on-lossy', 'reject']);
    expect(reject.code).toBe(3);
    expect(reject.stderr).toMatch(/the site would show the cost "£1 adults kids free" as "£ adults kids free1"/);
    const strict = await cli(['import', 'events', path, '--strict']);
    expect(strict.code).toBe(3);
    expect((await events()).has('Tea')).toBe(false);
    const describe = await cli(['import', 'events', path, '--on-lossy', 'describe', '-o', 'json']);
    expect(describe.code, describe.stderr).toBe(0);
    const tea = (await events()).get('Tea');
    expect(tea?.cost).toBe('£1');
    expect(tea?.description).toContain('Price: £1 adults kids free');
    // the same again changes nothing
    const again = await cli(['import', 'events', path, '--on-lossy', 'describe', '-o', 'json']);
    expect(again.json()).toMatchObject({ unchanged: 1 });
    const number = await cli(['import', 'events', path, '--on-lossy', 'number', '-o', 'json']);
    expect(number.json()).toMatchObject({ unchanged: 1 });
  });

  it("a file nobody here wrote: Missing Maps' list of mapathons, its times as ranges in one column", async () => {
    const copy = join(home, 'missing-maps.csv');
    copyFileSync(fileURLToPath(new URL('../fixtures/csv/public/missing-maps-events.csv', import.meta.url)), copy);
    const args = ['import', 'events', copy, '--map', 'time_string=start_time', '--map', 'place_name=venue'];
    const r = await cli([...args, '--default-duration', '2h', '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.json()).toMatchObject({ created: 13, rejected: 2, defaulted: 2 });
    expect(r.stderr).toMatch(/line 14, column "time_string": cannot read "6pm start" as a time/);
    expect(r.stderr).toMatch(/line 15, column "time_string": cannot read "TBD" as a time/);
    const all = await events();
    const times = (t: string) => [all.get(t)?.start_date, all.get(t)?.end_date];
    expect(times('Portland Mapathon')).toEqual(['2015-01-10 10:00:00', '2015-01-10 16:00:00']);
    expect(times('Mapping for Dhaka')).toEqual(['2015-02-24 17:30:00', '2015-02-24 20:00:00']);
    expect(times('Missing Maps Chicago Mapathon')).toEqual(['2015-03-28 11:30:00', '2015-03-29 02:00:00']);
    expect(times('GeoBerlin')).toEqual(['2015-01-22 19:00:00', '2015-01-22 21:00:00']);
    expect(times('Missing Maps Launch Party, Manila')).toEqual(['2014-11-08 00:00:00', '2014-11-08 02:00:00']);
    // the same file again changes nothing
    const again = await cli([...args, '--default-duration', '2h', '-o', 'json']);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 13, rejected: 2 });
  });

  it('a missing file says it does not exist', async () => {
    const r: InProcessResult = await cli(['import', 'events', join(home, 'nope.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nope\.csv: no such file/);
  });
});

describe("dates both orders read follow the site's date format", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startApi({ dateFormat: 'd/m/Y' });
  });
  afterAll(async () => {
    await site.close();
  });

  it('on a d/m/Y site, 10/11/2027 is 10 November; on an English one, 11 October', async () => {
    const env = { CALCTL_URL: site.url, CALCTL_USER: site.user, CALCTL_PASSWORD: site.password };
    const r = await runInProcess(['import', 'events', shape('ambiguous-days.csv'), '-o', 'json'], { env, home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/read day-first \(d\/m\/Y\) because the site's date format \(d\/m\/Y\) is day-first/);
    const list = await runInProcess(
      ['events', 'list', '--search', 'Bonfire', '--start-date', '2027-01-01', '--end-date', '2027-12-31'],
      { env, home },
    );
    expect(JSON.parse(list.stdout).map((e: Ev) => e.start_date)).toEqual(['2027-11-10 18:00:00']);
    // the local calendar speaks English: month-first, and the note says why
    const local = await cli(['import', 'events', shape('ambiguous-days.csv')]);
    expect(local.stderr).toMatch(/read month-first \(m\/d\/Y\) because the site's date format \(F j, Y\)/);
    expect((await events()).get('Bonfire Night')?.start_date).toMatch(/^2027-(10-11|11-05)/);
  });

  it('feeds add on another site suggests the run command on that same site', async () => {
    const env = { CALCTL_USER: site.user, CALCTL_PASSWORD: site.password };
    const ics = file('team.ics', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n');
    const r = await runInProcess(['--url', site.url, 'feeds', 'add', 'team', ics], { env, home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`bring its events in: calctl --url ${site.url} feeds run team`);
  });
});
