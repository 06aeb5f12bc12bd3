import { catalog, type FieldSpec, type ParamSpec } from '../catalog/index.js';
import { CalctlError, EXIT, type ExitCode } from '../errors/index.js';

/** The `data` member of a WordPress REST error envelope. */
export interface ErrorData {
  status?: number;
  /** per-parameter messages for `rest_invalid_param` */
  params?: Record<string, string>;
  /**
   * per-parameter errors (`{code, message}`), only for the parameters whose check explained itself
   * (WordPress core's schema checks); `[]` when every check just said no
   */
  details?: Record<string, { code?: string; message?: string }> | unknown[];
  [key: string]: unknown;
}

/** The WordPress REST error envelope: `{code, message, data: {status, params?}}`. */
export interface ErrorEnvelope {
  code: string;
  message: string;
  data?: ErrorData;
}

/** What an ApiError is built from. */
export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  method: string;
  url: string;
  data?: ErrorData | undefined;
  cause?: unknown;
  /** the request carried no credentials (a refusal then means "sign in", not "more rights") */
  anonymous?: boolean | undefined;
}

const AUTH_HINTS: Record<string, string> = {
  incorrect_password:
    'the application password is wrong (from the profile, CALCTL_PASSWORD / WP_APP_PASSWORD, --password-stdin or --token): create one under Users → Profile → Application Passwords in WordPress',
  rest_forbidden:
    'this needs credentials: a user and application password in the profile, or CALCTL_USER + CALCTL_PASSWORD (see calctl help auth)',
};

/**
 * Exit code for a server answer. The real site answers 400 `rest_invalid_param` for an id or slug
 * that does not exist (argument validation runs before the lookup), so that counts as "not found".
 */
export function exitCodeForStatus(status: number, code: string, data?: ErrorData): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  if (status === 400 && code === 'rest_invalid_param' && data?.params) {
    if ('id' in data.params || 'slug' in data.params) return EXIT.notFound;
  }
  // Any other refusal of the request as sent (a bad filter value, a missing field): fix the input.
  if (status === 400) return EXIT.usage;
  return EXIT.failure;
}

/** Parameters that name linked records, and the command that lists what exists. */
const LINKED_PARAMS: Record<string, string> = {
  categories: 'calctl categories list --hide-empty=false',
  tags: 'calctl tags list --hide-empty=false',
  venue: 'calctl venues list',
  organizer: 'calctl organizers list',
  parent: 'calctl categories list --hide-empty=false',
  event: 'calctl events list',
  post: 'calctl events list',
};

/** The catalog entry of a refused parameter (any resource: the answer does not say which). */
function specOf(name: string): FieldSpec | ParamSpec | undefined {
  for (const r of catalog) {
    const spec = r.fields.find((f) => f.name === name) ?? r.listParams.find((p) => p.name === name);
    if (spec) return spec;
  }
  return undefined;
}

/**
 * Why the site refused one parameter, in words that say what it takes. The site's own message is
 * shown only when its check explained itself (an entry in `details`, WordPress ≥ 5.5); a bare refusal
 * ("Invalid parameter.", in the site's language) gets calctl's words. Never decided by the message's
 * words: a site in another language writes them otherwise.
 */
function reasonFor(name: string, siteMessage: string | undefined, explained: boolean): string {
  if (LINKED_PARAMS[name]) return `no such record (see: ${LINKED_PARAMS[name]})`;
  const spec = specOf(name);
  if (spec?.semantic === 'date') return 'not a date the site reads (see: calctl help dates)';
  if (spec?.type === 'boolean') return 'must be true or false';
  if (spec?.type === 'integer') return 'must be a whole number';
  if (spec?.semantic === 'status') return 'not a status the site knows (publish, future, draft, pending, private)';
  const generic = !explained || siteMessage === undefined || siteMessage.trim() === '';
  if (spec?.type === 'string' && generic) return 'must be text, not empty';
  return generic ? 'the site refused this value' : siteMessage;
}

/** What to do about a 400: each refused value with why, and where to find valid ones. */
function badRequestHint(code: string, data: ErrorData | undefined): string | undefined {
  if (code === 'rest_missing_callback_param') return 'add the missing values (see --help for the flags)';
  const params = data?.params ?? {};
  const names = Object.keys(params);
  if (names.length === 0) return undefined;
  const details = data?.details;
  const explained = (p: string) =>
    typeof details === 'object' && details !== null && !Array.isArray(details) && details[p] !== undefined;
  const each = names.map((p) => `--${p.replace(/_/g, '-')}: ${reasonFor(p, params[p], explained(p))}`);
  return `the site refused ${each.join('; ')}`;
}

function hintFor(status: number, code: string, data?: ErrorData, anonymous = false): string | undefined {
  if (status === 400) return badRequestHint(code, data);
  if (status === 401 || status === 403) {
    const known = AUTH_HINTS[code];
    if (known && (code !== 'rest_forbidden' || status === 401)) return known;
    if (anonymous) {
      return 'this record or action is not public: give credentials (a profile with a user and application password, or CALCTL_USER + CALCTL_PASSWORD; see calctl help auth)';
    }
    if (status === 403) return 'the user lacks the capability for this action: use an account with more rights';
    return 'check the user and application password of the profile';
  }
  if (status >= 500) return 'the server failed: try again later or check its error log';
  return undefined;
}

/** A non-2xx answer from the server (or a 2xx carrying a serialized WordPress error). */
export class ApiError extends CalctlError {
  declare readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly data: ErrorData | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, {
      code: init.code,
      exitCode: exitCodeForStatus(init.status, init.code, init.data),
      hint: hintFor(init.status, init.code, init.data, init.anonymous),
      status: init.status,
      cause: init.cause,
    });
    this.method = init.method;
    this.url = init.url;
    this.data = init.data;
  }
}

/** Whether a parsed body looks like the WordPress error envelope. */
export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'string' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/**
 * Builds an ApiError from a non-2xx answer. Bodies that are not the JSON envelope (a proxy's HTML
 * page, an empty body) still give a message with the status and the start of the text.
 */
export function apiErrorFromResponse(
  status: number,
  method: string,
  url: string,
  text: string,
  anonymous = false,
): ApiError {
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (isErrorEnvelope(parsed)) {
    return new ApiError({
      status,
      code: parsed.code,
      message: parsed.message,
      method,
      url,
      data: parsed.data,
      anonymous,
    });
  }
  const snippet = text.trim().slice(0, 200);
  const message = snippet
    ? `${method} ${url} failed with HTTP ${status}: ${snippet}`
    : `${method} ${url} failed with HTTP ${status} (empty body)`;
  return new ApiError({ status, code: `http_${status}`, message, method, url });
}

/**
 * The real site answers some writes to unknown slugs with 200 and a serialized WP_Error
 * (`{"errors":{"event-not-found":[…]},"error_data":[]}`). Returns the ApiError hidden in such a
 * body, or undefined for an ordinary record.
 */
export function serializedWpError(body: unknown, method: string, url: string): ApiError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  if (!('errors' in record) || 'id' in record) return undefined;
  const errors = record.errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const entries = Object.entries(errors as Record<string, unknown>);
  const first = entries[0];
  if (!first) return undefined;
  const [code, messages] = first;
  const message =
    Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : `the server reported ${code}`;
  return new ApiError({ status: 404, code, message, method, url, data: { status: 404 } });
}

/** The server could not be reached or dropped the connection (exit 1). */
/** Certificate failures of Node's TLS layer: the site answered, but its certificate is not trusted. */
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function networkHint(code: string | undefined): string {
  if (code && TLS_CODES.has(code)) {
    return "the site's TLS certificate is not trusted: fix it, or trust its private CA with --ca-file ca.pem (kept by profile add --ca-file) or NODE_EXTRA_CA_CERTS=ca.pem (--insecure skips the check, not recommended)";
  }
  return 'check the site URL (the profile, --url, CALCTL_URL or WP_URL) and that the server is running and reachable';
}

export class NetworkError extends CalctlError {
  readonly method: string;
  readonly url: string;
  /** the low-level code (ECONNREFUSED, UND_ERR_SOCKET, …) */
  readonly causeCode: string | undefined;

  constructor(method: string, url: string, cause: unknown) {
    const causeCode = errorCodeOf(cause);
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(`${method} ${url} failed: ${causeCode ? `${causeCode} ` : ''}${detail}`.trim(), {
      code: 'network',
      exitCode: EXIT.failure,
      hint: networkHint(causeCode),
      cause,
    });
    this.method = method;
    this.url = url;
    this.causeCode = causeCode;
  }
}

/** Which wait ran out. */
export type TimeoutPhase = 'headers' | 'body' | 'total';

const PHASE_TEXT: Record<TimeoutPhase, string> = {
  headers: 'waiting for the response headers',
  body: 'waiting for the response body',
  total: 'waiting for the response',
};

/** The server did not answer within the timeout (exit 1). */
export class TimeoutError extends CalctlError {
  readonly method: string;
  readonly url: string;
  readonly phase: TimeoutPhase;
  readonly timeoutMs: number;

  constructor(method: string, url: string, phase: TimeoutPhase, timeoutMs: number, cause?: unknown) {
    super(`${method} ${url} timed out after ${timeoutMs} ms ${PHASE_TEXT[phase]}`, {
      code: 'timeout',
      exitCode: EXIT.failure,
      hint: 'the server is slow or unreachable: raise the limit with --timeout, or check the server',
      cause,
    });
    this.method = method;
    this.url = url;
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The `code` of an error or of its cause chain (undici wraps socket errors). Codes are compared as
 * strings because undici's classes differ between the bundled and the installed copy.
 */
export function errorCodeOf(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a low-level error code means the connection failed (worth a retry for idempotent calls). */
export function isNetworkCode(code: string | undefined): boolean {
  return code !== undefined && NETWORK_CODES.has(code);
}
