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
import { type ApiClient, coreRecordPath, coreRouteUrl } from '../../api/index.js';
import { getResource, type ResourceName } from '../../catalog/index.js';
import { CalctlError, EXIT, PartialError, UsageError } from '../../errors/index.js';
import { modifiedOf } from '../../import/index.js';
import { stderrNotes } from '../../output/notes.js';
import { type Body, recordToInput, SITE_RESETS, updateBody } from '../../records/index.js';
import { planForm, printPlan } from '../plan-output.js';
import { confirmOrThrow } from '../shared.js';
import type { Runtime } from '../types.js';
import { type History, type HistoryRecord, type HistoryRun, openHistory, redactedCommand } from './store.js';

type Obj = Record<string, unknown>;

import { decide, entryOf, linkNames, order, type Step } from './undo-plan.js';

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
