import type { Stores } from './site.js';
import { AuthStore } from './store/auth.js';
import { openDatabase } from './store/db.js';
import { MediaStore } from './store/media.js';
import { PostStore } from './store/posts.js';
import { TermStore } from './store/terms.js';
import { UserStore } from './store/users.js';

/** Opens (and migrates) the store of a data dir. No HTTP framework is loaded here. */
export function openStores(dataDir: string, opts: { optimize?: boolean } = {}): Stores {
  const db = openDatabase(dataDir, opts);
  const posts = new PostStore(db);
  // (a data dir in memory keeps its uploads in a temporary folder)
  const media = new MediaStore(db, posts, dataDir === ':memory:' ? null : dataDir);
  return { db, posts, terms: new TermStore(db), auth: new AuthStore(db), media, users: new UserStore(db) };
}
