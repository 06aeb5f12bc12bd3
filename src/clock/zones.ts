/**
 * The one reader of time zone names, for the client and the embedded server alike: what a site
 * running The Events Calendar takes as an event's `timezone` (the plugin's
 * `Tribe__Timezones::is_valid_timezone`: a `UTC…` label, else anything PHP's `new DateTimeZone()`
 * reads), narrowed to what calctl can compute with:
 *
 * - IANA ids (`Europe/Paris`, `UTC`, legacy ids such as `EST`), through `Intl`;
 * - WordPress's manual offsets as its settings write them (`wp_timezone_string()`: `UTC+5.5`, `UTC-3`,
 *   `UTC+5.75`, `UTC+0`) and the plugin's own form (`UTC+5:30`);
 * - PHP offsets (`+05:30`, `+0530`, `-3`, `GMT+5`), which PHP labels `GMT+0530`, and `Z`.
 *
 * Case matters where it does for PHP: `utc+3` is refused by a site, so it is refused here.
 */

import { MANUAL_OFFSET_ZONES } from './manual-offsets.js';

/** How a zone was written: it decides the label a site gives it (see abbr.ts). */
export type ZoneForm =
  /** an IANA id, `UTC` or `GMT` */
  | 'iana'
  /** WordPress's manual offset `UTC+5.5` or the plugin's `UTC+5:30`: labelled as written */
  | 'wordpress'
  /** a PHP offset `+05:30` / `GMT+5`: labelled `GMT+0530` */
  | 'php'
  /** PHP's `Z`: labelled `Z` */
  | 'zulu';

export type Zone =
  | { kind: 'fixed'; form: ZoneForm; minutes: number }
  | { kind: 'iana'; form: 'iana'; id: string; fmt: Intl.DateTimeFormat };

/** `UTC+5.5`, `UTC-3`, `UTC+5:30`: hours, then a decimal fraction or minutes. */
const WORDPRESS_OFFSET = /^UTC([+-])(\d{1,2})(?:\.(\d{1,2})|:(\d{2}))?$/;
/** `+05:30`, `+0530`, `+5`, `GMT-3` (PHP's `GMT` prefix is upper case only). */
const PHP_OFFSET = /^(?:GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/;
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;
/** WordPress offers −12 … +14 in its settings; no place on earth is further from UTC. */
const MAX_HOURS = 14;

function signed(sign: string | undefined, hours: number, minutes: number): number | null {
  if (hours > MAX_HOURS || minutes > 59 || hours * 60 + minutes > MAX_HOURS * 60) return null;
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** Minutes east of UTC of WordPress's `UTC+5.5` / the plugin's `UTC+5:30`, else null. */
function wordpressOffset(text: string): number | null {
  const m = WORDPRESS_OFFSET.exec(text);
  if (!m) return null;
  // (a decimal fraction of an hour: .5 is 30 minutes, .75 is 45, .25 is 15)
  const minutes = m[3] !== undefined ? Math.round(Number(`0.${m[3]}`) * 60) : Number(m[4] ?? 0);
  return signed(m[1], Number(m[2]), minutes);
}

function phpOffset(text: string): number | null {
  const m = PHP_OFFSET.exec(text);
  return m ? signed(m[1], Number(m[2]), Number(m[3] ?? 0)) : null;
}

function ianaZone(text: string): Zone | null {
  if (!IANA_SHAPE.test(text)) return null;
  try {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: text,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    return { kind: 'iana', form: 'iana', id: fmt.resolvedOptions().timeZone, fmt };
  } catch {
    return null; // Intl throws RangeError for an id it does not know: exactly "invalid"
  }
}

function read(text: string): Zone | null {
  // UTC and GMT never change offset: no Intl formatter (and no ICU zone data) is needed for them.
  if (text === 'UTC' || text === 'GMT') return { kind: 'fixed', form: 'iana', minutes: 0 };
  if (text === 'Z' || text === 'z') return { kind: 'fixed', form: 'zulu', minutes: 0 };
  const wordpress = wordpressOffset(text);
  if (wordpress !== null) return { kind: 'fixed', form: 'wordpress', minutes: wordpress };
  const php = phpOffset(text);
  if (php !== null) return { kind: 'fixed', form: 'php', minutes: php };
  return ianaZone(text);
}

const zones = new Map<string, Zone | null>();

/** The zone a name denotes, or null when a site (and calctl) would refuse it. Remembered per name. */
export function readZone(text: string): Zone | null {
  let zone = zones.get(text);
  if (zone === undefined) {
    zone = read(text);
    // (names come from users and files: keep the memo small whatever they send)
    if (zones.size > 1000) zones.clear();
    zones.set(text, zone);
  }
  return zone;
}

/** The zone a name denotes. @throws RangeError for a name {@link isValidTimeZone} refuses */
export function requireZone(text: string): Zone {
  const zone = readZone(text);
  if (!zone) throw new RangeError(`unknown time zone: ${text}`);
  return zone;
}

/** True for every zone name a site takes and calctl computes with (see the module note). */
export function isValidTimeZone(text: string): boolean {
  return readZone(text) !== null;
}

/** True for zones whose offset never changes (UTC, `UTC+5.5`, `+05:30`): wall time needs no rules. */
export function isFixedZone(text: string): boolean {
  return readZone(text)?.kind === 'fixed';
}

/** Minutes east of UTC of a zone whose offset never changes (`UTC+5.5` → 330), else undefined. */
export function fixedOffsetMinutes(text: string): number | undefined {
  const zone = readZone(text);
  return zone?.kind === 'fixed' ? zone.minutes : undefined;
}

/**
 * The zone whose rules a site applies to the times of an event kept in `text`: itself, except for a
 * WordPress manual offset, which the plugin does not apply as such. `Tribe__Timezones::
 * get_valid_timezone` asks PHP for a zone of that many seconds east of UTC instead — counting the
 * minutes of its own `UTC-3:30` form with a plus sign — which may keep daylight saving time (`UTC-5` is
 * America/New_York, an hour off in summer) or, when PHP names none, is UTC (`UTC+6`); `UTC+0` is UTC.
 * WordPress core itself (post dates, `post_modified`) keeps the offset exact.
 */
export function eventRulesZone(text: string): string {
  const zone = readZone(text);
  if (zone?.form !== 'wordpress') return text;
  const m = WORDPRESS_OFFSET.exec(text);
  if (!m || /[+-]0$/.test(text)) return 'UTC';
  const minutes = m[4] !== undefined ? Number(`${m[1]}${m[2]}`) * 60 + Number(m[4]) : zone.minutes;
  return MANUAL_OFFSET_ZONES[String(minutes)] ?? 'UTC';
}

/** What to tell someone whose zone was refused. */
export const ZONE_FORMS_HINT =
  'use an IANA name such as Europe/Paris or UTC, an offset such as +05:30, or a WordPress offset such as UTC+5.5';

/** The offset at the end of an ISO 8601 / RFC 3339 time (`Z`, `+05:30`, `+0530`, `-03`) in minutes, else undefined. */
export function offsetSuffixMinutes(suffix: string): number | undefined {
  if (suffix === 'Z' || suffix === 'z') return 0;
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(suffix);
  return m ? (signed(m[1], Number(m[2]), Number(m[3] ?? 0)) ?? undefined) : undefined;
}

/**
 * The site's zone as WordPress names it (`wp_timezone_string()` as the plugin writes it): the
 * `timezone_string` setting when there is one, else the manual offset `gmt_offset` as `UTC+5.5`,
 * `UTC-3`, `UTC+0`. This is the label events made without a zone get. Undefined when neither is given.
 */
export function siteZoneLabel(timezoneString: unknown, gmtOffset: unknown): string | undefined {
  if (typeof timezoneString === 'string' && timezoneString.trim() !== '') return timezoneString.trim();
  const hours =
    typeof gmtOffset === 'number' ? gmtOffset : typeof gmtOffset === 'string' ? Number(gmtOffset) : Number.NaN;
  if (!Number.isFinite(hours) || (typeof gmtOffset === 'string' && gmtOffset.trim() === '')) return undefined;
  return manualOffsetLabel(hours * 60);
}

/** WordPress's label of a manual offset: `UTC+5.5`, `UTC-3`, `UTC+5.75`, `UTC+0` (PHP prints the float). */
export function manualOffsetLabel(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return hours < 0 ? `UTC${hours}` : `UTC+${hours}`;
}

/**
 * A zone as a WordPress site's settings hold it (what its REST index announces): an IANA id in
 * `timezone_string`, or a manual offset in `gmt_offset` (hours, as the option stores it) with an empty
 * `timezone_string`. Any fixed offset but UTC itself is a manual offset to WordPress.
 */
export function siteSetting(text: string): { timezoneString: string; gmtOffsetHours: number | null } {
  const zone = requireZone(text);
  if (zone.kind === 'iana' || zone.form === 'iana') return { timezoneString: text, gmtOffsetHours: null };
  return { timezoneString: '', gmtOffsetHours: Math.round((zone.minutes / 60) * 100) / 100 };
}

/**
 * A zone as the name a WordPress site gives it when it is the site's zone: an IANA id as it is, any
 * other fixed offset as the manual offset WordPress's settings would hold (`UTC+5:30` and `+05:30`
 * are `UTC+5.5`, the label the site's events get).
 */
export function siteZoneName(text: string): string {
  const { timezoneString, gmtOffsetHours } = siteSetting(text);
  return gmtOffsetHours === null ? timezoneString : manualOffsetLabel(Math.round(gmtOffsetHours * 60));
}
