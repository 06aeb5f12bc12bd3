/**
 * WordPress core's batch route, `POST /wp-json/batch/v1` (WordPress ≥ 5.6), as
 * `WP_REST_Server::serve_batch_request_v1` serves it: up to {@link MAX_BATCH_REQUESTS} writes in one
 * HTTP request, run as the caller of the batch. Every item is matched and validated first; with
 * `validation: require-all-validate` one invalid item means nothing runs. Otherwise the items run in
 * order, each as a single request would (its own savepoint in the current group commit), and the
 * answer (207) holds one envelope per item: `{body, status, headers}`.
 */
import type { ResourceSpec } from '../../catalog/index.js';
import { executeEndpoint, mergeParams, type RawInput, validateEndpoint } from '../routes/pipeline.js';
import type { Endpoint } from '../routes/table.js';
import type { RequestScope } from '../site.js';
import { invalidParams, missingParams, noRoute, RestError } from './errors.js';
import { fieldsParam, filterFields } from './fields.js';
import { parsePhpQuery } from './params.js';

/** WordPress's default largest batch (its `rest_get_max_batch_size` filter). */
export const MAX_BATCH_REQUESTS = 25;
/** The route, below the site root. */
export const BATCH_PATH = '/wp-json/batch/v1';
export const BATCH_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
export const BATCH_VALIDATION = ['require-all-validate', 'normal'];

/** A sub-request's route and endpoint, as the core routes a single request. */
export interface SubRoute {
  endpoint: Endpoint;
  resource: ResourceSpec;
  /** the `Allow` a single request to the route answers with */
  allow: string;
  /** the decoded path parameters (throws the error a single request would answer) */
  pathParams(): Record<string, unknown>;
}

/** What the batch needs from the core. */
export interface BatchContext {
  /**
   * The endpoint a path below `/wp-json` (no query string) and a method reach: undefined when no route
   * or the route lacks the method, `'batch'` for the batch route itself.
   */
  route(path: string, method: string, userId: number | null): SubRoute | 'batch' | undefined;
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

type Checked =
  | { ok: true; sub: SubRoute; params: Record<string, unknown> }
  | { ok: false; error: RestError; allow: string | undefined };

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

/** Matches and validates one item, as the first pass of the batch does for all of them. */
function check(ctx: BatchContext, scope: RequestScope, item: Item): Checked {
  const sub = ctx.route(item.path, item.method, scope.userId);
  if (sub === undefined) return { ok: false, error: noRoute(), allow: undefined };
  if (sub === 'batch') {
    const error = new RestError(400, 'rest_batch_not_allowed', 'A batch cannot hold another batch.');
    return { ok: false, error, allow: 'POST' };
  }
  try {
    const input: RawInput = {
      method: item.method,
      query: parsePhpQuery(item.query),
      json: null,
      // WordPress hands the item's body to the request as its body parameters.
      form: item.body,
      path: sub.pathParams(),
    };
    return { ok: true, sub, params: ctx.inRequest(() => validateEndpoint(sub.endpoint, scope, input)) };
  } catch (err) {
    if (err instanceof RestError) return { ok: false, error: err, allow: sub.allow };
    throw err;
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
    const responses = checked.map((c) => (c.ok ? null : errorEnvelope(c.error, undefined)));
    return { body: { failed: 'validation', responses }, durable: [...durable] };
  }
  const responses = checked.map((c, i): Envelope => {
    if (!c.ok) return errorEnvelope(c.error, c.allow);
    const { endpoint, resource, allow } = c.sub;
    const method = (items[i] as Item).method;
    try {
      const run = ctx.write(() => ctx.inRequest(() => executeEndpoint(endpoint, resource, scope, method, c.params)));
      durable.add(run.durable);
      const { result } = run;
      const fields = fieldsParam([c.params]);
      const data = fields === undefined || result.status >= 400 ? result.body : filterFields(result.body, fields);
      return envelope(result.status, data, { ...result.headers, Allow: result.headers?.Allow ?? allow });
    } catch (err) {
      if (err instanceof RestError) return errorEnvelope(err, allow);
      throw err;
    }
  });
  return { body: { responses }, durable: [...durable] };
}
