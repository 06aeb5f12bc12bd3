/**
 * Event records → one iCalendar file (RFC 5545) through ical-generator: a VTIMEZONE for every zone
 * the events use (@touch4it/ical-timezones), and per event UID (the site feed's form), DTSTAMP,
 * DTSTART/DTEND with TZID (all-day events as dates with an exclusive DTEND), SUMMARY, DESCRIPTION
 * (plain text from the HTML), LOCATION (venue name and address), GEO, ORGANIZER, CATEGORIES, URL,
 * LAST-MODIFIED and STATUS. The library escapes text, folds lines at 75 octets and ends them in CRLF.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, type ICalEventData, ICalEventStatus } from 'ical-generator';
import { addDays, parseWallTime, type WallTime } from '../clock/index.js';
import { decodeEntities } from '../wptext/index.js';
import { htmlToText } from './html.js';
import { eventUid } from './uid.js';

type Obj = Record<string, unknown>;

/** Options of {@link writeIcs}. */
export interface IcsWriteOptions {
  /** the site's zone: named in X-WR-TIMEZONE, and the zone of events that name none */
  siteZone: string;
  /** host for UIDs of records without a URL */
  host: string;
  /** the DTSTAMP of every event (default: now) */
  stamp?: Date | undefined;
  /** PRODID product version */
  version: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (w: WallTime) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;

/** A wall time in the shape of a Temporal.PlainDate, which ical-generator writes as a bare date. */
function plainDate(w: WallTime) {
  const text = isoDate(w);
  return {
    year: w.year,
    month: w.month,
    day: w.day,
    toPlainDateTime: () => plainDateTime({ ...w, hour: 0, minute: 0, second: 0 }),
    toJSON: () => text,
    toString: () => text,
  };
}

/**
 * A wall time in the shape of a Temporal.PlainDateTime: ical-generator writes its digits as they are
 * after the event's TZID (a native Date would go through the machine's own zone).
 */
function plainDateTime(w: WallTime) {
  const text = `${isoDate(w)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  const self = {
    year: w.year,
    month: w.month,
    day: w.day,
    hour: w.hour,
    minute: w.minute,
    second: w.second,
    toJSON: () => text,
    toString: () => text,
    toPlainDate: () => plainDate(w),
    toZonedDateTime: (timeZoneId: string) => {
      const zoned = {
        ...self,
        timeZoneId,
        withTimeZone: () => zoned,
        toPlainDateTime: () => self,
        toInstant: () => {
          throw new Error('not needed');
        },
      };
      return zoned;
    },
  };
  return self;
}

/** `2026-11-25 03:22:07` (UTC) → Date. */
function utcDate(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const d = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const str = (v: unknown) => (typeof v === 'string' ? decodeEntities(v).trim() : '');

/**
 * Venue name and address in one line, as the site's feed writes LOCATION
 * (`Tribe__Events__Venue::get_address_full_string`): name, address, city, region, zip and country,
 * each part that is not empty, joined with `, ` (a part equal to another is still written). The region
 * is the venue's state/province, else its state for a venue in the United States, else its province
 * (`tribe_get_region`).
 */
export function locationText(venue: Obj): string {
  const region =
    str(venue.stateprovince) || (str(venue.country) === 'United States' ? str(venue.state) : str(venue.province));
  return [venue.venue, venue.address, venue.city, region, venue.zip, venue.country]
    .map((v) => (typeof v === 'string' ? str(v) : ''))
    .filter((v) => v !== '')
    .join(', ');
}

const asObject = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

/** Zones ical-timezones can describe; the others are written as UTC times. */
const describable = new Map<string, boolean>();
function hasVtimezone(zone: string): boolean {
  let known = describable.get(zone);
  if (known === undefined) {
    known = getVtimezoneComponent(zone) !== null;
    describable.set(zone, known);
  }
  return known;
}

/** The ical-generator data of one event record (undefined when it has no readable dates). */
export function eventData(record: Obj, opts: IcsWriteOptions): ICalEventData | undefined {
  const start = typeof record.start_date === 'string' ? parseWallTime(record.start_date) : undefined;
  const end = typeof record.end_date === 'string' ? parseWallTime(record.end_date) : undefined;
  const uid = eventUid(record, opts.host);
  if (!start || !end || !uid) return undefined;
  const data: ICalEventData = {
    id: uid,
    stamp: opts.stamp ?? new Date(),
    summary: str(record.title),
    start: plainDateTime(start),
  };
  if (record.all_day === true) {
    data.allDay = true;
    data.start = plainDate(start);
    // DTEND of a date is exclusive: the day after the last day.
    data.end = plainDate(addDays(end, 1));
  } else {
    const zone = typeof record.timezone === 'string' && record.timezone !== '' ? record.timezone : opts.siteZone;
    const utcStart = utcDate(record.utc_start_date);
    const utcEnd = utcDate(record.utc_end_date);
    if (hasVtimezone(zone) || !utcStart || !utcEnd) {
      data.timezone = zone;
      data.start = plainDateTime(start);
      data.end = plainDateTime(end);
    } else {
      // A fixed offset (UTC+5:30) has no VTIMEZONE: the instants in UTC say the same.
      data.start = utcStart;
      data.end = utcEnd;
    }
  }
  const description = typeof record.description === 'string' ? htmlToText(record.description) : '';
  if (description !== '') data.description = description;
  const venue = asObject(record.venue);
  if (venue && str(venue.venue) !== '') {
    const lat = Number(venue.geo_lat);
    const lon = Number(venue.geo_lng);
    const geo =
      venue.geo_lat !== undefined && venue.geo_lat !== '' && Number.isFinite(lat) && Number.isFinite(lon)
        ? { lat, lon }
        : undefined;
    data.location = { title: locationText(venue), ...(geo ? { geo } : {}) };
  }
  const organizers = Array.isArray(record.organizer) ? record.organizer.map(asObject) : [];
  const withMail = organizers.find((o) => o && str(o.email) !== '' && str(o.organizer) !== '');
  if (withMail) data.organizer = { name: str(withMail.organizer), email: str(withMail.email) };
  const categories = Array.isArray(record.categories)
    ? record.categories.map((c) => str(asObject(c)?.name)).filter((n) => n !== '')
    : [];
  if (categories.length > 0) data.categories = categories.map((name) => ({ name }));
  if (typeof record.url === 'string' && record.url !== '') data.url = record.url;
  const modified = utcDate(record.modified_utc);
  if (modified) data.lastModified = modified;
  const status = typeof record.status === 'string' ? record.status : 'publish';
  data.status = status === 'draft' || status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
  return data;
}

/**
 * The text of one iCalendar file holding `records`, in their order.
 * @returns the file and how many records had no readable dates (left out)
 */
export function writeIcs(records: Iterable<Obj>, opts: IcsWriteOptions): { text: string; skipped: number } {
  const calendar = ical({
    prodId: { company: 'calctl', product: `calctl ${opts.version}`, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // (no calendar-wide zone: ical-generator would then write DTSTAMP without its Z)
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.x([['X-WR-TIMEZONE', opts.siteZone]]);
  let skipped = 0;
  for (const record of records) {
    const data = eventData(record, opts);
    if (data) calendar.createEvent(data);
    else skipped++;
  }
  const text = calendar.toString();
  return { text: text.endsWith('\r\n') ? text : `${text}\r\n`, skipped };
}
