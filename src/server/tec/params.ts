/**
 * The parameters of each `tec/v1` operation, in the site's order: list filters (Events::read_params,
 * Venues::read_params, Organizers::read_params), request bodies (TEC_Post_Entity_Request_Body_Definition
 * and the Event/Venue/Organizer request body definitions) and the delete flag
 * (Post_Entity_Endpoint::delete_params). A resource's own fields and filters are derived from the
 * catalog (the specs with a `tec` facet: their name there, our words, where the plugin lists them; the
 * kind of check from the spec's type and meaning); WordPress's own post fields, paging, the status
 * filter, sorting and the few fields the catalog does not describe are listed here. Descriptions are ours.
 */
import {
  catalog,
  type FieldSpec,
  getResource,
  type ParamSpec,
  postTypeOf,
  type ResourceSpec,
  type TecFacet,
} from '../../catalog/index.js';
import type { RequestScope } from '../site.js';
import { ALLOWED_STATUS, isNumeric, RFC3339, STRICT_DATE, type TecArg } from './args.js';

export type TecResource = 'events' | 'venues' | 'organizers';

export const TEC_NS = 'tec/v1';

/** The plugin's post types served here, in the order it registers them (events, organizers, venues). */
export const TEC_RESOURCES: readonly TecResource[] = catalog
  .filter((r) => r.kind === 'post')
  .map((r) => r.name as TecResource)
  .sort();

/** The post type of a `tec/v1` resource (the catalog's). */
export const tecPostType = (resource: TecResource) => postTypeOf(getResource(resource));

/** An argument and where the plugin lists it among its operation's arguments. */
type Placed = TecArg & { position: number };

const text = (name: string, description: string, example: unknown = 'Example'): TecArg => ({
  name,
  kind: 'text',
  type: 'string',
  description,
  example,
});
const ids = (name: string, description: string, example: number[] = [126]): TecArg => ({
  name,
  kind: 'ids',
  type: 'array',
  description,
  example,
});
const bool = (name: string, description: string, extra: Partial<TecArg> = {}): TecArg => ({
  name,
  kind: 'boolean',
  type: 'boolean',
  description,
  example: true,
  ...extra,
});
const at = (position: number, arg: TecArg): Placed => ({ ...arg, position });

/** An id list naming existing posts of one type (Tribe__Events__Validator__Base::is_venue_id_list …). */
function linkedIdList(scope: RequestScope, type: string) {
  return (v: unknown): boolean => {
    const list = Array.isArray(v)
      ? v
      : typeof v === 'string' || typeof v === 'number'
        ? String(v)
            .split(/\s*,\s*/)
            .filter((s) => s !== '')
        : [];
    if (list.length === 0) return false;
    return list.every((id) => {
      if (!isNumeric(id)) return false;
      const post = scope.stores.posts.get(Number(id));
      return post !== undefined && post.type === type;
    });
  };
}

/**
 * A catalog field (`body`) or list filter (`list`) as `tec/v1` takes it: the check its type and meaning
 * call for (dates are strict in bodies, any date text in filters; links are id lists, and a filter by
 * venue or organizer names existing ones), with the facet's name, words and example.
 */
function fromCatalog(spec: FieldSpec | ParamSpec, facet: TecFacet, where: 'body' | 'list', scope?: RequestScope) {
  const name = facet.name ?? spec.name;
  const { description } = facet;
  const withExample = (arg: TecArg): Placed => ({
    ...arg,
    ...(facet.example !== undefined ? { example: facet.example } : {}),
    ...(facet.format ? { format: facet.format } : {}),
    position: facet.position,
  });
  if (spec.semantic === 'date') {
    const date = { name, type: 'string', format: 'date-time', description } as const;
    return where === 'body'
      ? withExample({ ...date, kind: 'datetime-strict', pattern: STRICT_DATE })
      : withExample({ ...date, kind: 'datetime', example: '2025-06-05T12:00:00Z' });
  }
  if (spec.semantic === 'url') return withExample({ ...text(name, description), kind: 'uri', format: 'uri' });
  if (spec.semantic === 'email') return withExample({ ...text(name, description), kind: 'email', format: 'email' });
  if (spec.type === 'boolean') return withExample(bool(name, description));
  if (spec.type === 'integer') return withExample({ name, kind: 'positive', type: 'integer', description });
  if (spec.type === 'list' || spec.link) {
    const list = ids(name, description);
    const target = spec.link ? getResource(spec.link) : undefined;
    if (where === 'list' && scope && target?.kind === 'post') {
      return withExample({ ...list, check: linkedIdList(scope, postTypeOf(target)) });
    }
    return withExample(list);
  }
  return withExample(text(name, description));
}

/** A resource's fields `tec/v1` takes in a body, with their catalog name, in the plugin's order. */
export function tecFields(resource: TecResource): { spec: FieldSpec; facet: TecFacet; name: string }[] {
  return getResource(resource)
    .fields.filter((f): f is FieldSpec & { tec: TecFacet } => f.tec !== undefined)
    .map((spec) => ({ spec, facet: spec.tec, name: spec.tec.name ?? spec.name }))
    .sort((a, b) => a.facet.position - b.facet.position);
}

const byPosition = (args: Placed[]): TecArg[] =>
  args.sort((a, b) => a.position - b.position).map(({ position: _p, ...arg }) => arg);

function fromList(resource: ResourceSpec, scope: RequestScope): Placed[] {
  return resource.listParams.flatMap((p) => (p.tec ? [fromCatalog(p, p.tec, 'list', scope)] : []));
}

function paging(perPage: number): Placed[] {
  return [
    at(1, {
      name: 'page',
      kind: 'positive',
      type: 'integer',
      default: 1,
      minimum: 1,
      description: 'Which page of results to return.',
      example: 1,
    }),
    at(2, {
      name: 'per_page',
      kind: 'positive',
      type: 'integer',
      default: perPage,
      maximum: 100,
      minimum: 1,
      description: 'How many records one page holds.',
      example: 51,
    }),
  ];
}

const statusFilter = (position: number, plural: string): Placed =>
  at(position, {
    name: 'status',
    kind: 'statuses',
    type: 'array',
    default: ['publish'],
    description: `Only ${plural} in these publication states (signed-in editors only; others always get published ones).`,
    example: ['publish'],
  });

export function eventListArgs(scope: RequestScope): TecArg[] {
  return byPosition([
    ...paging(scope.site.perPage),
    ...fromList(getResource('events'), scope),
    statusFilter(11, 'events'),
    at(18, {
      name: 'orderby',
      kind: 'enum',
      type: 'string',
      default: 'event_date',
      enum: ['date', 'event_date', 'title', 'menu_order', 'modified'],
      description: 'What the list is sorted by.',
      example: 'date',
    }),
    at(19, {
      name: 'order',
      kind: 'enum',
      type: 'string',
      default: 'ASC',
      enum: ['ASC', 'DESC'],
      description: 'Sort direction (upper case).',
      example: 'ASC',
    }),
  ]);
}

export function linkedListArgs(scope: RequestScope, plural: 'venues' | 'organizers'): TecArg[] {
  return byPosition([...paging(scope.site.perPage), ...fromList(getResource(plural), scope), statusFilter(7, plural)]);
}

const postDate = (name: string, description: string, example: string): TecArg => ({
  name,
  kind: 'datetime-strict',
  type: 'string',
  format: 'date-time',
  pattern: RFC3339,
  description,
  example,
});
const choice = (name: string, values: string[], dflt: string, description: string): TecArg => ({
  name,
  kind: 'enum',
  type: 'string',
  default: dflt,
  enum: values,
  description,
  example: dflt,
});

/** The body fields every post-like record takes (WordPress post fields), positions 1 to 15. */
function postBody(resource: TecResource): Placed[] {
  const own = resource === 'events';
  const fields = [
    postDate('date', 'Publication date in the site time zone (RFC 3339).', '2025-06-04T23:36:56+01:00'),
    postDate('date_gmt', 'Publication date in UTC (RFC 3339).', '2025-06-04T22:36:56Z'),
    text('slug', 'The name used in the record URL.', 'my-awesome-title'),
    choice('status', [...ALLOWED_STATUS], 'publish', 'Publication state.'),
    text('title', 'Title of the record.', 'My Awesome Title'),
    text('content', 'Description (tags are removed).', 'This is the content...'),
    text('excerpt', 'Short summary.', 'This is the excerpt...'),
    { name: 'author', kind: 'positive', type: 'integer', description: 'Id of the author.', example: 1 },
    {
      name: 'featured_media',
      kind: 'positive',
      type: 'integer',
      description: 'Id of the featured image.',
      example: 123,
    },
    choice('comment_status', ['open', 'closed'], 'open', 'Whether comments are open.'),
    choice('ping_status', ['open', 'closed'], 'open', 'Whether pings are accepted.'),
    choice(
      'format',
      ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'],
      'standard',
      'Post format.',
    ),
    // (an event's own `sticky` and `tags` are the catalog's: see its facets)
    ...(own ? [] : [bool('sticky', 'Whether the record is pinned.', { default: false, example: false })]),
    text('template', 'Theme template file.', 'templates-full.php'),
    ...(own ? [] : [ids('tags', 'Ids of the tags of the record.', [2, 8, 15])]),
  ] satisfies TecArg[];
  const positions: Record<string, number> = { sticky: 13, template: 14, tags: 15 };
  return fields.map((arg, i) => at(positions[arg.name] ?? i + 1, arg));
}

const strictDate = (name: string, description: string, example: string): TecArg => ({
  name,
  kind: 'datetime-strict',
  type: 'string',
  format: 'date-time',
  pattern: STRICT_DATE,
  description,
  example,
});

/** What an event's body takes that the catalog does not describe: the UTC times and the length. */
const EVENT_EXTRAS: Placed[] = [
  at(18, strictDate('start_date_utc', 'Start, in UTC.', '2025-06-05 09:00:00')),
  at(20, strictDate('end_date_utc', 'End, in UTC.', '2025-06-05 13:00:00')),
  at(22, { name: 'duration', kind: 'positive', type: 'integer', description: 'Length in seconds.', example: 14400 }),
];

export function bodyArgs(resource: TecResource): TecArg[] {
  const own = tecFields(resource).map(({ spec, facet }) => fromCatalog(spec, facet, 'body'));
  return byPosition([...postBody(resource), ...own, ...(resource === 'events' ? EVENT_EXTRAS : [])]);
}

export const DELETE_ARGS: TecArg[] = [
  bool('force', 'Delete for good instead of moving to the trash.', { default: false }),
];
