/**
 * What "every record" means in a list request, for the client's bulk work (import's match index, link
 * tables, lookups, export, completion). One place, so that none of them sends a value a site refuses.
 */
import type { ResourceSpec } from './types.js';

/**
 * Every status a signed-in reader can list outside the trash: what WordPress core means by `any`.
 * The plugin's lists refuse `status=any` itself (400 `rest_invalid_param`, observed on a real site) and
 * already list these by default for a signed-in caller (anonymous callers get `publish`), so calctl
 * leaves `status` out to mean "everything", and sends this list where a user asks for `any`.
 */
export const VISIBLE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;

/** The word calctl takes for {@link VISIBLE_STATUSES} in a `--status` filter. */
export const ANY_STATUS = 'any';

/** A `status` filter as a site takes it: `any` (alone or in a list) becomes the visible statuses. */
export function expandStatus(text: string): string {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const out = parts.flatMap((s) => (s === ANY_STATUS ? [...VISIBLE_STATUSES] : [s]));
  return [...new Set(out)].join(',');
}

/** The window that lists every event (the events list has a default window of its own). */
export const ALL_EVENTS_WINDOW = { start_date: '1900-01-01', end_date: '2100-12-31' } as const;

/**
 * What WordPress core's list of events (`/wp/v2/tribe_events`) needs to name past events too. The
 * plugin narrows every query of events to those not over yet, core's list included, unless a query
 * value names one of their date keys (Tribe__Events__Query::filter_and_order_by_date keeps out of a
 * query holding `_EventStartDate`): a search that leaves out the posts holding a word nobody writes
 * is such a value, and changes nothing else.
 */
export const CORE_EVERY_EVENT_DATE = { search: '-_EventStartDate_calctl_every_date' } as const;

/** The query that makes core's list of a resource name every record of every date (events need one). */
export function coreEverythingQuery(resource: ResourceSpec): Record<string, string> {
  return resource.name === 'events' ? { ...CORE_EVERY_EVENT_DATE } : {};
}

/** Maximum page size every list route accepts; larger values are silently clamped. */
export const MAX_PER_PAGE = 50;

/**
 * The list query that returns every record of a resource the caller may see: the largest page, every
 * status but trash (by leaving `status` out), unused terms too, and every event date.
 */
export function everythingQuery(resource: ResourceSpec): Record<string, string | number | boolean> {
  const q: Record<string, string | number | boolean> = { per_page: MAX_PER_PAGE };
  if (resource.kind === 'term') q.hide_empty = false;
  if (resource.name === 'events') Object.assign(q, ALL_EVENTS_WINDOW);
  return q;
}
