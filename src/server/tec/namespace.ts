/**
 * The rules of the plugin's `tec/v1` namespace on the one pipeline (rest/pipeline.ts), in the site's
 * order: argument validation and sanitizing (the plugin's Parameter_Types), the permission callback
 * (Post_Entity_Endpoint::can_*), then the acknowledgement header (Endpoint::respond →
 * assure_experimental_acknowledgement) and the operation. The namespace index and `/docs` need no header.
 */

import { forbidden, invalidParams, RestError } from '../http/errors.js';
import type { Detail } from '../rest/args.js';
import { restRoot } from '../rest/root.js';
import type { Call, Namespace, Params, Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import type { Post } from '../store/types.js';
import { canPost, canType } from '../users/caps.js';
import { sanitizeArg, type TecArg, validateArg } from './args.js';
import { tecDocs } from './docs.js';
import { loadEventRender, serializeTecEvent } from './event-record.js';
import { listTec } from './list.js';
import { type TecResource, tecPostType } from './params.js';
import { serializeTecOrganizer, serializeTecVenue } from './records.js';
import {
  argsOf,
  describeTecNamespace,
  TEC_NS,
  type TecEndpoint,
  type TecRoute,
  tecRouteMap,
  tecRoutes,
} from './routes.js';
import { deleteForGood, trashPost, writeEvent, writeLinked } from './write.js';

/** The acknowledgement every events, venues and organizers request must carry (compared lower-cased, trimmed). */
export const TEC_ACK_HEADER = 'X-TEC-EEA';
export const TEC_ACK =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

type TecCall = Call<TecEndpoint>;

const entityError = (status: number, message: string): Reply => ({ status, body: { error: message } });

export function renderTec(post: Post, scope: RequestScope): Record<string, unknown> {
  if (post.type === 'tribe_events') return serializeTecEvent(post, scope, loadEventRender([post], scope));
  return post.type === 'tribe_venue' ? serializeTecVenue(post, scope) : serializeTecOrganizer(post, scope);
}

const resourceOf = (call: TecCall) => call.route.resource?.name as TecResource;
const isItem = (call: TecCall) => call.input.groups.id !== undefined;
const isPage = (call: TecCall) => call.endpoint.op === 'index' || call.endpoint.op === 'docs';

/** The post an item route names, when it exists and has the route's type (looked up once a call). */
const targets = new WeakMap<TecCall, Post | undefined>();
function target(call: TecCall): Post | undefined {
  if (!isItem(call)) return undefined;
  if (targets.has(call)) return targets.get(call);
  const post = call.scope.stores.posts.get(Number(call.input.groups.id));
  const found = post && post.type === tecPostType(resourceOf(call)) ? post : undefined;
  targets.set(call, found);
  return found;
}

/** Post_Entity_Endpoint's permission callbacks. */
function permitted(call: TecCall, op: TecEndpoint['op']): boolean {
  const { scope } = call;
  if (op === 'index' || op === 'docs') return true;
  if (!isItem(call)) return op === 'list' || canType(scope, tecPostType(resourceOf(call)), 'edit_posts');
  const post = target(call);
  if (!post) return false;
  // (can_read: a guest reads what is published; anything else is read_post's, then edit_post, delete_post)
  if (op === 'read') return post.status === 'publish' || canPost(scope, 'read_post', post);
  return canPost(scope, op === 'delete' ? 'delete_post' : 'edit_post', post);
}

/** `Allow`: the route's methods whose permission callback lets this caller through. */
function allowFor(call: TecCall): string {
  return call.route.endpoints
    .filter((e) => permitted(call, e.op))
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

/** The query's parameters in order, declared ones as sanitized (what the paging links rebuild). */
function queryPairs(query: Params, args: TecArg[], clean: Params) {
  const pairs: [string, string][] = [];
  const flat = (key: string, v: unknown) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) flat(`${key}[${i}]`, x);
    } else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) flat(`${key}[${k}]`, x);
    else pairs.push([key, v === true ? '1' : v === false ? '' : String(v)]);
  };
  for (const [k, v] of Object.entries(query)) {
    const declared = args.some((a) => a.name === k);
    flat(k, declared ? clean[k] : v);
  }
  return pairs;
}

/** The operation of an endpoint on the route's resource. */
function operate(call: TecCall, params: Params): Reply {
  const { scope } = call;
  const resource = resourceOf(call);
  const post = target(call);
  switch (call.endpoint.op) {
    case 'list':
      return listTec(resource, {
        scope,
        params,
        pairs: queryPairs(call.input.query, argsOf(resource, 'list', scope), params),
        base: `${restRoot(scope)}/${TEC_NS}/${resource}`,
      });
    case 'read': {
      if (!post || post.status === 'trash') return entityError(404, 'This record cannot be read.');
      return { status: 200, body: renderTec(post, scope) };
    }
    case 'create':
    case 'update': {
      const op = call.endpoint.op;
      if (op === 'update' && (!post || post.status === 'trash')) return entityError(500, 'The record was not updated.');
      const id =
        resource === 'events'
          ? writeEvent(scope, params, post ?? null)
          : writeLinked(scope, resource, params, post ?? null);
      if (id === null) return entityError(500, 'The record could not be saved.');
      const saved = scope.stores.posts.get(id) as Post;
      return { status: op === 'create' ? 201 : 200, body: renderTec(saved, scope) };
    }
    case 'delete': {
      if (!post) return entityError(404, 'This record cannot be deleted.');
      if (params.force === true) deleteForGood(scope, post);
      else if (post.status === 'trash') return entityError(410, 'This record is already in the trash.');
      else trashPost(scope, post);
      return { status: 200, body: [] };
    }
    default:
      throw new Error(`not an operation: ${call.endpoint.op}`);
  }
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
    validate: (call, raw) =>
      isPage(call) ? {} : checkArgs(argsOf(resourceOf(call), call.endpoint.op, call.scope), raw),
    permit(call) {
      if (!permitted(call, call.endpoint.op)) throw forbidden(call.scope.userId !== null);
    },
    acknowledge(call) {
      if (isPage(call)) return;
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
    handle(call, params) {
      if (call.endpoint.op === 'index') return { status: 200, body: describeTecNamespace(routes, call.scope) };
      if (call.endpoint.op === 'docs') return { status: 200, body: tecDocs(call.scope) };
      return operate(call, params);
    },
    // (an unreadable body is answered before the route's permissions are asked: no `Allow`)
    allow: (call, stage) => (stage === 'unread' ? undefined : allowFor(call) || undefined),
    index: (scope) => tecRouteMap(routes, scope),
  };
  const routes = tecRoutes(ns);
  return routes;
}
