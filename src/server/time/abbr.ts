/**
 * Abbreviations PHP prints for zones where `Intl` in `en-US` only offers `GMT+9`-style names.
 * Keyed by zone id, then by UTC offset in minutes, so DST and historical offsets pick the right
 * letters without guessing which half of the year it is. Zones missing here fall back to PHP's
 * numeric form (`+08`, `+0530`), which is also what PHP prints for zones without letters.
 */

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
