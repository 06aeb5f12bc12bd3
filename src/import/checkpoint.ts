/**
 * The checkpoint of a resumable import: `<input>.calctl-checkpoint.json` beside the input, written
 * atomically (temp file + rename) at most every `intervalMs` and when the run stops. It records
 * which rows are finished (every row below `doneBelow`, plus the finished rows above it), the ids
 * created for rows that are not yet compacted, the rows whose POST was in flight, and the counts so
 * far. A row not recorded as finished is simply processed again on resume: the match index (built
 * from the target) turns an already-created record into "unchanged", so nothing is created twice.
 */
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { UsageError } from '../errors/index.js';

/** Counters of a run (the summary). */
export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** rows with no value at all (a spreadsheet's `;;;;` lines): skipped, never an error */
  blank: number;
  /** rows written with a warning (a cell the site keeps otherwise than written); absent: none */
  warned?: number;
  /** events given no end, made `--default-duration` long; absent: none */
  defaulted?: number;
}

/** The checkpoint file's content. */
export interface CheckpointData {
  version: 1;
  input: { path: string; size: number; mtimeMs: number };
  resource: string;
  /** every row index below this is finished */
  doneBelow: number;
  /** finished rows at or above doneBelow */
  done: number[];
  /** row index → id created for it (rows at or above doneBelow only) */
  created: Record<string, number>;
  /** rows whose create was sent without a known outcome: verified before anything is re-sent */
  pending: number[];
  counts: Counts;
  updatedAt: string;
}

/** The checkpoint path for an input file. */
export const checkpointPath = (input: string): string => `${input}.calctl-checkpoint.json`;

/** Tracks finished rows and writes the checkpoint. */
export class Checkpoint {
  private doneBelow = 1;
  private readonly done = new Set<number>();
  private readonly created = new Map<number, number>();
  readonly pending = new Set<number>();
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    readonly path: string,
    private readonly input: CheckpointData['input'],
    private readonly resource: string,
    readonly counts: Counts,
    /** the run's clock (the injected context's `now`): when the file was last written, its `updatedAt` */
    private readonly now: () => Date,
    private readonly intervalMs = 200,
    /** rows that needed verification when the previous run stopped */
    readonly previousPending: ReadonlySet<number> = new Set(),
  ) {}

  /** Restores the state of a previous run. */
  static fromData(path: string, data: CheckpointData, now: () => Date, intervalMs?: number): Checkpoint {
    // (a checkpoint written before blank rows were counted has no `blank`)
    const counts = { ...data.counts, blank: data.counts.blank ?? 0 };
    const cp = new Checkpoint(path, data.input, data.resource, counts, now, intervalMs, new Set(data.pending));
    cp.doneBelow = data.doneBelow;
    for (const r of data.done) cp.done.add(r);
    for (const [r, id] of Object.entries(data.created)) cp.created.set(Number(r), id);
    return cp;
  }

  /** Whether a row was finished by this or a previous run. */
  isDone(row: number): boolean {
    return row < this.doneBelow || this.done.has(row);
  }

  /** The id a previous run created for a row, if it is still recorded. */
  createdFor(row: number): number | undefined {
    return this.created.get(row);
  }

  /** Records a finished row. */
  finish(row: number, createdId?: number): void {
    this.pending.delete(row);
    this.done.add(row);
    if (createdId !== undefined) this.created.set(row, createdId);
    while (this.done.has(this.doneBelow)) {
      this.done.delete(this.doneBelow);
      this.created.delete(this.doneBelow);
      this.doneBelow++;
    }
    this.dirty = true;
    this.maybeSave();
  }

  private snapshot(): CheckpointData {
    return {
      version: 1,
      input: this.input,
      resource: this.resource,
      doneBelow: this.doneBelow,
      done: [...this.done].sort((a, b) => a - b),
      created: Object.fromEntries(this.created),
      pending: [...this.pending],
      counts: this.counts,
      updatedAt: this.now().toISOString(),
    };
  }

  private maybeSave(): void {
    if (this.now().getTime() - this.lastWrite >= this.intervalMs) void this.save();
  }

  /** Writes the checkpoint now (atomically), after any write in progress. */
  save(): Promise<void> {
    this.lastWrite = this.now().getTime();
    this.dirty = false;
    const data = JSON.stringify(this.snapshot());
    this.writing = this.writing.then(async () => {
      const tmp = `${this.path}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, this.path);
    });
    return this.writing;
  }

  /** Writes pending changes and waits for every write. */
  async flush(): Promise<void> {
    if (this.dirty) await this.save();
    await this.writing;
  }

  /** Removes the checkpoint after a finished run. */
  async remove(): Promise<void> {
    await this.writing;
    await rm(this.path, { force: true });
  }
}

/** Identity of an input file, to refuse a checkpoint made for other content. */
export async function inputIdentity(path: string): Promise<CheckpointData['input']> {
  const s = await stat(path);
  return { path, size: s.size, mtimeMs: Math.round(s.mtimeMs) };
}

/**
 * Reads a checkpoint for `--resume`.
 * @returns undefined when there is none
 * @throws UsageError when it belongs to another resource or the input changed since
 */
export async function loadCheckpoint(
  path: string,
  input: CheckpointData['input'],
  resource: string,
): Promise<CheckpointData | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  const data = JSON.parse(text) as CheckpointData;
  if (data.version !== 1 || data.resource !== resource) {
    throw new UsageError(
      `the checkpoint ${path} belongs to an import of ${data.resource}`,
      'delete it to start over',
      'bad-checkpoint',
    );
  }
  if (data.input.size !== input.size || data.input.mtimeMs !== input.mtimeMs) {
    throw new UsageError(
      `the input changed since the checkpoint ${path} was written`,
      'delete the checkpoint to start over (re-running an import never duplicates records)',
      'bad-checkpoint',
    );
  }
  return data;
}
