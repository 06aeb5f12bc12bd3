/**
 * `calctl feeds run [NAME...]`: each feed read, compared and written in turn, under the site's run
 * lock (lock.ts). A feed's own trouble — its source unreadable, broken, suddenly empty, or a run that
 * would trash too much — fails that feed alone and changes nothing of it; trouble with the site
 * itself (unreachable, credentials refused) stops the run with the site's error, as any command.
 */
import { replicaName } from '../../config/replicas.js';
import { InterruptedError, PartialError, UsageError } from '../../errors/index.js';
import type { PlanEntry } from '../../import/index.js';
import { stderrNotes, summaryFormat } from '../../output/notes.js';
import { printValue } from '../../output/stdout.js';
import { type RunRecorder, recordRun } from '../history/store.js';
import { planForm, printPlan } from '../plan-output.js';
import { outputFormat } from '../shared.js';
import type { CommandDeps, Runtime } from '../types.js';
import { acquireRunLock } from './lock.js';
import { FeedRun } from './one-feed.js';
import { feedStatePath, LOCK_WAIT_SECONDS } from './settings.js';
import { FeedState } from './state.js';
import { type FeedSummary, print, type RunOptions } from './summary.js';

/** The name a site's feeds are kept under: its profile, its host, or `local`. */
export async function siteName(rt: Runtime): Promise<string> {
  const target = await rt.target();
  return target.kind === 'local' ? 'local' : replicaName(target);
}

/** Opens the state of the run's site. */
export async function openState(rt: Runtime): Promise<FeedState> {
  return new FeedState(feedStatePath(rt.ctx.env, rt.ctx.home, await siteName(rt)), () => rt.ctx.now());
}

/** Runs the feeds of a site (see the module comment); throws PartialError (exit 3) when any failed. */
export async function runFeeds(rt: Runtime, deps: CommandDeps, opts: RunOptions): Promise<void> {
  const { ctx } = rt;
  const g = rt.globals();
  const dryRun = g.dryRun === true;
  // (the summaries as data on stdout in a machine format, JSON when piped; their words on stderr;
  // with --quiet only trouble, and the data only when -o asks for it)
  const notes = stderrNotes(ctx, { quiet: opts.quiet });
  const format = summaryFormat(await outputFormat(rt), { quiet: opts.quiet, output: g.output, json: g.json });
  const state = await openState(rt);
  const summaries: FeedSummary[] = [];
  let recorder: RunRecorder | undefined;
  let planned: PlanEntry[] | undefined;
  try {
    const all = state.feeds();
    const unknown = opts.names.filter((n) => !all.some((f) => f.name === n));
    if (unknown.length > 0) {
      throw new UsageError(
        `no feed named ${unknown.map((n) => `"${n}"`).join(', ')} on this site`,
        all.length > 0 ? `feeds: ${all.map((f) => f.name).join(', ')}` : 'add one: calctl feeds add NAME URL',
        'unknown-feed',
      );
    }
    const feeds = opts.names.length > 0 ? all.filter((f) => opts.names.includes(f.name)) : all;
    if (feeds.length === 0) {
      notes.info('no feeds on this site yet; add one: calctl feeds add NAME URL');
      return;
    }
    const lock = dryRun
      ? undefined
      : await acquireRunLock(state.path, {
          waitSeconds: opts.wait ?? LOCK_WAIT_SECONDS,
          signal: ctx.signal,
          now: () => ctx.now(),
        });
    try {
      // (a run that writes is recorded in the profile's history: calctl history, calctl undo)
      recorder = await recordRun(
        rt,
        { kind: 'feeds run', source: feeds.map((f) => `${f.name}: ${f.source}`).join(', ') },
        (line) => notes.line(line),
      );
      const run = new FeedRun(rt, deps, state, opts, dryRun, recorder);
      planned = run.plan;
      try {
        for (const feed of feeds) {
          const summary = await run.one(feed);
          summaries.push(summary);
          print(notes, summary, dryRun);
        }
      } finally {
        await run.close();
      }
    } finally {
      lock?.release();
    }
  } catch (err) {
    recorder?.finish(err instanceof InterruptedError ? 'interrupted' : 'failed', totals(summaries));
    recorder = undefined;
    throw err;
  } finally {
    state.close();
    recorder?.finish('done', totals(summaries));
    // A dry run prints its plan (the shape of an import's), the counts of every feed last.
    if (dryRun && planned) {
      const form = g.json || g.output !== undefined || !notes.quiet ? await planForm(rt) : undefined;
      if (form) printPlan(rt, form, planned, { ...totals(summaries), feeds: summaries });
    } else if (format) printValue(ctx, summaries, format);
  }
  const failed = summaries.filter((s) => s.status === 'failed' || s.status === 'refused');
  const rejected = summaries.reduce((n, s) => n + s.rejected, 0);
  if (failed.length > 0 || rejected > 0) {
    const parts = [
      failed.length > 0
        ? `${failed.length} of ${summaries.length} feed(s) failed (${failed.map((s) => s.feed).join(', ')})`
        : '',
      rejected > 0 ? `${rejected} event(s) were rejected` : '',
    ].filter(Boolean);
    throw new PartialError(parts.join('; '), 'see the messages above; calctl feeds show NAME keeps each run');
  }
}

/** The counts of every feed of a run, added up. */
function totals(summaries: readonly FeedSummary[]): Record<string, number> {
  const out: Record<string, number> = { created: 0, updated: 0, trashed: 0, unchanged: 0, ignored: 0, rejected: 0 };
  for (const s of summaries)
    for (const k of Object.keys(out))
      out[k] = (out[k] ?? 0) + Number((s as unknown as Record<string, unknown>)[k] ?? 0);
  return out;
}
