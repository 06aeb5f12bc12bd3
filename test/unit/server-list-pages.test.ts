import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../../src/server/site.js';
import { newPost } from '../../src/server/store/posts.js';
import { openStores } from '../../src/server/stores.js';

let dir: string;
let stores: Stores;
const WHERE = "p.type = 'tribe_events' AND p.hidden = 0";

/** An event starting (and ending) at `start`, published at `date`. */
const event = (title: string, start: string, date = start) =>
  newPost({
    type: 'tribe_events',
    title,
    slug: title.toLowerCase(),
    date,
    date_utc: date,
    start_local: start,
    end_local: start,
    start_utc: start,
    end_utc: start,
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'calctl-pages-'));
  stores = openStores(dir);
  stores.db.transaction(() => {
    for (let i = 0; i < 230; i++) {
      // Many equal start times and publication dates: ties must be broken by id, page after page.
      const start = `2026-01-${String(1 + (i % 7)).padStart(2, '0')} 10:00:00`;
      const date = `2025-12-${String(1 + (i % 3)).padStart(2, '0')} 09:00:00`;
      stores.posts.insert(event(`E${i}`, start, date));
    }
  })();
});
afterAll(() => {
  stores.db.close();
  rmSync(dir, { recursive: true, force: true });
});

const everyPage = (order: string, per: number) => {
  const out: number[] = [];
  for (let offset = 0; ; offset += per) {
    const { ids, total } = stores.posts.query(WHERE, [], order, per, offset);
    expect(total).toBe(230);
    if (ids.length === 0) return out;
    out.push(...ids);
  }
};
const reference = (order: string) =>
  (stores.db.prepare(`SELECT p.id FROM posts p WHERE ${WHERE} ORDER BY ${order}`).pluck().all() as number[]).slice();

describe('list pages (keyset continuation of OFFSET paging)', () => {
  it.each(['p.start_local ASC, p.id ASC', 'p.date DESC, p.id DESC', 'p.date ASC, p.id ASC'])(
    'page after page in %s gives every row once, in order, as OFFSET does',
    (order) => {
      for (const per of [50, 7]) {
        expect(everyPage(order, per)).toEqual(reference(order));
        // a second walk (now continuing from remembered page ends) gives the same
        expect(everyPage(order, per)).toEqual(reference(order));
      }
    },
  );

  it('pages that arrive ahead of their predecessor (an export asking several at once) match OFFSET', () => {
    for (const order of ['p.start_local ASC, p.id ASC', 'p.date DESC, p.id DESC']) {
      const offsetPage = (offset: number, per: number) =>
        stores.db
          .prepare(`SELECT p.id FROM posts p WHERE ${WHERE} ORDER BY ${order} LIMIT ? OFFSET ?`)
          .pluck()
          .all(per, offset);
      // per 9 is a shape no other test walked: no page end is remembered for it yet
      const per = 9;
      expect(stores.posts.query(WHERE, [], order, per, 0).ids).toEqual(offsetPage(0, per));
      // page 3 before page 2, page 6 before 4 and 5: each continues from an earlier page's end
      for (const page of [3, 2, 6, 4, 5, 9, 7, 8, 25, 24]) {
        expect(stores.posts.query(WHERE, [], order, per, page * per).ids, `${order} page ${page}`).toEqual(
          offsetPage(page * per, per),
        );
      }
    }
  });

  it('pages asked out of order and after a change still match OFFSET', () => {
    const order = 'p.start_local ASC, p.id ASC';
    const offsetPage = (offset: number) =>
      stores.db
        .prepare(`SELECT p.id FROM posts p WHERE ${WHERE} ORDER BY ${order} LIMIT 50 OFFSET ?`)
        .pluck()
        .all(offset);
    stores.posts.query(WHERE, [], order, 50, 0);
    // an insert that sorts into the first page shifts every later page by one
    const early = '2025-06-01 10:00:00';
    const id = stores.posts.insert(event('early', early));
    expect(stores.posts.query(WHERE, [], order, 50, 50).ids).toEqual(offsetPage(50));
    expect(stores.posts.query(WHERE, [], order, 50, 150).ids).toEqual(offsetPage(150));
    expect(stores.posts.query(WHERE, [], order, 50, 100).ids).toEqual(offsetPage(100));
    stores.db.prepare('DELETE FROM posts WHERE id = ?').run(id);
  });
});

describe('list pages through a long run of equal keys', () => {
  let runDir: string;
  let run: Stores;
  const START = '2026-03-01 10:00:00';
  beforeAll(() => {
    runDir = mkdtempSync(join(tmpdir(), 'calctl-pages-run-'));
    run = openStores(runDir);
    run.db.transaction(() => {
      // 551 rows at one start time (an import where every row starts at once), 15 before and 14
      // after, their ids interleaved with the run's: within the run, only the id orders.
      for (let i = 0; i < 580; i++) {
        const at = i % 20 === 0 ? (i < 300 ? '2026-02-01 10:00:00' : '2026-04-01 10:00:00') : START;
        run.posts.insert(event(`R${i}`, at));
      }
    })();
  });
  afterAll(() => {
    run.db.close();
    rmSync(runDir, { recursive: true, force: true });
  });

  const order = 'p.start_local ASC, p.id ASC';
  const offsetPage = (offset: number, per: number) =>
    run.db
      .prepare(`SELECT p.id FROM posts p WHERE ${WHERE} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .pluck()
      .all(per, offset);

  it('page after page, and again, each page matches OFFSET (into, through and out of the run)', () => {
    const total = run.db.prepare('SELECT COUNT(*) FROM posts').pluck().get() as number;
    for (const per of [50, 13]) {
      for (let walk = 0; walk < 2; walk++) {
        for (let offset = 0; offset < total + per; offset += per) {
          expect(run.posts.query(WHERE, [], order, per, offset).ids, `per ${per} offset ${offset}`).toEqual(
            offsetPage(offset, per),
          );
        }
      }
    }
  });

  it('pages inside the run asked ahead of their predecessors match OFFSET', () => {
    const per = 11; // a shape no other walk used
    expect(run.posts.query(WHERE, [], order, per, 0).ids).toEqual(offsetPage(0, per));
    for (const page of [1, 2, 3, 5, 4, 9, 6, 7, 8, 15, 12, 10, 11, 14, 13, 30, 22, 26, 52, 51, 53]) {
      expect(run.posts.query(WHERE, [], order, per, page * per).ids, `page ${page}`).toEqual(
        offsetPage(page * per, per),
      );
    }
  });
});
