/**
 * The UID of an event as the site's own iCal feed writes it: `{post id}-{start}-{end}@{host}`,
 * where start and end are the event's wall-clock start and end read as if they were UTC, in Unix
 * seconds (the plugin formats its local dates with PHP's `U`), and host is the site's host name
 * (no port). calctl writes the same UID, so an event keeps its identity between the site's feed and
 * calctl's export.
 */
import { fieldsToMs, parseWallTime } from '../clock/index.js';

/** `2026-12-10 22:00:00` → 1796940000. */
function wallSeconds(text: string): number | undefined {
  const wall = parseWallTime(text.trim());
  return wall ? Math.floor(fieldsToMs(wall) / 1000) : undefined;
}

/** The host of a site or record URL, as the feed names it (`http://127.0.0.1:8080/…` → `127.0.0.1`). */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** The UID of an event record; undefined without an id or dates. */
export function eventUid(record: Record<string, unknown>, fallbackHost: string): string | undefined {
  const start = typeof record.start_date === 'string' ? wallSeconds(record.start_date) : undefined;
  const end = typeof record.end_date === 'string' ? wallSeconds(record.end_date) : undefined;
  if (record.id === undefined || start === undefined || end === undefined) return undefined;
  const host = (typeof record.url === 'string' ? hostOf(record.url) : undefined) ?? fallbackHost;
  return `${record.id}-${start}-${end}@${host}`;
}

/** The parts of a UID in the site's form, or undefined for any other UID. */
export function parseEventUid(uid: string): { id: number; start: number; end: number; host: string } | undefined {
  const m = /^(\d+)-(\d+)-(\d+)@(.+)$/.exec(uid.trim());
  if (!m) return undefined;
  return { id: Number(m[1]), start: Number(m[2]), end: Number(m[3]), host: m[4] as string };
}
