import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../../src/server/site.js';
import { newPost } from '../../src/server/store/posts.js';
import { openStores } from '../../src/server/stores.js';

let dir: string;
let stores: Stores;
const venue = (title: string) =>
  newPost({
    type: 'tribe_venue',
    title,
    slug: title.toLowerCase(),
    date: '2026-01-01 00:00:00',
    date_utc: '2026-01-01 00:00:00',
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'calctl-memo-'));
  stores = openStores(dir);
});
afterAll(() => {
  stores.db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('posts read during a request', () => {
  it('are read once per request, and fresh outside requests', () => {
    const { posts, db } = stores;
    const id = posts.insert(venue('Hall'));
    posts.beginRequest();
    const first = posts.get(id);
    expect(posts.get(id)).toBe(first); // the same object: no second read
    expect(posts.getMany([id]).get(id)).toBe(first);
    posts.endRequest();
    // a write that bypasses the store (another process, say) is seen once the request is over
    db.prepare("UPDATE posts SET title = 'Renamed' WHERE id = ?").run(id);
    expect(posts.get(id)?.title).toBe('Renamed');
    expect(posts.get(id)).not.toBe(posts.get(id));
  });

  it('a write through the store inside the request drops what it touches', () => {
    const { posts } = stores;
    const id = posts.insert(venue('Annex'));
    const eventId = posts.insert(
      newPost({
        type: 'tribe_events',
        title: 'E',
        date: '2026-01-01 00:00:00',
        date_utc: '2026-01-01 00:00:00',
        venue_id: id,
      }),
    );
    posts.beginRequest();
    try {
      const before = posts.get(id) as NonNullable<ReturnType<typeof posts.get>>;
      posts.update({ ...before, title: 'Annex 2' });
      expect(posts.get(id)?.title).toBe('Annex 2');
      expect(posts.get(eventId)?.venue_id).toBe(id);
      posts.unlinkEverywhere({ ...before, status: 'trash' });
      expect(posts.get(eventId)?.venue_id).toBeNull();
    } finally {
      posts.endRequest();
    }
  });
});
