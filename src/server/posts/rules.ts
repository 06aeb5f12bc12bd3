/**
 * Rules about posts that routes of every namespace follow: the site's clock, dates as the site reads
 * them, a post of a type, the statuses a site knows and lists, and one atomic write.
 */
import type { Database } from 'better-sqlite3';
import { formatWall, utcToWall } from '../../clock/index.js';
import { RestError } from '../http/errors.js';
import { phpArrayValues } from '../http/php-vars.js';
import type { RequestScope } from '../site.js';
import { writesBegin, writesSettled } from '../store/shared-cache.js';
import type { Post, PostType } from '../store/types.js';
import { parseTimeToWall } from '../time/strtotime.js';

/** The last answer of {@link siteNow}: a request asks several times, within the same second. */
let lastNow: { second: number; timezone: string; value: { local: string; utc: string } } | null = null;

/** Local wall time of the site's clock. */
export function siteNow(scope: RequestScope): { local: string; utc: string } {
  const ms = scope.site.now().getTime();
  const second = Math.floor(ms / 1000);
  const tz = scope.site.timezone;
  if (lastNow && lastNow.second === second && lastNow.timezone === tz) return { ...lastNow.value };
  // (toISOString throws for an invalid clock and widens years past 9999: kept for those)
  const utc =
    ms >= -62_167_219_200_000 && ms < 253_402_300_800_000
      ? formatWall(ms)
      : new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const value = { local: utcToWall(utc, tz), utc };
  lastNow = { second, timezone: tz, value };
  return { ...value };
}

/** Parses a date parameter as the site does (strtotime in the given zone); null when unparseable. */
export function parseDateParam(value: unknown, scope: RequestScope, timezone?: string): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(Math.trunc(value));
  if (typeof value !== 'string' || value.trim() === '') return null;
  return parseTimeToWall(value, { now: scope.site.now(), timezone: timezone ?? scope.site.timezone });
}

/**
 * The plugin's is_time (`Tribe__Validator__Base::is_time`): any number (a timestamp), or a text whose
 * strtotime is truthy, so the epoch itself (`1970-01-01`, read in UTC as WordPress's PHP runs) is
 * refused as a real site refuses it.
 */
export const isTime = (value: unknown, scope: RequestScope) => {
  if (typeof value === 'number' && Number.isFinite(value)) return true;
  if (parseDateParam(value, scope) === null) return false;
  return parseDateParam(value, scope, 'UTC') !== '1970-01-01 00:00:00';
};

/** Finds a post of a type by id; other types and missing ids give undefined. */
export function postOfType(scope: RequestScope, type: PostType, id: unknown): Post | undefined {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) return undefined;
  const post = scope.stores.posts.get(n);
  return post && post.type === type ? post : undefined;
}

/** Statuses a caller may list: anonymous readers only see published records. */
export const ANY_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/**
 * Every post status registered on the site (`$wp_post_statuses`): WordPress's own, the privacy-request
 * and action-scheduler ones, and the plugin's aggregator ones. `any` is not one of them.
 */
export const REGISTERED_STATUSES = [
  ...ANY_STATUSES,
  'trash',
  'auto-draft',
  'inherit',
  'request-pending',
  'request-confirmed',
  'request-failed',
  'request-completed',
  'in-progress',
  'failed',
  'tribe-ea-success',
  'tribe-ea-failed',
  'tribe-ea-schedule',
  'tribe-ea-pending',
  'tribe-ea-draft',
  'tribe-ignored',
];
export const KNOWN_STATUSES = new Set(REGISTERED_STATUSES);

/**
 * Validates a `status` list parameter as the plugin's lists do (Archive_Base::filter_post_status_list
 * over Tribe__Utils__Array::list_to_array): a comma list or an array, empty items skipped; anonymous
 * readers, and users who may not edit the type (`editor`: current_user_can( edit_posts )), may ask
 * for exactly `publish`; editors for registered statuses only (`any` is not one). An empty list passes
 * for an editor and lists what WP_Query shows by default.
 */
export function parseStatusParam(value: unknown, editor: boolean): string[] | false {
  // (any PHP array, `status[0]=…` as well as `status[]=…`: the plugin reads its values)
  const items = phpArrayValues(value) ?? (typeof value === 'string' ? value.split(',') : null);
  if (!items || items.some((v) => typeof v !== 'string')) return false;
  const list = (items as string[]).map((s) => s.trim()).filter((s) => s !== '');
  if (!editor) return list.length === 1 && list[0] === 'publish' ? list : false;
  return list.every((s) => KNOWN_STATUSES.has(s)) ? list : false;
}

/** The statuses a list shows: `any` for an editor of the type, else `publish` (Archive_Event::get). */
export function statusesFor(editor: boolean, requested: string[] | undefined): string[] {
  if (!requested) return editor ? ANY_STATUSES : ['publish'];
  // (no status left: WP_Query's default, published plus the private posts the caller may read)
  if (requested.length === 0) return ['publish', 'private'];
  return requested;
}

/** Positive page numbers and page sizes; the size is clamped to the site maximum. */
export function positiveInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) {
    const n = Number(v.trim());
    return n > 0 && Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

export const notAccessible = (code: string, what: string) => new RestError(403, code, `This ${what} cannot be read.`);

/**
 * Runs a handler's writes atomically. The core runs every request in a transaction of its own (a
 * savepoint of the current group-commit batch), which already undoes the whole request when it
 * fails: inside it the writes simply run, and only a caller outside the core gets a transaction here.
 */
export function atomic<T>(db: Database, fn: () => T): T {
  if (db.inTransaction) return fn();
  writesBegin(db);
  try {
    return db.transaction(fn).immediate();
  } finally {
    writesSettled(db);
  }
}
