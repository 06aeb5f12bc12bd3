/**
 * DTSTART/DTEND values of a parsed file (ical.js times) as calctl dates: wall time in a zone calctl
 * knows. A TZID calctl knows (IANA, or a Windows name Outlook writes) keeps its zone; UTC times and
 * TZIDs known only through the file's VTIMEZONE are instants, shown in the site's zone; floating
 * times are read in the site's zone.
 */
import type ICAL from 'ical.js';
import { formatWall, type WallTime, wallTimeToUtc, zonedWallTime } from '../clock/index.js';
import { labelOffsetZone, readTzid } from './zones.js';

/** A date of the file, as calctl will send it. */
export interface CalDate {
  /** `YYYY-MM-DD HH:MM:SS` in `zone` (for a date: `YYYY-MM-DD 00:00:00`) */
  wall: string;
  zone: string;
  /** a DATE value (all day) */
  isDate: boolean;
  /** how the zone was found, when not as written: for one note per file */
  note?: string | undefined;
}

const wallOf = (t: ICAL.Time): WallTime => ({
  year: t.year,
  month: t.month,
  day: t.day,
  hour: t.isDate ? 0 : t.hour,
  minute: t.isDate ? 0 : t.minute,
  second: t.isDate ? 0 : t.second,
});

/** An instant shown in the site's zone. */
function inSiteZone(instant: Date, siteZone: string): string {
  return formatWall(zonedWallTime(instant, siteZone));
}

/**
 * Reads one time of the file.
 * @param tzid the TZID parameter of the property (undefined: UTC or floating)
 */
export function readTime(t: ICAL.Time, tzid: string | undefined, siteZone: string): CalDate {
  const wall = wallOf(t);
  if (t.isDate) return { wall: formatWall(wall), zone: siteZone, isDate: true };
  if (tzid === undefined || tzid === '') {
    if (t.zone?.tzid === 'UTC')
      return { wall: inSiteZone(wallTimeToUtc(wall, 'UTC'), siteZone), zone: siteZone, isDate: false };
    return { wall: formatWall(wall), zone: siteZone, isDate: false };
  }
  const reading = readTzid(tzid);
  if (reading.kind === 'zone') return { wall: formatWall(wall), zone: reading.zone, isDate: false };
  // A zone only the file's VTIMEZONE describes: ical.js computes the instant from it.
  if (t.zone && t.zone.tzid !== 'floating' && t.zone.tzid !== 'UTC') {
    return {
      wall: inSiteZone(new Date(t.toUnixTime() * 1000), siteZone),
      zone: siteZone,
      isDate: false,
      note: `time zone "${reading.tzid}" read from the file's VTIMEZONE; times written in ${siteZone}`,
    };
  }
  const offset = labelOffsetZone(reading.tzid);
  if (offset !== undefined) {
    return {
      wall: inSiteZone(wallTimeToUtc(wall, offset), siteZone),
      zone: siteZone,
      isDate: false,
      note: `time zone "${reading.tzid}" read as ${offset}; times written in ${siteZone}`,
    };
  }
  return {
    wall: formatWall(wall),
    zone: siteZone,
    isDate: false,
    note: `unknown time zone "${reading.tzid}" (no VTIMEZONE for it): its times are read in ${siteZone}`,
  };
}

/** The instant of a CalDate (for ordering and windows). */
export function instantOf(d: CalDate): number {
  const [date = '', time = '00:00:00'] = d.wall.split(' ');
  const [y, mo, da] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return wallTimeToUtc(
    { year: y ?? 1970, month: mo ?? 1, day: da ?? 1, hour: h ?? 0, minute: mi ?? 0, second: s ?? 0 },
    d.zone,
  ).getTime();
}
