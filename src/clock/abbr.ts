/**
 * Zone labels as a site writes them in an event's `timezone_abbr` (the plugin's
 * `Tribe__Events__API::saveEventMeta`): WordPress's manual offsets as written (`UTC+5.5`), PHP offsets
 * as PHP's `T` format prints them (`GMT+0530`), and for IANA zones the letters PHP prints.
 *
 * Abbreviations PHP prints for zones where `Intl` in `en-US` only offers `GMT+9`-style names.
 * Keyed by zone id, then by UTC offset in minutes, so DST and historical offsets pick the right
 * letters without guessing which half of the year it is. Zones missing here fall back to PHP's
 * numeric form (`+08`, `+0530`), which is also what PHP prints for zones without letters.
 */
import { intlName, offsetAt } from './convert.js';
import { wallToMs } from './wall.js';
import { requireZone } from './zones.js';

type OffsetNames = Readonly<Record<number, string>>;

const CET: OffsetNames = { 60: 'CET', 120: 'CEST' };
const EET: OffsetNames = { 120: 'EET', 180: 'EEST' };
const WET: OffsetNames = { 0: 'WET', 60: 'WEST' };
const AEST: OffsetNames = { 600: 'AEST', 660: 'AEDT' };
const ACST: OffsetNames = { 570: 'ACST', 630: 'ACDT' };
const CHINA: OffsetNames = { 480: 'CST' };
const IST: OffsetNames = { 330: 'IST' };

const group = (names: OffsetNames, zones: string[]): Array<[string, OffsetNames]> => zones.map((z) => [z, names]);

const TABLE = new Map<string, OffsetNames>([
  ['UTC', { 0: 'UTC' }],
  ['Etc/UTC', { 0: 'UTC' }],
  ['GMT', { 0: 'GMT' }],
  ['Etc/GMT', { 0: 'GMT' }],
  ['Europe/London', { 0: 'GMT', 60: 'BST' }],
  ['Europe/Dublin', { 0: 'GMT', 60: 'IST' }],
  ...group(WET, ['Europe/Lisbon', 'Atlantic/Canary', 'Atlantic/Madeira', 'Atlantic/Faroe']),
  ...group(CET, [
    'Europe/Paris',
    'Europe/Berlin',
    'Europe/Madrid',
    'Europe/Rome',
    'Europe/Amsterdam',
    'Europe/Brussels',
    'Europe/Vienna',
    'Europe/Zurich',
    'Europe/Stockholm',
    'Europe/Oslo',
    'Europe/Copenhagen',
    'Europe/Prague',
    'Europe/Warsaw',
    'Europe/Budapest',
    'Europe/Belgrade',
    'Europe/Luxembourg',
    'Europe/Monaco',
    'Europe/Malta',
    'Europe/Zagreb',
    'Europe/Ljubljana',
    'Europe/Bratislava',
    'Africa/Algiers',
    'Africa/Tunis',
  ]),
  ...group(EET, [
    'Europe/Athens',
    'Europe/Helsinki',
    'Europe/Kiev',
    'Europe/Kyiv',
    'Europe/Bucharest',
    'Europe/Sofia',
    'Europe/Riga',
    'Europe/Tallinn',
    'Europe/Vilnius',
    'Asia/Beirut',
    'Africa/Cairo',
  ]),
  ['Europe/Moscow', { 180: 'MSK' }],
  ['Asia/Jerusalem', { 120: 'IST', 180: 'IDT' }],
  ['Asia/Tel_Aviv', { 120: 'IST', 180: 'IDT' }],
  ['Asia/Karachi', { 300: 'PKT' }],
  ...group(IST, ['Asia/Kolkata', 'Asia/Calcutta']),
  ['Asia/Jakarta', { 420: 'WIB' }],
  ...group(CHINA, ['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Taipei', 'Asia/Macau', 'PRC']),
  ['Asia/Hong_Kong', { 480: 'HKT' }],
  ['Asia/Manila', { 480: 'PST' }],
  ['Asia/Tokyo', { 540: 'JST' }],
  ['Japan', { 540: 'JST' }],
  ['Asia/Seoul', { 540: 'KST' }],
  ['Australia/Perth', { 480: 'AWST' }],
  ...group(ACST, ['Australia/Adelaide', 'Australia/Darwin', 'Australia/Broken_Hill']),
  ...group(AEST, ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Hobart', 'Australia/Canberra']),
  ['Australia/Brisbane', { 600: 'AEST' }],
  ['Pacific/Auckland', { 720: 'NZST', 780: 'NZDT' }],
  ['Africa/Johannesburg', { 120: 'SAST' }],
  ['Africa/Lagos', { 60: 'WAT' }],
  ['Africa/Nairobi', { 180: 'EAT' }],
]);

/** Letters PHP shows for `zone` at `offset` minutes, or undefined when the table has no entry. */
export function tableAbbr(zone: string, offset: number): string | undefined {
  return TABLE.get(zone)?.[offset];
}

/** PHP's numeric abbreviation: sign, two-digit hours, minutes only when non-zero (`+08`, `+0530`). */
export function numericAbbr(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const h = String(Math.floor(abs / 60)).padStart(2, '0');
  const m = abs % 60;
  return m === 0 ? `${sign}${h}` : `${sign}${h}${String(m).padStart(2, '0')}`;
}

/** PHP's `T` of an offset zone: `GMT+0530`, `GMT-0300`. */
function gmtAbbr(offset: number): string {
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `GMT${offset < 0 ? '-' : '+'}${hhmm}`;
}

/**
 * The label a site gives an event in zone `tz` starting at the UTC instant `utc`: letters where PHP
 * has them (`JST`, `EDT`, `CEST`), otherwise PHP's numeric form (`+08`, `+0530`); a WordPress offset
 * is its own label (`UTC+5.5`, `UTC+5:30`), a PHP offset PHP's `GMT+0530`, and `Z` is `Z`.
 */
export function tzAbbr(tz: string, utc: string): string {
  const zone = requireZone(tz);
  if (zone.kind === 'fixed') {
    if (zone.form === 'wordpress') return tz;
    if (zone.form === 'php') return gmtAbbr(zone.minutes);
    if (zone.form === 'zulu') return 'Z';
    return tz; // UTC, GMT
  }
  const ms = wallToMs(utc);
  const offset = offsetAt(tz, ms);
  const fromTable = tableAbbr(tz, offset) ?? tableAbbr(zone.id, offset);
  if (fromTable) return fromTable;
  const name = intlName(zone, ms);
  // en-US gives real letters for North American zones and `GMT+9`-like text elsewhere.
  if (/^[A-Z]{2,5}$/.test(name) && !(name === 'GMT' && offset !== 0)) return name;
  return numericAbbr(offset);
}
