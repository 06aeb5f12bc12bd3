import { catalog, getResource, message } from '../../catalog/index.js';
import type { ArgDef } from '../rest/args.js';
import { restRoot } from '../rest/root.js';
import { namespaceOf, type SiteSettings } from '../site.js';
import type { TribeRoute } from './namespace.js';

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** JSON-schema type of a record key, derived from its name (the catalog lists the keys). */
function keySchema(key: string): Schema {
  if (key.endsWith('_details')) return key === 'cost_details' ? ref('CostDetails') : ref('DateDetails');
  if (key === 'image') return ref('Image');
  if (key === 'categories' || key === 'tags') return { type: 'array', items: ref('Term') };
  if (key === 'venue') return ref('Venue');
  if (key === 'organizer') return { type: 'array', items: ref('Organizer') };
  if (key === 'global_id_lineage') return { type: 'array', items: { type: 'string' } };
  if (key === 'id' || key === 'count' || key === 'parent') return { type: 'integer' };
  if (['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured'].includes(key))
    return { type: 'boolean' };
  if (key === 'custom_fields' || key === 'urls') return { type: 'object' };
  if (key === 'meta') return { type: 'array', items: { type: 'string' } };
  return { type: 'string' };
}

const objectOf = (keys: readonly string[]): Schema => ({
  type: 'object',
  properties: Object.fromEntries(keys.map((k) => [k, keySchema(k)])),
});

function schemas(): Record<string, Schema> {
  const num = (d: string) => ({ type: 'integer', description: d });
  return {
    ImageSize: {
      type: 'object',
      properties: {
        width: num('width in pixels'),
        height: num('height in pixels'),
        'mime-type': { type: 'string' },
        url: { type: 'string', format: 'uri' },
      },
    },
    CostDetails: {
      type: 'object',
      properties: {
        currency_symbol: { type: 'string' },
        currency_code: { type: 'string' },
        currency_position: { type: 'string', enum: ['prefix', 'postfix', ''] },
        values: { type: 'array', items: { type: 'string' } },
      },
    },
    Term: objectOf(getResource('categories').recordKeys),
    Image: {
      type: 'object',
      properties: {
        url: { type: 'string', format: 'uri' },
        id: num('media id'),
        extension: { type: 'string' },
        width: num('width'),
        height: num('height'),
        sizes: { type: 'object', additionalProperties: ref('ImageSize') },
      },
    },
    DateDetails: {
      type: 'object',
      properties: Object.fromEntries(
        ['year', 'month', 'day', 'hour', 'minutes', 'seconds'].map((k) => [k, { type: 'string' }]),
      ),
    },
    Event: objectOf(getResource('events').recordKeys),
    Venue: objectOf(getResource('venues').recordKeys),
    Organizer: objectOf(getResource('organizers').recordKeys),
  };
}

const SCHEMA_OF: Record<string, string> = {
  events: 'Event',
  venues: 'Venue',
  organizers: 'Organizer',
  categories: 'Term',
  tags: 'Term',
};

function parameter(a: ArgDef, where: 'query' | 'path', locale: string | undefined): Schema {
  const type = a.schema.items
    ? { type: 'array', items: { type: a.schema.items.type } }
    : { type: a.schema.type ?? 'string' };
  return {
    in: where,
    schema: type,
    description: message(locale, a.description),
    required: where === 'path' ? true : a.required,
    name: a.name,
    ...(a.schema.items ? { style: 'form', explode: false } : {}),
  };
}

function bodySchema(args: ArgDef[], locale: string | undefined): Schema {
  const properties: Record<string, Schema> = {};
  for (const a of args)
    properties[a.name] = {
      description: message(locale, a.description),
      ...(a.schema.type ? { type: a.schema.type } : {}),
    };
  return { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } } };
}

const jsonOf = (schema: Schema) => ({ content: { 'application/json': { schema } } });

/** `GET {ns}/doc`: an OpenAPI 3 document generated from the route table and the catalog. */
/** The real site writes the server URL from the host name alone: `http://127.0.0.1/...` on `:8080` (#37). */
function withoutPort(origin: string): string {
  try {
    const u = new URL(origin);
    return `${u.protocol}//${u.hostname}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return origin;
  }
}

export function describeDoc(
  routes: readonly TribeRoute[],
  site: SiteSettings,
  origin: string,
): Record<string, unknown> {
  // (summaries and answers in the site's language, as the parameters)
  const t = (english: string) => message(site.locale, english);
  const paths: Record<string, Schema> = {
    '/doc': { get: { responses: { '200': { description: t('this document') } } } },
  };
  for (const r of routes) {
    const res = r.resource;
    if (!res) continue;
    const schema = SCHEMA_OF[res.name] as string;
    const op: Schema = {};
    const pathArg = r.kind === 'item' ? 'id' : r.kind === 'slug' ? 'slug' : null;
    for (const e of r.endpoints) {
      const params = e.args.filter((a) => a.name !== pathArg).map((a) => parameter(a, 'query', site.locale));
      const pathParams = e.args.filter((a) => a.name === pathArg).map((a) => parameter(a, 'path', site.locale));
      if (r.kind === 'collection') {
        if (e.methods[0] !== 'GET') continue;
        op.get = {
          summary: t(e.summary),
          parameters: params,
          responses: {
            '200': { description: t(e.summary), ...jsonOf({ title: res.name, type: 'array', items: ref(schema) }) },
            '400': { description: t('a parameter is invalid') },
            '404': { description: t('the page does not exist') },
          },
        };
        continue;
      }
      const method = e.methods[0] === 'GET' ? 'get' : e.methods[0] === 'DELETE' ? 'delete' : 'post';
      if (pathParams.length === 0 && pathArg) {
        pathParams.push({
          in: 'path',
          schema: { type: r.kind === 'item' ? 'integer' : 'string' },
          description: message(site.locale, `${pathArg} of the ${res.singular}`),
          required: true,
          name: pathArg,
        });
      }
      const entry: Schema = {
        summary: t(e.summary),
        parameters: [...pathParams, ...(method === 'post' ? params.filter((p) => p.name === 'password') : params)],
        responses: {
          '200': { description: t(e.summary), ...jsonOf(ref(schema)) },
          '400': { description: t('a parameter is invalid or the record does not exist') },
          '401': { description: t('credentials are needed') },
          '403': { description: t('the record cannot be read or changed by this user') },
          ...(method === 'delete' ? { '410': { description: t('already in the trash') } } : {}),
        },
      };
      if (method === 'post')
        entry.requestBody = bodySchema(
          e.args.filter((a) => a.name !== pathArg && a.name !== 'password'),
          site.locale,
        );
      op[method] = entry;
    }
    paths[r.docPath] = op;
  }
  void catalog;
  return {
    openapi: '3.0.0',
    info: {
      version: '1.0.0',
      title: 'The Events Calendar REST API',
      description: 'Read and manage calendar events, venues, organizers, categories and tags.',
    },
    components: { schemas: schemas() },
    servers: [{ url: `${restRoot({ origin: withoutPort(origin), site })}/${namespaceOf(site)}/` }],
    paths,
  };
}
