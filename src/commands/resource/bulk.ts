/**
 * Bulk changes by filter: `events update --where category=music --venue 7`, `events delete --before
 * 2025-01-01`, `venues restore --where status=trash …`. The records are chosen through the list's
 * filters (where.ts), the plan lists every record and every field that changes, it is asked about on a
 * terminal (`--yes` for scripts; `--dry-run` prints it and stops), then the writes run a few at a time
 * with the client's retries. Killed and run again, it finishes the job and touches nothing twice: a
 * record already changed has nothing left to change, and one already trashed is no longer chosen.
 */
import { paginate } from '../../api/paginate.js';
import type { ResourceSpec } from '../../catalog/index.js';
import { CalctlError, EXIT } from '../../errors/index.js';
import { modifiedOf, type WriteAction, type WriteJournal } from '../../import/index.js';
import { stderrNotes } from '../../output/notes.js';
import { mapLimit } from '../../primitives/index.js';
import { changedKeys, mergeUpdate, recordToInput } from '../../records/index.js';
import { decodeEntities } from '../../wptext/index.js';
import { confirmOrThrow, outputFormat, printData } from '../shared.js';
import type { CliRuntime } from '../types.js';
import { buildChanges } from './body.js';
import { whereQuery } from './where.js';

type Obj = Record<string, unknown>;

/** Writes in flight at once: a real site's PHP workers are few. */
export const BULK_CONCURRENCY = 4;

/** One record of a bulk plan. */
export interface BulkEntry {
  id: number;
  title: string;
  action: 'update' | 'unchanged' | 'trash' | 'delete' | 'restore';
  changes?: { field: string; before: unknown; after: unknown }[];
}

/** What a write of a bulk change tells the run's history. */
export interface BulkWrite {
  resource: ResourceSpec;
  action: WriteAction;
  record: Obj;
  /** an update's changed fields, as sent */
  after?: Obj | undefined;
}

/**
 * Sends one write with its note in the run's history: the record's state before it (so that `calctl
 * undo` puts it back), then the site's answer.
 */
export async function journaled(
  journal: WriteJournal | undefined,
  write: BulkWrite,
  send: () => Promise<Obj | undefined>,
): Promise<void> {
  const { resource, record } = write;
  const before = recordToInput(resource, record);
  if (typeof record.status === 'string') before.status = record.status;
  const id = Number(record.id);
  const token = journal?.intent({
    resource: resource.name,
    action: write.action,
    id,
    title: titleOf(resource, record),
    before,
    after: write.after,
    fields: write.after ? Object.keys(write.after) : undefined,
  });
  try {
    const answer = await send();
    if (token !== undefined) journal?.done(token, { id, modified: modifiedOf(answer) });
  } catch (err) {
    if (token !== undefined) journal?.failed(token);
    throw err;
  }
}

/** What a bulk change did. */
export interface BulkSummary {
  chosen: number;
  changed: number;
  unchanged: number;
  failed: number;
}

const titleOf = (resource: ResourceSpec, r: Obj) => {
  const t = r[resource.titleField];
  const text =
    typeof t === 'string' ? t : typeof (t as Obj)?.rendered === 'string' ? ((t as Obj).rendered as string) : '';
  return decodeEntities(text);
};

/** The records the filters choose, every page. */
async function chosen(rt: CliRuntime, resource: ResourceSpec, raw: Obj, statusTrash = false): Promise<Obj[]> {
  const api = await rt.api();
  const query = await whereQuery(rt, resource, raw);
  if (statusTrash) query.status = 'trash';
  const out: Obj[] = [];
  for await (const r of paginate<Obj>(api, `/${resource.name}`, query, resource.name, { signal: rt.ctx.signal }))
    out.push(r);
  return out;
}

/** The plan on a terminal, before it is asked about (as data, it goes out once with the summary). */
async function printPlan(rt: CliRuntime, resource: ResourceSpec, plan: BulkEntry[], dryRun: boolean): Promise<void> {
  if ((await outputFormat(rt)) !== 'table') {
    if (dryRun) await printData(rt, { dry_run: true, resource: resource.name, records: plan });
    return;
  }
  const lines = plan.map((e) => {
    const what = (e.changes ?? []).map((c) => `${c.field}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`);
    return `${e.action.padEnd(9)} ${String(e.id).padStart(6)}  ${e.title}${what.length ? `  (${what.join('; ')})` : ''}`;
  });
  const { printText } = await import('../../output/index.js');
  printText(rt.ctx, `${lines.join('\n')}\n`);
}

/** Runs the writes of a plan a few at a time; failures are listed and the rest go on. */
async function carryOut(
  rt: CliRuntime,
  resource: ResourceSpec,
  plan: BulkEntry[],
  write: (entry: BulkEntry) => Promise<void>,
): Promise<BulkSummary> {
  const todo = plan.filter((e) => e.action !== 'unchanged');
  let failed = 0;
  // (a test's crash at a write stops every writer, as a kill would: the next run finishes the job)
  let crashed: unknown;
  await mapLimit(todo, BULK_CONCURRENCY, async (entry) => {
    if (rt.ctx.signal.aborted || crashed !== undefined) return;
    try {
      await write(entry);
    } catch (err) {
      if (rt.ctx.signal.aborted) throw err;
      failed++;
      stderrNotes(rt.ctx).text(`calctl: ${resource.singular} ${entry.id}: ${(err as Error).message}\n`, 'trouble');
    }
    try {
      rt.ctx.fault?.('bulk-write');
    } catch (err) {
      crashed ??= err;
    }
  });
  if (crashed !== undefined) throw crashed;
  return { chosen: plan.length, changed: todo.length - failed, unchanged: plan.length - todo.length, failed };
}

async function finish(
  rt: CliRuntime,
  resource: ResourceSpec,
  plan: BulkEntry[],
  summary: BulkSummary,
  verb: string,
): Promise<void> {
  stderrNotes(rt.ctx).text(
    `calctl: ${verb} ${summary.changed} of ${summary.chosen} ${resource.name}` +
      `${summary.unchanged ? ` (${summary.unchanged} already so)` : ''}${summary.failed ? `, ${summary.failed} failed` : ''}\n`,
    'info',
  );
  if ((await outputFormat(rt)) !== 'table')
    await printData(rt, { dry_run: false, resource: resource.name, records: plan, ...summary });
  if (summary.failed > 0) {
    throw new CalctlError(`${summary.failed} of ${summary.chosen} ${resource.name} could not be ${verb}`, {
      code: 'partial',
      exitCode: EXIT.partial,
      hint: 'run the same command again: what is done is not done twice',
    });
  }
}

/** `<resource> update --where …`: the same change to every chosen record. */
export async function bulkUpdate(rt: CliRuntime, resource: ResourceSpec, raw: Obj, opts: Obj): Promise<BulkSummary> {
  const changes = await buildChanges(rt, resource, opts);
  const records = await chosen(rt, resource, raw);
  const bodies = new Map<number, Obj>();
  const plan: BulkEntry[] = records.map((r) => {
    const id = Number(r.id);
    const current = recordToInput(resource, r);
    const body = mergeUpdate(resource, r, changes);
    const changed = changedKeys(resource, body, current).filter((k) => k in changes);
    bodies.set(id, body);
    return {
      id,
      title: titleOf(resource, r),
      action: changed.length > 0 ? 'update' : 'unchanged',
      changes: changed.map((field) => ({ field, before: current[field] ?? null, after: body[field] ?? null })),
    };
  });
  const byId = new Map(records.map((r) => [Number(r.id), r]));
  return runPlan(rt, resource, plan, 'updated', async (e, journal) => {
    const api = await rt.api();
    const body = bodies.get(e.id) as Obj;
    const after = Object.fromEntries((e.changes ?? []).map((c) => [c.field, body[c.field]]));
    await journaled(
      journal,
      { resource, action: 'updated', record: byId.get(e.id) ?? { id: e.id }, after },
      async () => (await api.put<Obj>(`/${resource.name}/${e.id}`, body, { signal: rt.ctx.signal })).body,
    );
  });
}

/** `<resource> delete --where …` (trash; `--force` for good) and `restore --where …`. */
export async function bulkDelete(
  rt: CliRuntime,
  resource: ResourceSpec,
  raw: Obj,
  mode: 'trash' | 'delete' | 'restore',
  status = 'publish',
): Promise<BulkSummary> {
  const records = await chosen(rt, resource, raw, mode === 'restore');
  const byId = new Map(records.map((r) => [Number(r.id), r]));
  const plan: BulkEntry[] = records.map((r) => ({ id: Number(r.id), title: titleOf(resource, r), action: mode }));
  const verb = mode === 'restore' ? 'restored' : mode === 'trash' ? 'trashed' : 'deleted';
  return runPlan(rt, resource, plan, verb, async (e, journal) => {
    const api = await rt.api();
    const record = byId.get(e.id) ?? { id: e.id };
    const action: WriteAction = mode === 'restore' ? 'restored' : 'deleted';
    await journaled(journal, { resource, action, record }, async () => {
      if (mode === 'restore') {
        // (as `restore` does: the record sent back whole with its new status)
        const body = mergeUpdate(resource, record, { status });
        return (await api.put<Obj>(`/${resource.name}/${e.id}`, body, { signal: rt.ctx.signal })).body;
      }
      if (mode === 'delete' && resource.kind === 'post') {
        const { coreRecordPath, coreRouteUrl } = await import('../../api/index.js');
        const url = coreRouteUrl(api.baseUrl, `${coreRecordPath(resource, e.id)}?force=true`);
        await api.request('DELETE', url, { signal: rt.ctx.signal });
        return undefined;
      }
      return (await api.delete<Obj>(`/${resource.name}/${e.id}`, { signal: rt.ctx.signal })).body;
    });
  });
}

async function runPlan(
  rt: CliRuntime,
  resource: ResourceSpec,
  plan: BulkEntry[],
  verb: string,
  write: (entry: BulkEntry, journal: WriteJournal | undefined) => Promise<void>,
): Promise<BulkSummary> {
  const dryRun = rt.globals().dryRun === true;
  await printPlan(rt, resource, plan, dryRun);
  const todo = plan.filter((e) => e.action !== 'unchanged').length;
  const empty: BulkSummary = { chosen: plan.length, changed: 0, unchanged: plan.length - todo, failed: 0 };
  if (dryRun) return empty;
  if (todo === 0) {
    await finish(rt, resource, plan, empty, verb);
    return empty;
  }
  const question =
    verb === 'deleted'
      ? `Delete ${todo} ${resource.name} for good? This cannot be undone.`
      : `${verb === 'trashed' ? 'Move to the trash' : verb === 'restored' ? 'Restore' : 'Update'} ${todo} ${resource.name}?`;
  if (!(await confirmOrThrow(rt, question))) return empty;
  // (recorded in the profile's history, each write before it is sent: `calctl undo` takes it back)
  const { recordRun } = await import('../history/store.js');
  const recorder = await recordRun(rt, {
    kind: verb === 'updated' ? 'update' : verb === 'restored' ? 'restore' : 'delete',
  });
  let summary: BulkSummary | undefined;
  try {
    summary = await carryOut(rt, resource, plan, (entry) => write(entry, recorder?.journal));
  } finally {
    recorder?.finish(summary ? 'done' : rt.ctx.signal.aborted ? 'interrupted' : 'failed', summary ?? {});
  }
  await finish(rt, resource, plan, summary, verb);
  return summary;
}
