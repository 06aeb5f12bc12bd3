/**
 * The import engine's one face: what the commands (import, feeds, history, undo, sync) use of it.
 * The engine reads a source into rows (CSV, NDJSON, JSON, Excel workbooks), reads their columns,
 * times and cells, matches them to the site's records, plans and applies each row, keeps the run's
 * checkpoint, journal and rejects, and merges a feed's item three ways. The record-source contract
 * (what a source yields) is ./source.ts, re-exported here; what feeds apply rows with, ./engine.ts. The pipeline of `calctl import` (its
 * readers, the checkpoint, the progress bar) loads when a run starts: `importPipeline()`.
 */

export type { SiteDateOrder } from './date-order.js';
export { IMPORT_CONCURRENCY } from './defaults.js';
export { durationText } from './event-times.js';
export type { ImportInput, ImportJob, ImportSite, PreparedImport } from './job.js';
export { modifiedOf, type WriteAction, type WriteIntent, type WriteJournal, type WriteResult } from './journal.js';
export { DEFAULT_LOSSY_ACTION, LOSSY_ACTIONS, type LossyAction } from './lossy.js';
export {
  LINK_FIELDS,
  type LinkNames,
  PLAN_KEYS,
  type PlanEntry,
  planChanges,
  planEntry,
  planRow,
} from './plan.js';
export type { ImportSummary } from './progress.js';
export type { ImportFacts, PublishRight } from './site-facts.js';
export * from './source.js';

/** The pipeline of `calctl import`: `prepareImport(job)`, then `run(site)`; loaded when a run starts. */
export const importPipeline = () => import('./job.js');
