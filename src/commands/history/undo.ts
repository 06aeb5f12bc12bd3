/**
 * `calctl undo [RUN]`: takes a recorded run back. Events it created go to the trash (`--force`: for
 * good), fields it changed get their earlier values (the before body merged over the record as it is
 * now, as `events update` sends it), records it trashed are restored, records an undo restored go
 * back to the trash, and venues, organizers and terms it created that no event uses now are deleted.
 * A record changed on the site since the run (its modified time or content differs from what the run
 * left) is a conflict and kept, unless `--force`.
 *
 * Exactly once: the undo is a run of its own in the history, each of its records noted before the
 * write and marked done after; a re-run after a kill takes the same undo run up again, skips what is
 * done and counts a record already as wanted as done, so nothing is touched twice. An undo can be
 * undone like any run.
 */
import { type ApiClient, ApiError, coreRecordPath, coreRouteUrl } from '../../api/index.js';
import { ALL_EVENTS_WINDOW, getResource, type ResourceName, type ResourceSpec } from '../../catalog/index.js';
import { modifiedOf } from '../../csv/journal.js';
import { LINK_FIELDS, type LinkNames, type PlanEntry, planChanges, planEntry } from '../../csv/plan.js';
import { CalctlError, EXIT, PartialError, UsageError } from '../../errors/index.js';
import { stderrNotes } from '../../output/notes.js';
import { type Body, changedKeys, ids, recordToInput, SITE_RESETS, updateBody } from '../../records/index.js';
import { decodeEntities } from '../../wptext/index.js';
import { planForm, printPlan } from '../plan-output.js';
import { confirmOrThrow } from '../shared.js';
import type { Runtime } from '../types.js';
import { type History, type HistoryRecord, type HistoryRun, openHistory, redactedCommand } from './store.js';

type Obj = Record<string, unknown>;

/** Linked resources: deleted by an undo only when no event uses them any more. */
const LINKED_FILTER: Partial<Record<ResourceName, string>> = {
  venues: 'venue',
  organizers: 'organizer',
  categories: 'categories',
  tags: 'tags',
};

/** Statuses an event that uses a linked record may have (the trash does not count). */
const LIVE_STATUSES = 'publish,future,draft,pending,private';

/** What the undo of one record does. */
type Step =
  | { kind: 'done'; why: string }
  | { kind: 'conflict'; why: string }
  | { kind: 'keep'; why: string }
  | { kind: 'delete'; current: Obj }
  | { kind: 'restore'; current: Obj; status: string }
  | { kind: 'update'; current: Obj; wanted: Body; fields: string[] };

/**
 * The order records are taken back in: linked records to restore before the events that use them,
 * then the events, then linked records to delete once no event uses them.
 */
const order = (r: HistoryRecord): number => (r.resource === 'events' ? 1 : r.action === 'deleted' ? 0 : 2);

/** Unknown run (exit 5). */
function unknownRun(what: string): CalctlError {
  return new CalctlError(`no run ${what} in this profile's history`, {
    code: 'unknown-run',
    exitCode: EXIT.notFound,
    hint: 'list the runs with calctl history',
  });
}

/** The run `calctl undo` takes back without an argument: the newest run that wrote and is not undone. */
function defaultRun(history: History): HistoryRun | undefined {
  for (const run of history.runs()) {
    if (run.kind === 'undo') continue;
    if (history.records(run.id).every((r) => r.state === 'failed')) continue;
    if (history.undoOf(run.id)?.status === 'done') continue;
    return run;
  }
  return undefined;
}

async function fetchCurrent(
  api: ApiClient,
  resource: ResourceSpec,
  id: number,
  signal: AbortSignal,
): Promise<Obj | undefined> {
  try {
    return (await api.get<Obj>(`/${resource.name}/${id}`, { signal })).body;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 410 || err.status === 400)) return undefined;
    throw err;
  }
}

/** The fields of a body; a field it did not have is null (none: a venue the record had not). */
const pick = (body: Body | null, fields: readonly string[]): Body =>
  Object.fromEntries(fields.map((f) => [f, body?.[f] ?? null]));

/** Whether the record changed on the site since the run left it. */
function changedSince(resource: ResourceSpec, r: HistoryRecord, current: Obj, fields: readonly string[]): boolean {
  const now = modifiedOf(current);
  if (r.modified && now && now !== r.modified) return true;
  if (!r.after || fields.length === 0) return false;
  return changedKeys(resource, pick(r.after, fields), recordToInput(resource, current)).length > 0;
}

/**
 * How many live events use a linked record, leaving out those this undo trashes (`leaving`): the
 * first page of them is enough to tell.
 */
async function usedBy(
  api: ApiClient,
  linked: ResourceName,
  id: number,
  leaving: ReadonlyMap<number, Body | null>,
  signal: AbortSignal,
): Promise<number> {
  const filter = LINKED_FILTER[linked];
  if (!filter) return 0;
  const res = await api.get<Obj>('/events', {
    query: {
      [filter]: id,
      per_page: 50,
      status: LIVE_STATUSES,
      ...ALL_EVENTS_WINDOW,
    } as never,
    signal,
  });
  const events = Array.isArray(res.body.events) ? (res.body.events as Obj[]) : [];
  const uses = (wanted: Body) => ids(wanted[filter]).includes(id);
  const staying = events.filter((e) => {
    const event = Number(e.id);
    if (!leaving.has(event)) return true;
    const wanted = leaving.get(event);
    // (trashed by this undo, or given back links that leave this one out)
    return wanted !== null && wanted !== undefined && (!(filter in wanted) || uses(wanted));
  }).length;
  const total = Number(res.body.total);
  return Number.isFinite(total) && total > events.length ? total - (events.length - staying) : staying;
}

/** Decides the undo of one record, from reads only. */
async function decide(
  rt: Runtime,
  api: ApiClient,
  r: HistoryRecord,
  force: boolean,
  leaving: ReadonlyMap<number, Body | null>,
): Promise<Step> {
  const resource = getResource(r.resource as ResourceName);
  if (r.id === null) return { kind: 'keep', why: 'its create had no answer: look it up by its title' };
  const current = await fetchCurrent(api, resource, r.id, rt.ctx.signal);
  const gone = current === undefined;
  const trashed = current?.status === 'trash';
  switch (r.action) {
    case 'created':
    case 'restored': {
      if (gone || trashed) return { kind: 'done', why: gone ? 'already deleted' : 'already in the trash' };
      const fields = r.after ? Object.keys(r.after) : [];
      if (!force && changedSince(resource, r, current, fields))
        return { kind: 'conflict', why: 'changed on the site since the run' };
      if (r.action === 'created' && LINKED_FILTER[resource.name] && r.undoes === null) {
        const n = await usedBy(api, resource.name, r.id, leaving, rt.ctx.signal);
        if (n > 0) return { kind: 'keep', why: `used by ${n} event${n === 1 ? '' : 's'}` };
      }
      return { kind: 'delete', current };
    }
    case 'deleted': {
      if (gone) return { kind: 'conflict', why: 'deleted for good: it cannot be restored' };
      if (!trashed) return { kind: 'done', why: 'not in the trash' };
      const status = typeof r.before?.status === 'string' && r.before.status !== 'trash' ? r.before.status : 'publish';
      return { kind: 'restore', current, status };
    }
    case 'updated': {
      if (gone || trashed)
        return { kind: 'conflict', why: gone ? 'deleted since the run' : 'in the trash since the run' };
      const fields = r.fields ?? (r.after ? Object.keys(r.after) : []);
      const wanted = pick(r.before, fields);
      if (changedKeys(resource, wanted, recordToInput(resource, current)).length === 0)
        return { kind: 'done', why: 'already as before the run' };
      if (!force && changedSince(resource, r, current, fields))
        return { kind: 'conflict', why: 'changed on the site since the run' };
      return { kind: 'update', current, wanted, fields };
    }
  }
}

/** The names of the linked records an undo's updates name, asked of the site once each. */
async function linkNames(
  api: ApiClient,
  steps: readonly [HistoryRecord, Step][],
  signal: AbortSignal,
): Promise<LinkNames> {
  const known = new Map<string, string>();
  const wanted = new Set<string>();
  for (const [, step] of steps) {
    if (step.kind !== 'update') continue;
    for (const field of step.fields) {
      const linked = LINK_FIELDS[field];
      if (!linked) continue;
      // (the record as it is embeds its links' names)
      const shown = step.current[field];
      for (const o of Array.isArray(shown) ? shown : [shown]) {
        if (typeof o === 'object' && o !== null) {
          const rec = o as Obj;
          const name = rec.venue ?? rec.organizer ?? rec.name;
          if (typeof name === 'string') known.set(`${linked}:${Number(rec.id)}`, decodeEntities(name));
        }
      }
      for (const id of ids(step.wanted[field])) wanted.add(`${linked}:${id}`);
    }
  }
  for (const key of wanted) {
    if (known.has(key)) continue;
    const [linked, id] = key.split(':');
    try {
      const rec = (await api.get<Obj>(`/${linked}/${id}`, { signal })).body;
      const name = rec.venue ?? rec.organizer ?? rec.name;
      if (typeof name === 'string') known.set(key, decodeEntities(name));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return (linked, id) => known.get(`${linked}:${id}`);
}

/** The plan entry of one record's undo. */
function entryOf(r: HistoryRecord, step: Step, force: boolean, names: LinkNames): PlanEntry {
  const common = { resource: r.resource, id: r.id, title: r.title, line: null };
  switch (step.kind) {
    case 'done':
    case 'keep':
      return planEntry({ ...common, action: 'unchanged', warnings: [step.why] });
    case 'conflict':
      return planEntry({ ...common, action: 'conflict', error: `${step.why}: kept (--force to undo it anyway)` });
    case 'delete':
      return planEntry({ ...common, action: 'delete', warnings: force && r.action === 'created' ? ['for good'] : [] });
    case 'restore':
      return planEntry({
        ...common,
        action: 'restore',
        changes: [{ field: 'status', before: 'trash', after: step.status }],
      });
    case 'update': {
      const resource = getResource(r.resource as ResourceName);
      const now = recordToInput(resource, step.current);
      return planEntry({ ...common, action: 'update', changes: planChanges(step.fields, now, step.wanted, names) });
    }
  }
}

/** Carries out one step, noted in the undo run's history before it is sent and marked done after. */
async function carryOut(
  rt: Runtime,
  api: ApiClient,
  history: History,
  run: number,
  r: HistoryRecord,
  step: Step,
  force: boolean,
): Promise<void> {
  const resource = getResource(r.resource as ResourceName);
  const id = r.id as number;
  const signal = rt.ctx.signal;
  const path = `/${resource.name}/${id}`;
  if (step.kind === 'done') {
    // (already as wanted: counted as done, nothing sent)
    const seq = history.intent(
      run,
      { resource: resource.name, action: 'updated', id, title: r.title, fields: [] },
      r.seq,
    );
    history.done(seq, { id });
    return;
  }
  if (step.kind === 'delete') {
    const before = recordToInput(resource, step.current);
    before.status = String(step.current.status ?? 'publish');
    const forGood = force && r.action === 'created' && resource.kind === 'post';
    const seq = history.intent(run, { resource: resource.name, action: 'deleted', id, title: r.title, before }, r.seq);
    rt.ctx.fault?.('undo-write');
    const res = forGood
      ? await api.request<Obj>('DELETE', coreRouteUrl(api.baseUrl, `${coreRecordPath(resource, id)}?force=true`), {
          signal,
        })
      : await api.delete<Obj>(path, { signal });
    rt.ctx.fault?.('undo-written');
    history.done(seq, { id, modified: modifiedOf(res.body) });
    return;
  }
  if (step.kind === 'restore') {
    const current = recordToInput(resource, step.current);
    // (the links it had when it was trashed: a site shows none to a trashed venue's events)
    const body = updateBody(resource, { ...current, ...(r.before ?? {}) }, { status: step.status });
    const seq = history.intent(
      run,
      {
        resource: resource.name,
        action: 'restored',
        id,
        title: r.title,
        before: { ...current, status: 'trash' },
        after: { status: step.status },
      },
      r.seq,
    );
    rt.ctx.fault?.('undo-write');
    const res = await api.put<Obj>(path, body, { signal });
    rt.ctx.fault?.('undo-written');
    history.done(seq, { id, modified: modifiedOf(res.body) });
    return;
  }
  if (step.kind === 'update') {
    const current = recordToInput(resource, step.current);
    const body = updateBody(resource, current, step.wanted);
    // (a field the record had not, a venue: left out, which is how a site clears what an update omits)
    for (const [k, v] of Object.entries(step.wanted)) {
      if (v !== null) continue;
      if (SITE_RESETS[resource.name]?.includes(k)) delete body[k];
      // (a text the record had not, a venue's address filled by a merge: an empty text clears it, a
      // null is ignored by the site)
      else if (resource.fields.find((f) => f.name === k)?.type === 'string') body[k] = '';
    }
    const seq = history.intent(
      run,
      {
        resource: resource.name,
        action: 'updated',
        id,
        title: r.title,
        before: current,
        after: step.wanted,
        fields: step.fields,
      },
      r.seq,
    );
    rt.ctx.fault?.('undo-write');
    const res = await api.put<Obj>(path, body, { signal });
    rt.ctx.fault?.('undo-written');
    history.done(seq, { id, modified: modifiedOf(res.body) });
  }
}

/** Options of `calctl undo`. */
export interface UndoOptions {
  force: boolean;
}

/** Undoes a run (see the module comment). */
export async function undoRun(rt: Runtime, runArg: string | undefined, opts: UndoOptions): Promise<void> {
  const notes = stderrNotes(rt.ctx);
  const dryRun = rt.globals().dryRun === true;
  if (rt.globals().offline)
    throw new UsageError(
      'undo takes back what a run wrote to the site, not to the working copy',
      'run it without --offline (then sync pull brings the result into the working copy)',
    );
  const history = await openHistory(rt);
  try {
    let target: HistoryRun | undefined;
    if (runArg !== undefined) {
      if (!/^\d+$/.test(runArg)) throw unknownRun(runArg);
      target = history.run(Number(runArg));
      if (!target) throw unknownRun(runArg);
    } else {
      target = defaultRun(history);
      if (!target) throw unknownRun('to undo');
    }
    const previous = history.undoOf(target.id);
    if (previous?.status === 'done' && !opts.force) {
      notes.info(`run ${target.id} was undone by run ${previous.id}; undo that run to take the undo back`);
      return;
    }
    // The records to take back: the run's writes that may have landed, newest first, linked records
    // (venues, organizers, terms the run created) after the events that used them.
    const done = new Set(
      previous
        ? history
            .records(previous.id)
            .filter((u) => u.state === 'done')
            .map((u) => u.undoes)
        : [],
    );
    const todo = history
      .records(target.id)
      .filter((r) => r.state !== 'failed' && !done.has(r.seq))
      .sort((a, b) => order(a) - order(b) || b.seq - a.seq);
    const api = await rt.api();
    const steps: [HistoryRecord, Step][] = [];
    // (events first: a linked record is deleted only when no event stays that uses it)
    const leaving = new Map<number, Body | null>();
    for (const r of todo) {
      const step = await decide(rt, api, r, opts.force, leaving);
      if (r.resource === 'events' && r.id !== null && step.kind === 'delete') leaving.set(r.id, null);
      if (r.resource === 'events' && r.id !== null && step.kind === 'update') leaving.set(r.id, step.wanted);
      steps.push([r, step]);
    }
    const names = await linkNames(api, steps, rt.ctx.signal);
    const plan = steps.map(([r, step]) => entryOf(r, step, opts.force, names));
    const writes = steps.filter(([, s]) => s.kind === 'delete' || s.kind === 'restore' || s.kind === 'update').length;
    const conflicts = steps.filter(([, s]) => s.kind === 'conflict');
    const counts = {
      deleted: steps.filter(([, s]) => s.kind === 'delete').length,
      restored: steps.filter(([, s]) => s.kind === 'restore').length,
      updated: steps.filter(([, s]) => s.kind === 'update').length,
      unchanged: steps.filter(([, s]) => s.kind === 'done' || s.kind === 'keep').length + done.size,
      conflicts: conflicts.length,
    };
    const countsText = `deleted ${counts.deleted}, restored ${counts.restored}, updated ${counts.updated}, unchanged ${counts.unchanged}, conflicts ${counts.conflicts}`;
    if (dryRun) {
      printPlan(rt, await planForm(rt), plan, { run: target.id, ...counts });
      notes.info(`dry run (nothing written): undo of run ${target.id} would have ${countsText}`);
    } else {
      const form = await planForm(rt);
      if (form === 'table' && writes > 0 && !rt.globals().yes) printPlan(rt, form, plan, undefined);
      if (writes > 0 && !(await confirmOrThrow(rt, `Undo run ${target.id} (${target.command})? ${countsText}`))) {
        notes.info('nothing undone');
        return;
      }
      const run =
        previous ??
        history.run(history.start({ command: redactedCommand(rt.argv ?? []), kind: 'undo', undoes: target.id }));
      if (!run) throw new Error('the undo run could not be recorded');
      if (previous) history.resume(run.id);
      try {
        for (const [r, step] of steps) {
          if (step.kind === 'conflict' || step.kind === 'keep') continue;
          await carryOut(rt, api, history, run.id, r, step, opts.force);
        }
      } catch (err) {
        history.finish(run.id, rt.ctx.signal.aborted ? 'interrupted' : 'failed', counts);
        throw err;
      }
      history.finish(run.id, 'done', counts);
      if (form !== 'table') printPlan(rt, form, plan, { run: target.id, undo: run.id, ...counts });
      notes.info(`undo of run ${target.id} (recorded as run ${run.id}): ${countsText}`);
    }
    for (const [r] of conflicts)
      notes.warn(
        `${r.resource.replace(/s$/, '')} ${r.id} (${r.title}) changed on the site since run ${target.id}: kept`,
      );
    if (conflicts.length > 0)
      throw new PartialError(
        `${conflicts.length} record${conflicts.length === 1 ? '' : 's'} changed since the run ${conflicts.length === 1 ? 'was' : 'were'} kept`,
        'look at them with calctl history show, or undo them anyway with --force',
      );
  } finally {
    history.close();
  }
}

/** `RUN` as a run number, for `history show` (exit 5 for none). */
export function runNumber(history: History, arg: string): HistoryRun {
  if (!/^\d+$/.test(arg)) throw new UsageError(`RUN is a run number from calctl history, not "${arg}"`);
  const run = history.run(Number(arg));
  if (!run) throw unknownRun(arg);
  return run;
}
