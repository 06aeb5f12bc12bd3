/**
 * The shapes of the one route pipeline (rest/pipeline.ts): a route of any namespace, its endpoints,
 * the reply every endpoint gives, and the hooks through which a namespace says how it differs.
 */
import type { ResourceSpec } from '../../catalog/index.js';
import type { RequestScope } from '../site.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Params = Record<string, unknown>;

/** What every endpoint answers, whatever its namespace: a status, a body to encode as JSON, headers. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A request body's parameters as WordPress reads them (http/body.ts): a JSON object, form fields, files. */
export interface Body {
  json: Params | null;
  form: Params | null;
  /** the uploaded files of a multipart POST (no route reads them yet) */
  files?: Params | null;
}

/** One request's parts, as the routes read them. */
export interface Input {
  /** the method, upper case; HEAD reads as GET */
  method: string;
  /** the query string, parsed as PHP parses it */
  query: Params;
  /** what the route's pattern captured, as sent (not decoded) */
  groups: Record<string, string>;
  /** the body's parameters (throws `rest_invalid_json` for a body that is not JSON) */
  body(): Body;
  /** a request header's (first) value */
  header(name: string): string | undefined;
  /** the body's bytes as sent (an upload's file); a batch item has none */
  bytes?(): Buffer;
  /** what the endpoint's {@link Endpoint.prepare} answered, when it has one */
  prepared?: unknown;
}

/** One endpoint of a route: the methods it answers. Each namespace adds what it needs. */
export interface Endpoint {
  methods: readonly Method[];
  /**
   * Slow work on the request done before its transaction, outside it (an upload's image sizes): its
   * answer is `input.prepared`. It must not throw a refusal: the pipeline's steps give those, in order.
   */
  prepare?(input: Input, scope: RequestScope): Promise<unknown>;
}

export interface Route<E extends Endpoint = Endpoint> {
  namespace: Namespace<E>;
  /** WordPress's pattern below the namespace, e.g. `/events/(?P<id>\d+)`; `''` for the namespace itself */
  pattern: string;
  endpoints: readonly E[];
  /** the resource the route serves, if one */
  resource?: ResourceSpec;
  /** answers of GET may be kept in the answer cache (they depend on nothing but the data and the day) */
  cache?: boolean;
  /**
   * the route is reachable from `POST /batch/v1` (WordPress's `allow_batch`); `'opt-out'`: unless the
   * site refuses the plugin's routes in batches, as a stock site does (`SiteSettings.batchPluginRoutes`)
   */
  batch?: boolean | 'opt-out';
  /** WordPress's description of the route, the answer to OPTIONS; without it OPTIONS is not routed */
  describe?(scope: RequestScope): unknown;
}

/** One request to one endpoint of a route. */
export interface Call<E extends Endpoint = Endpoint> {
  scope: RequestScope;
  route: Route<E>;
  endpoint: E;
  input: Input;
}

/** Where a request stands when an answer or an error leaves the pipeline (see {@link Namespace.allow}). */
export type Stage = 'answer' | 'refused' | 'unread';

/**
 * How a namespace differs from the others. Every request takes the same path through these hooks
 * (rest/pipeline.ts): read the parameters, validate them, check the permission, acknowledge, handle.
 * Methods, not function properties, so a route of any namespace fits `Route<Endpoint>`.
 */
export interface Namespace<E extends Endpoint = Endpoint> {
  /** `tribe/events/v1`, `tec/v1`, `wp/v2` */
  readonly name: string;
  /** the parameters as the namespace reads them from the request (throws on an unreadable one) */
  read(call: Call<E>): Params;
  /** the namespace's argument checks; answers what the handler gets (throws its 400s) */
  validate(call: Call<E>, raw: Params): Params;
  /** throws when this caller may not use the endpoint */
  permit(call: Call<E>, params: Params): void;
  /** a check of the namespace's own between the permission and the handler (tec/v1's acknowledgement) */
  acknowledge?(call: Call<E>): void;
  /** runs the endpoint's handler, in the namespace's calling convention */
  handle(call: Call<E>, params: Params): Reply;
  /**
   * `Allow` to send: with an answer (the handler's own headers win), with an error of the checks or the
   * handler (`refused`), or with an error reading the request (`unread`); undefined for none.
   */
  allow(call: Call<E>, stage: Stage): string | undefined;
  /** `_fields` as this namespace reads it, when it trims successful answers by it */
  fields?(call: Call<E>, raw: Params): unknown;
  /** the namespace's entries in the site's REST index (`GET /wp-json/`), keyed by route */
  index?(scope: RequestScope): Record<string, unknown>;
}
