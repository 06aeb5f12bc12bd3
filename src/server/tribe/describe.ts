/**
 * How `tribe/events/v1` describes itself: its namespace index (`GET /wp-json/tribe/events/v1`) and a
 * route's description (its entry there, and the answer to OPTIONS).
 */
import { message } from '../../catalog/index.js';
import { addDays } from '../../clock/index.js';
import { siteNow } from '../posts/rules.js';
import type { ArgDef } from '../rest/args.js';
import { restRoot } from '../rest/root.js';
import { namespaceOf, type RequestScope, type SiteSettings } from '../site.js';
import type { TribeRoute } from './namespace.js';

function argsObject(args: ArgDef[], defaults: Record<string, unknown>, locale: string | undefined) {
  if (args.length === 0) return [];
  const out: Record<string, unknown> = {};
  for (const a of args) {
    const d =
      a.name in defaults ? { default: defaults[a.name] } : 'default' in a.schema ? { default: a.schema.default } : {};
    const { default: _ignored, ...schema } = a.schema;
    out[a.name] = { ...d, description: message(locale, a.description), ...schema, required: a.required };
  }
  return out;
}

/** `GET {ns}`: the namespace, its routes, methods and arguments (descriptions are ours). */
export function describeNamespace(
  routes: readonly TribeRoute[],
  site: SiteSettings,
  origin: string,
  listDefaults: Record<string, unknown>,
): Record<string, unknown> {
  const ns = namespaceOf(site);
  const base = restRoot({ origin, site });
  const out: Record<string, unknown> = {
    [`/${ns}`]: {
      namespace: ns,
      methods: ['GET'],
      endpoints: [
        {
          methods: ['GET'],
          args: { namespace: { default: ns, required: false }, context: { default: 'view', required: false } },
        },
      ],
      _links: { self: [{ href: `${base}/${ns}` }] },
    },
    [`/${ns}/doc`]: {
      namespace: ns,
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: [] }],
      _links: { self: [{ href: `${base}/${ns}/doc` }] },
    },
  };
  for (const r of routes) out[`/${ns}${r.pattern}`] = describeRoute(r, site, origin, listDefaults);
  return { namespace: ns, routes: out, _links: { up: [{ href: `${base}/` }] } };
}

/** One route's description, as the namespace root lists it and as OPTIONS on the route answers. */
export function describeRoute(
  r: TribeRoute,
  site: SiteSettings,
  origin: string,
  listDefaults: Record<string, unknown>,
): Record<string, unknown> {
  const ns = namespaceOf(site);
  const entry: Record<string, unknown> = {
    namespace: ns,
    methods: [...new Set(r.endpoints.flatMap((e) => e.methods))],
    endpoints: r.endpoints.map((e) => ({
      methods: e.methods,
      args: argsObject(e.args, r.kind === 'collection' && e.methods[0] === 'GET' ? listDefaults : {}, site.locale),
    })),
  };
  if (r.kind === 'collection') entry._links = { self: [{ href: `${restRoot({ origin, site })}/${ns}${r.pattern}` }] };
  return entry;
}

/**
 * The list defaults the site advertises for events (yesterday's end, two years ahead) and its page
 * size: shown in the namespace index and OPTIONS of the collections.
 */
export function listDefaults(scope: RequestScope): Record<string, unknown> {
  const now = siteNow(scope).local;
  return {
    start_date: `${addDays(now, -1).slice(0, 10)} 23:59:00`,
    end_date: `${Number(now.slice(0, 4)) + 2}${now.slice(4)}`,
    per_page: String(scope.site.perPage),
  };
}
