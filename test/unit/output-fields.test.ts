import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { UsageError } from '../../src/cli/errors.js';
import { getPath, parseFieldList, pick, plainText, validateFields } from '../../src/output/index.js';

const event = {
  id: 9,
  title: 'Reference Concert',
  all_day: false,
  venue: { id: 7, venue: 'City Arena', city: 'Springfield' },
  organizer: [
    { id: 8, organizer: 'Acme Events', email: 'info@acme.example' },
    { id: 5, organizer: 'Jane Doe' },
  ],
  categories: [{ id: 4, name: 'Concerts', slug: 'concerts' }],
  tags: [],
  global_id_lineage: ['a?id=9', 'b?id=9'],
};
const noVenue = { id: 10, title: 'Online', venue: [], organizer: [] };
const events = getResource('events');

describe('parseFieldList', () => {
  it.each([
    ['id,title', ['id', 'title']],
    [' id , title ,, ', ['id', 'title']],
    [
      ['id,title', 'venue.venue', 'id'],
      ['id', 'title', 'venue.venue'],
    ],
    ['', []],
  ])('%j → %j', (input, expected) => {
    expect(parseFieldList(input)).toEqual(expected);
  });
});

describe('getPath', () => {
  it.each([
    ['id', event, 9],
    ['venue.venue', event, 'City Arena'],
    ['venue.missing', event, undefined],
    ['organizer.organizer', event, ['Acme Events', 'Jane Doe']],
    ['organizer.email', event, ['info@acme.example']],
    ['categories.name', event, ['Concerts']],
    ['tags.name', event, []],
    ['venue.venue', noVenue, []],
    ['title.rendered', event, undefined],
  ])('%s', (path, record, expected) => {
    expect(getPath(record, path)).toEqual(expected);
  });
});

describe('pick', () => {
  it.each([
    [['id', 'venue.venue'], event, { id: 9, 'venue.venue': 'City Arena' }],
    [['organizer.organizer'], event, { 'organizer.organizer': 'Acme Events, Jane Doe' }],
    [['categories.name', 'tags.name'], event, { 'categories.name': 'Concerts', 'tags.name': '' }],
    [['global_id_lineage'], event, { global_id_lineage: 'a?id=9, b?id=9' }],
    [['venue.venue', 'nope'], noVenue, { 'venue.venue': '', nope: undefined }],
  ])('flat %j', (paths, record, expected) => {
    expect(pick(record, paths)).toEqual(expected);
  });

  it.each([
    [['id', 'venue.venue'], event, { id: 9, venue: { venue: 'City Arena' } }],
    [['venue.venue', 'venue.city'], event, { venue: { venue: 'City Arena', city: 'Springfield' } }],
    [['venue', 'venue.city'], event, { venue: event.venue }],
    [['organizer.organizer'], event, { organizer: [{ organizer: 'Acme Events' }, { organizer: 'Jane Doe' }] }],
    [['organizer.email'], event, { organizer: [{ email: 'info@acme.example' }, { email: null }] }],
    [['id', 'venue.venue', 'cost'], noVenue, { id: 10, venue: [], cost: null }],
  ])('nested %j', (paths, record, expected) => {
    expect(pick(record, paths, { nested: true })).toEqual(expected);
  });

  it('does not change the record', () => {
    const copy = structuredClone(event);
    pick(event, ['venue.venue'], { nested: true });
    expect(event).toEqual(copy);
  });
});

describe('validateFields', () => {
  it('accepts known first segments', () => {
    expect(() => validateFields(['id', 'venue.venue', 'organizer.organizer', 'categories.name'], events)).not.toThrow();
  });

  it.each([
    ['titel', 'did you mean "title"?'],
    ['start', 'did you mean "start_date"?'],
    ['venu.venue', 'did you mean "venue"?'],
    ['zzzzzz', 'events have these fields: id, global_id'],
  ])('rejects %s with hint %s', (field, hint) => {
    let err: unknown;
    try {
      validateFields(['id', field], events);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe(`unknown field "${field}" for events`);
    expect((err as UsageError).hint).toContain(hint);
  });

  it('rejects empty segments', () => {
    expect(() => validateFields(['venue.'], events)).toThrow(UsageError);
  });
});

describe('plainText', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['x', 'x'],
    [3, '3'],
    [true, 'true'],
    [[], ''],
    [event.venue, 'City Arena'],
    [event.organizer, 'Acme Events, Jane Doe'],
    [event.categories, 'Concerts'],
    [{ year: '2026' }, '{"year":"2026"}'],
  ])('%j → %j', (value, expected) => {
    expect(plainText(value)).toBe(expected);
  });

  it('writes yes/no when asked', () => {
    expect(plainText([true, false], { yesNo: true })).toBe('yes, no');
  });
});
