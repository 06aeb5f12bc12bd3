import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { MatchIndex } from '../../src/import/match.js';
import { naturalKeyFields } from '../../src/records/index.js';

const events = getResource('events');
const record = (id: number, title: string, slug: string, start: string) => ({
  id,
  title,
  slug,
  start_date: start,
  end_date: start,
  status: 'publish',
});

describe('MatchIndex', () => {
  it('finds listed records by id, slug and natural key, with their bodies', () => {
    const index = new MatchIndex(events, naturalKeyFields(events));
    index.add(record(7, 'Jazz Night', 'jazz-night', '2026-05-01 20:00:00'), true);
    expect(index.find(7, {})?.body?.title).toBe('Jazz Night');
    expect(index.find(undefined, { slug: 'JAZZ-NIGHT' })?.id).toBe(7);
    expect(index.find(undefined, { title: ' jazz  night ', start_date: '2026-05-01 20:00:00' })?.id).toBe(7);
    expect(index.find(undefined, { title: 'Jazz Night', start_date: '2026-05-02 20:00:00' })).toBeUndefined();
  });

  it('remembers records created by the run as bare ids: by natural key, by slug only for rows with one', () => {
    const index = new MatchIndex(events, naturalKeyFields(events));
    const row = { title: 'Talk', start_date: '2026-06-01 10:00:00' };
    const created = index.add(record(9, 'Talk', 'talk', '2026-06-01 10:00:00'), false, row);
    expect(created).toEqual({ id: 9, body: undefined });
    // found through the hash of the natural key: to be confirmed against the record itself
    expect(index.find(undefined, row)).toEqual({ id: 9, body: undefined, candidates: [9] });
    expect(index.find(undefined, { title: 'Talk', start_date: '2026-06-01 11:00:00' })).toBeUndefined();
    // no row can name an id created by this run, and this row had no slug
    expect(index.find(9, {})).toBeUndefined();
    expect(index.find(undefined, { slug: 'talk' })).toBeUndefined();
    index.add(record(10, 'Walk', 'walk', '2026-06-02 10:00:00'), false, { title: 'Walk', slug: 'walk' });
    expect(index.find(undefined, { slug: 'walk' })?.id).toBe(10);
    expect(index.size).toBe(2);
  });

  it('the first record with a natural key wins, as in the site importer', () => {
    const index = new MatchIndex(events, naturalKeyFields(events));
    index.add(record(1, 'Same', 'same', '2026-07-01 10:00:00'), true);
    index.add(record(2, 'Same', 'same-2', '2026-07-01 10:00:00'), true);
    expect(index.find(undefined, { title: 'Same', start_date: '2026-07-01 10:00:00' })?.id).toBe(1);
  });

  it('keeps every created record whose key hashes alike, oldest first (a later row confirms which)', () => {
    const index = new MatchIndex(events, naturalKeyFields(events));
    index.add(record(21, 'Twin', 'twin', '2026-08-01 10:00:00'), false, {});
    index.add(record(22, 'Twin', 'twin-2', '2026-08-01 10:00:00'), false, {});
    expect(index.find(undefined, { title: 'Twin', start_date: '2026-08-01 10:00:00' })?.candidates).toEqual([21, 22]);
  });
});
