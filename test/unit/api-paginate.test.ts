import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { collect, type PageInfo, paginate } from '../../src/api/paginate.js';
import { type FaultHandler, type FaultServer, json, startFaultServer, wpError } from '../helpers/fault-server.js';

const NS = '/wp-json/tribe/events/v1';
let server: FaultServer;
let client: ApiClient;

/** A list route like the real site: per_page capped at 50, 404 past the end (or 200 [] for terms). */
function listRoute(total: number, key: string, pastEnd: 'archive-404' | 'empty-200'): FaultHandler {
  return (req, res, index) => {
    const url = new URL(req.url, 'http://x');
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 10), 50);
    const page = Number(url.searchParams.get('page') ?? 1);
    const totalPages = Math.ceil(total / perPage);
    if (page > totalPages && page > 1 && pastEnd === 'archive-404') {
      return wpError(404, `${key.slice(0, -1)}-archive-page-not-found`, 'The requested page was not found')(
        req,
        res,
        index,
      );
    }
    const first = (page - 1) * perPage;
    const items = Array.from({ length: Math.max(0, Math.min(perPage, total - first)) }, (_, i) => ({
      id: first + i + 1,
    }));
    return json(
      200,
      { [key]: items, total, total_pages: totalPages },
      { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) },
    )(req, res, index);
  };
}

beforeEach(async () => {
  server = await startFaultServer();
  client = createApiClient({ baseUrl: `${server.origin}${NS}`, retries: 0 });
});

afterEach(async () => {
  await client.close();
  await server.close();
});

function pagesRequested(): number[] {
  return server.requests.map((r) => Number(new URL(r.url, 'http://x').searchParams.get('page')));
}

describe('paginate', () => {
  it('follows total_pages when the site caps per_page at 50', async () => {
    server.handle(listRoute(120, 'events', 'archive-404'));
    const pages: PageInfo[] = [];
    const ids = (
      await collect(
        paginate<{ id: number }>(client, '/events', { per_page: 100 }, 'events', { onPage: (p) => pages.push(p) }),
      )
    ).map((e) => e.id);
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(pagesRequested()).toEqual([1, 2, 3]);
    expect(pages.map((p) => p.count)).toEqual([50, 50, 20]);
    expect(pages[0]).toMatchObject({ total: 120, totalPages: 3 });
    for (const r of server.requests) expect(new URL(r.url, 'http://x').searchParams.get('per_page')).toBe('100');
  });

  it('stops after limit records without fetching further pages', async () => {
    server.handle(listRoute(120, 'venues', 'archive-404'));
    const got = await collect(paginate(client, '/venues', { per_page: 50 }, 'venues', { limit: 60 }));
    expect(got).toHaveLength(60);
    expect(pagesRequested()).toEqual([1, 2]);
  });

  it('yields nothing for limit 0', async () => {
    server.handle(listRoute(5, 'events', 'archive-404'));
    expect(await collect(paginate(client, '/events', {}, 'events', { limit: 0 }))).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('handles an empty first page (200 with zeros)', async () => {
    server.handle(listRoute(0, 'events', 'archive-404'));
    expect(await collect(paginate(client, '/events', {}, 'events'))).toEqual([]);
    expect(pagesRequested()).toEqual([1]);
  });

  it('treats a 404 *-archive-page-not-found after page 1 as the end (the list shrank)', async () => {
    let call = 0;
    server.handle((req, res, index) => {
      call += 1;
      if (call === 1) return json(200, { events: [{ id: 1 }], total: 2, total_pages: 2 })(req, res, index);
      return wpError(404, 'event-archive-page-not-found', 'gone')(req, res, index);
    });
    expect(await collect(paginate(client, '/events', { per_page: 1 }, 'events'))).toEqual([{ id: 1 }]);
  });

  it('rethrows a 404 on page 1 and other errors', async () => {
    server.handle(wpError(404, 'rest_no_route', 'No route'));
    await expect(collect(paginate(client, '/nope', {}, 'events'))).rejects.toBeInstanceOf(ApiError);
  });

  it('stops at the first empty term page (200 [] past the end)', async () => {
    let call = 0;
    server.handle((req, res, index) => {
      call += 1;
      // A term list that reports more pages than it has: the empty page must end the loop.
      const tags = call === 1 ? [{ id: 1 }, { id: 2 }] : [];
      return json(200, { rest_url: 'x', total: 99, total_pages: 50, tags })(req, res, index);
    });
    expect(await collect(paginate(client, '/tags', {}, 'tags'))).toHaveLength(2);
    expect(pagesRequested()).toEqual([1, 2]);
  });

  it('falls back to the X-TEC-TotalPages header', async () => {
    let call = 0;
    server.handle((req, res, index) => {
      call += 1;
      return json(200, { organizers: [{ id: call }] }, { 'X-TEC-TotalPages': '2' })(req, res, index);
    });
    expect(await collect(paginate(client, '/organizers', {}, 'organizers'))).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('fails clearly when the list key is missing', async () => {
    server.handle(json(200, { other: [] }));
    await expect(collect(paginate(client, '/events', {}, 'events'))).rejects.toThrow(/expected a list under "events"/);
  });

  it('prefetch asks for the next page before this one is consumed, and never past the end or the limit', async () => {
    server.handle(listRoute(120, 'events', 'archive-404'));
    const seen: number[] = [];
    const requestedWhenFirstYielded: number[] = [];
    for await (const e of paginate<{ id: number }>(client, '/events', { per_page: 50 }, 'events', { prefetch: 1 })) {
      if (seen.length === 0) {
        // let the prefetch reach the server
        await new Promise((r) => setTimeout(r, 50));
        requestedWhenFirstYielded.push(...pagesRequested());
      }
      seen.push(e.id);
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(requestedWhenFirstYielded).toEqual([1, 2]);
    expect(pagesRequested()).toEqual([1, 2, 3]);

    server.requests.length = 0;
    const limited = await collect(
      paginate<{ id: number }>(client, '/events', { per_page: 50 }, 'events', { prefetch: 1, limit: 30 }),
    );
    expect(limited).toHaveLength(30);
    expect(pagesRequested()).toEqual([1]);
  });

  it('prefetch N keeps N pages on their way, never past the end or the limit, in page order', async () => {
    server.handle(listRoute(260, 'events', 'archive-404'));
    const seen: number[] = [];
    const requestedWhenFirstYielded: number[] = [];
    for await (const e of paginate<{ id: number }>(client, '/events', { per_page: 50 }, 'events', { prefetch: 3 })) {
      if (seen.length === 0) {
        await new Promise((r) => setTimeout(r, 50));
        requestedWhenFirstYielded.push(...pagesRequested());
      }
      seen.push(e.id);
    }
    expect(seen).toEqual(Array.from({ length: 260 }, (_, i) => i + 1));
    expect(requestedWhenFirstYielded.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    // six pages of 50 hold 260 records: page 7 is never asked for
    expect(pagesRequested().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);

    server.requests.length = 0;
    const limited = await collect(
      paginate<{ id: number }>(client, '/events', { per_page: 50 }, 'events', { prefetch: 3, limit: 70 }),
    );
    expect(limited.map((e) => e.id)).toEqual(Array.from({ length: 70 }, (_, i) => i + 1));
    // 70 records need two pages: the limit caps the prefetch
    expect(pagesRequested().sort((a, b) => a - b)).toEqual([1, 2]);
  });
});
