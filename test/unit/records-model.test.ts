/**
 * The one record model: what an update sends back is the same whoever makes it (update, import, feeds),
 * "no website" is one rule, and "the same record" is one key for import and sync.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { naturalKey } from '../../src/commands/sync/records.js';
import {
  AS_NEW,
  keyOf,
  mergeUpdate,
  naturalKeyFields,
  ownWebsite,
  recordToInput,
  updateBody,
  writableState,
} from '../../src/records/index.js';

const events = getResource('events');
const venues = getResource('venues');

const url = 'http://site.example/event/kids-club/';
/** An event as a site shows it. */
const event = {
  id: 40,
  status: 'draft',
  title: 'Kids&#8217; Club',
  description: '<p>Games</p>',
  url,
  website: 'https://club.example/?a=1&amp;b=2',
  all_day: false,
  start_date: '2027-05-01 09:00:00',
  end_date: '2027-05-01 11:00:00',
  timezone: 'Europe/Paris',
  cost: '5 €',
  cost_details: { currency_symbol: '€', currency_position: 'postfix', values: ['5'] },
  show_map: true,
  show_map_link: true,
  hide_from_listings: false,
  sticky: false,
  featured: true,
  venue: { id: 7, venue: 'Hall' },
  organizer: [{ id: 3 }, { id: 2 }],
  categories: [{ id: 11 }],
  tags: [],
};

describe('record ⇄ writable form', () => {
  it('an update of the CLI and an import update send back the same reset fields', () => {
    expect(updateBody(events, recordToInput(events, event), {})).toEqual(writableState(events, event));
    const venue = { id: 7, venue: 'Hall', status: 'publish', stateprovince: '', show_map: true, show_map_link: false };
    expect(updateBody(venues, recordToInput(venues, venue), {})).toEqual(writableState(venues, venue));
    expect(writableState(venues, venue)).toEqual({
      stateprovince: '',
      show_map: 'true',
      show_map_link: 'false',
      status: 'publish',
    });
  });

  it('the website the site stores (decoded), none when it is only the event page', () => {
    expect(ownWebsite(event)).toBe('https://club.example/?a=1&amp;b=2');
    expect(writableState(events, event).website).toBe('https://club.example/?a=1&b=2');
    const plain = { ...event, website: url };
    expect(ownWebsite(plain)).toBeUndefined();
    expect(recordToInput(events, plain).website).toBeNull();
    expect(writableState(events, plain)).not.toHaveProperty('website');
    expect(recordToInput(events, plain, AS_NEW)).not.toHaveProperty('website');
  });

  it('changes win over the written-back state', () => {
    const body = mergeUpdate(events, event, { featured: false, venue: { id: 9 } });
    expect([body.featured, body.venue, body.organizer, body.status]).toEqual([false, 9, [3, 2], 'draft']);
  });
});

describe('the one record codec: its options', () => {
  const venue = {
    id: 7,
    venue: 'Hall',
    url: 'http://site.example/venue/hall/',
    status: 'publish',
    address: '',
    show_map: false,
    show_map_link: true,
  };

  it('a venue map switch is a string in every body (the site types it so), an event switch a boolean', () => {
    for (const options of [{}, AS_NEW, { fields: 'given' as const }]) {
      const body = recordToInput(venues, venue, options);
      expect([body.show_map, body.show_map_link]).toEqual(['false', 'true']);
      expect(recordToInput(events, event, options).show_map).toBe(true);
    }
    // (a body a person wrote with booleans too)
    expect(recordToInput(venues, { venue: 'Hall', show_map: true }, AS_NEW).show_map).toBe('true');
    expect(mergeUpdate(venues, venue, { show_map: true }).show_map).toBe('true');
  });

  it('empty values: kept as the state (import compares them, an update sends them back), dropped from a new body', () => {
    const state = recordToInput(venues, venue);
    expect(state.address).toBe('');
    const fresh = recordToInput(venues, venue, AS_NEW);
    expect(fresh).not.toHaveProperty('address');
    const draft = { ...event, description: '', excerpt: '', website: url, date: '0000-00-00 00:00:00', venue: [] };
    expect(recordToInput(events, draft)).toMatchObject({ description: '', excerpt: '', website: null });
    const made = recordToInput(events, draft, { empty: 'drop' });
    for (const key of ['description', 'excerpt', 'website', 'date', 'venue']) expect(made).not.toHaveProperty(key);
    // (a body a person wrote keeps its empty text: there it asks to clear)
    expect(recordToInput(venues, { address: '' }, AS_NEW)).toEqual({ address: '' });
  });

  it('fields: the state leaves the image and UTC date to the site, a whole body carries them', () => {
    const shown = { ...event, image: { id: 12, url: 'x' }, date_utc: '2027-01-01 08:00:00' };
    expect(recordToInput(events, shown)).not.toHaveProperty('image');
    expect(recordToInput(events, shown, AS_NEW)).toMatchObject({ image: 12, date_utc: '2027-01-01 08:00:00' });
    const dropped: string[] = [];
    const body = recordToInput(events, shown, { ...AS_NEW, omit: ['id', 'date_utc'], dropped });
    expect(body).not.toHaveProperty('date_utc');
    expect(dropped).toEqual(expect.arrayContaining(['id', 'url', 'cost_details']));
  });

  it('links as ids, the website as the site stores it, whichever the options', () => {
    for (const options of [{}, AS_NEW]) {
      expect(recordToInput(events, event, options)).toMatchObject({
        venue: 7,
        organizer: [3, 2],
        categories: [11],
        website: 'https://club.example/?a=1&b=2',
      });
    }
  });
});

describe('the natural key', () => {
  it('import and sync find the same record: the name as the site shows it, any letter case', () => {
    const typed = { title: "KIDS' CLUB", start_date: '2027-05-01 09:00:00' };
    expect(keyOf(events, typed)).toBe(keyOf(events, event));
    expect(keyOf(events, recordToInput(events, event), naturalKeyFields(events))).toBe(keyOf(events, event));
    expect(naturalKey(events, event)).toBe(keyOf(events, typed));
    expect(keyOf(events, { ...typed, start_date: '2027-05-01 10:00:00' })).not.toBe(keyOf(events, event));
  });

  it('term names compare as the site stores them (escaped) and shows them', () => {
    const categories = getResource('categories');
    expect(keyOf(categories, { name: 'Probe H &amp; Co' })).toBe(keyOf(categories, { name: 'probe h & co' }));
    expect(keyOf(categories, { name: '' })).toBeUndefined();
  });
});
