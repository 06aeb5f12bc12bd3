/**
 * What a run that writes tells its history (the command's `history` store): each write noted before
 * it is sent (its intent: the record's state before, the body that will be sent) and marked done with
 * the site's answer, so a run killed midway still says what may have changed. The pipelines know
 * only this interface; the store is the command's.
 */
import type { Body } from '../records/index.js';

/** What a write does to a record. */
export type WriteAction = 'created' | 'updated' | 'deleted' | 'restored';

/** A write about to be sent. */
export interface WriteIntent {
  resource: string;
  action: WriteAction;
  /** unknown before a create's answer */
  id?: number | undefined;
  title: string;
  /** the record's write-form body before the change (recordToInput), for an update, delete or restore */
  before?: Body | undefined;
  /** what is sent: a create's body, an update's changed fields */
  after?: Body | undefined;
  /** the fields an update changes */
  fields?: readonly string[] | undefined;
}

/** The site's answer to a write. */
export interface WriteResult {
  id: number;
  /** the record's `modified_utc` (or `modified`) after the write, when the site said */
  modified?: string | undefined;
}

/** A run's history, as the pipelines see it. */
export interface WriteJournal {
  /** notes a write before it is sent; the returned token marks it done */
  intent(write: WriteIntent): number;
  /** the write landed */
  done(token: number, result: WriteResult): void;
  /** the write was refused (nothing changed) */
  failed(token: number): void;
}

/** The site's modified time of a record as it answered, when it says. */
export function modifiedOf(record: Record<string, unknown> | undefined): string | undefined {
  const m = record?.modified_utc ?? record?.modified;
  return typeof m === 'string' && m !== '' ? m : undefined;
}
