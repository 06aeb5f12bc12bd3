/**
 * WordPress core's batch route, `POST /wp-json/batch/v1` (WordPress ≥ 5.6), as
 * `WP_REST_Server::serve_batch_request_v1` serves it: up to {@link MAX_BATCH_REQUESTS} writes in one
 * HTTP request, run as the caller of the batch. Every item is matched and validated first; with
 * `validation: require-all-validate` one invalid item means nothing runs. Otherwise the items run in
 * order, each as a single request would (its own savepoint in the current group commit), and the
 * answer (207) holds one envelope per item: `{body, status, headers}`.
 */

import { invalidParams, missingParams, noRoute, RestError } from '../http/errors.js';
import { fieldsParam, filterFields } from '../http/fields.js';
import { parsePhpQuery } from '../http/params.js';
import type { RequestScope } from '../site.js';
import { mergeParams, type RawInput } from './params.js';
import { type Checked, check as checkCall, perform, refusal } from './pipeline.js';
import type { Call, Endpoint, Route } from './types.js';

/** WordPress's default largest batch (its `rest_get_max_batch_size` filter). */
export const MAX_BATCH_REQUESTS = 25;
/** The route, below the REST root. */
export const BATCH_ROUTE = '/batch/v1';
export const BATCH_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
export const BATCH_VALIDATION = ['require-all-validate', 'normal'];

/** A sub-request's route and endpoint, as the core routes a single request. */
export interface SubRoute {
  route: Route;
  endpoint: Endpoint;
  /** what the route's pattern captured */
  groups: Record<string, string>;
}

/** What the batch needs from the core. */
export interface BatchContext {
  /**
   * The endpoint a path below the REST root (no query string) and a method reach: undefined when no
   * route has the method, `'batch'` for the batch route itself. (Whether the route takes batches is
   * the batch's own check: `Route.batch`.)
   */
  route(path: string, method: string): SubRoute | 'batch' | undefined;
  /** `fn` as one write of the current group commit, in its own savepoint */
  write<T>(fn: () => T): { result: T; durable: Promise<void> };
  /** `fn` as one request of the post store (its per-request memo) */
  inRequest<T>(fn: () => T): T;
  /** `fn` in one read transaction */
  read<T>(fn: () => T): T;
  /** the group commit still open, if any */
  open(): Promise<void> | undefined;
}

/** One item's answer; `headers` is `[]` when empty, as PHP encodes an empty array. */
export interface Envelope {
  body: unknown;
  status: number;
  headers: Record<string, string> | [];
}

export interface BatchAnswer {
  body: { failed?: 'validation'; responses: (Envelope | null)[] };
  /** the commits the answer waits for: those holding its writes, or one its checks read from */
  durable: Promise<void>[];
}

interface Item {
  method: string;
  path: string;
  query: string;
  body: Record<string, unknown> | null;
}

type ItemCheck = { ok: true; call: Call; checked: Checked } | { ok: false; error: Envelope };

/** A failed schema check, as WordPress reports it under `data.details` (data null unless it has some). */
interface Failure {
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const typeFailure = (param: string, type: string): Failure => ({
  code: 'rest_invalid_type',
  message: `${param} is not of type ${type}.`,
  data: { param },
});

const enumFailure = (param: string, values: string[]): Failure => ({
  code: 'rest_not_in_enum',
  message: `${param} must be one of: ${values.join(', ')}.`,
  data: null,
});

/**
 * A list as PHP sees one: an array, an object with numeric keys only (what a form body's
 * `requests[0][path]=…` becomes, and what JSON `{}` decodes to), or a scalar read as a comma list.
 */
function asList(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (isPlain(v)) return Object.keys(v).every((k) => /^\d+$/.test(k)) ? Object.values(v) : undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
    return String(v === false ? '' : v)
      .split(/[\s,]+/)
      .filter((s) => s !== '');
  }
  return undefined;
}

/** An object as PHP sees one: an object, an array (its indexes as keys) or the empty string. */
function asObject(v: unknown): Record<string, unknown> | undefined {
  if (isPlain(v)) return v;
  if (Array.isArray(v)) return { ...v };
  return v === '' ? {} : undefined;
}

/** One item of `requests`, checked against the route's item schema. */
function readItem(raw: unknown, param: string): Item | Failure {
  const item = asObject(raw);
  if (!item) return typeFailure(param, 'object');
  if (!Object.hasOwn(item, 'path')) {
    return { code: 'rest_property_required', message: `${param}[path] is required.`, data: null };
  }
  for (const [key, v] of Object.entries(item)) {
    const at = `${param}[${key}]`;
    if (key === 'method') {
      if (typeof v !== 'string') return typeFailure(at, 'string');
      if (!BATCH_METHODS.includes(v)) return enumFailure(at, BATCH_METHODS);
    } else if (key === 'path') {
      if (typeof v !== 'string') return typeFailure(at, 'string');
    } else if (key === 'body') {
      if (!asObject(v)) return typeFailure(at, 'object');
    } else if (key === 'headers') {
      const headers = asObject(v);
      if (!headers) return typeFailure(at, 'object');
      for (const [name, value] of Object.entries(headers)) {
        const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
        if (!scalar && !asList(value)?.every((x) => typeof x === 'string')) {
          return typeFailure(`${at}[${name}]`, 'string,array');
        }
      }
    }
  }
  const target = item.path as string;
  const cut = target.search(/[?#]/);
  const query = cut >= 0 && target[cut] === '?' ? target.slice(cut + 1).split('#')[0] : '';
  const body = item.body === undefined ? null : (asObject(item.body) as Record<string, unknown>);
  return {
    method: typeof item.method === 'string' ? item.method : 'POST',
    path: cut >= 0 ? target.slice(0, cut) : target,
    query: query ?? '',
    body: body && Object.keys(body).length ? body : null,
  };
}

/** The batch's own arguments, checked as WordPress checks them (required first, then each schema). */
function readArgs(input: RawInput): { validation: string; items: Item[] } {
  const params = mergeParams(input);
  if (!Object.hasOwn(params, 'requests')) throw missingParams(['requests']);
  const invalid: Record<string, string> = {};
  const details: Record<string, Failure> = {};
  const fail = (name: string, f: Failure) => {
    invalid[name] = f.message;
    details[name] = f;
  };
  const validation = params.validation ?? 'normal';
  if (typeof validation !== 'string') fail('validation', typeFailure('validation', 'string'));
  else if (!BATCH_VALIDATION.includes(validation)) fail('validation', enumFailure('validation', BATCH_VALIDATION));
  const items: Item[] = [];
  const list = asList(params.requests);
  if (!list) fail('requests', typeFailure('requests', 'array'));
  else {
    for (const [i, raw] of list.entries()) {
      const item = readItem(raw, `requests[${i}]`);
      if ('code' in item) {
        fail('requests', item);
        break;
      }
      items.push(item);
    }
    if (!invalid.requests && list.length > MAX_BATCH_REQUESTS) {
      fail('requests', {
        code: 'rest_too_many_items',
        message: `requests holds ${list.length} items; a batch takes at most ${MAX_BATCH_REQUESTS}.`,
        data: null,
      });
    }
  }
  // (WordPress reports a detail without data as `data: null`)
  if (Object.keys(invalid).length) throw invalidParams(invalid, details as Parameters<typeof invalidParams>[1]);
  return { validation: validation as string, items };
}

const envelope = (status: number, body: unknown, headers: Record<string, string>): Envelope => ({
  body,
  status,
  headers: Object.keys(headers).length ? headers : [],
});

const errorEnvelope = (err: RestError, allow: string | undefined): Envelope =>
  envelope(err.status, err.toBody(), allow ? { Allow: allow } : {});

/**
 * The `Allow` of an item's answer: the namespace's, else every method of the route (what
 * rest_send_allow_header leaves for a caller who may use them all, as a batch's writer usually may).
 */
function allowOf(call: Call): string {
  return (
    call.route.namespace.allow(call, 'answer') ??
    [...new Set(call.route.endpoints.flatMap((e) => e.methods))].join(', ')
  );
}

/** The envelope of an error a call's pipeline threw (with the route's `Allow`); rethrows a bug. */
function refused(call: Call, err: unknown): Envelope {
  const reply = refusal(call, err);
  return envelope(reply.status, reply.body, reply.headers ?? {});
}

/** Matches and validates one item, as the first pass of the batch does for all of them. */
function check(ctx: BatchContext, scope: RequestScope, item: Item): ItemCheck {
  const sub = ctx.route(item.path, item.method);
  if (sub === undefined) return { ok: false, error: errorEnvelope(noRoute(), undefined) };
  if (sub === 'batch') {
    const error = new RestError(400, 'rest_batch_not_allowed', 'A batch cannot hold another batch.');
    return { ok: false, error: errorEnvelope(error, 'POST') };
  }
  const call: Call = {
    scope,
    route: sub.route,
    endpoint: sub.endpoint,
    input: {
      method: item.method,
      query: parsePhpQuery(item.query),
      groups: sub.groups,
      // WordPress hands the item's body to the request as its body parameters.
      body: () => ({ json: null, form: item.body }),
      header: () => undefined,
    },
  };
  // (WP_REST_Server::serve_batch_request_v1: a route registered without `allow_batch` is refused
  // before its arguments are checked, with the route's Allow)
  const { batch } = sub.route;
  if (!(batch === true || (batch === 'opt-out' && scope.site.batchPluginRoutes !== false))) {
    const error = new RestError(400, 'rest_batch_not_allowed', 'This route cannot be used inside a batch.');
    return { ok: false, error: errorEnvelope(error, allowOf(call)) };
  }
  try {
    return { ok: true, call, checked: ctx.inRequest(() => checkCall(call)) };
  } catch (err) {
    return { ok: false, error: refused(call, err) };
  }
}

/**
 * Serves one batch for the caller in `scope`. `input` holds the batch request's own parameters (its
 * JSON or form body and query string). Throws the batch's own 400s; items' errors go in their envelopes.
 */
export function serveBatch(ctx: BatchContext, scope: RequestScope, input: RawInput): BatchAnswer {
  const { validation, items } = readArgs(input);
  // The checks see one snapshot; when a group commit is open they see its writes, so wait for it too.
  const durable = new Set<Promise<void>>();
  const open = ctx.open();
  if (open) durable.add(open);
  const checked = items.length ? ctx.read(() => items.map((item) => check(ctx, scope, item))) : [];
  if (validation === 'require-all-validate' && checked.some((c) => !c.ok)) {
    // Nothing runs. (WordPress sends these envelopes without the route's Allow.)
    const responses = checked.map((c) => (c.ok ? null : envelope(c.error.status, c.error.body, {})));
    return { body: { failed: 'validation', responses }, durable: [...durable] };
  }
  const responses = checked.map((c): Envelope => {
    if (!c.ok) return c.error;
    const { call, checked: args } = c;
    try {
      const run = ctx.write(() => ctx.inRequest(() => perform(call, args)));
      durable.add(run.durable);
      const { result } = run;
      // (`_fields` from the item's parameters; `Allow` after the handler's own headers)
      const fields = fieldsParam([args.params, args.raw]);
      const data = fields === undefined || result.status >= 400 ? result.body : filterFields(result.body, fields);
      const allow = allowOf(call);
      return envelope(result.status, data, { ...result.headers, Allow: result.headers?.Allow ?? allow });
    } catch (err) {
      return refused(call, err);
    }
  });
  return { body: { responses }, durable: [...durable] };
}
