/**
 * The site's own REST routes, outside any namespace: the REST index (`GET /wp-json/`) and WordPress
 * core's batch route (`POST /wp-json/batch/v1`, its requests run by batch.ts) with its description.
 */
import { offsetAt, siteSetting } from '../../clock/index.js';
import { bodyParams } from '../http/body.js';
import { RestError } from '../http/errors.js';
import { parsePhpQuery } from '../http/params.js';
import type { RequestScope, SiteSettings } from '../site.js';
import { BATCH_METHODS, BATCH_ROUTE, BATCH_VALIDATION, MAX_BATCH_REQUESTS, serveBatch } from './batch.js';
import { restRoot, type Where } from './root.js';
import { encode, type SiteRoute } from './site-route.js';
import type { Namespace } from './types.js';

/**
 * WordPress core's batch route as its index and OPTIONS describe it: the argument schema of
 * `WP_REST_Server` (no descriptions there), the route outside any namespace (`namespace: ""`).
 */
export function describeBatchRoute(where: Where): Record<string, unknown> {
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
    _links: { self: [{ href: `${restRoot(where)}/batch/v1` }] },
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

/** `GET /wp-json/`: the site index, listing the namespaces served here, their routes and WordPress's batch route. */
export function describeIndex(scope: RequestScope, namespaces: readonly Namespace[]): Record<string, unknown> {
  const { site, origin } = scope;
  const routes: Record<string, unknown> = { '/batch/v1': describeBatchRoute(scope) };
  for (const ns of namespaces) Object.assign(routes, ns.index?.(scope));
  return {
    name: 'calctl',
    description: 'Embedded events calendar server',
    url: origin,
    home: origin,
    ...zoneSettings(site),
    namespaces: namespaces.map((ns) => ns.name),
    authentication: { 'application-passwords': { endpoints: {} } },
    routes,
    _links: { help: [{ href: 'https://github.com/' }] },
  };
}

/** `GET /wp-json/`: the site index (HEAD as GET); other methods are not found. */
export const indexRoute: SiteRoute = {
  at: '',
  methods: ['GET', 'HEAD'],
  answer: ({ scope }, { namespaces }) => encode({ status: 200, body: describeIndex(scope, namespaces) }),
};

/** `POST /wp-json/batch/v1` and its OPTIONS; every answer and error carries `Allow: POST`. */
export const batchRoute: SiteRoute = {
  at: BATCH_ROUTE,
  methods: ['POST', 'OPTIONS'],
  async answer({ scope, method, query, body }, services) {
    const allow = { Allow: 'POST' };
    if (method === 'OPTIONS') return { ...encode({ status: 200, body: describeBatchRoute(scope) }), headers: allow };
    try {
      const input = { method, query: parsePhpQuery(query), ...bodyParams(body), path: {} };
      const batch = serveBatch(services.batch, scope, input);
      await Promise.all(batch.durable);
      return { ...encode({ status: 207, body: batch.body }), headers: allow };
    } catch (err) {
      if (!(err instanceof RestError)) throw err;
      return { ...encode({ status: err.status, body: err.toBody() }), headers: allow };
    }
  },
};
