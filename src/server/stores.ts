import type { Stores } from './site.js';
import { AuthStore } from './store/auth.js';
import { openDatabase } from './store/db.js';
import { PostStore } from './store/posts.js';
import { TermStore } from './store/terms.js';

/** Opens (and migrates) the store of a data dir. No HTTP framework is loaded here. */
export function openStores(dataDir: string, opts: { optimize?: boolean } = {}): Stores {
  const db = openDatabase(dataDir, opts);
  return { db, posts: new PostStore(db), terms: new TermStore(db), auth: new AuthStore(db) };
}
