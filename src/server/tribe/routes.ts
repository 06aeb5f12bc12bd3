/**
 * The routes of the plugin's `tribe/events/v1` namespace, derived from the catalog: a collection, an
 * item and (for post-like resources) a by-slug route per resource, and the namespace's own index and
 * `/doc`. Their rules on the pipeline are in namespace.ts.
 */
import { aResource, catalog, type ResourceSpec } from '../../catalog/index.js';
import type { Method, Namespace, Route } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { describeNamespace, describeRoute, listDefaults } from './describe.js';
import { describeDoc } from './doc.js';
import { listEvents } from './handlers/events-list.js';
import { listLinked } from './handlers/linked-list.js';
import { createPost, deletePost, getPost, updatePost } from './handlers/posts.js';
import { createTerm, deleteTerm, getTerm, listTerms, updateTerm } from './handlers/terms.js';
import { type TribeEndpoint, type TribeRoute, tribeNamespace } from './namespace.js';

export type { TribeEndpoint, TribeRoute } from './namespace.js';

import { fieldArgs, idArg, listArgs, slugArg } from './validators.js';

export const EDITABLE: Method[] = ['POST', 'PUT', 'PATCH'];

type Ns = Namespace<TribeEndpoint>;

/** What every resource route shares: its namespace, the answer cache and OPTIONS. */
function resourceRoute(ns: Ns, r: ResourceSpec, parts: Omit<TribeRoute, 'namespace' | 'resource'>): TribeRoute {
  const route: TribeRoute = {
    namespace: ns,
    resource: r,
    cache: true,
    // (the plugin registers its routes without `allow_batch`: a stock site's batch route refuses them,
    // `rest_batch_not_allowed`; here they take batches unless the site is set as a stock one)
    batch: 'opt-out',
    ...parts,
    // OPTIONS describes the route, as WordPress answers it.
    describe: (scope: RequestScope) => describeRoute(route, scope.site, scope.origin, listDefaults(scope)),
  };
  return route;
}

function collection(ns: Ns, r: ResourceSpec): TribeRoute {
  const list = r.name === 'events' ? listEvents : r.kind === 'term' ? listTerms : listLinked;
  return resourceRoute(ns, r, {
    pattern: `/${r.name}`,
    path: `/${r.name}`,
    docPath: `/${r.name}`,
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
  });
}

function item(ns: Ns, r: ResourceSpec): TribeRoute {
  const id = idArg(r);
  const extra = r.itemParams.map((p) => ({
    name: p.name,
    required: false,
    description: p.description,
    schema: { type: 'string' },
  }));
  const get: TribeEndpoint = {
    methods: ['GET'],
    args: [id, ...extra],
    permission: 'public',
    handler: r.kind === 'term' ? getTerm : getPost,
    summary: `one ${r.singular}`,
  };
  const del: TribeEndpoint = {
    methods: ['DELETE'],
    args: [id, ...extra],
    permission: 'edit',
    handler: r.kind === 'term' ? deleteTerm : deletePost,
    summary: r.kind === 'term' ? `deletes ${aResource(r)} for good` : `moves ${aResource(r)} to the trash`,
  };
  const edit: TribeEndpoint = {
    methods: EDITABLE,
    args: [id, ...extra, ...fieldArgs(r, false)],
    permission: 'edit',
    handler: r.kind === 'term' ? updateTerm : updatePost,
    summary: `updates ${aResource(r)}`,
  };
  return resourceRoute(ns, r, {
    pattern: `/${r.name}/(?P<id>\\d+)`,
    path: `/${r.name}/:id(^\\d+$)`,
    docPath: `/${r.name}/{id}`,
    kind: 'item',
    endpoints: r.kind === 'term' ? [get, edit, del] : [get, del, edit],
  });
}

function bySlug(ns: Ns, r: ResourceSpec): TribeRoute {
  // Events take the slug as an ordinary optional field on update; venues and organizers require it and,
  // as their update arguments start from the by-slug read arguments (Single_Venue::EDIT_args with
  // Single_Venue_Slug::READ_args), it must name an existing record: else 400 rest_invalid_param.
  // Either way the site lists `slug` first (the path argument merged with the fields, #7).
  const all = fieldArgs(r, false);
  const editSlug = r.name === 'events' ? all.filter((a) => a.name === 'slug') : [slugArg(r, true)];
  const fields = all.filter((a) => a.name !== 'slug');
  return resourceRoute(ns, r, {
    pattern: `/${r.name}/by-slug/(?P<slug>[^/]+)`,
    path: `/${r.name}/by-slug/:slug`,
    docPath: `/${r.name}/by-slug/{slug}`,
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
  });
}

/** The resource routes of the namespace, in the order the site registers them. */
export function buildRoutes(ns: Ns = tribeNamespace('tribe/events/v1', 1000)): TribeRoute[] {
  const routes: TribeRoute[] = [];
  for (const r of catalog) {
    routes.push(collection(ns, r), item(ns, r));
    if (r.bySlug) routes.push(bySlug(ns, r));
  }
  return routes;
}

/** A route of the namespace that describes it (GET only, public, never batched or cached). */
function describing(ns: Ns, pattern: string, answer: (scope: RequestScope) => unknown): Route<TribeEndpoint> {
  const handler = ({ scope }: { scope: RequestScope }) => ({ status: 200, body: answer(scope) });
  return {
    namespace: ns,
    pattern,
    endpoints: [{ methods: ['GET'], args: [], permission: 'public', handler, summary: '' }],
  };
}

/** Every route of `{vendor}/events/v1`: its index, `/doc`, then the resource routes. */
export function tribeRoutes(vendorNamespace: string, maxParamLength: number): Route<TribeEndpoint>[] {
  const ns = tribeNamespace(vendorNamespace, maxParamLength);
  const routes = buildRoutes(ns);
  return [
    describing(ns, '', (scope) => describeNamespace(routes, scope.site, scope.origin, listDefaults(scope))),
    describing(ns, '/doc', (scope) => describeDoc(routes, scope.site, scope.origin)),
    ...routes,
  ];
}
