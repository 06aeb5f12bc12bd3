import { type CalctlError, InterruptedError } from '../errors/index.js';
import { abortableDelay, watchAbort } from './abort-watch.js';
import { NetworkError, serializedWpError, TimeoutError } from './errors.js';
import { createNodeHttpSender, type NodeHttpSender } from './node-http.js';
import { encodeParams, type ParamObject, redactUrl } from './params.js';
import { errorForStatus, parseBody, type RawAnswer } from './response.js';
import { apiUrl } from './rest-url.js';
import { backoffDelay, retryAfterMs, shouldRetry } from './retry.js';

/** One HTTP exchange, whatever carries it. */
export type Transport = (req: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}) => Promise<RawAnswer>;

/** Credentials: an application password (basic) or a bearer token (JWT plugins). */
export type ApiAuth = { type: 'basic'; user: string; password: string } | { type: 'bearer'; token: string };

/** Options of createApiClient. */
export interface ApiClientOptions {
  /** full namespace URL, e.g. http://127.0.0.1:8080/wp-json/tribe/events/v1 */
  baseUrl: string;
  auth?: ApiAuth | undefined;
  /**
   * Sends one request without the network (the CLI's in-process local calendar). When given, no HTTP
   * module is loaded.
   */
  transport?: Transport | undefined;
  /** per attempt, covering connection, headers and body (default 30000; 0 disables) */
  timeoutMs?: number | undefined;
  /** retries after the first attempt, for idempotent methods only (default 3) */
  retries?: number | undefined;
  /** backoff scale (default 250 ms) */
  retryBaseMs?: number | undefined;
  /** backoff ceiling (default 8000 ms) */
  retryCapMs?: number | undefined;
  /** a Retry-After longer than this is not waited for: the error is thrown instead (default 60000) */
  maxRetryAfterMs?: number | undefined;
  /** version for the User-Agent `calctl/<version>` (default '0.0.0') */
  version?: string | undefined;
  /** a full User-Agent, replacing `calctl/<version>` */
  userAgent?: string | undefined;
  /** verbose log, one line per attempt (method, URL, status, ms); credentials are never written */
  log?: ((line: string) => void) | undefined;
  /** told about a long wait before a retry (a site's Retry-After), so a person is not left guessing */
  notice?: ((line: string) => void) | undefined;
  /** aborts every request of the client (SIGINT) */
  signal?: AbortSignal | undefined;
  /** accept self-signed TLS certificates */
  insecure?: boolean | undefined;
  /** the certificates TLS connections trust, replacing Node's list (see tls.ts: a private CA added) */
  ca?: readonly string[] | undefined;
  /** source of jitter (tests pass a constant) */
  random?: (() => number) | undefined;
}

/** Waits before a retry at least this long are announced (opts.notice). */
const LONG_WAIT_MS = 2000;

/** Options of one request. */
export interface RequestOptions {
  query?: ParamObject | undefined;
  /** sent as JSON, or as a form when `form` is true */
  body?: unknown;
  form?: boolean | undefined;
  /**
   * Bytes sent as they are instead of `body` (a file uploaded to WordPress's media library), with the
   * content type and disposition given in `headers`.
   */
  bytes?: Buffer | undefined;
  signal?: AbortSignal | undefined;
  /** false: no retry; a number: retries for this request (idempotent methods only) */
  retry?: boolean | number | undefined;
  /**
   * Let an exchange already under way finish when the signals abort (a write whose outcome must be
   * known: abandoning it leaves the site to carry it out unseen); waits before a retry still stop.
   */
  finish?: boolean | undefined;
  headers?: Record<string, string> | undefined;
  /**
   * A successful read's body as received, not parsed (GET and HEAD only): text, or bytes still to
   * decode (see {@link textOf}). For a caller that parses it later, like an export holding the next
   * pages while it writes this one out.
   */
  unparsed?: boolean | undefined;
}

/** A successful answer. `body` is the parsed JSON (undefined when empty). */
export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string>;
  body: T;
  url: string;
  method: string;
}

/** The HTTP client every command uses. */
export interface ApiClient {
  readonly baseUrl: string;
  request<T = unknown>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** closes the client's idle connections */
  close(): Promise<void>;
}

function authHeader(auth: ApiAuth): string {
  if (auth.type === 'bearer') return `Bearer ${auth.token}`;
  return `Basic ${Buffer.from(`${auth.user}:${auth.password}`, 'utf8').toString('base64')}`;
}

/** What every request of one client shares: its options with their defaults, and its connections. */
interface Client {
  opts: ApiClientOptions;
  timeoutMs: number;
  maxRetries: number;
  maxRetryAfterMs: number;
  userAgent: string;
  /** Node's HTTP client, loaded on the first real network request (never for the local calendar) */
  sender: NodeHttpSender | undefined;
}

/**
 * One attempt: sends the request and reads the whole body, so the socket returns to the pool.
 * `onCancel` receives the way to abort the exchange with a given error.
 */
function send(
  client: Client,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  onCancel: (cancel: (reason: Error) => void) => void,
): Promise<RawAnswer> {
  const { opts } = client;
  if (opts.transport) return opts.transport({ method, url, headers, body });
  client.sender ??= createNodeHttpSender({ ca: opts.ca, insecure: opts.insecure });
  return client.sender.send(method, url, headers, body, onCancel);
}

/** Turns a transport failure into one of our errors. */
function transportError(
  err: unknown,
  method: string,
  url: string,
  why: 'timeout' | 'user' | undefined,
  timeoutMs: number,
): CalctlError {
  if (why === 'timeout') return new TimeoutError(method, url, 'total', timeoutMs, err);
  if (why === 'user') return new InterruptedError(`${method} ${url} was cancelled`);
  return new NetworkError(method, url, err);
}

/** The wire form of one request: its URL (and the one shown), its headers and its payload. */
interface Outgoing {
  method: string;
  url: URL;
  shownUrl: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
}

/**
 * Sends one attempt under the request's time limit and the callers' signals, with one timer and
 * plain listeners (cheaper than AbortSignal.timeout + AbortSignal.any for every request).
 */
async function attempt(client: Client, out: Outgoing, userSignals: AbortSignal[]): Promise<RawAnswer> {
  const { method, url, shownUrl, headers, payload } = out;
  const { timeoutMs } = client;
  let why: 'timeout' | 'user' | undefined;
  let cancel: ((reason: Error) => void) | undefined;
  const stop = (reason: 'timeout' | 'user') => {
    if (why) return;
    why = reason;
    cancel?.(new Error(reason === 'timeout' ? 'request timed out' : 'request cancelled'));
  };
  const onUserAbort = () => stop('user');
  const timer = timeoutMs > 0 ? setTimeout(() => stop('timeout'), timeoutMs) : undefined;
  timer?.unref?.();
  const unwatch: (() => void)[] = [];
  for (const s of userSignals) {
    if (s.aborted) why ??= 'user';
    else unwatch.push(watchAbort(s, onUserAbort));
  }
  try {
    if (why) throw new Error('request cancelled');
    return await send(client, method, url, headers, payload, (c) => {
      cancel = c;
    });
  } catch (err) {
    throw transportError(err, method, shownUrl, why, timeoutMs);
  } finally {
    if (timer) clearTimeout(timer);
    for (const stop of unwatch) stop();
  }
}

async function wait(ms: number, signals: AbortSignal[], method: string, url: string): Promise<void> {
  if (ms <= 0) return;
  try {
    await abortableDelay(ms, signals);
  } catch {
    throw new InterruptedError(`${method} ${url} was cancelled`);
  }
}

/** The request as it goes on the wire: URL, headers (credentials, content type) and body. */
function outgoing(client: Client, rawMethod: string, path: string, ro: RequestOptions): Outgoing {
  const { opts } = client;
  const method = rawMethod.toUpperCase();
  const url = apiUrl(opts.baseUrl, path, ro.query);
  const shownUrl = redactUrl(url);
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': client.userAgent, ...ro.headers };
  if (opts.auth) headers.authorization = authHeader(opts.auth);
  let payload: string | Buffer | undefined;
  if (ro.bytes !== undefined) payload = ro.bytes;
  else if (ro.body !== undefined) {
    if (ro.form) {
      payload = encodeParams(ro.body as ParamObject).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      payload = JSON.stringify(ro.body);
      headers['content-type'] = 'application/json';
    }
  }
  return { method, url, shownUrl, headers, payload };
}

/** The wait before retry `n`, from the client's backoff. */
const backoffOf = (opts: ApiClientOptions, n: number) =>
  backoffDelay(n, {
    baseMs: opts.retryBaseMs ?? 250,
    capMs: opts.retryCapMs ?? 8000,
    random: opts.random ?? Math.random,
  });

/** After a transport failure: the wait before the next attempt, or the error thrown. */
function afterFailure(client: Client, out: Outgoing, mapped: unknown, n: number, retries: number, ms: number): number {
  if (!(mapped instanceof Error)) throw mapped;
  const { method, shownUrl } = out;
  const code = mapped instanceof NetworkError ? mapped.causeCode : undefined;
  const retry =
    mapped instanceof NetworkError && shouldRetry({ method, attempt: n, errorCode: code, maxRetries: retries });
  const delay = retry ? backoffOf(client.opts, n) : 0;
  client.opts.log?.(
    `${method} ${shownUrl} ${(mapped as CalctlError).code}${code ? ` ${code}` : ''} ${ms}ms${retry ? ` (retry ${n}/${retries} in ${delay}ms)` : ''}`,
  );
  if (!retry) throw mapped;
  return delay;
}

/** A successful answer, parsed unless asked not to; a WordPress error hidden in a write's 200 is thrown. */
function success<T>(client: Client, out: Outgoing, answer: RawAnswer, ro: RequestOptions, ms: number): ApiResponse<T> {
  const { method, shownUrl } = out;
  const { status } = answer;
  client.opts.log?.(`${method} ${shownUrl} ${status} ${ms}ms`);
  if (ro.unparsed && (method === 'GET' || method === 'HEAD')) {
    return { status, headers: answer.headers, body: answer.body as T, url: shownUrl, method };
  }
  const body = parseBody(answer, method, shownUrl);
  if (method !== 'GET' && method !== 'HEAD') {
    const hidden = serializedWpError(body, method, shownUrl);
    if (hidden) throw hidden;
  }
  return { status, headers: answer.headers, body: body as T, url: shownUrl, method };
}

/** After an error status: the wait before the next attempt (a site's Retry-After or the backoff), or the error thrown. */
function afterStatus(client: Client, out: Outgoing, answer: RawAnswer, n: number, retries: number, ms: number): number {
  const { opts } = client;
  const { method, shownUrl } = out;
  const { status } = answer;
  let delay = 0;
  let retry = shouldRetry({ method, attempt: n, status, maxRetries: retries });
  if (retry) {
    const hinted = status === 429 || status === 503 ? retryAfterMs(answer.headers['retry-after']) : undefined;
    if (hinted !== undefined && hinted > client.maxRetryAfterMs) retry = false;
    delay = hinted ?? backoffOf(opts, n);
  }
  opts.log?.(`${method} ${shownUrl} ${status} ${ms}ms${retry ? ` (retry ${n}/${retries} in ${delay}ms)` : ''}`);
  if (retry && delay >= LONG_WAIT_MS) {
    opts.notice?.(
      `${method} ${shownUrl}: the site answered ${status}; waiting ${Math.round(delay / 1000)} s before trying again (Ctrl-C to stop)`,
    );
  }
  if (!retry) throw errorForStatus(answer, method, shownUrl, !opts.auth);
  return delay;
}

/** One request: attempts until one is answered with success, or no retry is left. */
async function request<T>(
  client: Client,
  rawMethod: string,
  path: string,
  ro: RequestOptions,
): Promise<ApiResponse<T>> {
  const out = outgoing(client, rawMethod, path, ro);
  const retries = ro.retry === false ? 0 : typeof ro.retry === 'number' ? ro.retry : client.maxRetries;
  const userSignals = [client.opts.signal, ro.signal].filter((s): s is AbortSignal => s !== undefined);
  for (let n = 1; ; n++) {
    const started = Date.now(); // (not performance.now(): its first use loads perf_hooks, a cost on every start)
    let answer: RawAnswer;
    try {
      answer = await attempt(client, out, ro.finish ? [] : userSignals);
    } catch (mapped) {
      const delay = afterFailure(client, out, mapped, n, retries, Date.now() - started);
      await wait(delay, userSignals, out.method, out.shownUrl);
      continue;
    }
    const ms = Date.now() - started;
    if (answer.status >= 200 && answer.status < 300) return success<T>(client, out, answer, ro, ms);
    const delay = afterStatus(client, out, answer, n, retries, ms);
    await wait(delay, userSignals, out.method, out.shownUrl);
  }
}

/**
 * Creates the HTTP client: one keep-alive connection pool for every request, JSON in and out,
 * WordPress error envelopes turned into ApiError, retries for idempotent methods only.
 */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const client: Client = {
    opts,
    timeoutMs: opts.timeoutMs ?? 30_000,
    maxRetries: opts.retries ?? 3,
    maxRetryAfterMs: opts.maxRetryAfterMs ?? 60_000,
    userAgent: opts.userAgent ?? `calctl/${opts.version ?? '0.0.0'}`,
    sender: undefined,
  };
  const req = <T>(method: string, path: string, ro: RequestOptions = {}) => request<T>(client, method, path, ro);
  return {
    baseUrl: opts.baseUrl,
    request: req,
    get: <T>(path: string, ro?: RequestOptions) => req<T>('GET', path, ro),
    post: <T>(path: string, body?: unknown, ro?: RequestOptions) => req<T>('POST', path, { ...ro, body }),
    put: <T>(path: string, body?: unknown, ro?: RequestOptions) => req<T>('PUT', path, { ...ro, body }),
    patch: <T>(path: string, body?: unknown, ro?: RequestOptions) => req<T>('PATCH', path, { ...ro, body }),
    delete: <T>(path: string, ro?: RequestOptions) => req<T>('DELETE', path, ro),
    close: async () => {
      client.sender?.close();
    },
  };
}
