/**
 * The import's listing of a calendar of a few pages, against a scripted client: the pages after the
 * first are asked for together; they are read again only when a page, in the order the answers came,
 * reports fewer events than one answered before it (someone deleted one: an offset page may have
 * skipped a record), not when answers come out of page order while the import adds events.
 */
import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiError } from '../../src/api/index.js';
import { getResource } from '../../src/catalog/index.js';
import { buildMatchIndex } from '../../src/import/match-loader.js';

type Answer = { total: number; delay: number };

/** A list page's answer as the client gives it: paginate asks for its pages as received, to parse them later. */
const pageAnswer = (url: string, body: object, unparsed?: boolean) => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: unparsed ? JSON.stringify(body) : body,
  url,
  method: 'GET',
});

/** A client whose `/events` pages answer with the given totals after the given delays (ms). */
function scripted(first: number, later: Record<number, Answer>) {
  const asked: number[] = [];
  const api = {
    baseUrl: 'http://x/wp-json/tribe/events/v1',
    async get(path: string, opts?: { query?: Record<string, unknown>; unparsed?: boolean }) {
      if (path !== '/events') throw new Error(`unexpected ${path}`);
      const page = Number(opts?.query?.page ?? 1);
      asked.push(page);
      const answer = page === 1 ? { total: first, delay: 0 } : (later[page] as Answer);
      await new Promise((r) => setTimeout(r, answer.delay));
      const events = Array.from({ length: page * 50 <= answer.total ? 50 : answer.total % 50 }, (_, i) => ({
        id: page * 1000 + i,
        title: `E ${page} ${i}`,
        slug: `e-${page}-${i}`,
        start_date: '2030-01-01 10:00:00',
      }));
      const body = { events, total: answer.total, total_pages: Math.ceil(answer.total / 50) };
      return pageAnswer(path, body, opts?.unparsed);
    },
  } as unknown as ApiClient;
  return { api, asked };
}

describe('listing a calendar of a few pages', () => {
  it('asks for pages 2–4 together, and does not read again when answers come out of order as the list grows', async () => {
    const { api, asked } = scripted(160, {
      // (answered 4, 3, 2: each later answer counts one more event than the one before it)
      2: { total: 163, delay: 30 },
      3: { total: 162, delay: 20 },
      4: { total: 161, delay: 1 },
    });
    const index = await buildMatchIndex({ api, resource: getResource('events') });
    expect(asked).toEqual([1, 2, 3, 4]);
    expect(index.hasId(4000)).toBe(true);
  });

  it('reads the listing again when a later answer reports fewer events (a deletion)', async () => {
    const { api, asked } = scripted(160, {
      2: { total: 160, delay: 1 },
      3: { total: 159, delay: 20 },
      4: { total: 159, delay: 30 },
    });
    await buildMatchIndex({ api, resource: getResource('events') });
    expect(asked.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(asked.filter((p) => p === 1).length).toBeGreaterThanOrEqual(2);
  });
});

describe("an import's listings of days when the calendar's size cannot be read", () => {
  it('the size is asked once; the rows are matched through their own listings, and none waits forever', async () => {
    const wholeAsked: unknown[] = [];
    const windows: unknown[] = [];
    const api = {
      baseUrl: 'http://x/wp-json/tribe/events/v1',
      async get(path: string, opts?: { query?: Record<string, unknown>; unparsed?: boolean }) {
        if (path !== '/events') throw new Error(`unexpected ${path}`);
        const query = opts?.query ?? {};
        if (query.start_date === '1900-01-01') {
          wholeAsked.push(`page ${query.page} of ${query.per_page}`);
          throw new ApiError({ status: 500, code: 'internal', message: 'down', method: 'GET', url: path });
        }
        windows.push(query.starts_after);
        // (every listing of days finds events: each costs a full page)
        const events = Array.from({ length: 3 }, (_, i) => ({
          id: windows.length * 10 + i,
          title: `E ${windows.length} ${i}`,
          start_date: `${String(query.starts_before).slice(0, 10)} 10:00:00`,
        }));
        const body = { events, total: 3, total_pages: 1 };
        return pageAnswer(path, body, opts?.unparsed);
      },
    } as unknown as ApiClient;
    const index = await buildMatchIndex({ api, resource: getResource('events'), windowsFirst: true });
    // Rows a year apart: a listing each, and enough of them for the size to be asked.
    const rows = Array.from({ length: 6 }, (_, i) => ({ title: `Row ${i}`, start_date: `${2030 + i}-06-01 10:00:00` }));
    await Promise.all(rows.map((body) => index.prepare(undefined, body)));
    // (a page of one event: its total and first day are all the size needs)
    expect(wholeAsked).toEqual(['page 1 of 1']);
    expect(windows).toHaveLength(6);
  });
});
