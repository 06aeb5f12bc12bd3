/**
 * The route table of `tec/v1` (TEC\Events\REST\TEC\V1\Endpoints::get_endpoints, each registered by
 * Endpoint::register_routes with Endpoint::get_methods): the namespace index, a collection and an item
 * route per post-like resource of the catalog, and `/docs`; the arguments of each operation; the route
 * descriptions the namespace index and `/wp-json/` list. Its rules on the pipeline are in namespace.ts.
 */
import { catalog, message, type ResourceSpec } from '../../catalog/index.js';
import { restRoot } from '../rest/root.js';
import type { Endpoint, Namespace, Route } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { describeArg, type TecArg } from './args.js';
import { bodyArgs, DELETE_ARGS, eventListArgs, linkedListArgs, type TecResource } from './params.js';

export const TEC_NS = 'tec/v1';

/** The plugin's post types served here, in the order it registers them (events, organizers, venues). */
export const TEC_RESOURCES: readonly TecResource[] = catalog
  .filter((r) => r.kind === 'post')
  .map((r) => r.name as TecResource)
  .sort();

export type TecOp = 'list' | 'create' | 'read' | 'update' | 'delete';

export interface TecEndpoint extends Endpoint {
  /** an operation on the route's resource, or one of the namespace's own pages */
  op: TecOp | 'index' | 'docs';
}

export interface TecRoute extends Route<TecEndpoint> {
  resource?: ResourceSpec;
}

/** The namespace's routes, in the site's order (index, each resource's collection and item, docs). */
export function tecRoutes(ns: Namespace<TecEndpoint>): TecRoute[] {
  const resource = (r: TecResource) => catalog.find((c) => c.name === r) as ResourceSpec;
  return [
    { namespace: ns, pattern: '', endpoints: [{ methods: ['GET'], op: 'index' }] },
    ...TEC_RESOURCES.flatMap((r): TecRoute[] => [
      {
        namespace: ns,
        pattern: `/${r}`,
        resource: resource(r),
        endpoints: [
          { methods: ['GET'], op: 'list' },
          { methods: ['POST'], op: 'create' },
        ],
      },
      {
        namespace: ns,
        pattern: `/${r}/(?P<id>\\d+)`,
        resource: resource(r),
        endpoints: [
          { methods: ['GET'], op: 'read' },
          { methods: ['PUT', 'PATCH'], op: 'update' },
          { methods: ['DELETE'], op: 'delete' },
        ],
      },
    ]),
    { namespace: ns, pattern: '/docs', endpoints: [{ methods: ['GET'], op: 'docs' }] },
  ];
}

/** The arguments WordPress checks for an operation (reads of one record and the pages take none). */
export function argsOf(resource: TecResource, op: TecEndpoint['op'], scope: RequestScope): TecArg[] {
  switch (op) {
    case 'list':
      return resource === 'events' ? eventListArgs(scope) : linkedListArgs(scope, resource);
    case 'create':
    case 'update':
      return bodyArgs(resource);
    case 'delete':
      return DELETE_ARGS;
    default:
      return [];
  }
}

function describeArgs(args: TecArg[], locale: string | undefined): Record<string, unknown> | [] {
  if (args.length === 0) return [];
  return Object.fromEntries(
    args.map((a) => [a.name, { ...describeArg(a), description: message(locale, a.description) }]),
  );
}

/** One route as the namespace index lists it (collections carry a self link, as on the site). */
function describeTecRoute(route: TecRoute, scope: RequestScope): Record<string, unknown> {
  const resource = route.resource?.name as TecResource;
  const out: Record<string, unknown> = {
    namespace: TEC_NS,
    methods: route.endpoints.flatMap((e) => e.methods),
    endpoints: route.endpoints.map((e) => ({
      methods: e.methods,
      args: describeArgs(argsOf(resource, e.op, scope), scope.site.locale),
    })),
  };
  if (!route.pattern.includes('(?P<'))
    out._links = { self: [{ href: `${restRoot(scope)}/${TEC_NS}${route.pattern}` }] };
  return out;
}

const simple = (scope: RequestScope, path: string, args: unknown) => ({
  namespace: TEC_NS,
  methods: ['GET'],
  endpoints: [{ methods: ['GET'], args }],
  _links: { self: [{ href: `${restRoot(scope)}${path}` }] },
});

/** Every route of the namespace, keyed by pattern, in the site's order (events, organizers, venues, docs). */
export function tecRouteMap(routes: readonly TecRoute[], scope: RequestScope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const route of routes) {
    const key = `/${TEC_NS}${route.pattern}`;
    const op = route.endpoints[0]?.op;
    if (op === 'index') {
      out[key] = simple(scope, key, {
        namespace: { default: TEC_NS, required: false },
        context: { default: 'view', required: false },
      });
    } else if (op === 'docs') out[key] = simple(scope, key, []);
    else out[key] = describeTecRoute(route, scope);
  }
  return out;
}

/** `GET /wp-json/tec/v1`: the namespace index. */
export function describeTecNamespace(routes: readonly TecRoute[], scope: RequestScope): Record<string, unknown> {
  return {
    namespace: TEC_NS,
    routes: tecRouteMap(routes, scope),
    _links: { up: [{ href: `${restRoot(scope)}/` }] },
  };
}
