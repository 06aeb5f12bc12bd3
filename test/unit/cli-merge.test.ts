import { describe, expect, it } from 'vitest';
import { costInput, getResource } from '../../src/catalog/index.js';
import { AS_NEW, mergeUpdate, recordToInput, writableState } from '../../src/records/index.js';

const events = getResource('events');

/** An event as the site returns it (trimmed to what the merge reads). */
const tokyo = {
  id: 12,
  status: 'publish',
  title: 'Tokyo Meetup',
  description: '<p>Talks</p>',
  all_day: false,
  start_date: '2027-03-05 10:00:00',
  end_date: '2027-03-05 12:00:00',
  timezone: 'Asia/Tokyo',
  cost: '$10 – $20',
  cost_details: { currency_symbol: '$', currency_code: '', currency_position: 'prefix', values: ['10', '20'] },
  website: 'https://meetup.example',
  show_map: true,
  show_map_link: false,
  hide_from_listings: false,
  sticky: true,
  featured: true,
  categories: [{ id: 4, name: 'Talks' }],
  tags: [
    { id: 5, name: 'tech' },
    { id: 6, name: 'ai' },
  ],
  venue: { id: 3, venue: 'Hall' },
  organizer: [
    { id: 9, organizer: 'B' },
    { id: 8, organizer: 'A' },
  ],
};

describe('writableState', () => {
  it('events: every field the site resets, in input form', () => {
    expect(writableState(events, tokyo)).toEqual({
      all_day: false,
      show_map: true,
      show_map_link: false,
      hide_from_listings: false,
      sticky: true,
      featured: true,
      start_date: '2027-03-05 10:00:00',
      end_date: '2027-03-05 12:00:00',
      timezone: 'Asia/Tokyo',
      cost: ['$10', '$20'],
      website: 'https://meetup.example',
      venue: 3,
      organizer: [9, 8],
      categories: [4],
      tags: [5, 6],
      status: 'publish',
    });
  });

  it('events without venue or organizers keep them absent/empty', () => {
    const body = writableState(events, { ...tokyo, venue: [], organizer: [], status: 'trash' });
    expect(body).not.toHaveProperty('venue');
    expect(body.organizer).toEqual([]);
    expect(body).not.toHaveProperty('status');
  });

  it("events: a website that is just the event's own page is not sent back (it would go stale)", () => {
    const url = 'http://site.example/event/tokyo-meetup/';
    expect(writableState(events, { ...tokyo, url, website: url })).not.toHaveProperty('website');
    expect(writableState(events, { ...tokyo, url }).website).toBe('https://meetup.example');
  });

  it('venues keep stateprovince, map switches (as strings) and a draft status', () => {
    const body = writableState(getResource('venues'), {
      id: 3,
      venue: 'Hall',
      status: 'draft',
      stateprovince: 'Rhône',
      show_map: false,
      show_map_link: false,
    });
    expect(body).toEqual({ stateprovince: 'Rhône', show_map: 'false', show_map_link: 'false', status: 'draft' });
  });

  it('terms update partially: nothing to resend', () => {
    expect(writableState(getResource('categories'), { id: 1, name: 'x', parent: 2 })).toEqual({});
  });
});

describe('costInput', () => {
  it.each([
    [{ cost: '$25', cost_details: { currency_symbol: '$', currency_position: 'prefix', values: ['25'] } }, '$25'],
    [{ cost: '20$', cost_details: { currency_symbol: '$', currency_position: 'postfix', values: ['20'] } }, '20$'],
    [
      {
        cost: 'Free – 30$',
        cost_details: { currency_symbol: '$', currency_position: 'postfix', values: ['0', '20', '30'] },
      },
      ['0$', '20$', '30$'],
    ],
    [
      { cost: '$5 – $25', cost_details: { currency_symbol: '', currency_position: '', values: ['5', '15', '25'] } },
      ['5', '15', '25'],
    ],
    [{ cost: 'Donation', cost_details: { currency_symbol: '', currency_position: '', values: [] } }, 'Donation'],
    [{ cost: '', cost_details: { values: [] } }, ''],
  ])('%j → %j', (record, expected) => {
    expect(costInput(record)).toEqual(expected);
  });
});

describe('mergeUpdate', () => {
  it('changes win over the record, and records pasted as --data become input form', () => {
    const body = mergeUpdate(events, tokyo, { title: 'New', featured: false, organizer: [{ id: 1 }] });
    expect(body.title).toBe('New');
    expect(body.featured).toBe(false);
    expect(body.organizer).toEqual([1]);
    expect(body.sticky).toBe(true);
    expect(body.timezone).toBe('Asia/Tokyo');
  });

  it('recordToInput (AS_NEW) turns a whole record into a body', () => {
    const input = recordToInput(events, tokyo, AS_NEW);
    expect(input.venue).toBe(3);
    expect(input.organizer).toEqual([9, 8]);
    expect(input.categories).toEqual([4]);
    expect(input.cost).toEqual(['$10', '$20']);
  });
});
