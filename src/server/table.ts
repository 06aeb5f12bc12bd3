/**
 * The one route table: the site's own routes (its pages outside the REST API, the REST index, the
 * batch route), then every route of every namespace the server answers, in the order they are
 * matched. A route is added to its namespace's list (tribe/routes.ts, tec/routes.ts, wp/routes.ts);
 * nothing here changes for it.
 */

import { frontPages } from './front.js';
import { batchRoute, indexRoute } from './rest/site.js';
import type { SiteRoute } from './rest/site-route.js';
import type { Namespace, Route } from './rest/types.js';
import { namespaceOf, type SiteSettings } from './site.js';
import { tecTable } from './tec/namespace.js';
import { tribeRoutes } from './tribe/routes.js';
import { wpTable } from './wp/routes.js';

/** The site's own routes, answered outside the namespaces' pipeline (rest/site-route.ts). */
export const SITE_ROUTES: readonly SiteRoute[] = [frontPages, indexRoute, batchRoute];

/** The namespaces' routes of `site`; `maxParamLength` bounds a path parameter of the plugin's older namespace. */
export function buildTable(site: SiteSettings, maxParamLength: number): Route[] {
  return [...tribeRoutes(namespaceOf(site), maxParamLength), ...tecTable(), ...wpTable()];
}

/** The namespaces of a table, in its order (as the REST index lists them). */
export function namespacesOf(table: readonly Route[]): Namespace[] {
  return [...new Set(table.map((r) => r.namespace))];
}
