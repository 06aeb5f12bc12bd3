/**
 * Retry policy, kept pure so every rule is a table test. Only idempotent methods are retried: a POST
 * that reached the server before the connection dropped may already have created the record, so
 * repeating it could create a duplicate (bulk imports look records up instead).
 */

import { ApiError, isNetworkCode, NetworkError, TimeoutError } from './errors.js';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/** What one failed attempt looked like. */
export interface RetryInput {
  method: string;
  /** the attempt that just failed, counting from 1 */
  attempt: number;
  /** HTTP status of the answer, when there was one */
  status?: number | undefined;
  /** low-level error code (ECONNRESET, UND_ERR_SOCKET, …) when there was no answer */
  errorCode?: string | undefined;
  /** retries allowed after the first attempt */
  maxRetries: number;
}

/** Whether an idempotent HTTP method. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Whether a failed attempt should be repeated. */
export function shouldRetry(input: RetryInput): boolean {
  if (input.attempt > input.maxRetries) return false;
  if (!isIdempotent(input.method)) return false;
  if (input.status !== undefined) return RETRYABLE_STATUS.has(input.status);
  return isNetworkCode(input.errorCode);
}

/** A request whose outcome is unknown: the connection broke or timed out after it was sent. */
export const isUnknownOutcome = (err: unknown): boolean => err instanceof NetworkError || err instanceof TimeoutError;

/**
 * A failure that may pass: an unknown outcome, or the answer of a gateway or a busy site (the statuses
 * a request is retried on). The one rule of what is transient, for reads retried here and for writes
 * sent again only after a look-up (write-once.ts).
 */
export const isTransientFailure = (err: unknown): boolean =>
  isUnknownOutcome(err) || (err instanceof ApiError && RETRYABLE_STATUS.has(err.status ?? 0));

/** Backoff settings. */
export interface BackoffOptions {
  /** delay scale for the first retry (default 250 ms) */
  baseMs?: number;
  /** upper bound of any delay (default 8000 ms) */
  capMs?: number;
  /** a source of numbers in [0, 1) (default Math.random; tests pass a constant) */
  random?: () => number;
}

/**
 * Capped exponential backoff with full jitter: a uniform delay in [0, min(cap, base·2^(attempt-1))).
 * Full jitter spreads clients that failed together, so they do not retry in lockstep.
 */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}): number {
  const base = opts.baseMs ?? 250;
  const cap = opts.capMs ?? 8000;
  const random = opts.random ?? Math.random;
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(cap, base * 2 ** Math.min(exponent, 30));
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds to wait according to a `Retry-After` header: either delay-seconds or an HTTP date.
 * Returns undefined for a missing or unreadable value, and 0 for a date in the past.
 */
export function retryAfterMs(headerValue: string | undefined | null, now: number = Date.now()): number | undefined {
  if (headerValue === undefined || headerValue === null) return undefined;
  const value = headerValue.trim();
  if (value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
