import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { UsageError } from '../../src/errors/index.js';
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

  it.each([
    ['organizer.0.organizer', event, 'Acme Events'],
    ['organizer.1.organizer', event, 'Jane Doe'],
    ['organizer.1.email', event, undefined],
    ['organizer.2.organizer', event, undefined],
    ['organizer.0', event, event.organizer[0]],
    ['categories.0.slug', event, 'concerts'],
    ['global_id_lineage.1', event, 'b?id=9'],
    ['organizer.0.organizer', noVenue, undefined],
    ['venue.0', event, undefined],
  ])('a number indexes an array: %s', (path, record, expected) => {
    expect(getPath(record, path)).toEqual(expected);
  });

  it('a number is a key of an object with numeric keys', () => {
    const record = { id: 1, custom_fields: { '0': 'zero', '12': { label: 'Size' } } };
    expect(getPath(record, 'custom_fields.0')).toBe('zero');
    expect(getPath(record, 'custom_fields.12.label')).toBe('Size');
  });

  it('an index inside a path through a list applies to every element', () => {
    const record = { weeks: [{ days: ['mon', 'tue'] }, { days: ['wed'] }] };
    expect(getPath(record, 'weeks.days.0')).toEqual(['mon', 'wed']);
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

  it.each([
    [['id', 'organizer.0.organizer'], event, { 'organizer.0.organizer': 'Acme Events' }],
    [['categories.0.slug'], event, { 'categories.0.slug': 'concerts' }],
    [['organizer.0.organizer'], noVenue, { 'organizer.0.organizer': undefined }],
  ])('flat with indexes %j', (paths, record, expected) => {
    expect(pick(record, paths)).toMatchObject(expected);
  });

  it.each([
    // as jq's pick(.organizer[0].organizer): the picked element keeps its position
    [['id', 'organizer.0.organizer'], event, { id: 9, organizer: [{ organizer: 'Acme Events' }] }],
    [['organizer.1.organizer'], event, { organizer: [null, { organizer: 'Jane Doe' }] }],
    [['organizer.0'], event, { organizer: [event.organizer[0]] }],
    [['categories.0.slug', 'categories.0.name'], event, { categories: [{ slug: 'concerts', name: 'Concerts' }] }],
    [['global_id_lineage.1'], event, { global_id_lineage: [null, 'b?id=9'] }],
    [['organizer.0.organizer'], noVenue, { organizer: [null] }],
    [
      ['organizer.email', 'organizer.1.organizer'],
      event,
      { organizer: [{ email: 'info@acme.example' }, { email: null, organizer: 'Jane Doe' }] },
    ],
    [['organizer.0', 'organizer.0.email'], event, { organizer: [event.organizer[0]] }],
  ])('nested with indexes %j', (paths, record, expected) => {
    expect(pick(record, paths, { nested: true })).toEqual(expected);
  });

  it('nested keeps numeric keys of objects', () => {
    const record = { id: 1, custom_fields: { '0': 'zero', '1': 'one' } };
    expect(pick(record, ['custom_fields.0'], { nested: true })).toEqual({ custom_fields: { '0': 'zero' } });
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
    expect(() => validateFields(['organizer.0.organizer', 'categories.0.slug'], events)).not.toThrow();
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
