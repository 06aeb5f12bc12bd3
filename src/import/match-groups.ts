/**
 * The bookkeeping of match-windows.ts: the days a listing covers (or will), and the rows' days
 * waiting together for one listing, each row let through as soon as the pages holding its days are
 * read (match-progress.ts).
 */
import type { ListingProgress } from './match-progress.js';

/** Days listed (or being listed): from and to are whole days. */
export interface Listed {
  from: string;
  to: string;
  done: Promise<void>;
  /** how far its pages read so far hold every event (a listing of rows' days read page by page) */
  progress?: ListingProgress;
}

/**
 * Until the events a row on `day` could match are read: the whole listing, or, for a listing read
 * page by page, the pages that hold them (match-progress.ts). Fails as the listing fails.
 */
export const readyFor = (entry: Listed, day: string): Promise<void> =>
  entry.progress ? Promise.race([entry.done, entry.progress.reached(day)]) : entry.done;

/** Rows' days waiting for one listing: the first and last of them, and how many. */
export interface Group {
  first: string;
  last: string;
  days: string[];
  /** the whole listing that holds the group's days */
  done: Promise<void>;
  /** until a row on `day` may be matched (see {@link readyFor}) */
  ready: (day: string) => Promise<void>;
  /** the listing that holds the group's days: a whole one, or one of `entry`'s days */
  settle: (listing: Promise<void>, entry?: Listed) => void;
}

export function newGroup(day: string): Group {
  let settle: Group['settle'] = () => {};
  const settled = new Promise<Listed | undefined>((resolve) => {
    settle = (listing, entry) => {
      listing.then(finish, fail);
      resolve(entry);
    };
  });
  let finish: () => void = () => {};
  let fail: (err: unknown) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  // (each row waiting for it sees its failure)
  done.catch(() => {});
  const ready = async (d: string) => {
    const entry = await settled;
    return entry ? readyFor(entry, d) : done;
  };
  return { first: day, last: day, days: [day], done, ready, settle: (listing, entry) => settle(listing, entry) };
}
