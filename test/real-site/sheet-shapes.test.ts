/**
 * Sheets as people type them, against a REAL site (optional; docs/real-site.md): a `Date` column with
 * times in `Start`/`End` imports published and visible to a visitor, a cost in words is warned and
 * `--on-lossy number` writes the price, a ragged row in the middle is rejected with the rows around it
 * imported (exit 3), `--default-duration` gives events without an end a length, and on a site whose
 * date format is `d/m/Y` the dates both orders read are read day-first. The site's date format is put
 * back as it was; every record made carries the run's stamp and is deleted for good at the end.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restUrl, splitApiBase } from '../../src/api/rest-url.js';
import { tempHome } from '../helpers/cli.js';
import { apiBase, calctl, cleanup, configured, makeStamp, password, type Rec, site, skipNote, user } from './site.js';

skipNote('sheet-shapes');
const stamp = makeStamp('rs');
afterAll(async () => {
  if (configured) await cleanup(stamp);
}, 300_000);

const home = tempHome();
const file = (name: string, text: string) => {
  const path = join(home, name);
  writeFileSync(path, text);
  return path;
};

/** Events of this run as a visitor sees them (no credentials). */
async function visitorEvents(): Promise<Rec[]> {
  const target = restUrl(splitApiBase(await apiBase()).root, '/tribe/events/v1/events', {
    search: stamp,
    start_date: '2027-01-01',
    end_date: '2028-12-31',
    per_page: 50,
  });
  const res = await fetch(target);
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: Rec[] }).events;
}

/** Sets one of WordPress's settings through core's route; resolves with the value it had. */
async function setSetting(key: string, value: string): Promise<string> {
  const target = restUrl(splitApiBase(await apiBase()).root, '/wp/v2/settings');
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const before = (await site<Record<string, string>>('GET', '/wp/v2/settings')).body[key] as string;
  const res = await fetch(target, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ [key]: value }),
  });
  expect(res.status).toBe(200);
  return before;
}

describe.skipIf(!configured)('sheets as people type them, on a real site', () => {
  it('a Date column with Start and End times: published, visible to a visitor, 19:30–21:00', async () => {
    const path = file(
      'choir.csv',
      `Title,Date,Start,End,Venue,Price\nChoir practice ${stamp},14/01/2027,19:30,21:00,Église Hall ${stamp},£2 per head\n`,
    );
    const r = await calctl(home, ['import', 'events', path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/the site would show the cost "£2 per head" as "£ per head2"/);
    const [choir] = await visitorEvents();
    expect(choir).toMatchObject({
      title: `Choir practice ${stamp}`,
      start_date: '2027-01-14 19:30:00',
      end_date: '2027-01-14 21:00:00',
    });
    expect(choir?.cost).toBe('£ per head2');
    const again = await calctl(home, ['import', 'events', path, '--on-lossy', 'number', '-o', 'json']);
    expect(again.json()).toMatchObject({ updated: 1 });
    expect((await visitorEvents())[0]?.cost).toBe('£2');
  }, 120_000);

  it('a ragged row in the middle is rejected, the rows around it imported (exit 3); --default-duration', async () => {
    const path = file(
      'ragged.csv',
      `Title,Date,Time\nBefore ${stamp},2027-02-01,18:00\nRagged ${stamp},2027-02-02,18:00,extra\nAfter ${stamp},2027-02-03,18:00\n`,
    );
    const r = await calctl(home, ['import', 'events', path, '--default-duration', '2h', '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.json()).toMatchObject({ created: 2, rejected: 1, defaulted: 2 });
    const titles = (await visitorEvents()).map((e) => [e.title, e.end_date]);
    expect(titles).toEqual(
      expect.arrayContaining([
        [`Before ${stamp}`, '2027-02-01 20:00:00'],
        [`After ${stamp}`, '2027-02-03 20:00:00'],
      ]),
    );
  }, 120_000);

  it('an .ics LOCATION with an address makes one venue with it, and a sheet naming the place links to it', async () => {
    const place = `ThinkCoffee ${stamp}`;
    const ics = file(
      'meetup.ics',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\n' +
        `UID:${stamp}-1@example.org\r\nDTSTART:20270209T233000Z\r\nSUMMARY:Coffee meetup ${stamp}\r\n` +
        `LOCATION:${place}\\, 248 Mercer Street\\, New York\\, NY 10012\r\n` +
        'CATEGORIES:http://schemas.google.com/g/2005#event\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    );
    const a = await calctl(home, ['import', 'events', ics, '--default-duration', '2h']);
    expect(a.code, a.stderr).toBe(0);
    const sheet = file(
      'meetup.csv',
      `Title|Date|Start|End|Location\nMeetup ${stamp}|2027-02-02|18:30|20:30|${place}, 248 Mercer Street, New York, NY 10012\n`,
    );
    const b = await calctl(home, ['import', 'events', sheet]);
    expect(b.code, b.stderr).toBe(0);
    const venues = (await site<{ venues: Rec[] }>('GET', '/tribe/events/v1/venues', { search: place })).body;
    expect(venues.venues).toEqual([
      expect.objectContaining({ venue: place, address: '248 Mercer Street', city: 'New York', zip: '10012' }),
    ]);
    const events = await visitorEvents();
    const coffee = events.find((e) => e.title === `Coffee meetup ${stamp}`);
    expect(coffee?.categories).toEqual([]);
    // (two hours, whatever zone the site reads the instant in)
    const hours = (Date.parse(`${coffee?.end_date}Z`) - Date.parse(`${coffee?.start_date}Z`)) / 3_600_000;
    expect(hours).toBe(2);
    expect((events.find((e) => e.title === `Meetup ${stamp}`)?.venue as Rec | undefined)?.venue).toBe(place);
  }, 120_000);

  it('on a site whose date format is d/m/Y, 10/11/2027 is 10 November', async () => {
    const before = await setSetting('date_format', 'd/m/Y');
    try {
      const path = file('bonfire.csv', `Title,Date,Start\nBonfire ${stamp},10/11/2027,18:00\n`);
      const r = await calctl(tempHome(), ['import', 'events', path]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/because the site's date format \(d\/m\/Y\) is day-first/);
      const bonfire = (await visitorEvents()).find((e) => e.title === `Bonfire ${stamp}`);
      expect(bonfire?.start_date).toBe('2027-11-10 18:00:00');
    } finally {
      await setSetting('date_format', before);
    }
  }, 120_000);
});
