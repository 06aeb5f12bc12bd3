/** What an import is given: its options, and the fields its rows are matched by. */
import type { ApiClient } from '../api/index.js';
import type { ResourceSpec } from '../catalog/index.js';
import type { DateFormat } from '../dates/numeric.js';
import { UsageError } from '../errors/index.js';
import { naturalKeyFields } from '../records/index.js';
import type { Checkpoint } from './checkpoint.js';
import { columnAliases, normalizeLabel } from './columns.js';
import type { SiteDateOrder } from './date-order.js';
import { IMPORT_CONCURRENCY } from './defaults.js';
import type { WriteJournal } from './journal.js';
import type { LossyAction } from './lossy.js';
import type { PlanEntry } from './plan.js';
import type { Progress } from './progress.js';
import type { RejectsWriter } from './rejects.js';
import type { RecordSource } from './source-row.js';

/** Options of `runImport` (import.ts). */
export interface ImportOptions {
  api: ApiClient;
  resource: ResourceSpec;
  source: RecordSource;
  /** normalized column → field (null: ignore), from --map / --map-file */
  overrides?: Map<string, string | null> | undefined;
  /** unknown columns are an error (default false: warned once and ignored) */
  strict?: boolean | undefined;
  /** `--match-by`: fields or column names forming the natural key */
  matchBy?: readonly string[] | undefined;
  /** default 'update' */
  onConflict?: 'update' | 'skip' | 'fail' | undefined;
  /** requests in flight (default {@link IMPORT_CONCURRENCY}) */
  concurrency?: number | undefined;
  /** writes per request through the site's batch route when it takes them (default 25; 1: never) */
  batchSize?: number | undefined;
  /** whether the site takes batched writes, as an earlier run learnt (absent: asked) */
  batching?: 'on' | 'off' | undefined;
  /** told what the site answered when batching was asked, to remember for the next run */
  learntBatching?: ((mode: 'on' | 'off') => void) | undefined;
  dryRun?: boolean | undefined;
  failFast?: boolean | undefined;
  /**
   * zone for relative dates in rows without a time zone (default UTC, the site default); a function
   * is called once, when the first cell that needs a zone is read (a file of plain wall times never
   * asks the site for it)
   */
  timezone?: string | (() => Promise<string>) | undefined;
  /**
   * the zone events of rows that name none are made in (`--timezone`: the times were read in it, and
   * a site reads the times it is sent in the event's zone); absent: the site's
   */
  eventZone?: string | undefined;
  /** `--date-format`: the order of numeric dates; without it the file's dates decide (date-order.ts) */
  dateFormat?: DateFormat | undefined;
  /**
   * how numeric dates are read when neither `--date-format` nor the file's own dates say (the site's
   * date format, else the profile's): asked when the input ends undecided; absent: month-first
   */
  siteDateOrder?: (() => Promise<SiteDateOrder | undefined>) | undefined;
  /** `--default-duration`: the length of an event whose row gives no end */
  defaultDuration?: string | undefined;
  /** `--on-lossy`: what to do with a cell the site would keep otherwise than written */
  onLossy?: LossyAction | undefined;
  /** said once: how the columns were read, when some were read from everyday words */
  columnsNote?: ((line: string) => void) | undefined;
  now?: Date | undefined;
  signal?: AbortSignal | undefined;
  /** checkpoint of this run (absent: not resumable, e.g. stdin or --dry-run) */
  checkpoint?: Checkpoint | undefined;
  rejects?: RejectsWriter | undefined;
  /** warnings for people (unknown columns …) */
  warn?: ((line: string) => void) | undefined;
  /** notes for people (the site turned batched writes down …) */
  note?: ((line: string) => void) | undefined;
  progress?: Progress | undefined;
  /** bytes of the input, when known: the progress bar shows the share of them finished */
  size?: number | undefined;
  /** told each row's plan entry once decided (rows finish out of order: sort by line) */
  plan?: ((entry: PlanEntry) => void) | undefined;
  /** the run's history (absent: a dry run, or a run not recorded) */
  journal?: WriteJournal | undefined;
  /** told of each linked record (venue, organizer, term) the run created */
  linkCreated?: ((linked: string, record: Record<string, unknown>) => void) | undefined;
}

export function matchFields(resource: ResourceSpec, matchBy: readonly string[] | undefined): string[] {
  if (!matchBy || matchBy.length === 0) return naturalKeyFields(resource);
  const aliases = columnAliases(resource);
  return matchBy.map((name) => {
    const target = aliases.get(normalizeLabel(name));
    if (!target || target === 'id') {
      throw new UsageError(`--match-by: "${name}" is not a field of ${resource.name}`, undefined, 'bad-match-by');
    }
    return target;
  });
}
