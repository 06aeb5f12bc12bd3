/**
 * The four shapes of feed calctl is tested with (samples.ts: Google Calendar, Outlook, Nextcloud, the
 * plugin's own `?ical=1`) read as a feed reads them: every event at the instant the publisher meant,
 * in a zone calctl can write (Outlook's Windows name → Europe/Berlin, across a daylight-saving
 * change), all-day events as days, links by name, cancelled events marked, stable keys across two
 * fetches — and read into the built-in local calendar from a file with `feeds run`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIcsItems } from '../../src/ics/items.js';
import { cellInstant } from '../../src/import/source-item.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { googleFeed, inDays, nextcloudFeed, outlookFeed, pluginFeed, type SampleEvent } from './samples.js';

/** A date in next year's March or April (around Europe's change to summer time). */
const spring = (day: number, hour: number) => {
  const year = new Date().getUTCFullYear() + 1;
  return new Date(Date.UTC(year, 2, day, hour));
};

const sample: SampleEvent[] = [
  {
    uid: 'talk',
    title: 'Talk; with, marks',
    start: spring(10, 17),
    end: spring(10, 18),
    location: 'Hall A, 3 Long Road, Leeds',
    organizer: { name: 'Ada Lovelace', email: 'ada@example.org' },
    categories: ['Science', 'Talks'],
    description: 'Line one\nLine two',
    postId: 12,
  },
  {
    uid: 'weekly',
    title: 'Weekly',
    start: spring(10, 8),
    end: spring(10, 9),
    // (every other week from 10 March: the second before any European change to summer time, the third after)
    rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=3',
    postId: 13,
  },
  { uid: 'fair', title: 'Fair', start: spring(25, 0), end: spring(27, 0), allDay: true, postId: 14 },
  { uid: 'off', title: 'Called off', start: spring(26, 12), end: spring(26, 13), status: 'CANCELLED', postId: 15 },
];

const shapes = {
  google: (events: SampleEvent[]) => googleFeed(events),
  outlook: outlookFeed,
  nextcloud: nextcloudFeed,
  plugin: (events: SampleEvent[]) => pluginFeed(events.filter((e) => !e.rrule)),
};

const opts = { siteZone: 'UTC', until: spring(400, 0), from: inDays(-1) };

describe.each(Object.entries(shapes))('a %s feed', (shape, make) => {
  const read = readIcsItems(make(sample), opts);
  const live = read.items.filter((i) => !i.cancelled);

  it('puts every event and occurrence at the instant the publisher meant', () => {
    const talk = live.find((i) => i.cells.get('title') === 'Talk; with, marks');
    expect(talk && cellInstant(talk, 'start_date')).toBe(spring(10, 17).getTime());
    expect(talk && cellInstant(talk, 'end_date')).toBe(spring(10, 18).getTime());
    const weekly = live.filter((i) => i.cells.get('title') === 'Weekly');
    if (shape !== 'plugin') {
      // (a rule repeats the wall clock of its zone: across Berlin's change to summer time the
      // instant moves an hour, the time of day does not)
      expect(cellInstant(weekly[0] as (typeof weekly)[0], 'start_date')).toBe(spring(10, 8).getTime());
      expect(weekly.map((i) => i.cells.get('start_date')?.slice(11))).toEqual(
        Array(3).fill(weekly[0]?.cells.get('start_date')?.slice(11)),
      );
      const days = weekly.map((i) =>
        Math.round(((cellInstant(i, 'start_date') ?? 0) - spring(10, 8).getTime()) / 3_600_000),
      );
      expect(days).toEqual(shape === 'outlook' ? [0, 336, 671] : [0, 336, 672]);
      expect(new Set(weekly.map((i) => i.key)).size).toBe(3);
    }
    const fair = live.find((i) => i.cells.get('title') === 'Fair');
    expect(fair?.cells.get('all_day')).toBe('true');
    expect(fair?.cells.get('start_date')?.slice(0, 10)).toBe(spring(25, 0).toISOString().slice(0, 10));
    expect(fair?.cells.get('end_date')).toBe(`${spring(26, 0).toISOString().slice(0, 10)} 23:59:59`);
  });

  it('names the zone as calctl writes it, the venue, organizer and categories', () => {
    const talk = live.find((i) => i.cells.get('title') === 'Talk; with, marks');
    const zone = { google: 'UTC', outlook: 'Europe/Berlin', nextcloud: 'Asia/Tokyo', plugin: 'UTC' }[shape];
    expect(talk?.cells.get('timezone')).toBe(zone);
    expect(talk?.links.venue?.name).toBe('Hall A');
    if (shape === 'outlook' || shape === 'plugin') {
      expect(talk?.links.organizers).toEqual([{ name: 'Ada Lovelace', details: { email: 'ada@example.org' } }]);
    }
    if (shape === 'nextcloud' || shape === 'plugin') expect(talk?.links.categories).toEqual(['Science', 'Talks']);
    if (shape !== 'plugin') expect(talk?.cells.get('description')).toBe('Line one\nLine two');
  });

  it('marks the cancelled event, and keys every event the same way in the next fetch', () => {
    if (shape !== 'plugin')
      expect(read.items.filter((i) => i.cancelled).map((i) => i.cells.get('title'))).toEqual(['Called off']);
    const again = readIcsItems(make(sample), opts);
    expect(again.items.map((i) => i.key)).toEqual(read.items.map((i) => i.key));
  });
});

// (each step spawns the CLI a few times: a busy machine needs more than the default 30 s)
describe('a feed from a file, into the local calendar', { timeout: 120_000 }, () => {
  it('creates its events once; a second run reads the same file as not modified', async () => {
    const home = tempHome();
    const file = join(home, 'club.ics');
    writeFileSync(file, nextcloudFeed(sample));
    const run = (args: string[]) => runCli(args, { home, timeoutMs: 60_000 });
    expect((await run(['feeds', 'add', 'club', file, '--until', '+2y', '--tag', 'club'])).code).toBe(0);
    let r = await run(['feeds', 'run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ created: 5, rejected: 0 });
    r = await run(['feeds', 'run', '-o', 'json', '--quiet']);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ status: 'not-modified' });
    expect(r.stderr).toBe('');
  });
});
