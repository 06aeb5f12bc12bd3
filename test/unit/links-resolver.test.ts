/**
 * Name resolution asks the site for each name once per run (its list's `search`, then an exact match
 * as the site shows names), never a listing of every record. A real embedded server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../src/api/index.js';
import { createLinkResolver, LinkError } from '../../src/links/index.js';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';

let server: TestServer;
let lines: string[];
let api: ApiClient;
const ids: Record<string, number> = {};

const VENUES = ["Kids' Hall", 'Hall & Annex', 'Doe, John', 'Café Müller', 'Main Stage'];

beforeAll(async () => {
  server = await startApi();
  for (const venue of VENUES)
    ids[venue] = (await apiRequest<{ id: number }>(server, 'POST', '/venues', { venue })).body.id;
  // (a venue named in another letter case, and a category whose name the site stores escaped)
  ids.twinA = (await apiRequest<{ id: number }>(server, 'POST', '/venues', { venue: 'Twin' })).body.id;
  ids.cat = (await apiRequest<{ id: number }>(server, 'POST', '/categories', { name: 'Probe H & Co' })).body.id;
  lines = [];
  api = createApiClient({
    baseUrl: server.baseUrl,
    auth: { type: 'basic', user: server.user, password: server.password },
    log: (line) => lines.push(line),
  });
}, 60_000);

afterAll(async () => {
  await api.close();
  await server.close();
});

describe('createLinkResolver', () => {
  it('1,000 rows naming five venues ask five times, never for every venue', async () => {
    lines.length = 0;
    const links = createLinkResolver({ api, dryRun: true });
    const got = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => links.resolve('events', 'venue', VENUES[i % 5] as string)),
    );
    expect(got).toEqual(Array.from({ length: 1000 }, (_, i) => ids[VENUES[i % 5] as string]));
    const gets = lines.filter((l) => l.startsWith('GET '));
    expect(gets).toHaveLength(5);
    expect(gets.every((l) => l.includes('search='))).toBe(true);
  });

  it('names match as the site shows them: exact first, then any letter case; escaped term names too', async () => {
    const links = createLinkResolver({ api, dryRun: true, ambiguous: 'error' });
    expect(await links.resolveOne('venues', 'Twin', 'venue')).toBe(ids.twinA);
    expect(await links.resolveOne('venues', 'kids’ hall', 'venue')).toBe(ids["Kids' Hall"]);
    expect(await links.resolve('events', 'categories', 'probe h & co')).toEqual([ids.cat]);
    expect(await links.resolveOne('venues', 'TWIN', 'venue')).toBe(ids.twinA);
  });

  it('a name with a comma is one name when the site has it; ids are checked with the site', async () => {
    const links = createLinkResolver({ api, dryRun: true, missing: 'error' });
    const venueIds = await createLinkResolver({ api, dryRun: true }).resolveOne('venues', 'Doe, John', 'venue');
    expect(venueIds).toBe(ids['Doe, John']);
    await expect(links.resolveOne('venues', String(ids.twinA), 'venue')).resolves.toBe(ids.twinA);
    await expect(links.resolveOne('venues', '99999', 'venue')).rejects.toThrow(/unknown venue ID 99999/);
    await expect(links.resolveOne('venues', 'Nowhere Hall', 'venue')).rejects.toBeInstanceOf(LinkError);
  });

  it('a missing name is created once, however many rows ask for it at the same time', async () => {
    const links = createLinkResolver({ api, dryRun: false });
    const got = await Promise.all(
      Array.from({ length: 20 }, () => links.resolveOne('venues', 'Brand New Hall', 'venue')),
    );
    expect(new Set(got).size).toBe(1);
    expect(links.created.get('venues')).toBe(1);
    const again = createLinkResolver({ api, dryRun: false });
    expect(await again.resolveOne('venues', 'brand new hall', 'venue')).toBe(got[0]);
    expect(again.created.get('venues')).toBeUndefined();
  });
});
