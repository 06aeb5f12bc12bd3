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
