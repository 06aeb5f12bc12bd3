/**
 * Query parameters of WordPress core's routes, checked as core's schema validation checks them
 * (rest_validate_value_from_schema): every invalid parameter is named in one 400 `rest_invalid_param`
 * with a `details` entry carrying core's code (rest_invalid_type, rest_out_of_bounds,
 * rest_not_in_enum, rest_invalid_date). The messages are this server's own.
 */

import { offsetSuffixMinutes, utcToWall } from '../../clock/index.js';
import { RestError } from '../http/errors.js';
import { restRoot, withQuery } from '../rest/root.js';
import type { Params } from '../rest/types.js';
import type { RequestScope } from '../site.js';

type Detail = { code: string; message: string; data: Record<string, unknown> | null };

/** The contexts a record may be asked in. */
export type Context = 'view' | 'embed' | 'edit';

/** `context` as core's schema reads it (an enumeration, `view` when absent). */
export const contextParam = (params: CoreParams): Context =>
  params.oneOf('context', ['view', 'embed', 'edit'] as const, 'view');

/**
 * The arguments of one record's GET, as core's get_item reads them: the record looked up first (its
 * 404 before any 400), then `context`.
 */
export const recordAndContext =
  <T>(find: (id: number, scope: RequestScope) => T) =>
  (scope: RequestScope, query: Params, groups: Record<string, string>): { record: T; context: Context } => {
    const params = new CoreParams(query);
    const record = find(Number(groups.id), scope);
    const context = contextParam(params);
    params.check();
    return { record, context };
  };

/** The arguments of one record's DELETE, as core's delete_item reads them: `force` checked, then the record looked up. */
export const recordAndForce =
  <T>(find: (id: number, scope: RequestScope) => T) =>
  (scope: RequestScope, query: Params, groups: Record<string, string>): { record: T; force: boolean } => {
    const params = new CoreParams(query);
    const force = params.bool('force', false);
    params.check();
    return { force, record: find(Number(groups.id), scope) };
  };

/** get_items_permissions_check: the `edit` context only for callers who may edit (`editor`; `refusal`: why not). */
export function permitContext(context: Context, editor: boolean, scope: RequestScope, refusal: string): void {
  if (context === 'edit' && !editor)
    throw new RestError(scope.userId === null ? 401 : 403, 'rest_forbidden_context', refusal);
}

/** Collects the failures of one request's parameters. */
export class CoreParams {
  readonly failed: Record<string, Detail> = {};

  constructor(readonly query: Record<string, unknown>) {}

  has(name: string): boolean {
    const v = this.query[name];
    return v !== undefined && v !== null;
  }

  private fail(name: string, code: string, message: string, data: Record<string, unknown> | null = null) {
    this.failed[name] ??= { code, message, data };
    return undefined;
  }

  /** An integer within bounds; `fallback` when absent. */
  int(name: string, fallback: number, min: number, max?: number): number {
    if (!this.has(name)) return fallback;
    const raw = this.query[name];
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    if (!/^-?\d+$/.test(text)) {
      return this.fail(name, 'rest_invalid_type', `${name} must be a whole number.`, { param: name }) ?? fallback;
    }
    const n = Number(text);
    if (n < min || (max !== undefined && n > max)) {
      const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
      return this.fail(name, 'rest_out_of_bounds', `${name} must be ${range}.`) ?? fallback;
    }
    return n;
  }

  /** A list (array or comma-separated), as core's `array` type accepts it. */
  list(name: string): string[] | undefined {
    if (!this.has(name)) return undefined;
    const raw = this.query[name];
    const items = Array.isArray(raw) ? raw : typeof raw === 'object' ? Object.values(raw as object) : [raw];
    return items.flatMap((v) => (Array.isArray(v) ? [] : String(v).split(','))).map((s) => s.trim());
  }

  /** A list of integers (ids). */
  ids(name: string): number[] | undefined {
    const items = this.list(name);
    if (!items) return undefined;
    const bad = items.findIndex((s) => !/^\d+$/.test(s));
    if (bad >= 0) {
      const param = `${name}[${bad}]`;
      return this.fail(name, 'rest_invalid_type', `${param} must be a whole number.`, { param });
    }
    return items.filter((s) => s !== '').map(Number);
  }

  /** One of the values of an enumeration. */
  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    if (!this.has(name)) return fallback;
    const v = String(this.query[name]);
    if ((values as readonly string[]).includes(v)) return v as T;
    return this.fail(name, 'rest_not_in_enum', `${name} must be one of: ${values.join(', ')}.`) ?? fallback;
  }

  /** A boolean as core reads one (true/false, 1/0, yes/no is refused). */
  bool(name: string, fallback: boolean): boolean {
    if (!this.has(name)) return fallback;
    const v = String(this.query[name]).toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0' || v === '') return false;
    return this.fail(name, 'rest_invalid_type', `${name} must be true or false.`, { param: name }) ?? fallback;
  }

  /**
   * An RFC 3339 date-time (a space may stand for the T; the zone is optional), as the site's local
   * wall time (WP_Date_Query reads it in the site's zone when it names none).
   */
  dateTime(name: string, scope: RequestScope): string | undefined {
    if (!this.has(name)) return undefined;
    const v = String(this.query[name]);
    const m = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.\d+)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/.exec(v);
    if (!m) return this.fail(name, 'rest_invalid_date', 'The date is not in the expected format.');
    const wall = `${m[1]} ${m[2]}`;
    const zone = m[3];
    if (!zone) return wall;
    const offset = offsetSuffixMinutes(zone);
    const utcMs = Date.parse(`${m[1]}T${m[2]}Z`) - (offset ?? 0) * 60_000;
    if (offset === undefined || Number.isNaN(utcMs))
      return this.fail(name, 'rest_invalid_date', 'The date is not in the expected format.');
    return utcToWall(new Date(utcMs).toISOString().slice(0, 19).replace('T', ' '), scope.site.timezone);
  }

  /** Throws the collected failures, if any. */
  check(): void {
    const names = Object.keys(this.failed);
    if (names.length === 0) return;
    const params = Object.fromEntries(names.map((n) => [n, this.failed[n]?.message]));
    throw new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
      params,
      details: this.failed,
    });
  }
}

/**
 * The query of a collection URL as core writes it in `Link` headers: the caller's parameters with
 * list parameters as `name[i]=value`, percent-encoded, then `page`.
 */
export function pageLink(base: string, query: Record<string, unknown>, lists: readonly string[], page: number) {
  const parts: string[] = [];
  // (add_query_arg keeps a `page` already there in its place)
  if (!('page' in query)) query = { ...query, page };
  for (const [k, v] of Object.entries(query)) {
    if (k === 'page') {
      parts.push(`page=${page}`);
      continue;
    }
    if (v === undefined || v === null) continue;
    const values = typeof v === 'object' ? Object.values(v as object) : null;
    const items = lists.includes(k) ? (values ? values.map(String) : String(v).split(',')) : null;
    if (items) {
      for (const [i, item] of items.entries())
        parts.push(`${encodeURIComponent(`${k}[${i}]`)}=${encodeURIComponent(item)}`);
    } else if (!Array.isArray(v) && typeof v !== 'object')
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return withQuery(base, parts.join('&'));
}

/**
 * The headers of one page of a core collection: `X-WP-Total`, `X-WP-TotalPages`, the `Link` to the
 * pages around it, and `Allow` (signed-in callers may also create).
 */
export function collectionHeaders(
  scope: RequestScope,
  route: string,
  query: Record<string, unknown>,
  lists: readonly string[],
  paging: { page: number; total: number; maxPages: number },
): Record<string, string> {
  const { page, total, maxPages } = paging;
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(maxPages) };
  const base = `${restRoot(scope)}/wp/v2/${route}`;
  const pages: string[] = [];
  if (page > 1) pages.push(`<${pageLink(base, query, lists, Math.min(page - 1, maxPages))}>; rel="prev"`);
  if (maxPages > page) pages.push(`<${pageLink(base, query, lists, page + 1)}>; rel="next"`);
  if (pages.length) headers.Link = pages.join(', ');
  headers.Allow = scope.userId === null ? 'GET' : 'GET, POST';
  return headers;
}
