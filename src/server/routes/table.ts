import { aResource, catalog, type ResourceSpec } from '../../catalog/index.js';
import type { Handler } from '../handlers/common.js';
import { listEvents } from '../handlers/events-list.js';
import { listLinked } from '../handlers/linked-list.js';
import { createPost, deletePost, getPost, updatePost } from '../handlers/posts.js';
import { createTerm, deleteTerm, getTerm, listTerms, updateTerm } from '../handlers/terms.js';
import type { ArgDef } from './args.js';
import { fieldArgs, idArg, listArgs, slugArg } from './validators.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const EDITABLE: Method[] = ['POST', 'PUT', 'PATCH'];

export interface Endpoint {
  methods: Method[];
  args: ArgDef[];
  /** `edit` needs a signed-in user */
  permission: 'public' | 'edit';
  handler: Handler;
  /** what /doc says the endpoint returns */
  summary: string;
}

export interface RouteDef {
  /** WordPress route pattern below the namespace, e.g. `/events/(?P<id>\d+)` */
  pattern: string;
  /** the same route in fastify syntax, below the namespace */
  path: string;
  /** OpenAPI path, e.g. `/events/{id}` */
  docPath: string;
  resource: ResourceSpec | null;
  kind: 'root' | 'doc' | 'collection' | 'item' | 'slug';
  endpoints: Endpoint[];
}

function collection(r: ResourceSpec): RouteDef {
  const list = r.name === 'events' ? listEvents : r.kind === 'term' ? listTerms : listLinked;
  return {
    pattern: `/${r.name}`,
    path: `/${r.name}`,
    docPath: `/${r.name}`,
    resource: r,
    kind: 'collection',
    endpoints: [
      { methods: ['GET'], args: listArgs(r), permission: 'public', handler: list, summary: `a page of ${r.name}` },
      {
        methods: ['POST'],
        args: fieldArgs(r, true),
        permission: 'edit',
        handler: r.kind === 'term' ? createTerm : createPost,
        summary: `creates ${aResource(r)}`,
      },
    ],
  };
}

function item(r: ResourceSpec): RouteDef {
  const id = idArg(r);
  const extra = r.itemParams.map((p) => ({
    name: p.name,
    required: false,
    description: p.description,
    schema: { type: 'string' },
  }));
  const get: Endpoint = {
    methods: ['GET'],
    args: [id, ...extra],
    permission: 'public',
    handler: r.kind === 'term' ? getTerm : getPost,
    summary: `one ${r.singular}`,
  };
  const del: Endpoint = {
    methods: ['DELETE'],
    args: [id, ...extra],
    permission: 'edit',
    handler: r.kind === 'term' ? deleteTerm : deletePost,
    summary: r.kind === 'term' ? `deletes ${aResource(r)} for good` : `moves ${aResource(r)} to the trash`,
  };
  const edit: Endpoint = {
    methods: EDITABLE,
    args: [id, ...extra, ...fieldArgs(r, false)],
    permission: 'edit',
    handler: r.kind === 'term' ? updateTerm : updatePost,
    summary: `updates ${aResource(r)}`,
  };
  return {
    pattern: `/${r.name}/(?P<id>\\d+)`,
    path: `/${r.name}/:id(^\\d+$)`,
    docPath: `/${r.name}/{id}`,
    resource: r,
    kind: 'item',
    endpoints: r.kind === 'term' ? [get, edit, del] : [get, del, edit],
  };
}

function bySlug(r: ResourceSpec): RouteDef {
  // Events take the slug as an ordinary optional field on update; venues and organizers require it and,
  // as their update arguments start from the by-slug read arguments (Single_Venue::EDIT_args with
  // Single_Venue_Slug::READ_args), it must name an existing record: else 400 rest_invalid_param.
  // Either way the site lists `slug` first (the path argument merged with the fields, #7).
  const all = fieldArgs(r, false);
  const editSlug = r.name === 'events' ? all.filter((a) => a.name === 'slug') : [slugArg(r, true)];
  const fields = all.filter((a) => a.name !== 'slug');
  return {
    pattern: `/${r.name}/by-slug/(?P<slug>[^/]+)`,
    path: `/${r.name}/by-slug/:slug`,
    docPath: `/${r.name}/by-slug/{slug}`,
    resource: r,
    kind: 'slug',
    endpoints: [
      {
        methods: ['GET'],
        args: [slugArg(r, true)],
        permission: 'public',
        handler: getPost,
        summary: `one ${r.singular}`,
      },
      {
        methods: ['DELETE'],
        args: [slugArg(r, true)],
        permission: 'edit',
        handler: deletePost,
        summary: `moves ${aResource(r)} to the trash`,
      },
      {
        methods: EDITABLE,
        args: [...editSlug, ...fields],
        permission: 'edit',
        handler: updatePost,
        summary: `updates ${aResource(r)}`,
      },
    ],
  };
}

/** Every route of the namespace, in the order the site registers them. */
export function buildRoutes(): RouteDef[] {
  const routes: RouteDef[] = [];
  for (const r of catalog) {
    routes.push(collection(r), item(r));
    if (r.bySlug) routes.push(bySlug(r));
  }
  return routes;
}
