/**
 * The rules of the plugin's `tribe/events/v1` namespace on the one pipeline (rest/pipeline.ts):
 * WordPress's parameter order (JSON body, form body, query, path), the plugin's argument checks in
 * WordPress's two rounds, the permission every write needs (a signed-in user), `Allow` from the
 * route's methods, and `_fields`.
 */
import { postTypeOf, type ResourceSpec, taxonomyOf } from '../../catalog/index.js';
import { forbidden, invalidParams, missingParams, RestError } from '../http/errors.js';
import { fieldsParam } from '../http/fields.js';
import type { ArgDef, Detail } from '../rest/args.js';
import { mergeParams } from '../rest/params.js';
import { restRoot } from '../rest/root.js';
import type { Call, Endpoint, Namespace, Params, Reply, Route } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import { canWritePost, canWriteTerms } from '../users/caps.js';

/** What a handler of the namespace gets. */
export interface HandlerRequest {
  scope: RequestScope;
  /** merged parameters in WordPress's priority order (JSON body, form body, query, path) */
  params: Params;
  has: (name: string) => boolean;
  /** whether the endpoint declares (and so validated) this argument */
  declares: (name: string) => boolean;
  method: string;
  resource: ResourceSpec;
}

export type Handler = (req: HandlerRequest) => Reply;

export interface TribeEndpoint extends Endpoint {
  args: ArgDef[];
  /** `edit` needs a signed-in user */
  permission: 'public' | 'edit';
  handler: Handler;
  /** what /doc says the endpoint returns */
  summary: string;
}

export interface TribeRoute extends Route<TribeEndpoint> {
  /** the same route in fastify syntax, below the namespace */
  path: string;
  /** OpenAPI path, e.g. `/events/{id}` */
  docPath: string;
  resource: ResourceSpec;
  kind: 'collection' | 'item' | 'slug';
}

/** The decoded path parameters of a match; a part longer than `max` characters is refused (414). */
function pathParams(groups: Record<string, string>, max: number): Params {
  const path: Params = {};
  for (const [k, v] of Object.entries(groups)) {
    if (v.length > max) throw new RestError(414, 'rest_request_uri_too_long', 'A part of the URL is too long.');
    try {
      path[k] = decodeURIComponent(v);
    } catch {
      throw new RestError(400, 'rest_invalid_request', 'The URL could not be decoded.');
    }
  }
  return path;
}

/**
 * The checks WordPress makes before the permission check: required arguments, then argument
 * validation. WordPress validates every argument first (has_valid_params), then, only if all passed,
 * sanitizes them, which is where schema types are checked (sanitize_params): two rounds, each failing
 * whole.
 */
function validateArgs(args: readonly ArgDef[], scope: RequestScope, params: Params): Params {
  const has = (name: string) => Object.hasOwn(params, name);
  const missing = args.filter((a) => a.required && !has(a.name)).map((a) => a.name);
  if (missing.length) throw missingParams(missing);
  for (const phase of ['validate', 'typeCheck'] as const) {
    const invalid: Record<string, string> = {};
    const details: Record<string, { code: string; message: string; data: Record<string, unknown> }> = {};
    for (const arg of args) {
      const check = arg[phase];
      if (!has(arg.name) || !check) continue;
      const verdict = check(params[arg.name], scope, params);
      if (verdict === true) continue;
      invalid[arg.name] = 'Invalid parameter.';
      if (verdict !== false) {
        const d = verdict as Detail;
        invalid[arg.name] = d.message;
        details[arg.name] = { code: d.code, message: d.message, data: d.data ?? { param: arg.name } };
      }
    }
    if (Object.keys(invalid).length) throw invalidParams(invalid, details);
  }
  return params;
}

/** `Allow` of a route: every method for a signed-in caller, the public ones for an anonymous one. */
const allowed = new WeakMap<Route<TribeEndpoint>, { user: string; anonymous: string }>();
function allowOf(route: Route<TribeEndpoint>, userId: number | null): string {
  let both = allowed.get(route);
  if (!both) {
    const methods = (list: readonly TribeEndpoint[]) => [...new Set(list.flatMap((e) => e.methods))].join(', ');
    both = {
      user: methods(route.endpoints),
      anonymous: methods(route.endpoints.filter((e) => e.permission === 'public')),
    };
    allowed.set(route, both);
  }
  return userId === null ? both.anonymous : both.user;
}

/**
 * The plugin's permission callbacks of a write (can_create, can_edit, can_delete) for a signed-in
 * caller: on terms, editing events and managing the taxonomy; on posts, the type's capability on a
 * collection, the post's own on an item and on a by-slug route (the post its slug names).
 */
function mayWrite(scope: RequestScope, route: TribeRoute, method: string, params: Params): boolean {
  const { resource } = route;
  if (resource.kind === 'term') return canWriteTerms(scope, taxonomyOf(resource));
  const type = postTypeOf(resource);
  const verb = method === 'DELETE' ? 'delete' : 'edit';
  if (route.kind === 'collection') return canWritePost(scope, type, verb, undefined);
  // A by-slug write is checked against the post the slug names, as the by-id route checks its post.
  // (Deliberately stricter than the plugin, whose by-slug callbacks check only the type's capability,
  // so that any contributor may change or trash anyone's post there: docs/fidelity/permissions.md.)
  const { posts } = scope.stores;
  const post =
    route.kind === 'item'
      ? posts.get(Number(params.id))
      : typeof params.slug === 'string' && params.slug !== ''
        ? posts.getBySlug(type, params.slug)
        : undefined;
  return canWritePost(scope, type, verb, post?.type === type ? post : undefined);
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The namespace `{vendor}/events/v1`; `maxParamLength` bounds a path parameter (414 above). */
export function tribeNamespace(name: string, maxParamLength: number): Namespace<TribeEndpoint> {
  return {
    name,
    read({ input }) {
      const path = pathParams(input.groups, maxParamLength);
      const body = isRead(input.method) ? { json: null, form: null } : input.body();
      return mergeParams({ method: input.method, query: input.query, ...body, path });
    },
    validate: ({ endpoint, scope }, raw) => validateArgs(endpoint.args, scope, raw),
    permit({ endpoint, scope, route, input }, params) {
      if (endpoint.permission !== 'edit') return;
      if (scope.userId === null) throw forbidden(false);
      if (!mayWrite(scope, route as TribeRoute, input.method, params)) throw forbidden(true);
    },
    handle({ endpoint, scope, route, input }: Call<TribeEndpoint>, params) {
      const has = (n: string) => Object.hasOwn(params, n);
      const declares = (n: string) => endpoint.args.some((a) => a.name === n);
      const resource = route.resource as ResourceSpec;
      return endpoint.handler({ scope, params, has, declares, method: input.method, resource });
    },
    // (rest_send_allow_header: a signed-in caller's methods are those whose permission callback lets it through)
    allow: ({ route, scope, input }) => {
      if (scope.userId === null || !route.resource) return allowOf(route, scope.userId);
      const ok = route.endpoints.filter(
        (e) => e.permission === 'public' || mayWrite(scope, route as TribeRoute, e.methods[0] ?? 'POST', input.groups),
      );
      return [...new Set(ok.flatMap((e) => e.methods))].join(', ');
    },
    // (`_fields` trims a successful answer, as WordPress core does on every route)
    // (not on the namespace's index and /doc, which WordPress serves outside the routes' answers)
    fields: ({ input, route }) => {
      if (!route.resource) return undefined;
      if (isRead(input.method)) return fieldsParam([input.query]);
      const { json, form } = input.body();
      return fieldsParam([json, form, input.query]);
    },
    index: (scope) => ({
      [`/${name}`]: {
        namespace: name,
        methods: ['GET'],
        _links: { self: [{ href: `${restRoot(scope)}/${name}` }] },
      },
    }),
  };
}
