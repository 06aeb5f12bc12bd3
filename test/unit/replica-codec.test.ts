/**
 * The replica stores a record through the record model's codec: a venue's map switches (strings in
 * a write body) are kept as the record shows them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDataDir, putPost } from '../../src/server/index.js';

const dir = mkdtempSync(join(tmpdir(), 'calctl-replica-'));
const stores = openDataDir(dir, { optimize: false });
afterAll(() => {
  stores.db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a venue whose map is off stays off in the copy, its map link on', () => {
  putPost(stores, 'tribe_venue', {
    id: 5,
    venue: 'Hall',
    status: 'publish',
    slug: 'hall',
    url: 'http://site.example/venue/hall/',
    show_map: false,
    show_map_link: true,
  });
  const row = stores.db.prepare('SELECT meta FROM posts WHERE id = 5').get() as { meta: string };
  expect(JSON.parse(row.meta)).toMatchObject({ show_map: false, show_map_link: true });
});
