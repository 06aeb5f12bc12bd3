/**
 * The pure parts of `calctl migrate`: sites and statuses as the command line names them, categories
 * parents first, a source record's body with its links and image turned into the target's ids, and
 * the id map file (0600, read back, a record forgotten).
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { IdMap, idMapPath } from '../../src/commands/migrate/idmap.js';
import { parentsFirst } from '../../src/commands/migrate/plan.js';
import { bodyHash, type Rec, targetBody } from '../../src/commands/migrate/records.js';
import { parseSite, parseStatuses } from '../../src/commands/migrate/run.js';

describe('migrate: the command line', () => {
  it('names a site by profile, local or address', () => {
    expect(parseSite('@prod')).toEqual({ profile: 'prod' });
    expect(parseSite('local')).toEqual({ profile: 'local' });
    expect(parseSite('https://example.org')).toEqual({ url: 'https://example.org' });
    expect(() => parseSite(' ')).toThrow(/empty/);
  });

  it('takes the visible statuses and any, never the trash', () => {
    expect(parseStatuses('publish')).toBe('publish');
    expect(parseStatuses('any')).toBe('publish,future,draft,pending,private');
    expect(() => parseStatuses('publish,trash')).toThrow(/trash/);
  });
});

describe('migrate: records', () => {
  it('puts every category after its parent', () => {
    const cats = new Map<number, Rec>([
      [3, { id: 3, name: 'Bebop', parent: 2 }],
      [2, { id: 2, name: 'Jazz', parent: 1 }],
      [1, { id: 1, name: 'Music', parent: 0 }],
      [4, { id: 4, name: 'Orphan', parent: 99 }],
    ]);
    expect(parentsFirst(cats).map((c) => c.name)).toEqual(['Music', 'Orphan', 'Jazz', 'Bebop']);
  });

  it("turns an event's links and image into the target's ids, and says what has none", () => {
    const events = getResource('events');
    const rec: Rec = {
      id: 9,
      title: 'Kids&#8217; Club &amp; Co',
      description: '<p>Fun</p>',
      start_date: '2021-05-01 10:00:00',
      end_date: '2021-05-01 12:00:00',
      status: 'publish',
      slug: 'kids-club',
      venue: { id: 5, venue: 'Hall' },
      organizer: [{ id: 6 }, { id: 7 }],
      categories: [{ id: 11 }],
      tags: [],
      image: { id: 40, url: 'https://old.example.org/wp-content/uploads/poster.png' },
    };
    const ids: Record<string, Record<number, number>> = {
      venues: { 5: 105 },
      organizers: { 6: 106 },
      categories: { 11: 111 },
      media: { 40: 140 },
    };
    const out = { missing: [] as string[] };
    const body = targetBody(events, rec, (r, id) => ids[r]?.[id], out);
    expect(body).toMatchObject({
      title: 'Kids’ Club & Co',
      venue: 105,
      organizer: [106, 0],
      categories: [111],
      image: '140',
      status: 'publish',
    });
    expect(body.slug).toBeUndefined();
    expect(out.missing).toEqual(['organizers 7']);
    const noImage: { missing: string[]; noImage?: boolean } = { missing: [] };
    const without = targetBody(events, rec, (r, id) => (r === 'media' ? undefined : ids[r]?.[id]), noImage);
    expect(without.image).toBeUndefined();
    expect(noImage.noImage).toBe(true);
    expect(bodyHash(body)).toBe(bodyHash({ ...body }));
    expect(bodyHash(body)).not.toBe(bodyHash(without));
  });
});

describe('migrate: the id map', () => {
  it('is kept per source and target, 0600, and read back', () => {
    const home = mkdtempSync(join(tmpdir(), 'calctl-idmap-'));
    const path = idMapPath({}, home, 'https://old', 'new site');
    expect(path).toBe(join(home, '.local', 'share', 'calctl', 'migrate', 'new_site', 'https___old.json'));
    const now = () => new Date('2027-01-01T00:00:00Z');
    const map = new IdMap(path, { site: 'old', url: 'u1' }, { site: 'new', url: 'u2' }, now);
    map.set('venues', 12, 431, 'h1');
    map.set('events', 3, 77, 'h2');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = new IdMap(path, { site: 'old', url: 'u1' }, { site: 'new', url: 'u2' }, now);
    expect(again.get('venues', 12)).toEqual({ id: 431, hash: 'h1', at: '2027-01-01T00:00:00.000Z' });
    expect([...again.targetIds('events')]).toEqual([77]);
    again.drop('events', 3);
    expect(JSON.parse(readFileSync(path, 'utf8')).records.events).toEqual({});
  });
});

describe('migrate: a record the target refuses', () => {
  it('is listed as failed, its events fail with it, and the rest lands', async () => {
    const { ApiError } = await import('../../src/api/index.js');
    const { applyPlan } = await import('../../src/commands/migrate/apply.js');
    const { makePlan } = await import('../../src/commands/migrate/plan.js');
    let next = 100;
    const sent: string[] = [];
    const reply = <T>(body: unknown) => ({ status: 200, headers: {}, body: body as T, url: '', method: '' });
    const client = {
      baseUrl: 'http://target.test/wp-json/tribe/events/v1',
      request: async () => reply({}),
      get: async <T>() => reply<T>({}),
      post: async <T>(path: string, body?: unknown) => {
        const b = body as Record<string, unknown>;
        if (b.venue === 'Broken Hall') {
          throw new ApiError({
            status: 400,
            code: 'rest_invalid_param',
            message: 'refused',
            method: 'POST',
            url: path,
          });
        }
        sent.push(`${path} ${String(b.title ?? b.venue ?? b.name)}`);
        return reply<T>({ id: next++, ...b });
      },
      put: async <T>() => reply<T>({}),
      patch: async <T>() => reply<T>({}),
      delete: async <T>() => reply<T>({}),
      close: async () => {},
    };
    const source = new Map<string, Map<number, Rec>>([
      ['categories', new Map()],
      ['tags', new Map()],
      [
        'venues',
        new Map([
          [1, { id: 1, venue: 'Good Hall' }],
          [2, { id: 2, venue: 'Broken Hall' }],
        ]),
      ],
      ['organizers', new Map()],
      [
        'events',
        new Map([
          [10, { id: 10, title: 'At the good', start_date: '2027-01-01 10:00:00', venue: { id: 1 } }],
          [11, { id: 11, title: 'At the broken', start_date: '2027-01-02 10:00:00', venue: { id: 2 } }],
        ]),
      ],
    ]) as Parameters<typeof makePlan>[1];
    const empty = new Map(
      ['categories', 'tags', 'venues', 'organizers', 'events'].map((n) => [n, new Map<number, Rec>()]),
    ) as Parameters<typeof makePlan>[1];
    const home = mkdtempSync(join(tmpdir(), 'calctl-idmap-'));
    const map = new IdMap(join(home, 'map.json'), { site: 'a', url: 'a' }, { site: 'b', url: 'b' }, () => new Date());
    const plan = await makePlan(client as never, source, empty, map);
    const ctx = { signal: new AbortController().signal } as never;
    const outcome = await applyPlan(ctx, { source: client as never, target: client as never }, source, plan, map);
    expect(outcome.failed.map((f) => [f.resource, f.source_id])).toEqual([
      ['venues', 2],
      ['events', 11],
    ]);
    expect(outcome.failed[1]?.error).toMatch(/venues 2/);
    expect(sent).toEqual(['/venues Good Hall', '/events At the good']);
    expect(map.targetId('events', 10)).toBeGreaterThan(0);
    expect(map.targetId('events', 11)).toBeUndefined();
  });
});
