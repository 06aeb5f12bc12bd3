/**
 * Events of `tec/v1`: the core post keys, the event's terms and classes, then the properties of the
 * plugin's Event model (Event_Definition; Tribe\Events\Models\Post_Types\Event), with venues and
 * organizers embedded whole (With_Transform_Organizers_And_Venues::transform_entity).
 */

import { isFixedZone, isValidTimeZone, MONTH_NAMES, offsetString, utcToWall, wallToMs } from '../../clock/index.js';
import { formatCost } from '../format/cost.js';
import type { RequestScope } from '../site.js';
import type { EventMeta, Post, Term } from '../store/types.js';
import { classList, termsOf } from '../wp/post-record.js';
import { nowUtc, serializeTecOrganizer, serializeTecVenue, tecPostHead } from './records.js';

/** `F j` (or `F j, Y`) of a wall time. */
function day(wall: string, withYear: boolean): string {
  const [y, m, d] = [wall.slice(0, 4), Number(wall.slice(5, 7)), Number(wall.slice(8, 10))];
  return `${MONTH_NAMES[m - 1]} ${d}${withYear ? `, ${y}` : ''}`;
}

/** `g:i a` of a wall time. */
function time(wall: string): string {
  const h = Number(wall.slice(11, 13));
  return `${h % 12 === 0 ? 12 : h % 12}:${wall.slice(14, 16)} ${h < 12 ? 'am' : 'pm'}`;
}

const span = (cls: string, text: string) => `<span class="tribe-event-${cls}">${text}</span>`;

/** Days the event touches (1 for a one-day event), counting calendar days in its own zone. */
function daysSpanned(start: string, end: string): number {
  const ms = (w: string) => wallToMs(`${w.slice(0, 10)} 00:00:00`);
  return Math.round((ms(end) - ms(start)) / 86_400_000) + 1;
}

/** schedule_details and short_schedule_details (tribe_events_event_schedule_details and its short form). */
export function scheduleDetails(start: string, end: string, allDay: boolean, currentYear: string) {
  const multi = daysSpanned(start, end) > 1;
  const withYear = multi ? start.slice(0, 4) !== end.slice(0, 4) || start.slice(0, 4) !== currentYear : false;
  if (multi) {
    const yearShown = withYear || start.slice(0, 4) !== currentYear;
    const full = allDay
      ? `${span('date-start', day(start, yearShown))} - ${span('date-end', day(end, yearShown))}`
      : `${span('date-start', `${day(start, yearShown)} @ ${time(start)}`)} - ${span('date-end', `${day(end, yearShown)} @ ${time(end)}`)}`;
    return { full, short: full };
  }
  const yearShown = start.slice(0, 4) !== currentYear;
  if (allDay) return { full: span('date-start', day(start, yearShown)), short: 'All day' };
  return {
    full: `${span('date-start', `${day(start, yearShown)} @ ${time(start)}`)} - ${span('time', time(end))}`,
    short: `${span('date-start', time(start))} - ${span('time', time(end))}`,
  };
}

/** PHP's DateTime as JSON: `{date, timezone_type, timezone}` (type 1 for fixed offsets, 3 for names). */
function dateObject(wall: string, tz: string, utc: string) {
  const fixed = isFixedZone(tz) && tz !== 'UTC';
  return {
    date: `${wall}.000000`,
    timezone_type: fixed ? 1 : 3,
    timezone: fixed ? offsetString(tz, utc) : tz,
  };
}

export interface EventRender {
  terms: Map<number, (Term & { count: number })[]>;
  organizers: Map<number, number[]>;
  linked: Map<number, Post>;
}

/** Everything a page of events links to, read in a few queries. */
export function loadEventRender(events: readonly Post[], scope: RequestScope): EventRender {
  const { posts, terms } = scope.stores;
  const ids = events.map((e) => e.id);
  const organizers = posts.organizerIdsOf(ids);
  const wanted = new Set<number>();
  for (const e of events) if (e.venue_id) wanted.add(e.venue_id);
  for (const list of organizers.values()) for (const id of list) wanted.add(id);
  return { terms: terms.ofPosts(ids), organizers, linked: posts.getMany([...wanted]) };
}

export function serializeTecEvent(post: Post, scope: RequestScope, render: EventRender): Record<string, unknown> {
  const meta = post.meta as unknown as EventMeta;
  const out = tecPostHead(post, scope);
  const { tags, cats } = termsOf(render.terms.get(post.id) ?? []);
  out.tags = tags.map((t) => t.id);
  out.tribe_events_cat = cats.map((t) => t.id);
  out.class_list = classList(post, tags, cats, out.featured_media as number);
  const site = scope.site.timezone;
  const tz = typeof meta.timezone === 'string' && isValidTimeZone(meta.timezone) ? meta.timezone : site;
  const start = post.start_local ?? post.date;
  const end = post.end_local ?? start;
  const startUtc = post.start_utc ?? start;
  const endUtc = post.end_utc ?? startUtc;
  out.start_date = start;
  out.start_date_utc = startUtc;
  out.end_date = end;
  out.end_date_utc = endUtc;
  const startSite = utcToWall(startUtc, site);
  const endSite = utcToWall(endUtc, site);
  out.dates = {
    start: dateObject(start, tz, startUtc),
    start_utc: dateObject(startUtc, 'UTC', startUtc),
    start_site: dateObject(startSite, site, startUtc),
    start_display: dateObject(start, tz, startUtc),
    end: dateObject(end, tz, endUtc),
    end_utc: dateObject(endUtc, 'UTC', endUtc),
    end_site: dateObject(endSite, site, endUtc),
    end_display: dateObject(end, tz, endUtc),
  };
  out.timezone = tz;
  const stored = (post.meta as Record<string, unknown>).duration;
  out.duration = String(
    meta.all_day === true && typeof stored === 'number'
      ? stored
      : Math.round((wallToMs(endUtc) - wallToMs(startUtc)) / 1000),
  );
  const days = daysSpanned(start, end);
  out.multiday = days > 1 ? days : false;
  const now = nowUtc(scope);
  out.is_past = endUtc < now.utc;
  out.is_now = startUtc <= now.utc && now.utc <= endUtc;
  out.all_day = meta.all_day === true;
  out.starts_this_week = null;
  out.ends_this_week = null;
  out.this_week_duration = null;
  out.happens_this_week = null;
  out.displays_on = [];
  out.featured = post.featured === 1;
  out.sticky = meta.sticky === true;
  out.cost = meta.cost === null || meta.cost === undefined ? '' : formatCost(meta.cost).cost;
  const organizers = (render.organizers.get(post.id) ?? [])
    .map((id) => render.linked.get(id))
    .filter((p): p is Post => p !== undefined && p.status !== 'trash');
  out.organizer_names = organizers.map((o) => o.title);
  out.organizers = organizers.map((o) => serializeTecOrganizer(o, scope));
  const venue = post.venue_id ? render.linked.get(post.venue_id) : undefined;
  out.venues = venue && venue.status !== 'trash' ? [serializeTecVenue(venue, scope)] : [];
  const schedule = scheduleDetails(start, end, out.all_day as boolean, now.local.slice(0, 4));
  out.schedule_details = schedule.full;
  out.short_schedule_details = schedule.short;
  return out;
}
