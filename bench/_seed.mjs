// Seeds a data dir straight through the store (no HTTP): events with venues, organizers,
// categories and tags, dated over the next two years.

import { openStores } from '../src/server/start.ts';
import { newPost } from '../src/server/store/posts.ts';

const pad = (n) => String(n).padStart(2, '0');
function wall(ms) {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
}

/** Inserts `count` events (and their linked records) in a few large transactions. */
export function seed(dataDir, count, { venues = 1000, organizers = 500, categories = 20, tags = 50 } = {}) {
  const stores = openStores(dataDir);
  const { db, posts, terms } = stores;
  const now = Date.now();
  const today = wall(now);
  const base = (type, title, slug, meta) => newPost({ type, title, slug, meta, date: today, date_utc: today });
  const ids = db
    .transaction(() => {
      const v = [];
      const o = [];
      const c = [];
      const t = [];
      for (let i = 0; i < venues; i++)
        v.push(
          posts.insert(
            base('tribe_venue', `Venue ${i}`, `venue-${i}`, {
              city: `City ${i % 50}`,
              show_map: true,
              show_map_link: true,
            }),
          ),
        );
      for (let i = 0; i < organizers; i++)
        o.push(
          posts.insert(base('tribe_organizer', `Organizer ${i}`, `organizer-${i}`, { email: `o${i}@example.org` })),
        );
      for (let i = 0; i < categories; i++)
        c.push(
          terms.insert({
            taxonomy: 'tribe_events_cat',
            name: `Category ${i}`,
            slug: `category-${i}`,
            description: '',
            parent: 0,
          }),
        );
      for (let i = 0; i < tags; i++)
        t.push(terms.insert({ taxonomy: 'post_tag', name: `Tag ${i}`, slug: `tag-${i}`, description: '', parent: 0 }));
      return { v, o, c, t };
    })
    .immediate();
  const span = 700 * 86400_000;
  const batch = 20_000;
  for (let start = 0; start < count; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const s = now + 86400_000 + Math.floor((i / count) * span) + (i % 24) * 3600_000;
        const st = wall(s);
        const en = wall(s + 2 * 3600_000);
        const id = posts.insert({
          ...base('tribe_events', `Event ${i}`, `event-${i}`, {
            timezone: 'UTC',
            all_day: false,
            cost: String(10 + (i % 40)),
            website: null,
            show_map: false,
            show_map_link: false,
            sticky: false,
          }),
          start_local: st,
          end_local: en,
          start_utc: st,
          end_utc: en,
          featured: i % 10 === 0 ? 1 : 0,
          venue_id: ids.v[i % ids.v.length],
        });
        posts.setOrganizers(id, [ids.o[i % ids.o.length]]);
        terms.setForPost(id, 'tribe_events_cat', [ids.c[i % ids.c.length]]);
        terms.setForPost(id, 'post_tag', [ids.t[i % ids.t.length]]);
      }
    }).immediate();
  }
  const firstEvent = db.prepare("SELECT id FROM posts WHERE type = 'tribe_events' ORDER BY id LIMIT 1").pluck().get();
  db.close();
  return { categoryId: ids.c[0], firstEvent };
}
