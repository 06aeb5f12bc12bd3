/**
 * The one route pipeline: every request to every namespace's endpoint takes this path, in WordPress's
 * order (WP_REST_Server::respond_to_request): read the parameters, validate them, check the permission,
 * then the handler. A namespace changes the steps' rules through its hooks (rest/types.ts Namespace),
 * never the order; errors become replies here, with the `Allow` the namespace sends.
 */
import { RestError } from '../http/errors.js';
import { filterFields } from '../http/fields.js';
import type { Call, Params, Reply } from './types.js';

/** A request's parameters as read (`raw`) and as validated (`params`): what {@link perform} needs. */
export interface Checked {
  raw: Params;
  params: Params;
}

/** An error reading the request (its body, its path), told apart for the namespace's `Allow`. */
class Unread extends Error {
  constructor(readonly error: RestError) {
    super(error.message);
  }
}

/** Reads and validates the parameters (throws the namespace's errors). */
export function check(call: Call): Checked {
  const ns = call.route.namespace;
  let raw: Params;
  try {
    raw = ns.read(call);
  } catch (err) {
    throw err instanceof RestError ? new Unread(err) : err;
  }
  return { raw, params: ns.validate(call, raw) };
}

/** The permission check, the namespace's acknowledgement, then the handler: its reply as it gave it. */
export function perform(call: Call, checked: Checked): Reply {
  const ns = call.route.namespace;
  ns.permit(call, checked.params);
  ns.acknowledge?.(call);
  return ns.handle(call, checked.params);
}

/** A handler's reply as a single request answers it: with the namespace's `Allow`, trimmed by `_fields`. */
export function finish(call: Call, checked: Checked, reply: Reply): Reply {
  const ns = call.route.namespace;
  const allow = ns.allow(call, 'answer');
  const headers = allow ? { Allow: allow, ...(reply.headers ?? {}) } : (reply.headers ?? {});
  const fields = reply.status < 400 ? ns.fields?.(call, checked.raw) : undefined;
  const body = fields === undefined ? reply.body : filterFields(reply.body, fields);
  return { status: reply.status, body, headers };
}

/** The reply to an error the pipeline threw for `call`, with the namespace's `Allow`; rethrows a bug. */
export function refusal(call: Call, err: unknown): Reply {
  const unread = err instanceof Unread;
  const error = unread ? err.error : err;
  if (!(error instanceof RestError)) throw error;
  const allow = call.route.namespace.allow(call, unread ? 'unread' : 'refused');
  return { status: error.status, body: error.toBody(), headers: allow ? { Allow: allow } : {} };
}

/**
 * An endpoint's error, answered: thrown by {@link run} so that a transaction around the call still
 * rolls back, and caught by whoever answers the request.
 */
export class Refused extends Error {
  constructor(readonly reply: Reply) {
    super(`refused with ${reply.status}`);
  }
}

/**
 * Runs one endpoint for a single request: every step above. An error leaves as a {@link Refused}
 * holding the reply its namespace gives it (a bug leaves as it is).
 */
export function run(call: Call): Reply {
  try {
    const checked = check(call);
    return finish(call, checked, perform(call, checked));
  } catch (err) {
    throw new Refused(refusal(call, err));
  }
}
