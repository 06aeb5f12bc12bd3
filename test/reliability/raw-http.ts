/**
 * A raw HTTP/1.1 client over a TCP socket: sends exactly the bytes it is given (invalid UTF-8 in the
 * request line, NUL bytes, malformed headers), which fetch/undici refuse to send. One connection per
 * request (`Connection: close`), optional local address (127.0.0.x) so tests can act as distinct clients.
 */
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** the server closed or reset the connection without a status line */
  noAnswer: boolean;
}

export interface RawRequest {
  method: string;
  /** request target as latin1 text (so bytes ≥ 0x80 go out unchanged) */
  target: string;
  headers?: [string, string][];
  body?: Buffer | undefined;
}

/** Builds the request bytes; Content-Length is computed unless a header sets it. */
export function encodeRequest(req: RawRequest, host: string): Buffer {
  const lines = [`${req.method} ${req.target} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  const headers = req.headers ?? [];
  for (const [k, v] of headers) lines.push(`${k}: ${v}`);
  const hasLength = headers.some(([k]) => k.toLowerCase() === 'content-length');
  if (req.body && !hasLength) lines.push(`Content-Length: ${req.body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return req.body ? Buffer.concat([head, req.body]) : head;
}

function dechunk(buf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < buf.length) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = Number.parseInt(buf.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses what the server sent (one response). */
export function parseResponse(raw: Buffer): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: Buffer.alloc(0), noAnswer: true };
  const head = raw.subarray(0, end).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '');
  if (!m) return { status: 0, headers: {}, body: Buffer.alloc(0), noAnswer: true };
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status: Number(m[1]), headers, body, noAnswer: false };
}

export interface SendOptions {
  port: number;
  host?: string;
  localAddress?: string;
  /** give up after this long (the test fails: a hung request is a bug) */
  timeoutMs?: number;
}

/** Sends one request and reads the answer until the server closes the connection. */
export function sendRaw(req: RawRequest | Buffer, opts: SendOptions): Promise<RawResponse> {
  const host = opts.host ?? '127.0.0.1';
  const bytes = Buffer.isBuffer(req) ? req : encodeRequest(req, `${host}:${opts.port}`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({
      port: opts.port,
      host,
      ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
    });
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks);
      // A server may answer early (413) and reset while we still send: keep what arrived.
      if (raw.length > 0 || !err) resolve(parseResponse(raw));
      else reject(err);
    };
    const timer = setTimeout(
      () => finish(new Error(`no answer within ${opts.timeoutMs ?? 15_000} ms`)),
      opts.timeoutMs ?? 15_000,
    );
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (e) => finish(e));
    socket.on('connect', () => {
      socket.write(bytes, (err) => {
        if (err) finish(err);
      });
    });
  });
}

/** Parses a body as JSON, or returns undefined. */
export function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * WordPress's own 500s when a term cannot be stored (`wp_insert_term`): a name that is blank, that
 * sanitizes to nothing, or that is longer than its column. A real site answers these with 500 and a
 * bare `data` (null, or the database's complaint); the embedded server does the same on purpose.
 */
export const TERM_STORE_FAILURES = ['empty_term_name', 'invalid_term_name', 'db_insert_error'];

/** Whether a 500 is one of {@link TERM_STORE_FAILURES}, as the site gives it. */
export function isTermStoreFailure(res: RawResponse): boolean {
  if (res.status !== 500) return false;
  const body = jsonOf(res.body) as { code?: unknown; data?: unknown } | undefined;
  return (
    typeof body?.code === 'string' &&
    TERM_STORE_FAILURES.includes(body.code) &&
    (body.data === null || typeof body.data === 'string')
  );
}

/**
 * A 5xx a real site gives too, by design: the term failures above; core's `501 rest_trash_not_supported`
 * (a term or an attachment deleted without `force`); core's `500 rest_upload_unknown_error` (an upload
 * over PHP's upload_max_filesize); and the `tec/v1` ORM's `500 {"error": …}` when a write lacks what it
 * needs to save (docs/fidelity/tec-v1.md).
 */
export function isSiteOwn5xx(res: RawResponse): boolean {
  if (isTermStoreFailure(res)) return true;
  const body = jsonOf(res.body) as { code?: unknown; error?: unknown } | undefined;
  if (res.status === 501 && body?.code === 'rest_trash_not_supported') return true;
  // (WordPress's own 500s for an upload it cannot store: a file type it refuses, a file it cannot move)
  if (res.status === 500 && (body?.code === 'rest_upload_unknown_error' || body?.code === 'rest_upload_sideload_error'))
    return true;
  return res.status === 500 && typeof body?.error === 'string' && Object.keys(body).length === 1;
}

/** The site's front page: a 200 HTML page whose `Link` header names the REST root. */
const frontPage = (res: RawResponse) =>
  /^text\/html/.test(res.headers['content-type'] ?? '') && /rel="https:\/\/api\.w\.org\/"/.test(res.headers.link ?? '');

/** Why a response breaks the server's contract (null when it keeps it). */
export function contractViolation(method: string, res: RawResponse): string | null {
  if (res.noAnswer) return 'no HTTP answer';
  if (isSiteOwn5xx(res)) return null;
  if (res.status >= 500) return `status ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`;
  if (method === 'HEAD' || res.status === 204 || res.status === 304) return null;
  // (the site's front page, `/`, is HTML naming the REST root in its Link header, as WordPress sends it)
  if (res.status === 200 && frontPage(res)) return null;
  const body = jsonOf(res.body);
  if (body === undefined)
    return `status ${res.status} with a non-JSON body: ${res.body.toString('latin1').slice(0, 200)}`;
  if (res.status >= 400) {
    // (`tec/v1`'s entity errors are the plugin's ORM answer, `{"error": …}`, not the envelope: on the site too)
    if (
      typeof body === 'object' &&
      body !== null &&
      Object.keys(body).length === 1 &&
      typeof (body as { error?: unknown }).error === 'string'
    )
      return null;
    const e = body as { code?: unknown; message?: unknown; data?: { status?: unknown } };
    // (`tec/v1`'s page past the end: `{code, message}` without `data`, as the site answers it)
    if (typeof e.code === 'string' && e.code.endsWith('_page_not_found') && e.data === undefined) return null;
    if (typeof e !== 'object' || e === null) return `status ${res.status}: error body is not an object`;
    if (typeof e.code !== 'string') return `status ${res.status}: envelope without a string code`;
    if (typeof e.message !== 'string') return `status ${res.status}: envelope without a string message`;
    if (typeof e.data !== 'object' || e.data === null || e.data.status !== res.status)
      return `status ${res.status}: envelope data.status is ${JSON.stringify(e.data?.status)}: ${res.body.toString('utf8').slice(0, 200)}`;
  }
  return null;
}
