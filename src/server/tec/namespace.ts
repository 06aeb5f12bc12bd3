/**
 * The rules of the plugin's `tec/v1` namespace on the one pipeline (rest/pipeline.ts), in the site's
 * order: argument validation and sanitizing (the plugin's Parameter_Types), the permission callback
 * (Post_Entity_Endpoint::can_*), then the acknowledgement header (Endpoint::respond →
 * assure_experimental_acknowledgement) and the endpoint's callback (each endpoint carries its own:
 * endpoints.ts). The namespace index and `/docs` need no header.
 */

import { forbidden, invalidParams, RestError } from '../http/errors.js';
import type { Detail } from '../rest/args.js';
import type { Namespace, Params } from '../rest/types.js';
import { sanitizeArg, type TecArg, validateArg } from './args.js';
import { resourceOf, type TecCall, type TecEndpoint } from './endpoints.js';
import { TEC_NS } from './params.js';
import { type TecRoute, tecRouteMap, tecRoutes } from './routes.js';

/** The acknowledgement every events, venues and organizers request must carry (compared lower-cased, trimmed). */
export const TEC_ACK_HEADER = 'X-TEC-EEA';
export const TEC_ACK =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

/** `Allow`: the route's methods whose permission callback lets this caller through. */
function allowFor(call: TecCall): string {
  return call.route.endpoints
    .filter((e) => e.can(call))
    .flatMap((e) => e.methods)
    .join(', ');
}

/** Validates the declared arguments present, then sanitizes them and applies their defaults. */
function checkArgs(args: TecArg[], raw: Params): Params {
  const invalid: Record<string, string> = {};
  const details: Record<string, { code: string; message: string; data: Record<string, unknown> }> = {};
  const out: Params = {};
  for (const arg of args) {
    const v = raw[arg.name];
    if (v === undefined || v === null) {
      if (arg.default !== undefined) out[arg.name] = arg.default;
      continue;
    }
    const verdict = validateArg(arg, v);
    if (verdict === true) out[arg.name] = sanitizeArg(arg, v);
    else if (verdict === false) invalid[arg.name] = 'Invalid parameter.';
    else {
      const d = verdict as Detail;
      invalid[arg.name] = d.message;
      details[arg.name] = { code: d.code, message: d.message, data: d.data ?? {} };
    }
  }
  if (Object.keys(invalid).length) throw invalidParams(invalid, details);
  return out;
}

/** The namespace `tec/v1` and its routes. */
export function tecTable(): TecRoute[] {
  const ns: Namespace<TecEndpoint> = {
    name: TEC_NS,
    read({ input }) {
      // (a read takes no body; a delete's body is read, as WordPress reads it for every other method)
      const body = input.method === 'GET' ? { json: null, form: null } : input.body();
      return { ...input.query, ...(body.form ?? {}), ...(body.json ?? {}) };
    },
    validate: (call, raw) => checkArgs(call.endpoint.args(resourceOf(call), call.scope), raw),
    permit(call) {
      if (!call.endpoint.can(call)) throw forbidden(call.scope.userId !== null);
    },
    acknowledge(call) {
      if (call.endpoint.page) return;
      const ack = call.input.header(TEC_ACK_HEADER);
      if (!ack)
        throw new RestError(
          400,
          'missing_experimental_endpoint_acknowledgement',
          'This endpoint is experimental: send the acknowledgement header.',
        );
      if (ack.trim().toLowerCase() !== TEC_ACK.toLowerCase())
        throw new RestError(
          400,
          'missing_experimental_endpoint_acknowledgement',
          'The acknowledgement header does not carry the expected text.',
        );
    },
    handle: (call, params) => call.endpoint.handler(call, params),
    // (an unreadable body is answered before the route's permissions are asked: no `Allow`)
    allow: (call, stage) => (stage === 'unread' ? undefined : allowFor(call) || undefined),
    index: (scope) => tecRouteMap(routes, scope),
  };
  const routes = tecRoutes(ns);
  return routes;
}
