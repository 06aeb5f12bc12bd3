/**
 * `GET /wp-json/tec/v1/docs`: the OpenAPI 3 document of the namespace, in the shape the site serves it
 * (common/src/Common/REST/TEC/V1/Endpoints/OpenApiDocs.php, Documentation/*): info, tags, component
 * schemas, servers, paths with operation ids, parameters, request bodies and responses. The
 * parameters come from the same tables the router validates with; the descriptions are ours.
 */
import { restRoot } from '../rest/root.js';
import type { RequestScope } from '../site.js';
import { describeArg, RFC3339, STRICT_DATE, type TecArg } from './args.js';
import {
  bodyArgs,
  DELETE_ARGS,
  eventListArgs,
  linkedListArgs,
  TEC_NS,
  TEC_RESOURCES,
  type TecResource,
} from './params.js';

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const p = (type: string, description: string, extra: Schema = {}): Schema => ({ description, type, ...extra });
const dateTime = (description: string, pattern: string, example: string, extra: Schema = {}) =>
  p('string', description, { ...extra, format: 'date-time', pattern, example });

/** A parameter's schema as OpenAPI shows it (no description or `required` inside). */
function paramSchema(arg: TecArg): Schema {
  const { description: _d, required: _r, ...schema } = describeArg(arg);
  return schema;
}

function parameter(arg: TecArg, where: 'query' | 'path' = 'query'): Schema {
  return {
    name: arg.name,
    in: where,
    description: arg.description,
    required: where === 'path',
    ...(arg.type === 'array' ? { explode: false } : {}),
    schema: paramSchema(arg),
    example: arg.example,
  };
}

/** The request body schema of a resource: its properties with examples. */
function bodyProperties(args: TecArg[]): Record<string, Schema> {
  return Object.fromEntries(
    args.map((a) => {
      const s = paramSchema(a);
      if (a.name === 'date' || a.name === 'date_gmt') s.nullable = true;
      return [a.name, { description: a.description, ...s, example: a.example }];
    }),
  );
}

const POST_ENTITY: Record<string, Schema> = {
  date: dateTime('Publication date, site time zone.', RFC3339, '2025-06-04T23:36:56+01:00', { nullable: true }),
  date_gmt: dateTime('Publication date, UTC.', RFC3339, '2025-06-04T22:36:56Z', { nullable: true }),
  guid: p('object', 'Globally unique identifier.', {
    nullable: true,
    readOnly: true,
    properties: { rendered: p('string', 'The identifier.', { format: 'uri' }) },
  }),
  id: p('integer', 'Record id.', { readOnly: true, example: 12345 }),
  link: p('string', 'Public URL.', { readOnly: true, format: 'uri' }),
  modified: dateTime('Last change, site time zone.', RFC3339, '2025-06-05T19:06:56-03:30', { readOnly: true }),
  modified_gmt: dateTime('Last change, UTC.', RFC3339, '2025-06-05T22:36:56Z', { readOnly: true }),
  slug: p('string', 'Name used in the URL.'),
  status: p('string', 'Publication state.'),
  permalink_template: p('string', 'Permalink template.', { readOnly: true }),
  generated_slug: p('string', 'Slug WordPress would generate.', { readOnly: true }),
  title: p('object', 'Title.', { properties: { rendered: p('string', 'Title as displayed.') } }),
  content: p('object', 'Description.', {
    properties: { rendered: p('string', 'As displayed.'), protected: p('boolean', 'Password protected.') },
  }),
  excerpt: p('object', 'Summary.', {
    properties: { rendered: p('string', 'As displayed.'), protected: p('boolean', 'Password protected.') },
  }),
  author: p('integer', 'Author id.'),
  featured_media: p('integer', 'Featured image id.'),
  comment_status: p('string', 'Comments open or closed.'),
  ping_status: p('string', 'Pings open or closed.'),
  format: p('string', 'Post format.'),
  sticky: p('boolean', 'Pinned.'),
  template: p('string', 'Theme template.'),
  tags: p('array', 'Tag ids.', { items: { type: 'integer' } }),
};

const utcDate = (d: string) => dateTime(d, STRICT_DATE, '2025-06-05 12:00:00');

const EVENT: Record<string, Schema> = {
  tribe_events_cat: p('array', 'Category ids.', { items: { type: 'integer' }, uniqueItems: true }),
  start_date: utcDate('Start, event time zone.'),
  start_date_utc: utcDate('Start, UTC.'),
  end_date: utcDate('End, event time zone.'),
  end_date_utc: utcDate('End, UTC.'),
  dates: ref('DateDetails'),
  timezone: p('string', 'Time zone of the event.'),
  duration: p('integer', 'Length in seconds.'),
  multiday: p('boolean', 'Days spanned when more than one, else false.'),
  is_past: p('boolean', 'Ended already.'),
  is_now: p('boolean', 'Happening now.'),
  all_day: p('boolean', 'Lasts whole days.'),
  starts_this_week: p('boolean', 'Week views only.', { nullable: true }),
  ends_this_week: p('boolean', 'Week views only.', { nullable: true }),
  happens_this_week: p('boolean', 'Week views only.', { nullable: true }),
  this_week_duration: p('integer', 'Week views only.', { nullable: true }),
  displays_on: p('array', 'Days shown on (views only).', {
    items: { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  }),
  featured: p('boolean', 'Featured.'),
  sticky: p('boolean', 'Pinned in calendar views.'),
  cost: p('string', 'Price as displayed.'),
  organizer_names: p('array', 'Organizer names.', { items: { type: 'string' } }),
  organizers: p('array', 'Organizers, whole.', { items: ref('Organizer') }),
  venues: p('array', 'Venues, whole.', { items: ref('Venue') }),
  ticketed: p('array', 'Ticket providers (ticketing plugins only).', { items: { type: 'string' } }),
  schedule_details: p('string', 'When, as HTML.'),
  short_schedule_details: p('string', 'When, short, as HTML.'),
};

const text = (d: string, extra: Schema = {}) => p('string', d, extra);
const VENUE: Record<string, Schema> = {
  address: text('Street address.'),
  country: text('Country.'),
  city: text('City.'),
  state_province: text('State or province.'),
  state: text('State.'),
  province: text('Province.'),
  zip: text('Postal code.'),
  phone: text('Phone.'),
  website: text('Web page.', { format: 'uri' }),
  directions_link: text('Map directions.', { format: 'uri' }),
};
const ORGANIZER: Record<string, Schema> = {
  phone: text('Phone.', { format: 'tel' }),
  website: text('Web page.', { format: 'uri' }),
  email: text('E-mail.', { format: 'email' }),
};

const extend = (base: string, title: string, properties: Record<string, Schema>) => ({
  allOf: [ref(base), { type: 'object', title, description: `${title}.`, properties }],
});

function components(): Schema {
  const dateObj = {
    type: 'object',
    properties: {
      date: dateTime(
        'Wall time.',
        '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6}$',
        '2025-07-10 08:00:00.000000',
      ),
      timezone_type: p('integer', 'PHP time zone kind.'),
      timezone: p('string', 'Time zone.'),
    },
  };
  const details = ['start', 'start_utc', 'start_site', 'start_display', 'end', 'end_utc', 'end_site', 'end_display'];
  return {
    schemas: {
      TEC_Post_Entity: {
        type: 'object',
        title: 'TEC Post Entity',
        description: 'A post-like record.',
        properties: POST_ENTITY,
      },
      TEC_Post_Entity_Request_Body: {
        title: 'TEC Post Entity Request Body',
        description: 'Fields of a post-like record.',
        type: 'object',
        properties: bodyProperties(bodyArgs('venues').slice(0, 15)),
      },
      Event: extend('TEC_Post_Entity', 'Event', EVENT),
      Event_Request_Body: extend(
        'TEC_Post_Entity_Request_Body',
        'Event Request Body',
        bodyProperties(bodyArgs('events').slice(15)),
      ),
      Organizer_Request_Body: extend(
        'TEC_Post_Entity_Request_Body',
        'Organizer Request Body',
        bodyProperties(bodyArgs('organizers').slice(15)),
      ),
      Venue_Request_Body: extend(
        'TEC_Post_Entity_Request_Body',
        'Venue Request Body',
        bodyProperties(bodyArgs('venues').slice(15)),
      ),
      Organizer: extend('TEC_Post_Entity', 'Organizer', ORGANIZER),
      Venue: extend('TEC_Post_Entity', 'Venue', VENUE),
      Date: dateObj,
      DateDetails: { type: 'object', properties: Object.fromEntries(details.map((d) => [d, ref('Date')])) },
      OpenApiDocumentation: {
        type: 'object',
        properties: {
          openapi: p('string', 'OpenAPI version.'),
          info: p('object', 'About the interface.'),
          components: p('object', 'Shared schemas.'),
          servers: p('array', 'Base URLs.', { items: { type: 'object' } }),
          paths: p('object', 'Operations by path.', { properties: { OpenApiPath: ref('OpenApiPath') } }),
        },
      },
      OpenApiPath: { type: 'object', properties: { get: p('object', 'A read operation.') } },
    },
    securitySchemes: { BasicAuth: { type: 'http', scheme: 'basic' } },
  };
}

const NAMES = {
  events: ['Event', 'Events', 'event'],
  venues: ['Venue', 'Venues', 'venue'],
  organizers: ['Organizer', 'Organizers', 'organizer'],
} as const;

const responses = (codes: Record<string, string>, ok?: Schema) =>
  Object.fromEntries(
    Object.entries(codes).map(([c, d], i) => [c, i === 0 && ok ? { description: d, ...ok } : { description: d }]),
  );
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
const auth = [{ BasicAuth: [] }];
const idParam: TecArg = { name: 'id', kind: 'positive', type: 'integer', description: 'Record id.', example: 126 };

function paths(resource: TecResource, scope: RequestScope): Record<string, Schema> {
  const [one, many, word] = NAMES[resource];
  const list = resource === 'events' ? eventListArgs(scope) : linkedListArgs(scope, resource);
  const body = bodyArgs(resource);
  const example = Object.fromEntries(body.map((a) => [a.name, a.example]));
  const requestBody = (verb: string) => ({
    description: `The ${word} to ${verb}.`,
    required: true,
    content: { 'application/json': { schema: ref(`${one}_Request_Body`), example } },
  });
  const headers = {
    'X-WP-Total': { description: `How many ${word}s match.`, required: true, schema: { type: 'integer' } },
    'X-WP-TotalPages': { description: 'How many pages there are.', required: true, schema: { type: 'integer' } },
    Link: {
      description: 'Links to the next and previous pages, when there are.',
      required: false,
      schema: { type: 'array', items: { type: 'string', format: 'uri' } },
    },
  };
  const op = (summary: string, id: string, security: unknown[], rest: Schema) => ({
    summary,
    security,
    description: `${summary}.`,
    operationId: id,
    tags: ['Events'],
    ...rest,
  });
  return {
    [`/${resource}`]: {
      get: op(`List ${word}s`, `get${many}`, [], {
        parameters: list.map((a) => parameter(a)),
        responses: responses(
          { 200: `A page of ${word}s.`, 400: 'A parameter is invalid.', 404: 'No such page.' },
          { headers, ...json({ type: 'array', items: ref(one) }) },
        ),
      }),
      post: op(`Create ${word === 'event' ? 'an' : 'a'} ${word}`, `create${one}`, auth, {
        requestBody: requestBody('create'),
        parameters: [],
        responses: responses(
          { 201: 'Created.', 400: 'Invalid data.', 401: 'Not signed in.', 403: 'Not allowed.', 500: 'Not saved.' },
          json(ref(one)),
        ),
      }),
    },
    [`/${resource}/{id}`]: {
      get: op(`Read one ${word}`, `get${one}`, [], {
        parameters: [parameter(idParam, 'path')],
        responses: responses({ 200: `The ${word}.`, 404: 'Not found.' }, json(ref(one))),
      }),
      put: op(`Update ${word === 'event' ? 'an' : 'a'} ${word}`, `update${one}`, auth, {
        requestBody: requestBody('update'),
        parameters: [parameter(idParam, 'path')],
        responses: responses(
          {
            200: 'Updated.',
            400: 'Invalid data.',
            401: 'Not signed in.',
            403: 'Not allowed.',
            404: 'Not found.',
            500: 'Not saved.',
          },
          json(ref(one)),
        ),
      }),
      delete: op(`Delete ${word === 'event' ? 'an' : 'a'} ${word}`, `delete${one}`, auth, {
        parameters: [parameter(idParam, 'path'), ...DELETE_ARGS.map((a) => parameter(a))],
        responses: responses({
          200: 'Trashed or deleted.',
          401: 'Not signed in.',
          403: 'Not allowed.',
          404: 'Not found.',
          410: 'Already in the trash.',
          500: 'Not deleted.',
          501: 'The trash is off: use force.',
        }),
      }),
    },
  };
}

export function tecDocs(scope: RequestScope): Record<string, unknown> {
  return {
    openapi: '3.0.4',
    info: {
      title: 'The Events Calendar REST API',
      version: '1.0.0',
      description: 'Events, venues and organizers of this calendar (served by calctl).',
      contact: { name: 'calctl', email: 'calctl@localhost' },
    },
    tags: [
      { name: 'Events', description: 'Operations of the calendar plugin.' },
      { name: 'Common', description: 'Operations of the shared library.' },
    ],
    components: components(),
    servers: [{ url: `${restRoot(scope)}/${TEC_NS}` }],
    paths: {
      ...Object.assign({}, ...TEC_RESOURCES.map((r) => paths(r, scope))),
      '/docs': {
        get: {
          summary: 'This document',
          security: [],
          description: 'The OpenAPI document of the namespace.',
          operationId: 'getOpenApiDocs',
          tags: ['Common'],
          parameters: [],
          responses: { 200: { description: 'The document.', ...json(ref('OpenApiDocumentation')) } },
        },
      },
    },
  };
}
