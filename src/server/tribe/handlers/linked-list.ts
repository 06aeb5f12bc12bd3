import { postTypeOf } from '../../../catalog/index.js';
import { parseStatusParam, siteNow, statusesFor } from '../../posts/rules.js';
import { looseBool } from '../../rest/args.js';
import { restBase } from '../../rest/root.js';
import type { Reply } from '../../rest/types.js';
import { wordsClause } from '../../store/page-queries.js';
import type { Post } from '../../store/types.js';
import { canType } from '../../users/caps.js';
import type { HandlerRequest } from '../namespace.js';
import { serializeOrganizer, serializeVenue } from '../records/linked.js';
import { paging, postArchive, searchWords } from './list-common.js';

/** Fields searched per resource; every word must occur in the same one (observed #23). */
const SEARCH_FIELDS: Record<string, string[]> = {
  venues: ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
  organizers: ['phone', 'email', 'website'],
};

/** Events that count as "having events": not drafts, pending or trashed. */
const LIVE_EVENT = "e.type = 'tribe_events' AND e.status NOT IN ('draft', 'pending', 'trash', 'auto-draft')";

function linkSql(resource: string): string {
  return resource === 'venues'
    ? 'SELECT e.id FROM posts e WHERE e.venue_id = p.id'
    : 'SELECT e.id FROM event_organizers eo JOIN posts e ON e.id = eo.event_id WHERE eo.organizer_id = p.id';
}

export function listLinked(req: HandlerRequest): Reply {
  const { scope, params: q, resource } = req;
  const pg = paging(q, scope);
  const type = postTypeOf(resource);
  // (the second term lets SQLite use the partial date index of venues and organizers for the order)
  const where: string[] = ['p.type = ?', "p.type <> 'tribe_events'"];
  const args: unknown[] = [type];
  const pairs: [string, string][] = [
    ['page', String(pg.page)],
    ['per_page', String(pg.perPage)],
  ];
  if (req.has('event')) {
    const eventId = Number(q.event);
    where.push(
      resource.name === 'venues'
        ? 'p.id = (SELECT venue_id FROM posts WHERE id = ?)'
        : 'p.id IN (SELECT organizer_id FROM event_organizers WHERE event_id = ?)',
    );
    args.push(eventId);
    pairs.push(['event', String(eventId)]);
  }
  if (req.has('has_events')) {
    const want = looseBool(q.has_events);
    where.push(`${want ? '' : 'NOT '}EXISTS (${linkSql(resource.name)} AND ${LIVE_EVENT})`);
    pairs.push(['has_events', String(q.has_events)]);
  }
  if (req.has('only_with_upcoming') && looseBool(q.only_with_upcoming)) {
    const visible = scope.userId === null ? "e.status = 'publish'" : "e.status NOT IN ('trash', 'auto-draft')";
    where.push(`EXISTS (${linkSql(resource.name)} AND ${visible} AND e.start_utc >= ?)`);
    args.push(siteNow(scope).utc);
  }
  const editor = canType(scope, postTypeOf(resource), 'edit_posts');
  const requested = req.has('status') ? (parseStatusParam(q.status, editor) as string[]) : undefined;
  const statuses = statusesFor(editor, requested);
  where.push(`p.status IN (${statuses.map(() => '?').join(',')})`);
  args.push(...statuses);
  pairs.push(['status', requested ? requested.join(',') : editor ? 'any' : 'publish']);

  const order = 'p.date DESC, p.id DESC';
  const offset = (pg.page - 1) * pg.perPage;
  const { posts } = scope.stores;
  let result: { ids: number[]; total: number };
  if (req.has('search')) {
    const words = searchWords(String(q.search));
    const fields = [
      'p.title',
      'p.content',
      'p.excerpt',
      ...(SEARCH_FIELDS[resource.name] ?? []).map((f) => `json_extract(p.meta, '$.${f}')`),
    ];
    // (every word in the same field: one condition per field, each of constant depth; the plugin finds
    // the matches with its duplicate-post finder, Tribe__Duplicate__Post::find_all_for, which leaves
    // trashed posts out whatever the status asked for)
    const perField = fields.map((f) => wordsClause([f], words, 'every'));
    const clause = `p.status <> 'trash' AND (${perField.map((c) => c?.sql ?? '1').join(' OR ')})`;
    const searchArgs = perField.flatMap((c) => (c ? [c.arg] : []));
    result = posts.query([...where, `(${clause})`].join(' AND '), [...args, ...searchArgs], order, pg.perPage, offset);
    if (result.total === 0) {
      // The site drops the search before counting: no match still reports every visible record.
      const all = posts.query(where.join(' AND '), args, order, 1, 0);
      result = { ids: [], total: all.total };
      const body = postArchive(
        resource.name,
        [],
        `${restBase(scope)}/${resource.name}/`,
        pairs,
        { ...pg, page: 1 },
        all.total,
        'x',
        resource.singular,
      );
      return body;
    }
  } else {
    result = posts.query(where.join(' AND '), args, order, pg.perPage, offset);
  }
  const rows = posts.getMany(result.ids);
  const render = resource.name === 'venues' ? serializeVenue : serializeOrganizer;
  const items = result.ids.map((id) => render(rows.get(id) as Post, scope, false));
  return postArchive(
    resource.name,
    items,
    `${restBase(scope)}/${resource.name}/`,
    pairs,
    pg,
    result.total,
    resource.codes.pageNotFound as string,
    resource.singular,
  );
}
