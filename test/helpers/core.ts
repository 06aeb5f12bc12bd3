/**
 * The embedded server driven in this process, without a socket (fastify's `inject()` idea): a temp
 * data dir opened and its admin made as `calctl serve` makes it, and every request handed to the
 * core's `handle` (src/server/index.ts) as the transport would hand it. Passwords are checked as over
 * HTTP (no trusted credentials). One core per test file: `const api = await startCore()` in beforeAll,
 * `await api.stop()` in afterAll.
 *
 * What only the transport does is not here: body limits, fastify's own parsing and errors, HEAD and
 * keep-alive on the wire, TLS, the uploaded files served back. A test about those listens
 * (test/helpers/api-server.ts, same interface) or spawns `calctl serve` (test/helpers/spawn-serve.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessCore, openDataDir, type Stores, siteSettingsOf } from '../../src/server/index.js';

export const ADMIN_PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

/** The scheme and host the in-process core is asked on (a request's own Host header wins). */
export const CORE_ORIGIN = 'http://127.0.0.1';

export type QueryValue = string | number | boolean | (string | number)[];

export interface ReqOptions {
  /** query parameters; arrays become `name[]=a&name[]=b` */
  query?: Record<string, QueryValue>;
  /** a JSON body (object) or raw text sent as application/json */
  json?: unknown;
  /** a form-encoded body */
  form?: Record<string, string | number | (string | number)[]>;
  /** true: the admin; false: anonymous; 'bad': the admin with a wrong password. Default: false */
  auth?: boolean | 'bad';
  /** extra request headers */
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON paths
  body: any;
  text: string;
}

/** What a test sends requests through, whichever carries them (in-process here, a socket in api-server.ts). */
export interface Api {
  dataDir: string;
  /** the data dir's stores, as the server holds them */
  stores: Stores;
  /** origin/wp-json/tribe/events/v1 */
  base: string;
  origin: string;
  /** the admin's password file (null for a data dir in memory) */
  passwordFile: string | null;
  /** path relative to the namespace (`/events`) or absolute (`/wp-json/`) when it starts with /wp-json */
  req(method: string, path: string, opts?: ReqOptions): Promise<ApiResponse>;
  get(path: string, opts?: ReqOptions): Promise<ApiResponse>;
  post(path: string, json: unknown, opts?: ReqOptions): Promise<ApiResponse>;
  /** the WHATWG `fetch` of this server: a full URL on `origin`, any body a Request takes (FormData too) */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** What {@link startCore} takes: the settings of `calctl serve` that the core reads. */
export interface CoreStartOptions {
  /** a data dir (default: a new temp dir, removed by `stop()`), or ':memory:' */
  dataDir?: string;
  perPage?: number;
  timezone?: string;
  vendor?: string;
  permalinks?: 'pretty' | 'plain';
  basePath?: string;
  locale?: string;
  dateFormat?: string;
  now?: () => Date;
  adminPassword?: string;
  batchPluginRoutes?: boolean;
}

function encodeQuery(query: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) parts.push(`${encodeURIComponent(k)}[]=${encodeURIComponent(item)}`);
    else parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/**
 * `req`, `get` and `post` on top of a `fetch` (the global one for a listening server, the core's here):
 * the one way both harnesses build a request.
 */
export function requester(
  send: (url: string, init: RequestInit) => Promise<Response>,
  origin: string,
  base: string,
  password: string,
): Pick<Api, 'req' | 'get' | 'post'> {
  const req = async (method: string, path: string, o: ReqOptions = {}): Promise<ApiResponse> => {
    let url = path.startsWith('/wp-json') || path === '/' ? `${origin}${path}` : `${base}${path}`;
    if (o.query && Object.keys(o.query).length) url += `${url.includes('?') ? '&' : '?'}${encodeQuery(o.query)}`;
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.auth === true) headers.authorization = basic('admin', password);
    if (o.auth === 'bad') headers.authorization = basic('admin', `${password}-wrong`);
    let body: string | undefined;
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof o.json === 'string' ? o.json : JSON.stringify(o.json);
    } else if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = encodeQuery(o.form as Record<string, QueryValue>);
    }
    const res = await send(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* non-JSON stays text */
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    req,
    get: (path, o) => req('GET', path, o),
    post: (path, json, o) => req('POST', path, { auth: true, ...o, json }),
  };
}

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A Host header as the transport takes it for the answers' addresses (src/server/app.ts). */
const HOST = /^[\w.:[\]-]{1,255}$/;

/** Opens a data dir (a new temp dir unless given), makes its admin and answers in this process. */
export async function startCore(opts: CoreStartOptions = {}): Promise<Api> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'calctl-core-test-'));
  const password = opts.adminPassword ?? ADMIN_PASSWORD;
  const stores = openDataDir(dataDir);
  let passwordFile: string | null;
  try {
    // (as `calctl serve` makes it on first use: the admin and its application password)
    passwordFile = await stores.auth.ensureAdmin(dataDir === ':memory:' ? null : dataDir, password);
  } catch (err) {
    stores.db.close();
    throw err;
  }
  const site = siteSettingsOf(opts);
  const core = await createInProcessCore({ site, stores });

  /** One request as fastify hands it to the core: raw body bytes, the Host the client used. */
  async function once(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = { host: url.host };
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // (an empty Content-Type is no type, as the transport reads it)
    if (headers['content-type']?.trim() === '') delete headers['content-type'];
    const bytes = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    if (bytes) headers['content-length'] = String(bytes.length);
    const host = HOST.test(headers.host ?? '') ? headers.host : 'localhost';
    const res = await core.handle({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body: bytes,
      ip: '127.0.0.1',
      origin: `${url.protocol}//${host}`,
    });
    const empty = request.method === 'HEAD' || NULL_BODY.has(res.status);
    const answer = new Headers(res.headers);
    if (!empty) answer.set('content-length', String(Buffer.byteLength(res.body)));
    return new Response(empty ? null : res.body, { status: res.status, headers: answer });
  }

  const inProcessFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    let request = new Request(input, init);
    // (redirects are followed unless told not to, as fetch does)
    for (let hops = 0; ; hops++) {
      const res = await once(request.clone());
      const location = res.headers.get('location');
      if (init.redirect === 'manual' || !REDIRECTS.has(res.status) || !location || hops >= 20) return res;
      const keepBody = res.status === 307 || res.status === 308;
      request = new Request(new URL(location, request.url), {
        method: keepBody || request.method === 'HEAD' ? request.method : 'GET',
        headers: request.headers,
        ...(keepBody && request.body ? { body: await request.arrayBuffer() } : {}),
      });
    }
  };

  const origin = `${CORE_ORIGIN}${site.basePath}`.replace(/\/$/, '');
  const base =
    site.permalinks === 'plain'
      ? `${origin}/index.php?rest_route=/${site.vendor}/events/v1`
      : `${origin}/wp-json/${site.vendor}/events/v1`;
  return {
    dataDir,
    stores,
    base,
    origin: CORE_ORIGIN,
    passwordFile,
    ...requester(inProcessFetch, CORE_ORIGIN, base, password),
    fetch: inProcessFetch,
    stop: async () => {
      stores.db.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `YYYY-MM-DD` of today + offset days (UTC), optionally with a time: day(10, '10:00') */
export function day(offset: number, time?: string): string {
  const d = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  if (time === undefined) return d;
  return `${d} ${time.length === 5 ? `${time}:00` : time}`;
}

let counter = 0;
/** A unique word for titles, so lists can be isolated with `search`. */
export function uniq(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** An event body with the required fields (ten days ahead, two hours), plus `extra`. */
export const ev = (extra: Record<string, unknown> = {}) => ({
  title: uniq('Ev'),
  start_date: day(10, '10:00'),
  end_date: day(10, '12:00'),
  ...extra,
});

/** The ids of an events list answer, in order. */
export const ids = (r: { body: { events: { id: number }[] } }) => r.body.events.map((e) => e.id);
