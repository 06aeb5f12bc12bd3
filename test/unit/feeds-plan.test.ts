/**
 * The rules of a feed run, without a site: what the reader makes of a feed (keys, occurrences,
 * malformed and broken bodies), what the plan does with items and origins (create in the window and
 * up to the limit, update what changed, leave what did not, ignore what the admin trashed, trash what
 * left the source unless it is over or in doubt), and the three-way merge of preserve-edits.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { feedHash, planRun } from '../../src/commands/feeds/plan.js';
import { kindFromForm } from '../../src/commands/feeds/settings.js';
import type { Origin } from '../../src/commands/feeds/state.js';
import { CalendarFormatError, readIcsItems, uidKey } from '../../src/ics/items.js';
import { itemHash, noLinks, type SourceItem } from '../../src/import/source-item.js';
import { mergeThreeWay } from '../../src/import/three-way.js';
import { googleFeed, inDays, pluginFeed } from '../feeds/samples.js';

const window = { from: new Date('2030-01-01T00:00:00Z'), until: new Date('2030-12-31T23:59:59Z') };

const item = (key: string, start: string, extra: Partial<SourceItem> = {}): SourceItem => ({
  key,
  line: 1,
  cancelled: false,
  cells: new Map([
    ['title', key],
    ['start_date', start],
    ['end_date', start],
    ['timezone', 'UTC'],
  ]),
  links: noLinks(),
  ...extra,
});

const origin = (it: SourceItem, extra: Partial<Origin> = {}): Origin => ({
  feed: 'f',
  key: it.key,
  siteId: Number(it.key.replace(/\D/g, '')) || 1,
  state: 'active',
  sourceHash: feedHash(itemHash(it), feed),
  base: {},
  title: it.key,
  end: `${it.cells.get('end_date')?.replace(' ', 'T')}Z`,
  reason: '',
  updated: '',
  ...extra,
});

const feed = {
  authority: 'preserve-edits',
  onRemoved: 'trash',
  limit: null,
  categories: [] as string[],
  tags: [] as string[],
  status: 'publish',
} as const;
const ops = (plan: ReturnType<typeof planRun>) =>
  plan.actions.map((a) => `${a.op} ${'item' in a ? a.item.key : a.origin.key}${a.op === 'trash' ? ` (${a.why})` : ''}`);
const plan = (items: SourceItem[], origins: Origin[], over: Partial<Parameters<typeof planRun>[0]> = {}) =>
  planRun({
    feed,
    items,
    origins: new Map(origins.map((o) => [o.key, o])),
    window,
    unknownRejected: 0,
    rejectedKeys: new Set(),
    ...over,
  });

describe('planRun', () => {
  const a = item('a1', '2030-03-01 10:00:00');
  const b = item('b2', '2030-03-02 10:00:00');

  it('creates new items in the window, leaves unchanged ones, updates changed ones', () => {
    const moved = item('b2', '2030-03-05 10:00:00');
    const past = item('p3', '2029-06-01 10:00:00');
    const later = item('l4', '2031-06-01 10:00:00');
    const fresh = item('n5', '2030-04-01 10:00:00');
    const p = plan([a, moved, past, later, fresh], [origin(a), origin(b)]);
    expect(ops(p)).toEqual(['update b2', 'create n5']);
    expect(p).toMatchObject({ unchanged: 1, skipped: 2 });
  });

  it('trashes what left the source or was cancelled, but never an event that is over', () => {
    const over = item('o9', '2029-05-01 10:00:00');
    const cancelled = { ...b, cancelled: true };
    const p = plan([cancelled], [origin(a), origin(b), origin(over)]);
    expect(ops(p)).toEqual(['trash b2 (cancelled)', 'trash a1 (removed)']);
  });

  it('keep, new-only: nothing is trashed; new-only updates nothing', () => {
    const moved = item('b2', '2030-03-05 10:00:00');
    expect(ops(plan([moved], [origin(a), origin(b)], { feed: { ...feed, onRemoved: 'keep' } }))).toEqual(['update b2']);
    expect(ops(plan([moved], [origin(a), origin(b)], { feed: { ...feed, authority: 'new-only' } }))).toEqual([]);
  });

  it('holds removals while a rejected VEVENT has no readable UID; a rejected one with a UID counts as present', () => {
    expect(ops(plan([], [origin(a)], { unknownRejected: 1 }))).toEqual([]);
    expect(plan([], [origin(a)], { unknownRejected: 1 }).removalsHeld).toBe(1);
    const occurrence = item('r1#20300301T100000Z', '2030-03-01 10:00:00');
    expect(ops(plan([], [origin(occurrence)], { rejectedKeys: new Set(['r1']) }))).toEqual([]);
  });

  it('ignores what the admin trashed, and looks again only when the source changes', () => {
    const ignored = origin(a, { state: 'ignored' });
    expect(ops(plan([a], [ignored]))).toEqual([]);
    expect(plan([a], [ignored]).ignored).toBe(1);
    const renamed = item('a1', '2030-03-01 10:00:00');
    renamed.cells.set('title', 'renamed');
    expect(ops(plan([renamed], [ignored]))).toEqual(['recheck a1']);
  });

  it('changed settings that shape the events (categories, tags, status) update every event once', () => {
    expect(ops(plan([a, b], [origin(a), origin(b)], { feed: { ...feed, categories: ['Community'] } }))).toEqual([
      'update a1',
      'update b2',
    ]);
  });

  it('restores an event the feed had trashed when it comes back', () => {
    expect(ops(plan([a], [origin(a, { state: 'removed' })]))).toEqual(['restore a1']);
  });

  it('creates up to the limit of events the feed keeps, the first by date', () => {
    const items = ['2030-05-03', '2030-05-01', '2030-05-02'].map((d, i) => item(`k${i}`, `${d} 10:00:00`));
    expect(ops(plan(items, [origin(a)], { feed: { ...feed, limit: 3, onRemoved: 'keep' } }))).toEqual([
      'create k1',
      'create k2',
    ]);
  });

  it('rejects malformed items and a second item with the same key', () => {
    const broken = { ...item('x1', ''), problem: 'a VEVENT without DTSTART', line: 40 };
    const twin = { ...item('a1', '2030-03-09 10:00:00'), line: 50 };
    const p = plan([a, broken, twin], [origin(a)]);
    expect(p.rejected).toEqual([
      { line: 40, key: 'x1', error: 'a VEVENT without DTSTART' },
      { line: 50, key: 'a1', error: expect.stringMatching(/same UID \(line 1\)/) },
    ]);
  });
});

describe('mergeThreeWay', () => {
  const events = getResource('events');
  const base = {
    title: 'Jazz',
    description: '<p>Doors at 8</p>',
    start_date: '2030-03-01 20:00:00',
    end_date: '2030-03-01 23:00:00',
  };

  it('keeps the fields the site changed since the base, takes the source for the rest', () => {
    const current = { ...base, title: 'Jazz (by the admin)', description: 'Doors at 8' };
    const source = { ...base, title: 'Jazz night', start_date: '2030-03-01 21:00:00', description: 'Doors at 9' };
    const m = mergeThreeWay(events, base, current, source, true);
    expect(m.body).toMatchObject({
      title: 'Jazz (by the admin)',
      start_date: '2030-03-01 21:00:00',
      description: 'Doors at 9',
    });
    expect(m.kept).toEqual(['title']);
    expect(m.changed.sort()).toEqual(['description', 'start_date']);
    expect(m.base.title).toBe('Jazz');
    // (<p> around the same words is the same description: not an edit)
    expect(mergeThreeWay(events, base, current, base, true).changed).toEqual([]);
  });

  it('overwrite takes the source everywhere; the dates go together', () => {
    const current = { ...base, title: 'Admin', end_date: '2030-03-01 23:30:00' };
    const source = { ...base, start_date: '2030-03-02 20:00:00', end_date: '2030-03-02 23:00:00' };
    expect(mergeThreeWay(events, base, current, source, false).body).toEqual(source);
    const kept = mergeThreeWay(events, base, current, source, true);
    expect(kept.body).toMatchObject({ start_date: '2030-03-01 20:00:00', end_date: '2030-03-01 23:30:00' });
  });
});

describe('readIcsItems', () => {
  const opts = { siteZone: 'UTC', until: inDays(400), from: inDays(-1) };

  it('keys events by UID, occurrences by UID and original start, the plugin feed by post id', () => {
    const feed = googleFeed([
      { uid: 'one', title: 'One', start: inDays(3), end: inDays(3, 19) },
      {
        uid: 'wk',
        title: 'Weekly',
        start: inDays(4, 7),
        end: inDays(4, 8),
        rrule: 'FREQ=WEEKLY;COUNT=3',
        overrides: [{ recurrenceId: inDays(11, 7), start: inDays(11, 9), end: inDays(11, 10), title: 'Late' }],
      },
    ]);
    const read = readIcsItems(feed, opts);
    const keys = read.items.map((i) => i.key);
    const rid = (d: Date) => d.toISOString().replace(/[-:]|\.\d+/g, '');
    expect(keys).toEqual([
      'one@google.com',
      `wk@google.com#${rid(inDays(4, 7))}`,
      `wk@google.com#${rid(inDays(11, 7))}`,
      `wk@google.com#${rid(inDays(18, 7))}`,
    ]);
    expect(read.items[2]?.cells.get('title')).toBe('Late');
    const own = readIcsItems(
      pluginFeed([{ uid: 'x', title: 'T', start: inDays(3), end: inDays(3, 20), postId: 77 }], 'ex.org'),
      opts,
    );
    expect(own.items.map((i) => i.key)).toEqual(['77@ex.org']);
    expect(uidKey('77-1796940000-1796947200@ex.org')).toBe('77@ex.org');
  });

  it('rejects a malformed VEVENT with its line and reads the rest', () => {
    const feed = googleFeed([
      { uid: 'good', title: 'Good', start: inDays(3), end: inDays(3, 19) },
      { uid: 'bad', title: 'Bad', start: inDays(4), end: inDays(4, 19) },
    ]).replace(/(UID:bad@google.com)/, '$1\r\nTHIS LINE IS BROKEN');
    const read = readIcsItems(feed, opts);
    const bad = read.items.find((i) => i.problem !== undefined);
    const lines = feed.split('\r\n');
    expect(bad).toMatchObject({ key: 'bad@google.com', line: lines.lastIndexOf('BEGIN:VEVENT') + 1 });
    expect(read.items.filter((i) => !i.problem).map((i) => i.key)).toEqual(['good@google.com']);
    expect(read.rejectedKeys).toEqual(new Set(['bad@google.com']));
  });

  it.each([
    ['an HTML page', '<!DOCTYPE html><html><body>login</body></html>', /HTML page/],
    ['a cut body', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\n', /cut short/],
    ['an empty body', '  \r\n', /empty body/],
  ])('refuses %s as a whole', (_what, text, message) => {
    expect(() => readIcsItems(text, opts)).toThrow(CalendarFormatError);
    expect(() => readIcsItems(text, opts)).toThrow(message);
  });

  it('an empty calendar is no error: it has no events', () => {
    expect(readIcsItems(googleFeed([]), opts)).toMatchObject({ vevents: 0, items: [] });
  });
});

describe('kindFromForm', () => {
  it.each([
    ['@other', 'site'],
    ['webcal://example.org/cal', 'ics-url'],
    ['https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/public/basic.ics', 'ics-url'],
    ['https://example.org/events/?ical=1', 'ics-url'],
    ['https://cloud.example.org/remote.php/dav/public-calendars/AbC?export', undefined],
    ['https://example.org/wp-json/tribe/events/v1', 'site'],
    ['./team.ics', 'file'],
  ])('%s → %s', (source, kind) => {
    expect(kindFromForm(source)).toBe(kind);
  });
});
