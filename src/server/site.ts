import type { Database } from 'better-sqlite3';
import { restRoot } from './rest/root.js';
import type { AuthStore } from './store/auth.js';
import type { MediaStore } from './store/media.js';
import type { PostStore } from './store/posts.js';
import type { TermStore } from './store/terms.js';
import type { UserStore } from './store/users.js';

/** Settings of one deployment of the embedded server. */
export interface SiteSettings {
  /** first segment of the namespace: `tribe` → tribe/events/v1 */
  vendor: string;
  /** default page size of every list (the real site's posts_per_page) */
  perPage: number;
  /** site time zone (IANA id or UTC±h) */
  timezone: string;
  /** current instant; injectable for tests */
  now: () => Date;
}

export interface Stores {
  db: Database;
  posts: PostStore;
  terms: TermStore;
  auth: AuthStore;
  media: MediaStore;
  users: UserStore;
}

/** What a handler knows about the request besides its parameters. */
export interface RequestScope {
  site: SiteSettings;
  stores: Stores;
  /** scheme://host[:port] the client used */
  origin: string;
  /** the signed-in user, or null for anonymous readers */
  userId: number | null;
}

export const namespaceOf = (site: SiteSettings) => `${site.vendor}/events/v1`;
export const restBase = (scope: RequestScope) => `${restRoot(scope.origin)}/${namespaceOf(scope.site)}`;
/** host[:path] part of global ids: the site's host name without port, as the real site writes it */
const hosts = new Map<string, string>();
export const globalHost = (origin: string): string => {
  let host = hosts.get(origin);
  if (host === undefined) {
    try {
      host = new URL(origin).hostname;
    } catch {
      host = origin;
    }
    // Origins come from Host headers: keep the memo small whatever clients send.
    if (hosts.size > 100) hosts.clear();
    hosts.set(origin, host);
  }
  return host;
};
