/**
 * A write that must take effect exactly once (a create, or any write whose repeat would be noticed),
 * through failures that may pass: the one loop import, feeds, link creation and sync push share. A
 * write is never re-sent blindly after an unknown outcome: the site may have carried it out before the
 * answer was lost or a gateway failed, so `landed` asks the site first and the write is sent again only
 * when it did not land. Waits follow the API layer's backoff and end at once when the run is aborted.
 */
import { abortableDelay } from './abort-watch.js';
import { backoffDelay, isTransientFailure } from './retry.js';

/** Attempts of a write (and of the look-ups between them) before its failure is given up on. */
export const WRITE_ATTEMPTS = 6;

/**
 * Backoff of a write whose outcome is unknown: twice a read's scale (the site may still be carrying it
 * out), the same ceiling.
 */
const WRITE_BACKOFF = { baseMs: 500, capMs: 8000 };

/** Waits before attempt `attempt + 1`; rejects with the abort reason when `signal` aborts first. */
export const retryPause = (attempt: number, signal: AbortSignal | undefined): Promise<void> =>
  abortableDelay(backoffDelay(attempt, WRITE_BACKOFF), [signal]);

/** How to send a write once. */
export interface WriteOnce<T> {
  /** sends the write */
  send: () => Promise<T>;
  /**
   * After a transient failure: what the lost attempt left on the site (the created record, found by
   * its natural key), or undefined when it did not land. Omitted for a write the site takes twice
   * without harm (a venue named again gives back the existing one): it is simply sent again.
   */
  landed?: (() => Promise<T | undefined>) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Sends a write, again after a transient failure only when the look-up says it did not land. A
 * look-up that fails transiently is tried again (never taken for "not there"); other failures, and
 * the last attempt's, are thrown.
 */
export async function writeOnce<T>({ send, landed, signal }: WriteOnce<T>): Promise<T> {
  let lookFirst = false;
  for (let attempt = 1; ; attempt++) {
    if (lookFirst && landed) {
      try {
        const found = await landed();
        if (found !== undefined) return found;
        lookFirst = false;
      } catch (err) {
        if (!isTransientFailure(err) || attempt >= WRITE_ATTEMPTS) throw err;
        await retryPause(attempt, signal);
        continue;
      }
    }
    try {
      return await send();
    } catch (err) {
      if (!isTransientFailure(err) || attempt >= WRITE_ATTEMPTS) throw err;
      lookFirst = true;
      await retryPause(attempt, signal);
    }
  }
}
