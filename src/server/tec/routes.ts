/**
 * The route table of `tec/v1` (TEC\Events\REST\TEC\V1\Endpoints::get_endpoints, each registered by
 * Endpoint::register_routes with Endpoint::get_methods): the patterns, methods and arguments, and the
 * route descriptions the namespace index and `/wp-json/` list.
 */
import type { RequestScope } from '../site.js';
import { describeArg, type TecArg } from './args.js';
import { bodyArgs, DELETE_ARGS, eventListArgs, linkedListArgs, type TecResource } from './params.js';

export const TEC_NS = 'tec/v1';
export const TEC_RESOURCES: readonly TecResource[] = ['events', 'organizers', 'venues'];

export type TecOp = 'list' | 'create' | 'read' | 'update' | 'delete';

export interface TecEndpoint {
  methods: string[];
  op: TecOp;
}

export interface TecRoute {
  /** WordPress pattern below /wp-json */
  pattern: string;
  regex: RegExp;
  resource: TecResource;
  endpoints: TecEndpoint[];
}

export const TEC_ROUTES: readonly TecRoute[] = TEC_RESOURCES.flatMap((r) => [
  {
    pattern: `/${TEC_NS}/${r}`,
    regex: new RegExp(`^/wp-json/${TEC_NS}/${r}$`),
    resource: r,
    endpoints: [
      { methods: ['GET'], op: 'list' },
      { methods: ['POST'], op: 'create' },
    ],
  },
  {
    pattern: `/${TEC_NS}/${r}/(?P<id>\\d+)`,
    regex: new RegExp(`^/wp-json/${TEC_NS}/${r}/(?<id>\\d+)$`),
    resource: r,
    endpoints: [
      { methods: ['GET'], op: 'read' },
      { methods: ['PUT', 'PATCH'], op: 'update' },
      { methods: ['DELETE'], op: 'delete' },
    ],
  },
]);

/** The arguments WordPress checks for an operation (reads of one record take none). */
export function argsOf(resource: TecResource, op: TecOp, scope: RequestScope): TecArg[] {
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

function describeArgs(args: TecArg[]): Record<string, unknown> | [] {
  if (args.length === 0) return [];
  return Object.fromEntries(args.map((a) => [a.name, describeArg(a)]));
}

/** One route as the namespace index lists it (collections carry a self link, as on the site). */
export function describeTecRoute(route: TecRoute, scope: RequestScope): Record<string, unknown> {
  const out: Record<string, unknown> = {
    namespace: TEC_NS,
    methods: route.endpoints.flatMap((e) => e.methods),
    endpoints: route.endpoints.map((e) => ({
      methods: e.methods,
      args: describeArgs(argsOf(route.resource, e.op, scope)),
    })),
  };
  if (!route.pattern.includes('(?P<')) out._links = { self: [{ href: `${scope.origin}/wp-json${route.pattern}` }] };
  return out;
}

const simple = (scope: RequestScope, path: string, args: unknown) => ({
  namespace: TEC_NS,
  methods: ['GET'],
  endpoints: [{ methods: ['GET'], args }],
  _links: { self: [{ href: `${scope.origin}/wp-json${path}` }] },
});

/** Every route of the namespace, keyed by pattern, in the site's order (events, organizers, venues, docs). */
export function tecRouteMap(scope: RequestScope): Record<string, unknown> {
  const out: Record<string, unknown> = {
    [`/${TEC_NS}`]: simple(scope, `/${TEC_NS}`, {
      namespace: { default: TEC_NS, required: false },
      context: { default: 'view', required: false },
    }),
  };
  for (const route of TEC_ROUTES) out[route.pattern] = describeTecRoute(route, scope);
  out[`/${TEC_NS}/docs`] = simple(scope, `/${TEC_NS}/docs`, []);
  return out;
}

/** `GET /wp-json/tec/v1`: the namespace index. */
export function describeTecNamespace(scope: RequestScope): Record<string, unknown> {
  return {
    namespace: TEC_NS,
    routes: tecRouteMap(scope),
    _links: { up: [{ href: `${scope.origin}/wp-json/` }] },
  };
}

/** What the `/wp-json/` index adds for this namespace and the core routes served beside it. */
export function tecIndexExtra(
  scope: RequestScope,
  coreRoutes: Record<string, unknown>,
): { namespaces: string[]; routes: Record<string, unknown> } {
  return { namespaces: [TEC_NS, 'wp/v2'], routes: { ...tecRouteMap(scope), ...coreRoutes } };
}
