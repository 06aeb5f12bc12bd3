/**
 * What agenda and calendar share: the events that overlap a range of days, with every list filter
 * (every page, asked for with the site's exact-date filters), the display zone, the
 * week's first day (WordPress's `start_of_week` setting when the credentials may read it), and the
 * output: the view on a terminal or with -o table, the records with -o json|ndjson|… .
 */
import { coreRouteUrl, type ParamObject, paginate } from '../../api/index.js';
import { getResource, type ResourceSpec } from '../../catalog/index.js';
import { addDays, isValidTimeZone, wallToUtc } from '../../clock/index.js';
import { UsageError } from '../../errors/index.js';
import { createRecordWriter } from '../../output/index.js';
import { bindFlags, readFlags } from '../resource/flags.js';
import { resolveLinks } from '../resource/links.js';
import { toQuery } from '../resource/values.js';
import { dateZone, outputFormat, writerOptions } from '../shared.js';
import type { Runtime } from '../types.js';
import { type Day, parseWeekStart, plusDays, shownSpan } from './days.js';
import { filterParams } from './filters.js';

type Obj = Record<string, unknown>;

const events = (): ResourceSpec => getResource('events');

/**
 * Slack of the site's filter, each side: it compares an event's own local times with the bounds in
 * the site's local time, and an event kept in another zone sits up to 26 hours off (+14 against -12).
 */
const OTHER_ZONES_DAYS = 2;

/** `YYYY-MM-DD HH:MM:SS` in UTC, `days` later, as an instant a site reads whatever its zone. */
const instant = (utc: string, days: number): string => `${addDays(utc, days).replace(' ', 'T')}Z`;

/**
 * Every event that overlaps the days `first` … `last` in `zone` (the display zone), in the site's
 * order. The site's exact-date filters read a time without a zone as UTC (`strict_dates`), so the
 * bounds go as instants; they are widened for events kept in other zones, and what comes back is
 * cut to the days by each event's own instants (all-day events by their dates), as the views show them.
 */
export async function fetchRange(rt: Runtime, opts: Obj, first: Day, last: Day, zone: string): Promise<Obj[]> {
  const raw = readFlags(bindFlags(filterParams()), opts);
  await resolveLinks(rt, filterParams(), raw, { split: true });
  const query = (await toQuery(events(), raw, {
    now: rt.ctx.now(),
    timezone: () => dateZone(rt),
    format: rt.globals().dateFormat,
  })) as Obj;
  const from = `${first} 00:00:00`;
  const to = `${plusDays(last, 1)} 00:00:00`;
  // Overlap: ends at or after the first day begins and starts before the day after the last.
  Object.assign(query, {
    ends_after: instant(wallToUtc(from, zone), -OTHER_ZONES_DAYS),
    starts_before: instant(wallToUtc(to, zone), OTHER_ZONES_DAYS),
    strict_dates: true,
    per_page: 50,
  });
  const api = await rt.api();
  const out: Obj[] = [];
  for await (const r of paginate<Obj>(api, '/events', query as ParamObject, 'events', { signal: rt.ctx.signal })) {
    const span = shownSpan(r, zone);
    if (!span || (span.start < to && span.end >= from)) out.push(r);
  }
  return out;
}

/** The zone days are shown in: the site's, or with --local-time the machine's (TZ, else the system's). */
export async function displayZone(rt: Runtime, localTime: boolean): Promise<string> {
  if (!localTime) return dateZone(rt);
  const tz = rt.ctx.env.TZ?.replace(/^:/, '');
  if (tz && isValidTimeZone(tz)) return tz;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The week's first day (0 = Sunday): `--week-start`, else the site's `start_of_week` setting
 * (WordPress's settings route, readable with an administrator's credentials), else Monday.
 */
export async function weekStartOf(rt: Runtime, flag: unknown): Promise<number> {
  if (typeof flag === 'string') {
    const n = parseWeekStart(flag);
    if (n === undefined) {
      throw new UsageError(
        `--week-start: "${flag}" is not a weekday`,
        'give a day name (monday, sun) or 0-6 (0 = Sunday)',
      );
    }
    return n;
  }
  try {
    const api = await rt.api();
    const res = await api.get<Obj>(coreRouteUrl(api.baseUrl, '/settings'), { signal: rt.ctx.signal });
    const n = Number(res.body?.start_of_week);
    if (Number.isInteger(n) && n >= 0 && n <= 6) return n;
  } catch (err) {
    // not readable (no credentials, not an administrator, not WordPress): Monday
    if (rt.ctx.signal.aborted) throw err;
    rt.debug?.(`start_of_week not readable (${(err as Error).message}): weeks start on Monday`);
  }
  return 1;
}

/** Whether this run shows the view (table) rather than the records. */
export async function showsView(rt: Runtime): Promise<boolean> {
  return (await outputFormat(rt)) === 'table';
}

/** Writes the records in the chosen machine format (json, ndjson, csv, yaml, ids, count). */
export async function writeRecords(rt: Runtime, records: readonly Obj[]): Promise<void> {
  const writer = createRecordWriter(await writerOptions(rt, events()));
  for (const r of records) writer.write(r);
  writer.end();
}
