/**
 * The import's listing of a calendar of a few pages: read again when someone else changes the calendar
 * meanwhile: pages are read by offset, so a record deleted between two pages shifts the later ones and
 * one record would go unseen, and the import would create it a second time. A later page then reports
 * a smaller total. A calendar its first page does not hold is not listed whole for a small file: the
 * rows' days are (listing a few pages whole, pages after the first together, is the feeds' way, in
 * test/unit/csv-match-listing.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import { importPath, listAll, startSite, type TestSite } from './helpers.js';

let site: TestSite;
const pad = (n: number) => String(n).padStart(2, '0');
const row = (i: number) =>
  `Shift ${i},2027-03-${pad(1 + (i % 28))} ${pad(8 + Math.floor(i / 28))}:00,2027-03-${pad(1 + (i % 28))} ${pad(8 + Math.floor(i / 28))}:30`;
const ROWS = 70; // two pages of the largest page (50)

beforeAll(async () => {
  site = await startSite();
  const path = await site.file(
    'seed.csv',
    `title,start_date,end_date\n${Array.from({ length: ROWS }, (_, i) => row(i)).join('\n')}\n`,
  );
  expect(await importPath(site, 'events', path)).toMatchObject({ created: ROWS });
});
afterAll(async () => {
  await site.close();
});

it('a record deleted between two pages of the listing: every other row still matches', async () => {
  const events = await listAll(site, 'events');
  const first = events[0] as { id: number; title: string };
  let deleted = false;
  // The site's client, deleting the calendar's first event just before page 2 is read (another user).
  const api = new Proxy(site.api, {
    get(target, prop, receiver) {
      if (prop !== 'get') return Reflect.get(target, prop, receiver);
      return async (path: string, opts?: { query?: Record<string, unknown> }) => {
        if (!deleted && path === '/events' && opts?.query?.page === 2) {
          deleted = true;
          await target.delete(`/events/${first.id}`);
        }
        return target.get(path, opts as never);
      };
    },
  }) as ApiClient;
  const path = await site.file(
    'again.csv',
    `title,start_date,end_date\n${Array.from({ length: ROWS }, (_, i) => row(i)).join('\n')}\n`,
  );
  const summary = await importPath({ ...site, api }, 'events', path);
  expect(deleted).toBe(true);
  // (the trashed event was on the page read before: its row matches it) nothing is created twice
  expect(summary).toMatchObject({ created: 0, unchanged: ROWS, rejected: 0 });
  const titles = (await listAll(site, 'events')).map((e: { title: string }) => e.title);
  expect(new Set(titles).size).toBe(titles.length);
});

it("a calendar of a few pages is not listed whole for one row: the row's days are", async () => {
  const more = Array.from(
    { length: 90 },
    (_, i) =>
      `More ${i},2027-05-${pad(1 + (i % 28))} ${pad(8 + Math.floor(i / 28))}:00,2027-05-${pad(1 + (i % 28))} ${pad(8 + Math.floor(i / 28))}:30`,
  );
  const seed = await site.file('more.csv', `title,start_date,end_date\n${more.join('\n')}\n`);
  expect(await importPath(site, 'events', seed)).toMatchObject({ created: 90 });
  const total = (await listAll(site, 'events')).length;
  expect(Math.ceil(total / 50)).toBe(4);
  const lists: Record<string, unknown>[] = [];
  // Every listing of the whole calendar is held until the row is written: an import that waited for
  // one before listing the row's days (or before writing) would never finish.
  let written!: () => void;
  const rowWritten = new Promise<void>((resolve) => {
    written = resolve;
  });
  const api = new Proxy(site.api, {
    get(target, prop, receiver) {
      if (prop === 'get') {
        return async (path: string, opts?: { query?: Record<string, unknown> }) => {
          if (path === '/events') lists.push({ ...(opts?.query ?? {}) });
          if (path === '/events' && opts?.query?.start_date === '1900-01-01') await rowWritten;
          return target.get(path, opts as never);
        };
      }
      if (prop === 'request') {
        return async (m: string, p: string, o?: never) => {
          const res = await target.request(m, p, o);
          if (m === 'POST' && p.startsWith('/events')) written();
          return res;
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  }) as ApiClient;
  const one = await site.file('one.csv', 'title,start_date,end_date\nLonely,2027-07-01 10:00,2027-07-01 11:00\n');
  expect(await importPath({ ...site, api }, 'events', one, { batchSize: 1 })).toMatchObject({ created: 1 });
  // The row's days only: one listing (an empty day costs the site less than any page of the calendar).
  expect(lists.filter((q) => q.start_date === '1900-01-01')).toEqual([]);
  const windows = lists.filter((q) => q.starts_after !== undefined);
  expect(windows).toHaveLength(1);
  expect(String(windows[0]?.starts_after) <= '2027-06-29' && String(windows[0]?.starts_before) >= '2027-07-02').toBe(
    true,
  );
  expect(lists).toHaveLength(1);
  // (and a second run finds it: nothing is created twice)
  expect(await importPath(site, 'events', one)).toMatchObject({ created: 0, unchanged: 1 });
});
