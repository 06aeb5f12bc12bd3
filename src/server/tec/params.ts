/**
 * The parameters of each `tec/v1` operation, in the site's order: list filters (Events::read_params,
 * Venues::read_params, Organizers::read_params), request bodies (TEC_Post_Entity_Request_Body_Definition
 * and the Event/Venue/Organizer request body definitions) and the delete flag
 * (Post_Entity_Endpoint::delete_params). Descriptions are ours.
 */
import type { RequestScope } from '../site.js';
import { ALLOWED_STATUS, isNumeric, RFC3339, STRICT_DATE, type TecArg } from './args.js';

export type TecResource = 'events' | 'venues' | 'organizers';
export const TEC_POST_TYPE = {
  events: 'tribe_events',
  venues: 'tribe_venue',
  organizers: 'tribe_organizer',
} as const;

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
const when = (name: string, description: string): TecArg => ({
  name,
  kind: 'datetime',
  type: 'string',
  format: 'date-time',
  description,
  example: '2025-06-05T12:00:00Z',
});

function paging(perPage: number): TecArg[] {
  return [
    {
      name: 'page',
      kind: 'positive',
      type: 'integer',
      default: 1,
      minimum: 1,
      description: 'Which page of results to return.',
      example: 1,
    },
    {
      name: 'per_page',
      kind: 'positive',
      type: 'integer',
      default: perPage,
      maximum: 100,
      minimum: 1,
      description: 'How many records one page holds.',
      example: 51,
    },
  ];
}

const statusFilter = (plural: string): TecArg => ({
  name: 'status',
  kind: 'statuses',
  type: 'array',
  default: ['publish'],
  description: `Only ${plural} in these publication states (signed-in editors only; others always get published ones).`,
  example: ['publish'],
});

/** An id list naming existing posts of one type (Tribe__Events__Validator__Base::is_venue_id_list …). */
function linkedIdList(scope: RequestScope, type: 'tribe_venue' | 'tribe_organizer') {
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

export function eventListArgs(scope: RequestScope): TecArg[] {
  return [
    ...paging(scope.site.perPage),
    when('start_date', 'Only events starting at or after this date.'),
    when('end_date', 'Only events ending at or before this date.'),
    text('search', 'Words to look for in the title, description and excerpt.'),
    ids('categories', 'Only events in one of these event categories (ids).'),
    ids('tags', 'Only events with one of these tags (ids).'),
    { ...ids('venue', 'Only events at one of these venues (ids).'), check: linkedIdList(scope, 'tribe_venue') },
    {
      ...ids('organizer', 'Only events run by one of these organizers (ids).'),
      check: linkedIdList(scope, 'tribe_organizer'),
    },
    bool('featured', 'Only featured events (true) or only the others (false).'),
    statusFilter('events'),
    {
      name: 'post_parent',
      kind: 'positive',
      type: 'integer',
      description: 'Only events whose parent post is this id.',
      example: 126,
    },
    when('starts_before', 'Only events starting before this date.'),
    when('starts_after', 'Only events starting after this date.'),
    when('ends_before', 'Only events ending before this date.'),
    when('ends_after', 'Only events ending after this date.'),
    bool('ticketed', 'Only events with tickets (needs a ticketing plugin; without one it changes nothing).'),
    {
      name: 'orderby',
      kind: 'enum',
      type: 'string',
      default: 'event_date',
      enum: ['date', 'event_date', 'title', 'menu_order', 'modified'],
      description: 'What the list is sorted by.',
      example: 'date',
    },
    {
      name: 'order',
      kind: 'enum',
      type: 'string',
      default: 'ASC',
      enum: ['ASC', 'DESC'],
      description: 'Sort direction (upper case).',
      example: 'ASC',
    },
  ];
}

export function linkedListArgs(scope: RequestScope, plural: 'venues' | 'organizers'): TecArg[] {
  return [
    ...paging(scope.site.perPage),
    text('search', 'Words to look for in the name and description.'),
    {
      name: 'event',
      kind: 'positive',
      type: 'integer',
      description: `Only the ${plural} linked to this event id.`,
      example: 126,
    },
    bool('has_events', `Only ${plural} linked to at least one event.`),
    bool('only_with_upcoming', `Only ${plural} with upcoming events.`),
    statusFilter(plural),
  ];
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

/** The body fields every post-like record takes (WordPress post fields). */
function postBody(stickyDefault: boolean): TecArg[] {
  return [
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
    bool('sticky', 'Whether the record is pinned.', stickyDefault ? { default: false, example: false } : {}),
    text('template', 'Theme template file.', 'templates-full.php'),
    ids('tags', 'Ids of the tags of the record.', [2, 8, 15]),
  ];
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

export function bodyArgs(resource: TecResource): TecArg[] {
  if (resource === 'events') {
    return [
      ...postBody(false).filter((a) => a.name !== 'sticky' && a.name !== 'template' && a.name !== 'tags'),
      bool('sticky', 'Whether the event is pinned in calendar views.', { example: false }),
      text('template', 'Theme template file.', 'templates-full.php'),
      ids('tags', 'Ids of the tags of the event.', [2, 8, 15]),
      ids('tribe_events_cat', 'Ids of the event categories.', [1, 5, 12]),
      strictDate('start_date', 'Start, in the event time zone.', '2025-06-05 12:00:00'),
      strictDate('start_date_utc', 'Start, in UTC.', '2025-06-05 09:00:00'),
      strictDate('end_date', 'End, in the event time zone.', '2025-06-05 16:00:00'),
      strictDate('end_date_utc', 'End, in UTC.', '2025-06-05 13:00:00'),
      text('timezone', 'Time zone of the event (an IANA name or UTC±h).', 'Europe/Athens'),
      { name: 'duration', kind: 'positive', type: 'integer', description: 'Length in seconds.', example: 14400 },
      bool('all_day', 'Whether the event lasts whole days.', { example: false }),
      bool('featured', 'Whether the event is featured.', { example: false }),
      text('cost', 'Price as text.', '$10'),
      ids('organizers', 'Ids of the organizers, in order.', [1, 2]),
      ids('venues', 'Ids of the venues.', [7]),
    ];
  }
  if (resource === 'venues') {
    return [
      ...postBody(true),
      text('address', 'Street address.'),
      text('country', 'Country.'),
      text('city', 'City.'),
      text('state_province', 'State or province as one text.'),
      text('state', 'State.'),
      text('province', 'Province.'),
      text('zip', 'Postal code.'),
      text('phone', 'Phone number.'),
      { ...text('website', 'Web page.', 'https://example.com'), kind: 'uri', format: 'uri' },
    ];
  }
  return [
    ...postBody(true),
    { ...text('phone', 'Phone number.', '123-456-7890'), format: 'tel' },
    { ...text('website', 'Web page.', 'https://example.com'), kind: 'uri', format: 'uri' },
    { ...text('email', 'E-mail address.', 'example@example.com'), kind: 'email', format: 'email' },
  ];
}

export const DELETE_ARGS: TecArg[] = [
  bool('force', 'Delete for good instead of moving to the trash.', { default: false }),
];
