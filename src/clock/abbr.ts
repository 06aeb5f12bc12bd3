/**
 * Zone labels as a site writes them in an event's `timezone_abbr` (the plugin's
 * `Tribe__Events__API::saveEventMeta` and `Tribe__Timezones::abbr`): WordPress's manual offsets as
 * written (`UTC+5.5`), PHP offsets as PHP's `T` format prints them (`GMT+0530`), and for IANA zones
 * the letters of the generated table (abbr-table.ts: PHP's `T`, or where PHP has only a number the
 * abbreviation the plugin looks up instead, such as Lord Howe's `AEST`), keyed by zone and UTC offset
 * so daylight saving picks the right letters. Other offsets get PHP's numeric form (`+0545`).
 */
import { ZONE_LABELS } from './abbr-table.js';
import { offsetOf } from './convert.js';
import { wallToMs } from './wall.js';
import { requireZone } from './zones.js';

/** zone id → UTC offset in minutes → letters, built from the generated table on first use */
let table: Map<string, Map<number, string>> | undefined;

function tableOf(): Map<string, Map<number, string>> {
  if (table) return table;
  table = new Map();
  for (const [key, zones] of Object.entries(ZONE_LABELS)) {
    const [label = '', offset = '0'] = key.split(' ');
    for (const zone of zones.split(' ')) {
      const byOffset = table.get(zone) ?? new Map<number, string>();
      byOffset.set(Number(offset), label);
      table.set(zone, byOffset);
    }
  }
  return table;
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
  const offset = offsetOf(zone, wallToMs(utc));
  const labels = tableOf().get(tz) ?? tableOf().get(zone.id);
  return labels?.get(offset) ?? numericAbbr(offset);
}
