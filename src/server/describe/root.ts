import { offsetAt, siteSetting } from '../../clock/index.js';
import { BATCH_METHODS, BATCH_VALIDATION, MAX_BATCH_REQUESTS } from '../http/batch.js';
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

/**
 * WordPress core's batch route as its index and OPTIONS describe it: the argument schema of
 * `WP_REST_Server` (no descriptions there), the route outside any namespace (`namespace: ""`).
 */
export function describeBatchRoute(origin: string): Record<string, unknown> {
  return {
    namespace: '',
    methods: ['POST'],
    endpoints: [
      {
        methods: ['POST'],
        args: {
          validation: { type: 'string', enum: BATCH_VALIDATION, default: 'normal', required: false },
          requests: {
            type: 'array',
            maxItems: MAX_BATCH_REQUESTS,
            items: {
              type: 'object',
              properties: {
                method: { type: 'string', enum: BATCH_METHODS, default: 'POST' },
                path: { type: 'string', required: true },
                // (PHP's empty `properties` array is encoded as a JSON list)
                body: { type: 'object', properties: [], additionalProperties: true },
                headers: {
                  type: 'object',
                  properties: [],
                  additionalProperties: { type: ['string', 'array'], items: { type: 'string' } },
                },
              },
            },
            required: true,
          },
        },
      },
    ],
    _links: { self: [{ href: `${origin}/wp-json/batch/v1` }] },
  };
}

/**
 * The zone as WordPress's index announces its settings: an IANA id in `timezone_string` with the
 * offset in force now as `gmt_offset` (hours, a number: `wp_timezone_override_offset`), or a manual
 * offset as the option stores it (`gmt_offset: "5.5"`, a string) with an empty `timezone_string`.
 */
function zoneSettings(site: SiteSettings): { gmt_offset: number | string; timezone_string: string } {
  const { timezoneString, gmtOffsetHours } = siteSetting(site.timezone);
  if (gmtOffsetHours !== null) return { gmt_offset: String(gmtOffsetHours), timezone_string: '' };
  const hours = offsetAt(site.timezone, site.now()) / 60;
  return { gmt_offset: hours, timezone_string: timezoneString };
}

/** `GET /wp-json/`: the site index, listing the namespace served here and WordPress's batch route. */
export function describeIndex(
  site: SiteSettings,
  origin: string,
  extra: { namespaces: string[]; routes: Record<string, unknown> } = { namespaces: [], routes: {} },
): Record<string, unknown> {
  const ns = namespaceOf(site);
  return {
    name: 'calctl',
    description: 'Embedded events calendar server',
    url: origin,
    home: origin,
    ...zoneSettings(site),
    namespaces: [ns, ...extra.namespaces],
    authentication: { 'application-passwords': { endpoints: {} } },
    routes: {
      '/batch/v1': describeBatchRoute(origin),
      [`/${ns}`]: { namespace: ns, methods: ['GET'], _links: { self: [{ href: `${origin}/wp-json/${ns}` }] } },
      ...extra.routes,
    },
    _links: { help: [{ href: 'https://github.com/' }] },
  };
}
