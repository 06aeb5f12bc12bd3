/**
 * Reads one document over HTTP — an iCalendar feed, a CSV file on a web server — through the same
 * client as every site request (Node's HTTP client, time limits, retries of GETs after network errors and
 * 408/429/5xx). What a document read adds: `webcal://` addresses, redirects followed (a GET may be
 * sent again to the new address; writes are never redirected), and conditional requests: with the
 * `ETag` and `Last-Modified` of an earlier answer, an unchanged document costs one `304`.
 */
import { CalctlError, EXIT } from '../errors/index.js';
import { createApiClient } from './client.js';
import { ApiError, NetworkError, TimeoutError } from './errors.js';
import { redactUrl } from './params.js';

/** Redirects followed before giving up (browsers stop at 20; feeds rarely need more than two). */
export const MAX_REDIRECTS = 5;

/** What to read, and what an earlier answer said about it. */
export interface DocumentRequest {
  /** `http://`, `https://` or `webcal://` (tried as https, then as http) */
  url: string;
  /** the `ETag` of the last answer: sent as `If-None-Match` */
  etag?: string | undefined;
  /** the `Last-Modified` of the last answer: sent as `If-Modified-Since` */
  lastModified?: string | undefined;
  /** the `Accept` header (default: anything) */
  accept?: string | undefined;
  /** per attempt (default 30000) */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  insecure?: boolean | undefined;
  version?: string | undefined;
  log?: ((line: string) => void) | undefined;
}

/** The answer: the document, or word that it has not changed since the validators were given. */
export type DocumentAnswer =
  | { kind: 'not-modified'; url: string }
  | {
      kind: 'document';
      /** the address that answered (after redirects) */
      url: string;
      body: Buffer;
      contentType: string;
      etag: string | undefined;
      lastModified: string | undefined;
    };

/** A document that could not be read: an HTTP error, a network failure, a timeout (exit 1). */
export class DocumentError extends CalctlError {
  constructor(
    message: string,
    hint: string | undefined,
    readonly url: string,
    cause?: unknown,
  ) {
    super(message, { code: 'document-unreadable', exitCode: EXIT.failure, hint, cause });
  }
}

/** Whether text is a URL calctl reads over the network (rather than a file path). */
export function isDocumentUrl(text: string): boolean {
  return /^(https?|webcal):\/\//i.test(text.trim());
}

/** The http(s) addresses to try for a URL: webcal is tried over https first, then http. */
export function documentUrls(url: string): string[] {
  const trimmed = url.trim();
  if (/^webcal:\/\//i.test(trimmed)) {
    const rest = trimmed.replace(/^webcal:\/\//i, '');
    return [`https://${rest}`, `http://${rest}`];
  }
  return [trimmed];
}

const STATUS_WORDS: Record<number, string> = {
  401: 'needs credentials',
  403: 'refused access',
  404: 'not found',
  410: 'gone',
  429: 'too many requests',
  500: 'server error',
  502: 'bad gateway',
  503: 'unavailable',
  504: 'gateway timeout',
};

function statusError(err: ApiError, url: string): DocumentError {
  const words = STATUS_WORDS[err.status] ?? 'error';
  const hint =
    err.status === 404 || err.status === 410
      ? 'check the address: the document is not there (any more)'
      : err.status === 401 || err.status === 403
        ? 'the document is not public: use its secret or public address (calendar programs offer one to share)'
        : err.status >= 500
          ? 'the server failed: the next run tries again'
          : undefined;
  return new DocumentError(`${redactUrl(url)} answered ${err.status} (${words})`, hint, url, err);
}

/** A connection that reached no TLS server (an http-only host asked over https): try http. */
function noTls(err: unknown): boolean {
  if (!(err instanceof NetworkError)) return false;
  const code = err.causeCode ?? '';
  return code === 'ECONNREFUSED' || code === 'EPROTO' || /SSL|TLS/i.test(code) || /SSL|TLS/i.test(err.message);
}

async function getOnce(req: DocumentRequest, url: string) {
  const client = createApiClient({
    baseUrl: url,
    timeoutMs: req.timeoutMs,
    signal: req.signal,
    insecure: req.insecure,
    version: req.version,
    log: req.log,
    retries: 2,
  });
  const headers: Record<string, string> = { accept: req.accept ?? '*/*' };
  if (req.etag) headers['if-none-match'] = req.etag;
  if (req.lastModified) headers['if-modified-since'] = req.lastModified;
  try {
    return await client.get<Buffer | string>(url, { unparsed: true, headers, signal: req.signal });
  } finally {
    await client.close();
  }
}

/**
 * Reads a document.
 * @throws DocumentError for an HTTP error, a redirect loop, a network failure or a timeout;
 *   InterruptedError when the signal aborts
 */
export async function fetchDocument(req: DocumentRequest): Promise<DocumentAnswer> {
  const candidates = documentUrls(req.url);
  let lastError: unknown;
  for (const [i, first] of candidates.entries()) {
    let url = first;
    try {
      for (let hop = 0; ; hop++) {
        try {
          const res = await getOnce(req, url);
          const body = typeof res.body === 'string' ? Buffer.from(res.body) : Buffer.from(res.body ?? '');
          return {
            kind: 'document',
            url,
            body,
            contentType: res.headers['content-type'] ?? '',
            etag: res.headers.etag,
            lastModified: res.headers['last-modified'],
          };
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          if (err.status === 304) return { kind: 'not-modified', url };
          const location = err.code === 'redirect' ? err.data?.location : undefined;
          if (typeof location !== 'string') throw statusError(err, url);
          if (hop >= MAX_REDIRECTS) {
            throw new DocumentError(
              `${redactUrl(req.url)} redirected more than ${MAX_REDIRECTS} times`,
              'open the address in a browser to see where it leads, and use the final one',
              req.url,
            );
          }
          url = new URL(location, url).href;
        }
      }
    } catch (err) {
      lastError = err;
      // (webcal: an https attempt that met no TLS server is tried again over http)
      if (i + 1 < candidates.length && noTls(err)) continue;
      if (err instanceof NetworkError) {
        throw new DocumentError(`cannot reach ${redactUrl(url)}: ${err.causeCode ?? err.message}`, err.hint, url, err);
      }
      if (err instanceof TimeoutError) {
        throw new DocumentError(
          `${redactUrl(url)} did not answer within ${Math.round(err.timeoutMs / 1000)} s`,
          'the server is slow or down: the next run tries again (--timeout raises the limit)',
          url,
          err,
        );
      }
      throw err;
    }
  }
  throw lastError;
}

/** The text of a document: UTF-8 unless its content type names another charset; a BOM is dropped. */
export function documentText(body: Buffer, contentType: string): string {
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  const label = charset && charset !== 'utf-8' && charset !== 'utf8' ? charset : 'utf-8';
  const decode = (name: string) => new TextDecoder(name).decode(body);
  let text: string;
  try {
    text = decode(label);
  } catch {
    // (a charset Node does not know: read as UTF-8)
    text = decode('utf-8');
  }
  return text.replace(/^\uFEFF/, '');
}
