/**
 * Routing: the table's WordPress patterns (`(?P<id>\d+)`) compiled below their namespaces, matched
 * against the route a request names (its path below the REST prefix).
 */
import type { Endpoint, Route } from './types.js';

export interface Match {
  route: Route;
  /** what the pattern captured, as sent */
  groups: Record<string, string>;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Router {
  /** routes grouped by namespace, so a request is only matched against its own namespace's patterns */
  private readonly namespaces: { prefix: string; routes: { route: Route; regex: RegExp }[] }[] = [];

  constructor(table: readonly Route[]) {
    for (const route of table) {
      const prefix = `/${route.namespace.name}`;
      let group = this.namespaces.find((g) => g.prefix === prefix);
      if (!group) {
        group = { prefix, routes: [] };
        this.namespaces.push(group);
      }
      const regex = new RegExp(`^${escapeRe(prefix)}${route.pattern.replace(/\(\?P</g, '(?<')}$`);
      group.routes.push({ route, regex });
    }
  }

  /** The first route whose pattern matches a route path (`/tribe/events/v1/events/12`). */
  find(path: string): Match | undefined {
    for (const { prefix, routes } of this.namespaces) {
      if (path !== prefix && !path.startsWith(`${prefix}/`)) continue;
      for (const { route, regex } of routes) {
        const match = regex.exec(path);
        if (match) return { route, groups: { ...match.groups } };
      }
    }
    return undefined;
  }
}

/** The endpoint of a route that answers a method (HEAD is answered as GET). */
export function endpointOf(route: Route, method: string): Endpoint | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return route.endpoints.find((e) => (e.methods as readonly string[]).includes(wanted));
}
