import type { ResourceSpec } from '../../catalog/index.js';
import type { HandlerResult } from '../handlers/common.js';
import { forbidden, invalidParams, missingParams } from '../http/errors.js';
import type { RequestScope } from '../site.js';
import type { Detail } from './args.js';
import type { Endpoint } from './table.js';

export interface RawInput {
  method: string;
  query: Record<string, unknown>;
  /** decoded JSON body when it was an object */
  json: Record<string, unknown> | null;
  /** decoded form body */
  form: Record<string, unknown> | null;
  /** uploaded files of a multipart POST (for a media route: no route reads them yet) */
  files?: Record<string, unknown> | null;
  path: Record<string, unknown>;
}

/**
 * WordPress's parameter lookup (WP_REST_Request::get_parameter_order): for POST, PUT, PATCH and DELETE
 * the JSON body wins, then the form body, the query string and the path (so a body's `id` names the
 * record, even on DELETE); for reads the query string, then the path (a GET's body is not read here).
 * A JSON null counts as absent.
 */
export function mergeParams(input: RawInput): Record<string, unknown> {
  const sources =
    input.method === 'GET' || input.method === 'HEAD'
      ? [input.query, input.path]
      : [input.json ?? {}, input.form ?? {}, input.query, input.path];
  const out: Record<string, unknown> = {};
  for (const src of [...sources].reverse()) {
    for (const [k, v] of Object.entries(src)) if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * The checks WordPress makes before the permission check: required arguments, then argument
 * validation. Answers the merged parameters of a request that may go on to {@link executeEndpoint}.
 */
export function validateEndpoint(endpoint: Endpoint, scope: RequestScope, input: RawInput): Record<string, unknown> {
  const params = mergeParams(input);
  const has = (name: string) => Object.hasOwn(params, name);
  const missing = endpoint.args.filter((a) => a.required && !has(a.name)).map((a) => a.name);
  if (missing.length) throw missingParams(missing);
  // WordPress validates every argument first (has_valid_params), then, only if all passed, sanitizes
  // them, which is where schema types are checked (sanitize_params): two rounds, each failing whole.
  for (const phase of ['validate', 'typeCheck'] as const) {
    const invalid: Record<string, string> = {};
    const details: Record<string, { code: string; message: string; data: Record<string, unknown> }> = {};
    for (const arg of endpoint.args) {
      const check = arg[phase];
      if (!has(arg.name) || !check) continue;
      const verdict = check(params[arg.name], scope, params);
      if (verdict === true) continue;
      invalid[arg.name] = 'Invalid parameter.';
      if (verdict !== false) {
        const d = verdict as Detail;
        invalid[arg.name] = d.message;
        details[arg.name] = { code: d.code, message: d.message, data: d.data ?? { param: arg.name } };
      }
    }
    if (Object.keys(invalid).length) throw invalidParams(invalid, details);
  }
  return params;
}

/** The permission check, then the handler, on parameters {@link validateEndpoint} accepted. */
export function executeEndpoint(
  endpoint: Endpoint,
  resource: ResourceSpec,
  scope: RequestScope,
  method: string,
  params: Record<string, unknown>,
): HandlerResult {
  if (endpoint.permission === 'edit' && scope.userId === null) throw forbidden(false);
  const has = (name: string) => Object.hasOwn(params, name);
  const declares = (name: string) => endpoint.args.some((a) => a.name === name);
  return endpoint.handler({ scope, params, has, declares, method, resource });
}

/**
 * Runs one endpoint in the site's order: required arguments, argument validation, permission, handler.
 * So an anonymous create with missing fields gets 400, with valid fields 401.
 */
export function runEndpoint(
  endpoint: Endpoint,
  resource: ResourceSpec,
  scope: RequestScope,
  input: RawInput,
): HandlerResult {
  return executeEndpoint(endpoint, resource, scope, input.method, validateEndpoint(endpoint, scope, input));
}
