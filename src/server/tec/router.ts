/**
 * Serves `/wp-json/tec/v1/…` in the site's order: route match, argument validation, the permission
 * callback (Post_Entity_Endpoint::can_*), then the acknowledgement header (Endpoint::respond →
 * assure_experimental_acknowledgement) and the operation. The namespace index and `/docs` need no header.
 */
import { forbidden, invalidParams, RestError } from '../http/errors.js';
import { parsePhpQuery } from '../http/params.js';
import type { Detail } from '../routes/args.js';
import type { RequestScope } from '../site.js';
import type { Post } from '../store/types.js';
import { sanitizeArg, type TecArg, validateArg } from './args.js';
import { tecDocs } from './docs.js';
import { listTec, type TecReply } from './list.js';
import { TEC_POST_TYPE, type TecResource } from './params.js';
import { argsOf, describeTecNamespace, TEC_NS, TEC_ROUTES, type TecOp, type TecRoute } from './routes.js';
import { serializeTecOrganizer, serializeTecVenue } from './serialize.js';
import { loadEventRender, serializeTecEvent } from './serialize-event.js';
import { deleteForGood, trashPost, writeEvent, writeLinked } from './write.js';

/** The acknowledgement every events, venues and organizers request must carry (compared lower-cased, trimmed). */
export const TEC_ACK_HEADER = 'X-TEC-EEA';
export const TEC_ACK =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

export interface TecRequest {
  method: string;
  path: string;
  query: string;
  header: (name: string) => string | undefined;
  /** the decoded body: JSON object and form fields (writes only) */
  body: () => { json: Record<string, unknown> | null; form: Record<string, unknown> | null };
  scope: RequestScope;
}

/** How the router reaches the store: one read transaction, or one write of the group-commit batch. */
export interface TecStoreAccess {
  read<T>(fn: () => T): T;
  write<T>(fn: () => T): Promise<T>;
}

const entityError = (status: number, message: string): TecReply => ({ status, body: { error: message } });

export function renderTec(post: Post, scope: RequestScope): Record<string, unknown> {
  if (post.type === 'tribe_events') return serializeTecEvent(post, scope, loadEventRender([post], scope));
  return post.type === 'tribe_venue' ? serializeTecVenue(post, scope) : serializeTecOrganizer(post, scope);
}

/** The post an item route names, when it exists and has the route's type. */
function target(scope: RequestScope, resource: TecResource, id: unknown): Post | undefined {
  const post = scope.stores.posts.get(Number(id));
  return post && post.type === TEC_POST_TYPE[resource] ? post : undefined;
}

/** Post_Entity_Endpoint's permission callbacks. */
function permitted(op: TecOp, scope: RequestScope, post: Post | undefined, isItem: boolean): boolean {
  const editor = scope.userId !== null;
  if (!isItem) return op === 'list' || editor;
  if (!post) return false;
  if (op === 'read') return post.status === 'publish' || editor;
  return editor;
}

/** `Allow`: the route's methods whose permission callback lets this caller through. */
function allowFor(route: TecRoute, scope: RequestScope, post: Post | undefined, isItem: boolean): string {
  return route.endpoints
    .filter((e) => permitted(e.op, scope, post, isItem))
    .flatMap((e) => e.methods)
    .join(', ');
}

/** Validates the declared arguments present, then sanitizes them and applies their defaults. */
function checkArgs(args: TecArg[], raw: Record<string, unknown>): Record<string, unknown> {
  const invalid: Record<string, string> = {};
  const details: Record<string, { code: string; message: string; data: Record<string, unknown> }> = {};
  const out: Record<string, unknown> = {};
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
function queryPairs(query: Record<string, unknown>, args: TecArg[], clean: Record<string, unknown>) {
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

function runOp(
  route: TecRoute,
  op: TecOp,
  scope: RequestScope,
  params: Record<string, unknown>,
  post: Post | undefined,
  extra: { query: Record<string, unknown>; args: TecArg[] },
): TecReply {
  const { resource } = route;
  switch (op) {
    case 'list':
      return listTec(resource, {
        scope,
        params,
        pairs: queryPairs(extra.query, extra.args, params),
        base: `${scope.origin}/wp-json/${TEC_NS}/${resource}`,
      });
    case 'read': {
      if (!post || post.status === 'trash') return entityError(404, 'This record cannot be read.');
      return { status: 200, body: renderTec(post, scope) };
    }
    case 'create':
    case 'update': {
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
  }
}

/** Answers a request below /wp-json/tec/v1, or undefined when no route matches (the core's 404). */
export async function serveTec(req: TecRequest, store: TecStoreAccess): Promise<TecReply | undefined> {
  const { scope } = req;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (req.path === `/wp-json/${TEC_NS}` && method === 'GET')
    return { status: 200, body: describeTecNamespace(scope), headers: { Allow: 'GET' } };
  if (req.path === `/wp-json/${TEC_NS}/docs` && method === 'GET')
    return { status: 200, body: tecDocs(scope), headers: { Allow: 'GET' } };
  for (const route of TEC_ROUTES) {
    const match = route.regex.exec(req.path);
    if (!match) continue;
    const endpoint = route.endpoints.find((e) => e.methods.includes(method));
    if (!endpoint) return undefined;
    const isItem = match.groups?.id !== undefined;
    const writes = endpoint.op === 'create' || endpoint.op === 'update' || endpoint.op === 'delete';
    const query = parsePhpQuery(req.query) as Record<string, unknown>;
    const body = method === 'GET' ? { json: null, form: null } : req.body();
    const raw = { ...query, ...(body.form ?? {}), ...(body.json ?? {}) };
    const work = (): TecReply => {
      const post = isItem ? target(scope, route.resource, match.groups?.id) : undefined;
      const allow = allowFor(route, scope, post, isItem);
      const headers: Record<string, string> = allow ? { Allow: allow } : {};
      try {
        const args = argsOf(route.resource, endpoint.op, scope);
        const params = checkArgs(args, raw);
        if (!permitted(endpoint.op, scope, post, isItem)) throw forbidden(scope.userId !== null);
        const ack = req.header(TEC_ACK_HEADER);
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
        const reply = runOp(route, endpoint.op, scope, params, post, { query, args });
        return { ...reply, headers: { ...headers, ...(reply.headers ?? {}) } };
      } catch (err) {
        if (err instanceof RestError) return { status: err.status, body: err.toBody(), headers };
        throw err;
      }
    };
    return writes ? store.write(work) : store.read(work);
  }
  return undefined;
}
