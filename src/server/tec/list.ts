/**
 * The `tec/v1` collections (Read_Archive_Response::read and ::build_query over the plugin's ORM):
 * a plain array of records, `X-WP-Total` / `X-WP-TotalPages`, a `Link` header for the next and
 * previous pages, no default date window, and 404 for an empty page past the first.
 */

import { wallToUtc } from '../../clock/index.js';
import { withQuery } from '../rest/root.js';
import type { Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { wordsClause } from '../store/page-queries.js';
import type { Post } from '../store/types.js';
import { parseTimeToWall } from '../time/strtotime.js';
import { canType, type PostTypeName } from '../users/caps.js';
import { loadEventRender, serializeTecEvent } from './event-record.js';
import { type TecResource, tecPostType } from './params.js';
import { serializeTecOrganizer, serializeTecVenue } from './records.js';

/** What a list handler gets: the sanitized parameters and the query pairs for the paging links. */
export interface ListInput {
  scope: RequestScope;
  params: Record<string, unknown>;
  /** the query string's parameters in order, values as sanitized (what add_query_arg rebuilds) */
  pairs: [string, string][];
  /** scheme://host/wp-json/tec/v1/<resource> */
  base: string;
}

/** WordPress search: every word in the title, the content or the excerpt. */
function searchClause(search: string, where: string[], args: unknown[]): void {
  const clause = wordsClause(['p.title', 'p.content', 'p.excerpt'], search.split(/\s+/).filter(Boolean), 'every');
  if (clause === null) return;
  where.push(clause.sql);
  args.push(clause.arg);
}

/**
 * Statuses listed: `publish` unless a caller who may edit the type asked for others (build_query);
 * one who may not edit others' posts sees only their own in a status other than `publish` (observed
 * on the reference site: a subscriber asking `status=draft` is shown the published ones, a contributor
 * or an author their own drafts only; the permission matrix's `tec GET /events?status=…` cells).
 */
function statusClause(
  scope: RequestScope,
  type: PostTypeName,
  params: Record<string, unknown>,
  where: string[],
  args: unknown[],
) {
  const asked = Array.isArray(params.status) ? (params.status as string[]) : ['publish'];
  const editor = canType(scope, type, 'edit_posts');
  const statuses = editor ? [...new Set(asked)] : ['publish'];
  where.push(`p.status IN (${statuses.map(() => '?').join(',')})`);
  args.push(...statuses);
  if (editor && !canType(scope, type, 'edit_others_posts') && statuses.some((s) => s !== 'publish')) {
    where.push("(p.status = 'publish' OR p.author = ?)");
    args.push(scope.userId);
  }
}

const inList = (ids: readonly number[]) => ids.map(() => '?').join(',') || 'NULL';

/**
 * A date filter in the site zone, compared as the event repository compares it: on the UTC columns
 * when the site runs in UTC, on the local ones otherwise.
 */
function dateBound(scope: RequestScope, value: unknown): { utc: string; local: string } | null {
  const text = typeof value === 'number' ? `@${value}` : /^\d+$/.test(String(value)) ? `@${value}` : String(value);
  const local = parseTimeToWall(text, { now: scope.site.now(), timezone: scope.site.timezone });
  return local === null ? null : { local, utc: wallToUtc(local, scope.site.timezone) };
}

const ORDER_COLUMNS: Record<string, string> = {
  event_date: 'p.start_local',
  date: 'p.date',
  title: 'p.title',
  modified: 'p.modified',
  menu_order: "(CASE WHEN json_extract(p.meta, '$.sticky') THEN -1 ELSE 0 END)",
};

function eventClauses(scope: RequestScope, params: Record<string, unknown>, where: string[], args: unknown[]) {
  const utcSite = scope.site.timezone === 'UTC';
  const bounds: [string, string, string][] = [
    ['start_date', 'start', '>='],
    ['end_date', 'end', '<='],
    ['starts_before', 'start', '<'],
    ['starts_after', 'start', '>'],
    ['ends_before', 'end', '<'],
    ['ends_after', 'end', '>'],
  ];
  for (const [name, which, op] of bounds) {
    if (params[name] === undefined || params[name] === '') continue;
    const b = dateBound(scope, params[name]);
    if (!b) continue;
    where.push(`p.${which}_${utcSite ? 'utc' : 'local'} ${op} ?`);
    args.push(utcSite ? b.utc : b.local);
  }
  const { terms } = scope.stores;
  for (const [name, tax] of [
    ['categories', 'tribe_events_cat'],
    ['tags', 'post_tag'],
  ] as const) {
    if (!Array.isArray(params[name])) continue;
    const given = params[name] as number[];
    const ids =
      tax === 'tribe_events_cat'
        ? [...new Set(given.flatMap((id) => (terms.getOf(tax, id) ? terms.withDescendants(id) : [])))]
        : given.filter((id) => terms.getOf(tax, id));
    // (ids that name no term of the taxonomy are dropped; when none is left, nothing is filtered)
    if (ids.length === 0) continue;
    where.push(`p.id IN (SELECT post_id FROM term_relationships WHERE term_id IN (${inList(ids)}))`);
    args.push(...ids);
  }
  if (params.venue !== undefined) {
    const ids = String(params.venue)
      .split(/\s*,\s*/)
      .map(Number);
    where.push(`p.venue_id IN (${inList(ids)})`);
    args.push(...ids);
  }
  if (params.organizer !== undefined) {
    const ids = String(params.organizer)
      .split(/\s*,\s*/)
      .map(Number);
    where.push(`p.id IN (SELECT event_id FROM event_organizers WHERE organizer_id IN (${inList(ids)}))`);
    args.push(...ids);
  }
  if (params.featured !== undefined) where.push(`p.featured = ${params.featured ? 1 : 0}`);
  if (params.post_parent !== undefined) {
    where.push('p.parent = ?');
    args.push(params.post_parent);
  }
}

function linkedClauses(
  type: 'tribe_venue' | 'tribe_organizer',
  params: Record<string, unknown>,
  where: string[],
  args: unknown[],
) {
  const venue = type === 'tribe_venue';
  if (params.event !== undefined) {
    where.push(
      venue
        ? 'p.id IN (SELECT venue_id FROM posts WHERE id = ? AND venue_id IS NOT NULL)'
        : 'p.id IN (SELECT organizer_id FROM event_organizers WHERE event_id = ?)',
    );
    args.push(params.event);
  }
  // The repository joins the event link whatever value is given (filter_by_has_events).
  if (params.has_events !== undefined) {
    where.push(
      venue
        ? "EXISTS (SELECT 1 FROM posts e WHERE e.venue_id = p.id AND e.type = 'tribe_events')"
        : 'EXISTS (SELECT 1 FROM event_organizers l WHERE l.organizer_id = p.id)',
    );
  }
}

/** Link header value: next, then previous, each the current URL with its `page` replaced. */
function linkHeader(base: string, pairs: [string, string][], page: number, totalPages: number): string | undefined {
  const url = (n: number) => {
    const next: [string, string][] = pairs.some(([k]) => k === 'page')
      ? pairs.map(([k, v]) => [k, k === 'page' ? String(n) : v])
      : [...pairs, ['page', String(n)]];
    const enc = (s: string) =>
      encodeURIComponent(s)
        .replace(/%20/g, '+')
        .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    return withQuery(
      base,
      `${next.map(([k, v]) => `${enc(k).replace(/%5B/gi, '%5B').replace(/%5D/gi, '%5D')}=${enc(v)}`).join('&')}`,
    );
  };
  const links: string[] = [];
  if (page < totalPages) links.push(`<${url(page + 1)}>; rel="next"`);
  if (page > 1) links.push(`<${url(page - 1)}>; rel="prev"`);
  return links.length ? links.join(', ') : undefined;
}

export function listTec(resource: TecResource, input: ListInput): Reply {
  const { scope, params } = input;
  const type = tecPostType(resource);
  const where = ['p.type = ?'];
  const args: unknown[] = [type];
  statusClause(scope, type, params, where, args);
  if (typeof params.search === 'string' && params.search !== '') searchClause(params.search, where, args);
  if (type === 'tribe_events') eventClauses(scope, params, where, args);
  else linkedClauses(type, params, where, args);
  const page = (params.page as number | undefined) || 1;
  const perPage = (params.per_page as number | undefined) || scope.site.perPage;
  let order = 'p.date DESC, p.id DESC';
  if (type === 'tribe_events') {
    const dir = params.order === 'DESC' ? 'DESC' : 'ASC';
    const column = ORDER_COLUMNS[String(params.orderby ?? 'event_date')] ?? 'p.start_local';
    order = `${column} ${dir}, p.id ${dir}`;
  }
  const { posts } = scope.stores;
  const { ids, total } = posts.query(where.join(' AND '), args, order, perPage, (page - 1) * perPage);
  if (ids.length === 0 && page > 1) {
    return { status: 404, body: { code: 'tec_rest_organizers_page_not_found', message: 'There is no such page.' } };
  }
  const found = posts.getMany(ids);
  const records = ids.map((id) => found.get(id)).filter((p): p is Post => p !== undefined);
  let body: Record<string, unknown>[];
  if (type === 'tribe_events') {
    const render = loadEventRender(records, scope);
    body = records.map((p) => serializeTecEvent(p, scope, render));
  } else {
    const one = type === 'tribe_venue' ? serializeTecVenue : serializeTecOrganizer;
    body = records.map((p) => one(p, scope));
  }
  const totalPages = perPage > 0 ? Math.ceil(total / perPage) : 1;
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
  const link = linkHeader(input.base, input.pairs, page, totalPages);
  if (link) headers.Link = link;
  return { status: 200, body, headers };
}
