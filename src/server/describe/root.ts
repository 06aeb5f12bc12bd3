import type { ArgDef } from '../routes/args.js';
import type { RouteDef } from '../routes/table.js';
import { namespaceOf, type SiteSettings } from '../site.js';

function argsObject(args: ArgDef[], defaults: Record<string, unknown>) {
  if (args.length === 0) return [];
  const out: Record<string, unknown> = {};
  for (const a of args) {
    const d =
      a.name in defaults ? { default: defaults[a.name] } : 'default' in a.schema ? { default: a.schema.default } : {};
    const { default: _ignored, ...schema } = a.schema;
    out[a.name] = { ...d, description: a.description, ...schema, required: a.required };
  }
  return out;
}

/** `GET {ns}`: the namespace, its routes, methods and arguments (descriptions are ours). */
export function describeNamespace(
  routes: RouteDef[],
  site: SiteSettings,
  origin: string,
  listDefaults: Record<string, unknown>,
): Record<string, unknown> {
  const ns = namespaceOf(site);
  const base = `${origin}/wp-json`;
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
  r: RouteDef,
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
      args: argsObject(e.args, r.kind === 'collection' && e.methods[0] === 'GET' ? listDefaults : {}),
    })),
  };
  if (r.kind === 'collection') entry._links = { self: [{ href: `${origin}/wp-json/${ns}${r.pattern}` }] };
  return entry;
}

/** `GET /wp-json/`: the site index, listing the one namespace served here. */
export function describeIndex(site: SiteSettings, origin: string): Record<string, unknown> {
  const ns = namespaceOf(site);
  return {
    name: 'calctl',
    description: 'Embedded events calendar server',
    url: origin,
    home: origin,
    gmt_offset: 0,
    timezone_string: site.timezone,
    namespaces: [ns],
    authentication: { 'application-passwords': { endpoints: {} } },
    routes: {
      [`/${ns}`]: { namespace: ns, methods: ['GET'], _links: { self: [{ href: `${origin}/wp-json/${ns}` }] } },
    },
    _links: { help: [{ href: 'https://github.com/' }] },
  };
}
