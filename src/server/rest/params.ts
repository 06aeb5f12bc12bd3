/**
 * WordPress's parameter lookup (WP_REST_Request::get_parameter_order): which source of a request wins
 * when a name appears in several.
 */
import type { Params } from './types.js';

/** A request's parameter sources, decoded. */
export interface RawInput {
  method: string;
  query: Params;
  /** decoded JSON body when it was an object */
  json: Params | null;
  /** decoded form body */
  form: Params | null;
  /** uploaded files of a multipart POST (for a media route: no route reads them yet) */
  files?: Params | null;
  path: Params;
}

/**
 * For POST, PUT, PATCH and DELETE the JSON body wins, then the form body, the query string and the
 * path (so a body's `id` names the record, even on DELETE); for reads the query string, then the path
 * (a GET's body is not read here). A JSON null counts as absent.
 */
export function mergeParams(input: RawInput): Params {
  const sources =
    input.method === 'GET' || input.method === 'HEAD'
      ? [input.query, input.path]
      : [input.json ?? {}, input.form ?? {}, input.query, input.path];
  const out: Params = {};
  for (const src of [...sources].reverse()) {
    for (const [k, v] of Object.entries(src)) if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}
