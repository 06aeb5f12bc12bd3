/**
 * TZID values of iCalendar files as zones calctl can compute with: IANA names as they are, the
 * Windows names Outlook and Exchange write (`W. Europe Standard Time`) through windows-iana, and the
 * display labels some Outlook versions write (`(UTC+01:00) Amsterdam, Berlin …`), which are left to
 * the file's own VTIMEZONE (see reader.ts) or, without one, read as their fixed offset.
 */
import { findIana } from 'windows-iana';
import { isValidTimeZone } from '../clock/index.js';

/** How a TZID is understood. */
export type ZoneReading =
  /** a zone calctl knows (IANA, `UTC`, a fixed offset) */
  | { kind: 'zone'; zone: string }
  /** no zone of that name: the times are read through the file's VTIMEZONE, when it has one */
  | { kind: 'unknown'; tzid: string };

const LABEL_OFFSET = /^\(?(?:UTC|GMT)\s*([+-])(\d{1,2}):?(\d{2})\)/i;

/** A `TZID` parameter value (quotes and a leading `/` of "globally unique" ids removed). */
export function cleanTzid(tzid: string): string {
  return tzid
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/^\/+/, '')
    .trim();
}

/** Maps a TZID to a zone. */
export function readTzid(raw: string): ZoneReading {
  const tzid = cleanTzid(raw);
  if (tzid === '') return { kind: 'unknown', tzid };
  // (a fixed offset such as UTC+5:30 is a zone to calctl, but not a TZID any file writes by that name)
  if (/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$|^UTC$|^GMT$|^Etc\//.test(tzid) && isValidTimeZone(tzid)) {
    return { kind: 'zone', zone: tzid };
  }
  const windows = findIana(tzid)[0];
  if (windows !== undefined && isValidTimeZone(windows)) return { kind: 'zone', zone: windows };
  return { kind: 'unknown', tzid };
}

/** The fixed offset a display label starts with (`(UTC+01:00) Amsterdam …` → `UTC+1:00`), if any. */
export function labelOffsetZone(tzid: string): string | undefined {
  const m = LABEL_OFFSET.exec(cleanTzid(tzid));
  if (!m) return undefined;
  const zone = `UTC${m[1]}${Number(m[2])}:${m[3]}`;
  return isValidTimeZone(zone) ? zone : undefined;
}
