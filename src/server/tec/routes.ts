/**
 * The route table of `tec/v1` (TEC\Events\REST\TEC\V1\Endpoints::get_endpoints, each registered by
 * Endpoint::register_routes with Endpoint::get_methods): the namespace index, a collection and an item
 * route per post-like resource of the catalog, and `/docs`; the arguments of each operation; the route
 * descriptions the namespace index and `/wp-json/` list. The endpoints are in endpoints.ts, the rules on the
 * pipeline in namespace.ts.
 */
import { catalog, message, type ResourceSpec } from '../../catalog/index.js';
import { restRoot } from '../rest/root.js';
import type { Namespace, Route } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { describeArg, type TecArg } from './args.js';
import { tecDocs } from './docs.js';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoint,
  pageEndpoint,
  readEndpoint,
  type TecEndpoint,
  updateEndpoint,
} from './endpoints.js';
import { TEC_NS, TEC_RESOURCES, type TecResource } from './params.js';

export interface TecRoute extends Route<TecEndpoint> {
  resource?: ResourceSpec;
  /** a page of the namespace's own: its entry in the indexes (`key` is its route) */
  entry?(scope: RequestScope, key: string): Record<string, unknown>;
}

/** The namespace's routes, in the site's order (index, each resource's collection and item, docs). */
export function tecRoutes(ns: Namespace<TecEndpoint>): TecRoute[] {
  const resource = (r: TecResource) => catalog.find((c) => c.name === r) as ResourceSpec;
  const routes: TecRoute[] = [
    {
      namespace: ns,
      pattern: '',
      endpoints: [pageEndpoint((scope) => describeTecNamespace(routes, scope))],
      entry: (scope, key) =>
        simple(scope, key, {
          namespace: { default: TEC_NS, required: false },
          context: { default: 'view', required: false },
        }),
    },
    ...TEC_RESOURCES.flatMap((r): TecRoute[] => [
      { namespace: ns, pattern: `/${r}`, resource: resource(r), endpoints: [listEndpoint, createEndpoint] },
      {
        namespace: ns,
        pattern: `/${r}/(?P<id>\\d+)`,
        resource: resource(r),
        endpoints: [readEndpoint, updateEndpoint, deleteEndpoint],
      },
    ]),
    {
      namespace: ns,
      pattern: '/docs',
      endpoints: [pageEndpoint(tecDocs)],
      entry: (scope, key) => simple(scope, key, []),
    },
  ];
  return routes;
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
      args: describeArgs(e.args(resource, scope), scope.site.locale),
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
    if (route.entry) out[key] = route.entry(scope, key);
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
