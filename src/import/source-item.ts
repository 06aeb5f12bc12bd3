/**
 * An event read from a source that names its own records — an iCalendar feed (its UID, plus
 * RECURRENCE-ID for one occurrence), or another site running the plugin (its post id) — as `feeds`
 * compares and writes it. The fields are cells of calctl's own columns, validated by the import's
 * row conversion; linked records are kept as names (found or created on the target only when the
 * event has to be written) with, from another site, the fields to create them with.
 */
import { createHash } from 'node:crypto';
import { VENUE_ADDRESS_FIELDS } from '../catalog/index.js';
import { parseWallTime, wallTimeToUtc } from '../clock/index.js';
import type { Body } from '../records/index.js';

/**
 * Venue details in an events file (its `Address`, `City` … columns, or an iCalendar LOCATION read as
 * a place): the venue the row names is created with them when the site has none of that name.
 * Column → the venue's field.
 */
export const VENUE_DETAILS: readonly (readonly [string, (typeof VENUE_ADDRESS_FIELDS)[number]])[] =
  VENUE_ADDRESS_FIELDS.map((field) => [`venue_${field}`, field] as const);

/** A linked record named by a source. */
export interface LinkedName {
  name: string;
  /** fields to create it with when the target has none of that name (address, email …) */
  details?: Body | undefined;
}

/** The linked records of one event, by name. */
export interface SourceLinks {
  venue: LinkedName | undefined;
  organizers: LinkedName[];
  categories: string[];
  tags: string[];
}

/** One event (or one occurrence) of a source. */
export interface SourceItem {
  /** what the source calls it, stable across runs: a UID (+ `#` occurrence) or `site:ID` */
  key: string;
  /** where it begins in the source (an iCalendar line), for messages; 0 when the source has no lines */
  line: number;
  /** the source cancelled it (iCalendar `STATUS:CANCELLED`) */
  cancelled: boolean;
  /** calctl's columns: title, start_date, end_date, all_day, timezone, description, status … */
  cells: Map<string, string>;
  links: SourceLinks;
  /** why the source's text cannot be read as an event (the item is rejected with its line) */
  problem?: string | undefined;
  /**
   * Known from the last complete run without reading it again (its text did not change): only its
   * key, fingerprint and cancellation are set, its cells and links are empty. See {@link KnownItem}.
   */
  cached?: boolean | undefined;
  /** the fingerprint, when already worked out ({@link itemHash}) */
  hash?: string | undefined;
}

/**
 * What a run remembers of an item for the next one: enough to see, without reading its text again,
 * that nothing is to be done about it.
 */
export interface KnownItem {
  key: string;
  hash: string;
  cancelled: boolean;
  /** outside the run's window (never created while the window stays the same) */
  outside: boolean;
}

/** An empty set of links. */
export const noLinks = (): SourceLinks => ({ venue: undefined, organizers: [], categories: [], tags: [] });

/**
 * The fingerprint of an item as the source gives it: equal fingerprints mean nothing changed at the
 * source, so the event is left alone without asking the site anything. Linked records count by name
 * and details; the order of terms does not count.
 */
export function itemHash(item: SourceItem): string {
  if (item.hash !== undefined) return item.hash;
  const cells = [...item.cells.entries()].sort(([a], [b]) => a.localeCompare(b));
  const link = (l: LinkedName | undefined) => (l ? [l.name, l.details ?? null] : null);
  const data = [
    cells,
    item.cancelled,
    link(item.links.venue),
    item.links.organizers.map(link),
    [...item.links.categories].sort(),
    [...item.links.tags].sort(),
  ];
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 32);
}

/** The instant of an item's start or end cell (in its zone), or undefined when it cannot be read. */
export function cellInstant(item: SourceItem, cell: 'start_date' | 'end_date'): number | undefined {
  const wall = parseWallTime(item.cells.get(cell) ?? '');
  if (!wall) return undefined;
  try {
    return wallTimeToUtc(wall, item.cells.get('timezone') || 'UTC').getTime();
  } catch {
    return undefined;
  }
}

/**
 * Whether an item falls in a window: it has not ended before `from` and starts by `until`. An item
 * whose dates cannot be read counts as inside (its row's validation then rejects it, with its line).
 */
export function itemInWindow(item: SourceItem, window: { from: Date; until: Date }): boolean {
  const start = cellInstant(item, 'start_date');
  if (start === undefined) return true;
  const end = cellInstant(item, 'end_date') ?? start;
  return end >= window.from.getTime() && start <= window.until.getTime();
}
