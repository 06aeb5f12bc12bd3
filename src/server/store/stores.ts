/** The stores of one data dir, over its one database (opened by stores.ts above the store). */
import type { Database } from 'better-sqlite3';
import type { AuthStore } from './auth.js';
import type { MediaStore } from './media.js';
import type { PostStore } from './posts.js';
import type { TermStore } from './terms.js';
import type { UserStore } from './users.js';

export interface Stores {
  db: Database;
  posts: PostStore;
  terms: TermStore;
  auth: AuthStore;
  media: MediaStore;
  users: UserStore;
}
