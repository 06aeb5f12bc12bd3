/**
 * An event read from a source that names its own records — an iCalendar feed (its UID, plus
 * RECURRENCE-ID for one occurrence), or another site running the plugin (its post id) — as `feeds`
 * compares and writes it. The fields are cells of calctl's own columns, validated by the import's
 * row conversion; linked records are kept as names (found or created on the target only when the
 * event has to be written) with, from another site, the fields to create them with.
 */
import { createHash } from 'node:crypto';
import type { Body } from './writable.js';

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
}

/** An empty set of links. */
export const noLinks = (): SourceLinks => ({ venue: undefined, organizers: [], categories: [], tags: [] });

/**
 * The fingerprint of an item as the source gives it: equal fingerprints mean nothing changed at the
 * source, so the event is left alone without asking the site anything. Linked records count by name
 * and details; the order of terms does not count.
 */
export function itemHash(item: SourceItem): string {
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
