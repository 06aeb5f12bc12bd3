/**
 * Starts the embedded server on 127.0.0.1:0 with a temp data dir and talks to it over real HTTP.
 * One server per test file: `const api = await startApi()` in beforeAll, `await api.stop()` in afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/start.js';

export const ADMIN_PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';

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

export interface Api {
  server: RunningServer;
  dataDir: string;
  /** origin/wp-json/tribe/events/v1 */
  base: string;
  origin: string;
  /** path relative to the namespace (`/events`) or absolute (`/wp-json/`) when it starts with /wp-json */
  req(method: string, path: string, opts?: ReqOptions): Promise<ApiResponse>;
  get(path: string, opts?: ReqOptions): Promise<ApiResponse>;
  post(path: string, json: unknown, opts?: ReqOptions): Promise<ApiResponse>;
  stop(): Promise<void>;
}

function encodeQuery(query: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const item of v) parts.push(`${encodeURIComponent(k)}[]=${encodeURIComponent(item)}`);
    else parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.join('&');
}

function encodeForm(form: Record<string, string | number | (string | number)[]>): string {
  return encodeQuery(form as Record<string, QueryValue>);
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function startApi(opts: Partial<StartOptions> = {}): Promise<Api> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'calctl-server-test-'));
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    adminPassword: ADMIN_PASSWORD,
    perPage: 10,
    timezone: 'UTC',
    ...opts,
    dataDir,
  });
  const base = server.baseUrl;
  const req = async (method: string, path: string, o: ReqOptions = {}): Promise<ApiResponse> => {
    let url = path.startsWith('/wp-json') || path === '/' ? `${server.origin}${path}` : `${base}${path}`;
    if (o.query && Object.keys(o.query).length) url += `${url.includes('?') ? '&' : '?'}${encodeQuery(o.query)}`;
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.auth === true) headers.authorization = basic('admin', ADMIN_PASSWORD);
    if (o.auth === 'bad') headers.authorization = basic('admin', `${ADMIN_PASSWORD}-wrong`);
    let body: string | undefined;
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof o.json === 'string' ? o.json : JSON.stringify(o.json);
    } else if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = encodeForm(o.form);
    }
    const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
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
    server,
    dataDir,
    base,
    origin: server.origin,
    req,
    get: (path, o) => req('GET', path, o),
    post: (path, json, o) => req('POST', path, { auth: true, ...o, json }),
    stop: async () => {
      await server.close();
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
