import { ApiError, NetworkError, TimeoutError } from '../api/index.js';

/** A request whose outcome is unknown: the connection broke or timed out after it was sent. */
export const isUnknownOutcome = (err: unknown) => err instanceof NetworkError || err instanceof TimeoutError;

/** Answers of a gateway or a busy site: the write may or may not have happened, and may succeed later. */
const TRANSIENT_STATUS = new Set([408, 429, 500, 502, 503, 504]);

export const isTransientFailure = (err: unknown) =>
  isUnknownOutcome(err) || (err instanceof ApiError && TRANSIENT_STATUS.has(err.status ?? 0));
