/**
 * The one record model: what an update sends back is the same whoever makes it (update, import, feeds),
 * "no website" is one rule, and "the same record" is one key for import and sync.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { naturalKey } from '../../src/commands/sync/records.js';
import {
  keyOf,
  mergeUpdate,
  naturalKeyFields,
  ownWebsite,
  recordToInput,
  toInputForm,
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
    expect(toInputForm(events, plain)).not.toHaveProperty('website');
  });

  it('changes win over the written-back state', () => {
    const body = mergeUpdate(events, event, { featured: false, venue: { id: 9 } });
    expect([body.featured, body.venue, body.organizer, body.status]).toEqual([false, 9, [3, 2], 'draft']);
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
