/**
 * One VEVENT (or one occurrence of a recurring one) as an import row: the cells a CSV of calctl's
 * own columns would have, so that the import pipeline validates, matches and writes it as any row.
 */
import type ICAL from 'ical.js';
import { addDays, fieldsToMs, formatWall, parseWallTime, zonedWallTime } from '../clock/index.js';
import type { SourceLinks } from '../import/source.js';
import { VENUE_DETAILS } from '../import/source.js';
import { type Place, parsePlace, placeDetails } from '../links/place.js';
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

/**
 * The venue's address parts as row columns, beside `venue` (its name): the import's venue detail
 * columns (import/columns.ts), so that it creates a missing venue with them. Present when some event of
 * the file has a LOCATION (or Apple's structured location); empty cells where a part is unknown.
 */
export const VENUE_DETAIL_COLUMNS = VENUE_DETAILS.map(([column]) => column);

/** A length of time: whole calendar days plus minutes on the clock (dates/duration.ts's `Duration`). */
export interface EventLength {
  days: number;
  minutes: number;
}

/** What reading a VEVENT noticed, for one note per file. */
export interface VeventNotes {
  zones: Set<string>;
  alarms: number;
  attendees: number;
  /** CATEGORIES values that are only an address (Google's `http://schemas.google.com/g/2005#event`), left out */
  urlCategories: number;
  /** events whose coordinates (GEO, Apple's structured location) could not be kept */
  coordinates: number;
  /** date-time events with neither DTEND nor DURATION */
  noEnd: number;
}

/** Empty notes. */
export const noVeventNotes = (): VeventNotes => ({
  zones: new Set(),
  alarms: 0,
  attendees: 0,
  urlCategories: 0,
  coordinates: 0,
  noEnd: 0,
});

const text = (c: ICAL.Component, name: string): string => {
  const v = c.getFirstPropertyValue(name);
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
};

const param = (prop: ICAL.Property | null, name: string): string | undefined => {
  const v = prop?.getParameter(name);
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' && one.trim() !== '' ? one.replace(/\\n/g, '\n').trim() : undefined;
};

/**
 * The place an event is at: LOCATION read by parsePlace (the same reading as a CSV's location cell,
 * so the same place is one venue), its missing address parts completed from Apple's
 * `X-APPLE-STRUCTURED-LOCATION` (`X-TITLE`, `X-ADDRESS`); that property alone when there is no
 * LOCATION. A LOCATION that begins with the `X-TITLE` (the plugin's feed writes both for a venue with
 * coordinates) is that name and an address. Undefined: the event names no place.
 */
export function placeOf(c: ICAL.Component): Place | undefined {
  const location = text(c, 'location').trim();
  const apple = c.getFirstProperty('x-apple-structured-location');
  const title = param(apple, 'x-title');
  const address = param(apple, 'x-address');
  const structured = title || address ? parsePlace([title, address].filter(Boolean).join('\n')) : undefined;
  if (location === '') return structured && structured.name !== '' ? structured : undefined;
  // LOCATION "X-TITLE, address …" (the plugin's own feed, Apple): the title says where the name ends.
  const after = title && location.startsWith(title) ? location.slice(title.length) : '';
  if (title && /^\s*[,\n]\s*\S/.test(after)) {
    const { name: _, ...parts } = parsePlace(`${title}\n${after.replace(/^[\s,]+/, '')}`);
    return { name: title, ...parts };
  }
  const place = parsePlace(location);
  if (!structured || place.address !== undefined) return place;
  const { name: _, ...parts } = structured;
  return { ...parts, ...place };
}

/** Whether the event gives coordinates (GEO, or a `geo:` structured location). */
function hasCoordinates(c: ICAL.Component): boolean {
  if (c.hasProperty('geo')) return true;
  const apple = c.getFirstProperty('x-apple-structured-location');
  return /^geo:/i.test(String(apple?.getFirstValue() ?? ''));
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

/** A category that is only an address (`http://schemas.google.com/g/2005#event`, `urn:…`). */
const URL_ONLY = /^(?:[a-z][a-z0-9+.-]*:\/\/\S+|urn:\S+)$/i;

/**
 * Every CATEGORIES value (the property may repeat, each with a list), without the values that are
 * only an address (Google writes its event kind as one): those are counted in `notes`.
 */
export function categoryNames(c: ICAL.Component, notes?: VeventNotes): string[] {
  const names: string[] = [];
  for (const v of c.getAllProperties('categories').flatMap((p) => p.getValues().map((x) => String(x).trim()))) {
    if (v === '') continue;
    if (URL_ONLY.test(v)) {
      if (notes) notes.urlCategories++;
      continue;
    }
    names.push(v);
  }
  return names;
}

/**
 * The linked records an event names, as a feed keeps them: the venue by its place's name with its
 * address parts (to create it with), the organizer by CN (with its address), the categories by name.
 */
export function veventLinks(item: ICAL.Component, notes?: VeventNotes): SourceLinks {
  const place = placeOf(item);
  const details = place ? placeDetails(place) : undefined;
  const organizer = organizerName(item);
  const email = organizerEmail(item);
  return {
    venue: !place || place.name === '' ? undefined : { name: place.name, ...(details ? { details } : {}) },
    organizers: organizer === '' ? [] : [{ name: organizer, ...(email ? { details: { email } } : {}) }],
    categories: categoryNames(item, notes),
    tags: [],
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The notes of what the events held that was dropped or filled in (shared by import and feeds):
 * address-only categories, events without an end, coordinates.
 * @param defaultDuration the length given to events without an end, if any
 */
export function veventNoteLines(notes: VeventNotes, defaultDuration?: EventLength): string[] {
  const lines: string[] = [];
  if (notes.urlCategories > 0) {
    lines.push(
      `${plural(notes.urlCategories, 'category that is only an address was', 'categories that are only an address were')} ` +
        "left out (such as Google's http://schemas.google.com/g/2005#event)",
    );
  }
  if (notes.noEnd > 0) {
    lines.push(
      defaultDuration
        ? `${plural(notes.noEnd, 'event had', 'events had')} no end: given ${durationText(defaultDuration)}`
        : `${plural(notes.noEnd, 'event has', 'events have')} no end (no DTEND): ${notes.noEnd === 1 ? 'it ends' : 'they end'} as ${notes.noEnd === 1 ? 'it starts' : 'they start'}; --default-duration gives them a length`,
    );
  }
  if (notes.coordinates > 0) {
    lines.push(
      `the coordinates (GEO) of ${plural(notes.coordinates, 'event', 'events')} are not imported: a venue takes no coordinates through the REST API`,
    );
  }
  return lines;
}

/** A wall time plus a length: days on the calendar, then minutes on the clock (as `--duration`). */
function wallPlus(wall: string, length: EventLength): string {
  const w = parseWallTime(wall);
  if (!w) return wall;
  return formatWall(fieldsToMs(addDays(w, length.days)) + length.minutes * 60_000);
}

/** A length as calctl writes one: `2h`, `1h30m`, `1d`. */
export function durationText(length: EventLength): string {
  const h = Math.floor(length.minutes / 60);
  const m = length.minutes % 60;
  return `${length.days > 0 ? `${length.days}d` : ''}${h > 0 ? `${h}h` : ''}${m > 0 ? `${m}m` : ''}` || '0m';
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
  opts: {
    siteZone: string;
    columns: readonly string[];
    notes: VeventNotes;
    /** the length of date-time events with neither DTEND nor DURATION (none: they end as they start) */
    defaultDuration?: EventLength | undefined;
  },
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
  } else if (!item.hasProperty('dtend') && !item.hasProperty('duration')) {
    // RFC 5545: a date-time DTSTART alone is an instant; the caller may give such events a length.
    opts.notes.noEnd++;
    endWall = opts.defaultDuration ? wallPlus(startWall, opts.defaultDuration) : startWall;
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
  const place = placeOf(item);
  if (place && hasCoordinates(item)) opts.notes.coordinates++;
  const cells = new Map<string, string>([
    ['title', text(item, 'summary')],
    ['start_date', startWall],
    ['end_date', endWall],
    ['all_day', s.isDate ? 'true' : 'false'],
    ['timezone', s.zone],
    ['description', text(item, 'description')],
    ['venue', place?.name ?? ''],
    ['status', status === 'TENTATIVE' ? 'draft' : ''],
  ]);
  if (opts.columns.includes('organizer')) cells.set('organizer', organizerName(item));
  if (opts.columns.includes('categories')) cells.set('categories', categoryNames(item, opts.notes).join(','));
  else categoryNames(item, opts.notes);
  if (opts.columns.includes(VENUE_DETAIL_COLUMNS[0] ?? '')) {
    VENUE_DETAILS.forEach(([column, field]) => {
      cells.set(column, place?.[field] ?? '');
    });
  }
  return cells;
}
