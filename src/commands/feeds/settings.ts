/**
 * A feed's settings (`calctl feeds add`), their defaults, and where a site's feeds are kept. Loaded
 * by `--help` too, so it holds no I/O beyond the checks of `feeds add`.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { defaultDataDir } from '../../config/paths.js';
import { UsageError } from '../../errors/index.js';

export const FEED_AUTHORITIES = ['preserve-edits', 'overwrite', 'new-only'] as const;
export const FEED_STATUSES = ['publish', 'draft', 'pending'] as const;
export const ON_REMOVED = ['trash', 'keep'] as const;

export type Authority = (typeof FEED_AUTHORITIES)[number];
export type FeedStatus = (typeof FEED_STATUSES)[number];
export type OnRemoved = (typeof ON_REMOVED)[number];

/** The defaults of `feeds add` (docs/feeds.md states them; a test compares). */
export const FEED_DEFAULTS = {
  status: 'publish',
  authority: 'preserve-edits',
  onRemoved: 'trash',
  from: 'today',
  until: '+1y',
} as const satisfies { status: FeedStatus; authority: Authority; onRemoved: OnRemoved; from: string; until: string };

/**
 * A run that would trash more than this share of a feed's events on the site is refused (unless
 * `--force`): a feed that suddenly lists far fewer events is more likely broken than emptied.
 */
export const MAX_TRASH_SHARE = 0.5;

/** Seconds `feeds run` waits for another run on the same site to finish before it gives up. */
export const LOCK_WAIT_SECONDS = 10;

/** Runs of each feed kept in its history (`feeds show`). */
export const RUNS_KEPT = 50;

/** Where events come from. */
export type SourceKind = 'ics-url' | 'ics-file' | 'site';

/** One feed as `feeds add` stores it. */
export interface FeedSettings {
  name: string;
  /** the URL, the absolute path of the file, or `@profile` / the site's address */
  source: string;
  kind: SourceKind;
  /** added to every event: names, slugs or ids */
  categories: string[];
  tags: string[];
  status: FeedStatus;
  authority: Authority;
  onRemoved: OnRemoved;
  /** date expressions, read at each run (`today`, `+1y`, `2027-01-01`) */
  from: string;
  until: string;
  /** events taken from the source at most (the first by start date) */
  limit: number | null;
  /** how long an event the source gives no end lasts (`2h`); absent: as long as nothing */
  defaultDuration?: string | undefined;
}

const NAME = /^[A-Za-z0-9_.-]+$/;

/** A feed name: letters, digits, `_`, `.` and `-`. */
export function validateFeedName(name: string): string {
  if (!NAME.test(name)) {
    throw new UsageError(`invalid feed name "${name}"`, 'use letters, digits, "_", "." and "-" only', 'bad-feed-name');
  }
  return name;
}

/** `--limit`: a whole number of events, at least 1. */
export function parseLimit(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of events, at least 1.');
  return n;
}

/** `--wait`: seconds, 0 or more. */
export function parseWait(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected seconds (0: do not wait).');
  return n;
}

/** A source address's kind when its form says it (undefined: ask the server). */
export function kindFromForm(source: string): SourceKind | 'file' | undefined {
  const text = source.trim();
  if (text.startsWith('@')) return 'site';
  if (/^webcal:\/\//i.test(text)) return 'ics-url';
  if (/^file:\/\//i.test(text)) return 'file';
  if (!/^https?:\/\//i.test(text)) return 'file';
  const url = new URL(text);
  if (/\.(ics|ical|icalendar)$/i.test(url.pathname)) return 'ics-url';
  if (/[?&](ical|ics)=1\b/i.test(url.search) || /\/ical\b/i.test(url.pathname)) return 'ics-url';
  if (/\/wp-json(\/|$)/.test(url.pathname) || url.searchParams.has('rest_route')) return 'site';
  return undefined;
}

/** The absolute path of a local source. */
export function localPath(source: string, cwd: string): string {
  const text = source.trim();
  if (/^file:\/\//i.test(text)) return new URL(text).pathname;
  return isAbsolute(text) ? text : resolve(cwd, text);
}

/**
 * The state file of a site's feeds: `<data dir>/feeds/<site>.sqlite`, where the site is its profile
 * name, its host for a `--url` without a profile, or `local` for the built-in calendar.
 */
export function feedStatePath(env: Readonly<Record<string, string | undefined>>, home: string, site: string): string {
  return join(defaultDataDir(env, home), 'feeds', `${site}.sqlite`);
}

/** The default of `feeds cron --every`. */
export const CRON_EVERY = '30m';

/**
 * `--every`: minutes that divide an hour (`5m`, `15m`, `30m`; a bare number is minutes), hours that
 * divide a day (`1h`, `2h`, `6h`), or `1d`; as the schedule fields of a crontab line.
 */
export function parseEvery(value: string): string {
  const m = /^\s*(\d+)\s*(m|min|mins|minutes?|h|hours?|d|days?)?\s*$/i.exec(value);
  const n = m ? Number(m[1]) : Number.NaN;
  const unit = (m?.[2] ?? 'm')[0]?.toLowerCase();
  const minutes = unit === 'd' ? n * 1440 : unit === 'h' ? n * 60 : n;
  if (minutes >= 1 && minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  if (minutes >= 60 && minutes < 1440 && minutes % 60 === 0 && 24 % (minutes / 60) === 0) {
    return minutes === 60 ? '0 * * * *' : `0 */${minutes / 60} * * *`;
  }
  if (minutes === 1440) return '0 0 * * *';
  throw new InvalidArgumentError(
    'expected minutes that divide an hour (5m, 10m, 15m, 20m, 30m), hours that divide a day (1h, 2h, 3h, 4h, 6h, 8h, 12h), or 1d.',
  );
}
