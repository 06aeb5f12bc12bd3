/**
 * The rules of WordPress core's `wp/v2` namespace on the one pipeline (rest/pipeline.ts): core's own
 * argument checks (rest_validate_value_from_schema, read by each route from its parameters: the query
 * string, and a write's form and JSON bodies over it), its permission callbacks, `_fields` on the
 * plugin's types, and the `Allow` its errors carry.
 */
import { restRoot } from '../rest/root.js';
import type { Call, Endpoint, Input, Namespace, Params, Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { can } from '../users/caps.js';

export const WP_NS = 'wp/v2';

/**
 * An endpoint of core's: `parse` reads and checks its arguments (core's 400s, and the 404 of a record
 * it looks up first), `permit` is its permission callback, `handler` its callback; `P` is what `parse`
 * answers and the other two get. `query` is the request's parameters (a write's bodies over its query).
 */
export interface WpEndpoint<P = unknown> extends Endpoint {
  parse(scope: RequestScope, query: Params, groups: Record<string, string>, input: Input): P;
  permit?(scope: RequestScope, params: P): void;
  handler(scope: RequestScope, params: P, query: Params): Reply;
}

/** An endpoint with its parameters' type checked where it is written, kept as any endpoint of the namespace. */
export const wpEndpoint = <P>(e: WpEndpoint<P>): WpEndpoint => e as unknown as WpEndpoint;

type WpCall = Call<WpEndpoint>;
/** What `parse` answered, carried through the pipeline's parameters. */
const PARSED = 'parsed';

/** A core request's parameters: a write's JSON and form bodies win over the query string. */
function paramsOf(input: Input): Params {
  if (input.method === 'GET') return input.query;
  const { json, form } = input.body();
  return { ...input.query, ...(form ?? {}), ...(json ?? {}) };
}

export const wpNamespace: Namespace<WpEndpoint> = {
  name: WP_NS,
  read: ({ input }) => paramsOf(input),
  validate: ({ endpoint, scope, input }: WpCall, raw) => ({
    [PARSED]: endpoint.parse(scope, raw, input.groups, input),
  }),
  permit: ({ endpoint, scope }, params) => endpoint.permit?.(scope, params[PARSED]),
  handle: ({ endpoint, scope, input }, params) => endpoint.handler(scope, params[PARSED], paramsOf(input)),
  // (answers carry the `Allow` their handler gives; errors the one core's routes send)
  // (the media collection's errors name the upload too for a caller who may upload files:
  // rest_send_allow_header)
  allow: ({ route, scope }, stage) =>
    stage === 'answer' ? undefined : route.pattern === '/media' && can(scope, 'upload_files') ? 'GET, POST' : 'GET',
  // (`_fields` trims each item of a list, as rest_filter_response_fields does: on the plugin's types and
  // the media library, not on users or settings)
  fields: ({ route }, raw) => (route.resource || route.pattern.startsWith('/media') ? raw._fields : undefined),
  index: wpIndexRoutes,
};

/** The namespace's entries in the `/wp-json/` index: the routes clients check first. */
function wpIndexRoutes(scope: RequestScope): Record<string, unknown> {
  const entry = (path: string, methods: string[]) => ({
    namespace: WP_NS,
    methods,
    endpoints: [{ methods, args: {} }],
    _links: { self: [{ href: `${restRoot(scope)}${path}` }] },
  });
  return {
    '/wp/v2/users': entry('/wp/v2/users', ['GET', 'POST']),
    '/wp/v2/users/me': entry('/wp/v2/users/me', ['GET']),
    '/wp/v2/settings': entry('/wp/v2/settings', ['GET']),
  };
}
