/**
 * An event's end as a person means it: `--end-date +2h` (or `+90m`, `+1d`) and `--duration 90m` count
 * from the event's start, not from now; and an end before the start is refused before anything is
 * sent (a site would store end = start without a word).
 */

import { DURATION_FORMS, endAfter, isRelativeEnd } from '../../dates/index.js';
import { UsageError } from '../../errors/index.js';

type Body = Record<string, unknown>;

/** What the user wrote for the end, before it was read as a date. */
export interface EndInput {
  /** `--end-date` as typed, else `end_date` of `--data` */
  endText?: string | undefined;
  /** `--duration` */
  duration?: string | undefined;
  /** the start of the record being updated (absent on create) */
  recordStart?: string | undefined;
}

/** Sets `changes.end_date` from a relative end or a duration, counted from the (new or current) start. */
export function settleEnd(changes: Body, input: EndInput): void {
  const start = typeof changes.start_date === 'string' ? changes.start_date : input.recordStart;
  if (input.duration !== undefined) {
    if (input.endText !== undefined) {
      throw new UsageError(
        'give --end-date or --duration, not both',
        `e.g. --duration 90m (${DURATION_FORMS})`,
        'end-twice',
      );
    }
    if (start === undefined) throw new UsageError('--duration needs a start', 'give --start-date too', 'no-start');
    changes.end_date = endAfter(start, input.duration, '--duration');
    return;
  }
  if (input.endText !== undefined && isRelativeEnd(input.endText) && start !== undefined) {
    changes.end_date = endAfter(start, input.endText, '--end-date');
  }
}

/**
 * Refuses an event whose end comes before its start, saying both as read (wall times in `zone`).
 * @param body the body to send (on update: the merged record)
 */
export function checkOrder(body: Body, zone: string): void {
  const { start_date: start, end_date: end } = body;
  if (typeof start !== 'string' || typeof end !== 'string' || end >= start) return;
  throw new UsageError(
    `the event would end (${end}) before it starts (${start}), both read in ${zone}`,
    'an end relative to the start is written --end-date +2h, or --duration 2h',
    'end-before-start',
  );
}
