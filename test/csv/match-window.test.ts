/**
 * The import's match index on a calendar larger than a few pages: events are listed around each row's
 * start (plus its id or slug looked up), never the whole calendar for a small file, and matching still
 * finds every record the whole listing would have found.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import { importPath, type Loose, listAll, startSite, type TestSite } from './helpers.js';

const EVENTS = 400;
const pad = (n: number) => String(n).padStart(2, '0');
/** Event i: four a day from 2027-01-01, at 09:00, 11:00, 13:00 and 15:00. */
const dayOf = (i: number) => new Date(Date.UTC(2027, 0, 1) + Math.floor(i / 4) * 86_400_000).toISOString().slice(0, 10);
const startOf = (i: number) => `${dayOf(i)} ${pad(9 + (i % 4) * 2)}:00:00`;

let site: TestSite;
let seeded: Loose[];
/** Every GET the import sent: path and query. */
let gets: { path: string; query: Record<string, unknown> }[];

/** The site's client, recording what it is asked for. */
function recording(api: ApiClient): ApiClient {
  return new Proxy(api, {
    get(target, prop, receiver) {
      if (prop === 'get') {
        return (path: string, opts?: { query?: Record<string, unknown> }) => {
          gets.push({ path, query: { ...(opts?.query ?? {}) } });
          return target.get(path, opts as never);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

const importCsv = async (name: string, csv: string) => {
  const path = await site.file(name, csv);
  return importPath({ ...site, api: recording(site.api) }, 'events', path);
};

/** `count` rows of new events titled `label i`, one a day at 10:00 from 1 January of `year`. */
const oneADay = (label: string, count: number, year: number) =>
  Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(year, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return `${label} ${i},${day} 10:00:00,${day} 11:00:00`;
  });
const csvOf = (rows: string[]) => `title,start_date,end_date\n${rows.join('\n')}\n`;

/**
 * Imports 200 new events one a day from 1 January of `year` (titled `label i`): created, in two
 * listings of days and without the calendar's size; the same file again changes nothing.
 */
async function twoListingsNoSize(label: string, year: number) {
  const rows = oneADay(label, 200, year);
  const name = `${label.toLowerCase()}.csv`;
  expect(await importCsv(name, csvOf(rows))).toMatchObject({ created: 200, rejected: 0 });
  const lists = gets.filter(listedIn);
  expect(lists.filter((g) => g.query.starts_after !== undefined)).toHaveLength(2);
  expect(lists.filter((g) => g.query.start_date === '1900-01-01')).toEqual([]);
  expect(await importCsv(name, csvOf(rows))).toMatchObject({ unchanged: 200, created: 0 });
}

/**
 * Deletes the events whose titles match: the calendar as the next tests expect it (their windows
 * cost what a calendar of 400 makes them), whatever happened in the test.
 */
async function removeTitled(titles: RegExp) {
  const made = (await listAll(site, 'events')).filter((e) => titles.test(String(e.title)));
  for (const e of made) await site.api.delete(`/events/${e.id}`, { query: { force: true } });
}

/** A request for a page of the events list. */
const listedIn = (g: (typeof gets)[number]) => g.path === '/events';

/**
 * The site's client (recording), holding back the list requests `held` picks until three creates
 * have been answered: an import that waits for them before its third create never finishes.
 */
function holdUntilThreeWritten(held: (query: Record<string, unknown>) => boolean): ApiClient {
  let written!: () => void;
  const threeWritten = new Promise<void>((resolve) => {
    written = resolve;
  });
  let posts = 0;
  return new Proxy(recording(site.api), {
    get(target, prop, receiver) {
      if (prop === 'get') {
        return async (p: string, o?: { query?: Record<string, unknown> }) => {
          if (held(o?.query ?? {})) await threeWritten;
          return target.get(p, o as never);
        };
      }
      if (prop === 'request') {
        return async (m: string, p: string, o?: never) => {
          const res = await target.request(m, p, o);
          if (m === 'POST' && ++posts >= 3) written();
          return res;
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  }) as ApiClient;
}

beforeAll(async () => {
  site = await startSite();
  const rows = Array.from(
    { length: EVENTS },
    (_, i) => `Event ${i},${startOf(i)},${startOf(i).replace(/:00:00$/, ':30:00')}`,
  );
  const path = await site.file('seed.csv', csvOf(rows));
  expect(await importPath(site, 'events', path)).toMatchObject({ created: EVENTS });
  seeded = await listAll(site, 'events');
});
afterAll(async () => {
  await site.close();
});
beforeEach(() => {
  gets = [];
});

describe('the match index of a large calendar', () => {
  it('lists only the days around the rows of a small file, and still finds unchanged, changed and new rows', async () => {
    const summary = await importCsv(
      'small.csv',
      `title,start_date,end_date,cost\nEvent 40,${startOf(40)},${startOf(40).replace(':00:00', ':30:00')},\n` +
        `Event 81,${startOf(81)},${startOf(81).replace(':00:00', ':30:00')},12\n` +
        `Brand new,${startOf(120)},${startOf(120).replace(':00:00', ':30:00')},\n`,
    );
    expect(summary).toMatchObject({ unchanged: 1, updated: 1, created: 1, rejected: 0 });
    const lists = gets.filter(listedIn);
    // The first page of the whole calendar (its size), then windows (one at a time) that cover the days
    // around every row: at most one per row, each starting two days before its first row.
    expect(lists.filter((g) => g.query.start_date === '1900-01-01').map((g) => g.query.page)).toEqual([1]);
    const windows = lists.filter((g) => g.query.starts_after !== undefined && g.query.page === 1);
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.length).toBeLessThanOrEqual(3);
    for (const i of [40, 81, 120]) {
      const covers = windows.some(
        (g) => String(g.query.starts_after) <= dayOf(i - 8) && String(g.query.starts_before) >= dayOf(i + 4),
      );
      expect(covers, `a window around row ${i}`).toBe(true);
    }
    expect(lists.every((g) => g.query.status === undefined)).toBe(true);
    expect(await listAll(site, 'events')).toHaveLength(EVENTS + 1);
  });

  it('reaches further ahead while the calendar is sparse: 40 new events one a day cost few requests', async () => {
    // (after the seeded events: days with no event yet)
    const rows = oneADay('Sparse', 40, 2029);
    const summary = await importCsv('sparse.csv', csvOf(rows));
    expect(summary).toMatchObject({ created: 40, rejected: 0 });
    const lists = gets.filter(listedIn);
    // (fewer list requests than rows, whole listing included)
    expect(lists.length).toBeLessThan(rows.length / 2);
    const again = await importCsv('sparse.csv', csvOf(rows));
    expect(again).toMatchObject({ unchanged: 40, created: 0 });
  });

  it('a file of new events one a day, on empty days: their days listed together, not a window per row', async () => {
    const rows = oneADay('Daily', 60, 2033);
    const summary = await importCsv('daily.csv', csvOf(rows));
    expect(summary).toMatchObject({ created: 60, rejected: 0 });
    const windows = gets.filter((g) => listedIn(g) && g.query.starts_after !== undefined);
    // (the rows read ahead together are listed together: one listing, or two when the last rows were
    // read after the first listing was asked for)
    expect(windows.length).toBeLessThanOrEqual(2);
    expect(windows.every((g) => g.query.page === 1)).toBe(true);
    expect(windows[0]?.query.starts_after).toBe('2032-12-30');
    expect(String(windows.at(-1)?.query.starts_before) >= '2033-03-02').toBe(true);
    gets = [];
    const again = await importCsv('daily.csv', csvOf(rows));
    expect(again).toMatchObject({ unchanged: 60, created: 0 });
    const relisted = gets.filter((g) => listedIn(g) && g.query.starts_after !== undefined && g.query.page === 1);
    expect(relisted.length).toBeLessThanOrEqual(2);
  });

  it('a long file of new events on days found empty: two listings, and the size never asked', async () => {
    // 200 rows one a day: the first listing finds their first days empty, so the next reaches as
    // far as a listing may (not twice as far as the last, one doubling at a time); the listings
    // cost less than a page, so the calendar's size is not asked for either.
    try {
      await twoListingsNoSize('Long', 2036);
    } finally {
      await removeTitled(/^Long /);
    }
  });

  it('a long file of new events among a few events a week: two listings, and the size never asked', async () => {
    // 200 rows one a day over days that hold an event every fourth day: the first listing finds a
    // sixteenth of a page, so the next is sized to most of a page (the rest of the file), not to
    // twice the first's rows one doubling at a time (then the listings cost a page and the
    // calendar's size is asked for).
    const sparse = Array.from({ length: 50 }, (_, i) => {
      const day = new Date(Date.UTC(2040, 0, 1) + 4 * i * 86_400_000).toISOString().slice(0, 10);
      return `Weekly ${i},${day} 18:00:00,${day} 19:00:00`;
    });
    expect(await importPath(site, 'events', await site.file('weekly.csv', csvOf(sparse)))).toMatchObject({
      created: 50,
    });
    try {
      await twoListingsNoSize('Among', 2040);
    } finally {
      await removeTitled(/^(Weekly|Among) /);
    }
  });

  it('finds an event of another time zone whose start is on the next day in the site zone', async () => {
    const created = await importCsv(
      'ny.csv',
      'title,start_date,end_date,timezone\nLate in New York,2027-02-10 22:00:00,2027-02-10 23:00:00,America/New_York\n',
    );
    expect(created).toMatchObject({ created: 1 });
    const again = await importCsv(
      'ny.csv',
      'title,start_date,end_date,timezone\nLate in New York,2027-02-10 22:00:00,2027-02-10 23:00:00,America/New_York\n',
    );
    expect(again).toMatchObject({ unchanged: 1, created: 0 });
  });

  it('looks up a row by its id when the event moved out of the row window', async () => {
    const moved = seeded.find((e) => e.title === 'Event 100') as Loose;
    const summary = await importCsv(
      'moved.csv',
      `id,title,start_date,end_date\n${moved.id},Event 100,2027-09-01 09:00:00,2027-09-01 10:00:00\n`,
    );
    expect(summary).toMatchObject({ updated: 1, created: 0 });
    expect(gets.some((g) => g.path === `/events/${moved.id}`)).toBe(true);
    const after = (await listAll(site, 'events')).filter((e: Loose) => e.title === 'Event 100');
    expect(after.map((e: Loose) => [e.id, e.start_date])).toEqual([[moved.id, '2027-09-01 09:00:00']]);
  });

  it('looks up a row by its slug when the event moved out of the row window', async () => {
    const moved = seeded.find((e) => e.title === 'Event 120') as Loose;
    const summary = await importCsv(
      'slug.csv',
      `slug,title,start_date,end_date\n${moved.slug},Event 120,2027-10-01 09:00:00,2027-10-01 10:00:00\n`,
    );
    expect(summary).toMatchObject({ updated: 1, created: 0 });
    expect(gets.some((g) => g.path === `/events/by-slug/${moved.slug}`)).toBe(true);
  });

  it('lists the whole calendar once when a large file would cost more in windows', async () => {
    const all = await listAll(site, 'events');
    const rows = all.map((e: Loose) => `${e.id},"${e.title}",${e.start_date},${e.end_date},${e.timezone}`);
    const summary = await importCsv('all.csv', `id,title,start_date,end_date,timezone\n${rows.join('\n')}\n`);
    expect(summary).toMatchObject({ unchanged: all.length, created: 0, updated: 0, rejected: 0 });
    const wholePages = Math.ceil(all.length / 50);
    // Windows until they cost half the whole listing, then the whole listing: never much more than 1.5×.
    expect(gets.length).toBeLessThanOrEqual(Math.ceil(wholePages * 1.5) + 2);
    expect(gets.filter((g) => g.query.start_date === '1900-01-01').length).toBeGreaterThan(1);
  });
  it("asks for the next rows' windows while the rows before them are written", async () => {
    // Rows a year apart (no window reaches the next), two writes at a time. Every create waits until
    // the calendar has been listed five times (its first page, then windows or the whole of it):
    // rows that waited for a free slot to ask for their windows would stop at three.
    const rows = Array.from(
      { length: 16 },
      (_, i) => `Ahead ${i},${2040 + i}-03-01 10:00:00,${2040 + i}-03-01 11:00:00`,
    );
    const path = await site.file('ahead.csv', csvOf(rows));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const listings = () => gets.filter(listedIn).length;
    const api = new Proxy(recording(site.api), {
      get(target, prop, receiver) {
        if (prop === 'get') {
          return async (p: string, o?: never) => {
            const res = await target.get(p, o);
            if (listings() >= 5) open();
            return res;
          };
        }
        if (prop === 'post') return async (p: string, b: unknown, o?: never) => gate.then(() => target.post(p, b, o));
        if (prop === 'request') {
          return async (m: string, p: string, o?: never) =>
            (m === 'POST' ? gate : Promise.resolve()).then(() => target.request(m, p, o));
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as ApiClient;
    const summary = await importPath({ ...site, api }, 'events', path, { concurrency: 2, batchSize: 1 });
    expect(summary).toMatchObject({ created: 16, rejected: 0 });
  });
  it('rows whose windows are listed are written while the whole calendar is still being listed', async () => {
    // New rows ten days apart among the seeded events: each window finds events, and after a few
    // of them listing the whole calendar is cheaper. Its later pages are held until three rows have
    // been written, two at a time: a third row that waited for the whole listing never would be.
    const rows = Array.from({ length: 12 }, (_, i) => {
      const day = dayOf(i * 40);
      return `Meanwhile ${i},${day} 20:00:00,${day} 21:00:00`;
    });
    const path = await site.file('meanwhile.csv', csvOf(rows));
    const api = holdUntilThreeWritten((q) => q.start_date === '1900-01-01' && Number(q.page) > 1);
    const summary = await importPath({ ...site, api }, 'events', path, { concurrency: 2, batchSize: 1 });
    expect(summary).toMatchObject({ created: 12, rejected: 0 });
    expect(gets.some((g) => listedIn(g) && g.query.start_date === '1900-01-01' && g.query.page === 2)).toBe(true);
  });
  it("rows on the days a listing's first page holds are written before its later pages come", async () => {
    // Rows one a day over the seeded days (four events a day): their one listing holds about 130
    // events, three pages. Its later pages are held until three rows have been written, two at a
    // time: rows that waited for the whole listing never would be. Half the rows are seeded events
    // (unchanged), half new: what the early rows found on the first page is what the whole listing holds.
    const rows = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0
        ? `Event ${i * 4},${startOf(i * 4)},${startOf(i * 4).replace(/:00:00$/, ':30:00')}`
        : `Early ${i},${dayOf(i * 4)} 20:00:00,${dayOf(i * 4)} 21:00:00`,
    );
    const path = await site.file('early.csv', csvOf(rows));
    const held: number[] = [];
    const api = holdUntilThreeWritten((q) => {
      const later = q.starts_after !== undefined && Number(q.page) > 1;
      if (later) held.push(Number(q.page));
      return later;
    });
    const summary = await importPath({ ...site, api }, 'events', path, { concurrency: 2, batchSize: 1 });
    expect(summary).toMatchObject({ created: 15, unchanged: 15, rejected: 0 });
    expect(held.length).toBeGreaterThan(0);
    const early = (await listAll(site, 'events')).filter((e) => String(e.title).startsWith('Early '));
    expect(early).toHaveLength(15);
    for (const e of early) await site.api.delete(`/events/${e.id}`, { query: { force: true } });
  });
  it('lists the calendar from the earliest row on, not its past, once windows would cost more', async () => {
    // New rows every fourth day late in the seeded calendar (too far apart for one listing of their
    // days to cost less than a window each): each window finds events, and listing is soon cheaper
    // than more windows; the days before the rows are never listed.
    const rows = Array.from({ length: 20 }, (_, i) => {
      const day = dayOf((48 + 4 * i) * 4);
      return `Late ${i},${day} 21:00:00,${day} 22:00:00`;
    });
    const summary = await importCsv('late.csv', csvOf(rows));
    expect(summary).toMatchObject({ created: 20, rejected: 0 });
    const lists = gets.filter(listedIn);
    expect(lists.filter((g) => g.query.start_date === '1900-01-01').map((g) => g.query.page)).toEqual([1]);
    const onward = lists.filter((g) => g.query.starts_before === '2100-12-31');
    expect(onward.length).toBeGreaterThan(0);
    expect(onward.every((g) => String(g.query.starts_after) >= dayOf(46 * 4))).toBe(true);
    // (fewer pages than the whole calendar's)
    const wholePages = Math.ceil((await listAll(site, 'events')).length / 50);
    expect(onward.length).toBeLessThan(wholePages - 2);
  });
});
