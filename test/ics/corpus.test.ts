/**
 * Calendar files as their programs write them (test/fixtures/ics: Google's export, a Meetup feed,
 * Apple Calendar, the plugin's own feed, and GOV.UK's real bank holidays), read as import rows and as
 * feed items: the place of LOCATION (and Apple's structured location) as a venue name with its
 * address parts, URL-only categories left out, events without DTEND given a default length, and one
 * note for each.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readIcsItems } from '../../src/ics/items.js';
import { icsNotes, openIcsSource } from '../../src/ics/reader.js';
import { VENUE_DETAIL_COLUMNS } from '../../src/ics/vevent.js';
import { parsePlace } from '../../src/links/place.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/ics', name), 'utf8');
const until = new Date('2031-12-31T00:00:00Z');

async function rows(name: string, extra: { defaultDuration?: { days: number; minutes: number } } = {}) {
  const source = await openIcsSource(Readable.from([fixture(name)]), { siteZone: 'Europe/Paris', until, ...extra });
  const out: Map<string, string>[] = [];
  for await (const row of source.rows) out.push(row.cells);
  return { source, rows: out, notes: icsNotes(source.stats, '2031-12-31') };
}

const byTitle = (all: Map<string, string>[], title: string) => {
  const row = all.find((r) => r.get('title') === title);
  if (!row) throw new Error(`no row "${title}"`);
  return Object.fromEntries(row);
};

describe('Google Calendar export', () => {
  it('makes each LOCATION a venue with its address, and no category of schemas.google.com', async () => {
    const { source, rows: all, notes } = await rows('google-export.ics');
    expect(source.columns).toEqual(expect.arrayContaining([...VENUE_DETAIL_COLUMNS, 'categories']));
    expect(byTitle(all, 'Coffee & Code')).toMatchObject({
      venue: 'ThinkCoffee',
      venue_address: '248 Mercer Street',
      venue_city: 'New York',
      venue_stateprovince: 'NY',
      venue_zip: '10012',
      venue_country: 'USA',
      categories: '',
      start_date: '2030-03-12 18:30:00',
      end_date: '2030-03-12 20:30:00',
      timezone: 'America/New_York',
    });
    expect(byTitle(all, 'Hack night')).toMatchObject({
      venue: 'Access Theater',
      venue_address: '380 Broadway, 4th Floor',
      venue_city: '',
      categories: 'Workshops',
    });
    // only a city: not a venue called "Seattle"
    expect(byTitle(all, 'Conference day (remote team)')).toMatchObject({
      venue: 'Seattle, WA',
      venue_address: '',
      venue_city: 'Seattle',
      venue_stateprovince: 'WA',
    });
    expect(notes).toContain(
      "3 categories that are only an address were left out (such as Google's http://schemas.google.com/g/2005#event)",
    );
  });

  it('leaves an event without DTEND as long as it is, and says how to give it a length', async () => {
    const { rows: all, notes, source } = await rows('google-export.ics');
    expect(byTitle(all, 'Hack night')).toMatchObject({
      start_date: '2030-03-19 19:00:00',
      end_date: '2030-03-19 19:00:00',
    });
    expect(source.stats.notes.noEnd).toBe(1);
    expect(notes).toContain(
      '1 event has no end (no DTEND): it ends as it starts; --default-duration gives them a length',
    );
  });

  it('gives events without DTEND the default duration, and counts them', async () => {
    const { rows: all, notes } = await rows('google-export.ics', { defaultDuration: { days: 0, minutes: 120 } });
    expect(byTitle(all, 'Hack night')).toMatchObject({
      start_date: '2030-03-19 19:00:00',
      end_date: '2030-03-19 21:00:00',
    });
    // an all-day event and one with DTEND are left as they are
    expect(byTitle(all, 'Coffee & Code').end_date).toBe('2030-03-12 20:30:00');
    expect(byTitle(all, 'Conference day (remote team)')).toMatchObject({
      start_date: '2030-04-04 00:00:00',
      end_date: '2030-04-04 23:59:59',
    });
    expect(notes).toContain('1 event had no end: given 2h');
  });

  it('a day and a half: the calendar day, then the clock', async () => {
    const { rows: all, notes } = await rows('google-export.ics', { defaultDuration: { days: 1, minutes: 90 } });
    expect(byTitle(all, 'Hack night').end_date).toBe('2030-03-20 20:30:00');
    expect(notes).toContain('1 event had no end: given 1d1h30m');
  });
});

describe('Meetup feed', () => {
  it('reads "Name (street, zip city, country)" and keeps no coordinates, with one note', async () => {
    const { rows: all, notes } = await rows('meetup.ics');
    expect(byTitle(all, 'Sommer-Meetup am Elbufer')).toMatchObject({
      venue: 'Fährgarten Johannstadt',
      venue_address: 'Käthe-Kollwitz-Ufer 23b',
      venue_zip: '01307',
      venue_city: 'Dresden',
      venue_country: 'Germany',
      timezone: 'Europe/Berlin',
    });
    expect(byTitle(all, 'Juli-Meetup')).toMatchObject({
      venue: 'Kulturpalast',
      venue_address: 'Schloßstraße 2',
      venue_zip: '01067',
    });
    expect(byTitle(all, 'August online')).toMatchObject({ venue: 'Online event', venue_address: '' });
    expect(notes).toContain(
      'the coordinates (GEO) of 2 events are not imported: a venue takes no coordinates through the REST API',
    );
  });
});

describe('Apple Calendar', () => {
  it('reads the multi-line LOCATION, and X-APPLE-STRUCTURED-LOCATION when there is no LOCATION', async () => {
    const { rows: all, source } = await rows('apple.ics');
    expect(source.columns).toEqual(expect.arrayContaining([...VENUE_DETAIL_COLUMNS]));
    expect(byTitle(all, 'Visitor center tour')).toMatchObject({
      venue: 'Apple Park Visitor Center',
      venue_address: '10600 N Tantau Ave',
      venue_city: 'Cupertino',
      venue_stateprovince: 'CA',
      venue_zip: '95014',
      venue_country: 'United States',
    });
    expect(byTitle(all, 'Dance performance')).toMatchObject({
      venue: 'Yerba Buena Center for the Arts',
      venue_address: '701 Mission St',
      venue_city: 'San Francisco',
      venue_stateprovince: 'CA',
      venue_zip: '94103',
      venue_country: 'United States',
    });
    expect(source.stats.notes.coordinates).toBe(2);
  });
});

describe("GOV.UK's bank holidays (a real file)", () => {
  it('imports one-day all-day events with no venue, no category and no note', async () => {
    const { rows: all, source, notes } = await rows('gov-uk-england-and-wales-2022.ics');
    expect(all).toHaveLength(10);
    expect(source.columns).not.toContain('venue_address');
    expect(byTitle(all, 'Platinum Jubilee bank holiday')).toMatchObject({
      start_date: '2022-06-03 00:00:00',
      end_date: '2022-06-03 23:59:59',
      all_day: 'true',
      venue: '',
    });
    expect(byTitle(all, 'New Year’s Day').start_date).toBe('2022-01-03 00:00:00');
    expect(notes).toEqual([]);
  });
});

describe('feeds', () => {
  it("give the venue's address parts as the fields to create it with", () => {
    const read = readIcsItems(fixture('plugin-feed.ics'), { siteZone: 'Europe/Paris', until });
    expect(read.items).toHaveLength(1);
    expect(read.items[0]?.links.venue).toEqual({
      name: 'Le Sucre',
      details: { address: '50 Quai Rambaud', city: 'Lyon', zip: '69002', country: 'France' },
    });
    expect(read.items[0]?.cells.has('venue')).toBe(false);
    expect(read.notes.coordinates).toBe(1);
  });

  it('drop URL-only categories and give events without an end the default length', () => {
    const read = readIcsItems(fixture('google-export.ics'), {
      siteZone: 'Europe/Paris',
      until,
      defaultDuration: { days: 0, minutes: 120 },
    });
    const hack = read.items.find((i) => i.cells.get('title') === 'Hack night');
    expect(hack?.links.categories).toEqual(['Workshops']);
    expect(hack?.cells.get('end_date')).toBe('2030-03-19 21:00:00');
    expect(read.items.every((i) => i.links.categories.every((c) => !c.startsWith('http')))).toBe(true);
    expect(read.notes).toMatchObject({ urlCategories: 3, noEnd: 1 });
    expect(read.items.find((i) => i.cells.get('title') === 'Coffee & Code')?.links.venue).toEqual({
      name: 'ThinkCoffee',
      details: { address: '248 Mercer Street', city: 'New York', stateprovince: 'NY', zip: '10012', country: 'USA' },
    });
  });
});

describe('one place, one venue', () => {
  it('the name an .ics gives a place is the name its CSV cell gives', async () => {
    const { rows: all } = await rows('google-export.ics');
    const csvCell = 'ThinkCoffee, 248 Mercer Street, New York, NY 10012';
    expect(byTitle(all, 'Coffee & Code').venue).toBe(parsePlace(csvCell).name);
  });
});

describe('a LOCATION that begins with the X-TITLE of its structured location', () => {
  it('is that name, even where the rest alone would not tell it ("Blue Room, Lyon")', async () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Club - ECPv6.16.5//NONSGML v1.0//EN',
      'BEGIN:VEVENT',
      'UID:7-1915473600-1915484400@club.example.org',
      'DTSTART;TZID=Europe/Paris:20300912T200000',
      'DTEND;TZID=Europe/Paris:20300912T230000',
      'SUMMARY:Quiz',
      'LOCATION:Blue Room\\, Lyon',
      'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=Lyon;X-APPLE-RADIUS=500;X-TITLE=Blue Room:geo:4.8,45.7',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const source = await openIcsSource(Readable.from([ics]), { siteZone: 'Europe/Paris', until });
    const cells: Map<string, string>[] = [];
    for await (const row of source.rows) cells.push(row.cells);
    expect(byTitle(cells, 'Quiz')).toMatchObject({ venue: 'Blue Room', venue_city: 'Lyon', venue_address: '' });
  });
});
