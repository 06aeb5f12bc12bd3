/**
 * One VEVENT (or one occurrence of a recurring one) as an import row: the cells a CSV of calctl's
 * own columns would have, so that the import pipeline validates, matches and writes it as any row.
 */
import type ICAL from 'ical.js';
import { addDays, formatWall, zonedWallTime } from '../clock/index.js';
import type { SourceLinks } from '../csv/source-item.js';
import { type CalDate, instantOf, readTime } from './times.js';

/** The columns an iCalendar file fills (organizer and categories only when some event has them). */
export const ICS_COLUMNS = [
  'title',
  'start_date',
  'end_date',
  'all_day',
  'timezone',
  'description',
  'venue',
  'status',
] as const;

/** What reading a VEVENT noticed, for one note per file. */
export interface VeventNotes {
  zones: Set<string>;
  alarms: number;
  attendees: number;
}

const text = (c: ICAL.Component, name: string): string => {
  const v = c.getFirstPropertyValue(name);
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
};

/**
 * The first part of LOCATION: the venue's name (the site writes "name, address, city …", Apple
 * "name\naddress").
 */
export function venueName(location: string): string {
  return (location.split(/,|\n/)[0] ?? '').trim();
}

/** ORGANIZER's CN (the site's feed writes it URL-encoded), else the address without mailto:. */
export function organizerName(c: ICAL.Component): string {
  const prop = c.getFirstProperty('organizer');
  if (!prop) return '';
  const cn = prop.getParameter('cn');
  const name = Array.isArray(cn) ? cn[0] : cn;
  if (typeof name === 'string' && name.trim() !== '') {
    try {
      return decodeURIComponent(name).trim();
    } catch {
      return name.trim();
    }
  }
  return String(prop.getFirstValue() ?? '')
    .replace(/^mailto:/i, '')
    .trim();
}

/** ORGANIZER's address without `mailto:`, when it is one. */
export function organizerEmail(c: ICAL.Component): string | undefined {
  const value = String(c.getFirstProperty('organizer')?.getFirstValue() ?? '').trim();
  return /^mailto:/i.test(value) ? value.replace(/^mailto:/i, '') : undefined;
}

/** Every CATEGORIES value (the property may repeat, each with a list). */
export function categoryNames(c: ICAL.Component): string[] {
  return c
    .getAllProperties('categories')
    .flatMap((p) => p.getValues().map((v) => String(v).trim()))
    .filter((v) => v !== '');
}

/**
 * The linked records an event names, as a feed keeps them: the venue by the first part of LOCATION,
 * the organizer by CN (with its address, to create it with), the categories by name.
 */
export function veventLinks(item: ICAL.Component): SourceLinks {
  const venue = venueName(text(item, 'location'));
  const organizer = organizerName(item);
  const email = organizerEmail(item);
  return {
    venue: venue === '' ? undefined : { name: venue },
    organizers: organizer === '' ? [] : [{ name: organizer, ...(email ? { details: { email } } : {}) }],
    categories: categoryNames(item),
    tags: [],
  };
}

const tzidOf = (c: ICAL.Component, name: string): string | undefined => {
  const v = c.getFirstProperty(name)?.getParameter('tzid');
  return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
};

/**
 * The row of one event or occurrence.
 * @param item the component the occurrence's fields come from (an exception overrides the master)
 * @param start/end the occurrence's times (ical.js, in the zone the file wrote them in)
 */
export function veventRow(
  item: ICAL.Component,
  start: ICAL.Time,
  end: ICAL.Time | undefined,
  opts: { siteZone: string; columns: readonly string[]; notes: VeventNotes },
): Map<string, string> {
  const s: CalDate = readTime(start, tzidOf(item, 'dtstart'), opts.siteZone);
  if (s.note) opts.notes.zones.add(s.note);
  let startWall = s.wall;
  let endWall: string;
  if (s.isDate) {
    // DTEND of a date is exclusive: the event ends on the day before, at 23:59:59.
    const day = (t: ICAL.Time) => ({ year: t.year, month: t.month, day: t.day, hour: 0, minute: 0, second: 0 });
    const lastDay = end && end.compare(start) > 0 ? addDays(day(end), -1) : day(start);
    startWall = `${s.wall.slice(0, 10)} 00:00:00`;
    endWall = `${formatWall(lastDay).slice(0, 10)} 23:59:59`;
  } else if (end) {
    const e = readTime(end, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), opts.siteZone);
    if (e.note) opts.notes.zones.add(e.note);
    // One zone per event: the end as the same instant on the start's clock.
    endWall = formatWall(zonedWallTime(new Date(instantOf(e)), s.zone));
  } else {
    endWall = startWall;
  }
  if (item.getAllSubcomponents('valarm').length > 0) opts.notes.alarms++;
  if (item.getAllProperties('attendee').length > 0) opts.notes.attendees++;
  const status = text(item, 'status').toUpperCase();
  const cells = new Map<string, string>([
    ['title', text(item, 'summary')],
    ['start_date', startWall],
    ['end_date', endWall],
    ['all_day', s.isDate ? 'true' : 'false'],
    ['timezone', s.zone],
    ['description', text(item, 'description')],
    ['venue', venueName(text(item, 'location'))],
    ['status', status === 'TENTATIVE' ? 'draft' : ''],
  ]);
  if (opts.columns.includes('organizer')) cells.set('organizer', organizerName(item));
  if (opts.columns.includes('categories')) cells.set('categories', categoryNames(item).join(','));
  return cells;
}
