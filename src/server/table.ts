/**
 * The one route table: every route of every namespace the server answers, in the order they are
 * matched. A route is added to its namespace's list (tribe/routes.ts, tec/routes.ts, wp/routes.ts);
 * nothing here changes for it.
 */

import type { Namespace, Route } from './rest/types.js';
import { namespaceOf, type SiteSettings } from './site.js';
import { tecTable } from './tec/namespace.js';
import { tribeRoutes } from './tribe/routes.js';
import { wpTable } from './wp/routes.js';

/** The routes of `site`; `maxParamLength` bounds a path parameter of the plugin's older namespace. */
export function buildTable(site: SiteSettings, maxParamLength: number): Route[] {
  return [...tribeRoutes(namespaceOf(site), maxParamLength), ...tecTable(), ...wpTable()];
}

/** The namespaces of a table, in its order (as the REST index lists them). */
export function namespacesOf(table: readonly Route[]): Namespace[] {
  return [...new Set(table.map((r) => r.namespace))];
}
