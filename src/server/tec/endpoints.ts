/**
 * The endpoints of `tec/v1`, each as the plugin's endpoint class defines it: the arguments it checks,
 * its permission callback (Post_Entity_Endpoint::can_*) and its callback. The pipeline runs them in the
 * site's order (rest/pipeline.ts: validate → permission → acknowledgement → callback); the routes that
 * carry them are in routes.ts, the namespace's rules in namespace.ts.
 */
import { restRoot } from '../rest/root.js';
import type { Call, Endpoint, Params, Reply } from '../rest/types.js';
import type { RequestScope } from '../site.js';
import type { Post } from '../store/types.js';
import { canPost, canType } from '../users/caps.js';
import type { TecArg } from './args.js';
import { loadEventRender, serializeTecEvent } from './event-record.js';
import { listTec } from './list.js';
import {
  bodyArgs,
  DELETE_ARGS,
  eventListArgs,
  linkedListArgs,
  TEC_NS,
  type TecResource,
  tecPostType,
} from './params.js';
import { serializeTecOrganizer, serializeTecVenue } from './records.js';
import { deleteForGood, trashPost, writeEvent, writeLinked } from './write.js';

export interface TecEndpoint extends Endpoint {
  /** the arguments WordPress checks for it on a resource (reads of one record and the pages take none) */
  args(resource: TecResource, scope: RequestScope): TecArg[];
  /** the permission callback: may this caller use the endpoint */
  can(call: TecCall): boolean;
  /** the callback, given the validated parameters */
  handler(call: TecCall, params: Params): Reply;
  /** one of the namespace's own pages (its index, `/docs`): no acknowledgement asked */
  page?: true;
}

export type TecCall = Call<TecEndpoint>;

const entityError = (status: number, message: string): Reply => ({ status, body: { error: message } });

/** A record of the namespace as it shows it. */
export function renderTec(post: Post, scope: RequestScope): Record<string, unknown> {
  if (post.type === 'tribe_events') return serializeTecEvent(post, scope, loadEventRender([post], scope));
  return post.type === 'tribe_venue' ? serializeTecVenue(post, scope) : serializeTecOrganizer(post, scope);
}

export const resourceOf = (call: TecCall) => call.route.resource?.name as TecResource;

/** The post an item route names, when it exists and has the route's type (looked up once a call). */
const targets = new WeakMap<TecCall, Post | undefined>();
function target(call: TecCall): Post | undefined {
  if (call.input.groups.id === undefined) return undefined;
  if (targets.has(call)) return targets.get(call);
  const post = call.scope.stores.posts.get(Number(call.input.groups.id));
  const found = post && post.type === tecPostType(resourceOf(call)) ? post : undefined;
  targets.set(call, found);
  return found;
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

const noArgs = (): TecArg[] => [];
const anyone = () => true;
const listArgs = (resource: TecResource, scope: RequestScope) =>
  resource === 'events' ? eventListArgs(scope) : linkedListArgs(scope, resource);

/** Writes the body onto `post` (a new record for none): the saved record, or the plugin's 500. */
function save(call: TecCall, params: Params, post: Post | undefined, status: number): Reply {
  const { scope } = call;
  const resource = resourceOf(call);
  const id =
    resource === 'events'
      ? writeEvent(scope, params, post ?? null)
      : writeLinked(scope, resource, params, post ?? null);
  if (id === null) return entityError(500, 'The record could not be saved.');
  return { status, body: renderTec(scope.stores.posts.get(id) as Post, scope) };
}

/** `GET /{resource}`: a page of the list, open to anyone (what a caller may not read is left out). */
export const listEndpoint: TecEndpoint = {
  methods: ['GET'],
  args: listArgs,
  can: anyone,
  handler(call, params) {
    const { scope } = call;
    const resource = resourceOf(call);
    return listTec(resource, {
      scope,
      params,
      pairs: queryPairs(call.input.query, listArgs(resource, scope), params),
      base: `${restRoot(scope)}/${TEC_NS}/${resource}`,
    });
  },
};

/** `POST /{resource}`: a new record, for a caller who may edit the resource's posts. */
export const createEndpoint: TecEndpoint = {
  methods: ['POST'],
  args: bodyArgs,
  can: (call) => canType(call.scope, tecPostType(resourceOf(call)), 'edit_posts'),
  handler: (call, params) => save(call, params, undefined, 201),
};

/** `GET /{resource}/{id}`: a guest reads what is published, anything else is `read_post`'s. */
export const readEndpoint: TecEndpoint = {
  methods: ['GET'],
  args: noArgs,
  can(call) {
    const post = target(call);
    return post !== undefined && (post.status === 'publish' || canPost(call.scope, 'read_post', post));
  },
  handler(call) {
    const post = target(call);
    if (!post || post.status === 'trash') return entityError(404, 'This record cannot be read.');
    return { status: 200, body: renderTec(post, call.scope) };
  },
};

/** `PUT|PATCH /{resource}/{id}`: the record updated, for a caller who may edit it. */
export const updateEndpoint: TecEndpoint = {
  methods: ['PUT', 'PATCH'],
  args: bodyArgs,
  can(call) {
    const post = target(call);
    return post !== undefined && canPost(call.scope, 'edit_post', post);
  },
  handler(call, params) {
    const post = target(call);
    if (!post || post.status === 'trash') return entityError(500, 'The record was not updated.');
    return save(call, params, post, 200);
  },
};

/** `DELETE /{resource}/{id}`: to the trash, or for good with `force`, for a caller who may delete it. */
export const deleteEndpoint: TecEndpoint = {
  methods: ['DELETE'],
  args: () => DELETE_ARGS,
  can(call) {
    const post = target(call);
    return post !== undefined && canPost(call.scope, 'delete_post', post);
  },
  handler(call, params) {
    const post = target(call);
    if (!post) return entityError(404, 'This record cannot be deleted.');
    if (params.force === true) deleteForGood(call.scope, post);
    else if (post.status === 'trash') return entityError(410, 'This record is already in the trash.');
    else trashPost(call.scope, post);
    return { status: 200, body: [] };
  },
};

/** One of the namespace's own pages (`GET`, open to anyone, no acknowledgement): `body` is its answer. */
export const pageEndpoint = (body: (scope: RequestScope) => unknown): TecEndpoint => ({
  methods: ['GET'],
  args: noArgs,
  can: anyone,
  handler: (call) => ({ status: 200, body: body(call.scope) }),
  page: true,
});
