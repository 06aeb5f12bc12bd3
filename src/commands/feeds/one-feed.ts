/**
 * One feed's run: read its source (its failures are the feed's alone), plan from what it remembers,
 * finish what a killed run left, refuse what looks like a broken source, carry out the plan, and
 * remember what was read. One FeedRun serves every feed of an invocation (the site's client, zone
 * and linked records are shared).
 */

import { CalctlError, InterruptedError, PartialError, UsageError } from '../../errors/index.js';
import type { PlanEntry } from '../../import/index.js';
import type { RunRecorder } from '../history/store.js';
import { dateZone } from '../shared.js';
import type { CommandDeps, Runtime } from '../types.js';
import { type ApplyContext, applyPlan, type Done, recoverJournal } from './apply.js';
import { type Plan, planEntries, planRun, refusal } from './plan.js';
import type { FeedSettings } from './settings.js';
import { readSource } from './source.js';
import type { FeedState } from './state.js';
import { blank, type FeedSummary, type RunOptions } from './summary.js';
import { rememberGroups, reusable, windowOf } from './window.js';

/** One invocation's feeds: the site's client, zone and linked records, shared by its feeds. */
export class FeedRun {
  private zone: Promise<string> | undefined;
  private readonly others: Runtime[] = [];

  constructor(
    private readonly rt: Runtime,
    private readonly deps: CommandDeps,
    private readonly state: FeedState,
    private readonly opts: RunOptions,
    private readonly dryRun: boolean,
    /** the run's history (none for a dry run) */
    private readonly recorder?: RunRecorder | undefined,
  ) {}

  /** The plan entries of a dry run, feed after feed (the shape of an import's plan). */
  readonly plan: PlanEntry[] = [];

  /**
   * The site's zone as the last run that asked found it (a run that writes nothing asks the site
   * nothing, not even its zone); asked when it is not known yet.
   */
  private siteZone(): Promise<string> {
    const known = this.state.siteZone();
    return known !== undefined ? Promise.resolve(known) : this.askZone();
  }

  /** The site's zone, asked once per run and remembered (runs that write ask it again). */
  private askZone(): Promise<string> {
    this.zone ??= dateZone(this.rt).then((z) => {
      this.state.setSiteZone(z);
      return z;
    });
    return this.zone;
  }

  private otherSite(feed: FeedSettings) {
    const site = this.deps.siteRuntime;
    if (!site) throw new UsageError('reading another site needs the command line (no site runtime)');
    const rt = site(feed.source.startsWith('@') ? { profile: feed.source.slice(1) } : { url: feed.source });
    this.others.push(rt);
    return rt.api();
  }

  async close(): Promise<void> {
    await Promise.all(this.others.map((o) => o.close().catch(() => {})));
  }

  async one(feed: FeedSettings): Promise<FeedSummary> {
    const { ctx } = this.rt;
    const started = ctx.now();
    const t0 = performance.now();
    const summary = blank(feed);
    const finish = (status: FeedSummary['status'], error?: unknown) =>
      this.finish(feed, summary, { started, t0 }, status, error);
    // 1. The source: any failure here is the feed's alone.
    let read: Awaited<ReturnType<typeof readSource>>;
    let window: Awaited<ReturnType<typeof windowOf>>;
    let origins = this.state.origins(feed.name);
    const known = this.state.groups(feed.name);
    try {
      ({ read, window } = await this.readFeed(feed, origins, known));
    } catch (err) {
      if (err instanceof InterruptedError || ctx.signal.aborted) throw err;
      return finish('failed', err);
    }
    if (read.kind === 'not-modified') {
      if (read.validators && !this.dryRun) this.state.setValidators(feed.name, read.validators);
      summary.not_modified = true;
      // (the feed's events stay as the last run left them: each one it keeps counts as unchanged)
      summary.unchanged = [...origins.values()].filter((o) => o.state === 'active').length;
      summary.notes.push(read.why);
      return finish('not-modified');
    }
    summary.notes.push(...read.notes);
    const reused = read.items.filter((i) => i.cached).length;
    this.rt.debug?.(
      `feed ${feed.name}: ${reused} of ${read.items.length} event(s) known from the last run, not read again`,
    );
    // 2. The plan, from what the feed remembers; writes a killed run left are finished first.
    const owned = this.state.ownedIds();
    let ctxApply: ApplyContext | undefined;
    const apply = async () => {
      if (!ctxApply) ctxApply = await this.applyContext(feed, owned);
      return ctxApply;
    };
    if (!this.dryRun && this.state.pending(feed.name).length > 0) {
      const recovered = await recoverJournal(await apply(), owned);
      origins = this.state.origins(feed.name);
      summary.notes.push(`${recovered} write(s) an interrupted run had sent were found on the site and recorded`);
    }
    const plan = planRun({
      feed,
      items: read.items,
      origins,
      window,
      unknownRejected: read.unknownRejected,
      rejectedKeys: read.rejectedKeys,
    });
    if (plan.removalsHeld > 0) {
      summary.notes.push(
        `${plan.removalsHeld} event(s) the source no longer lists were kept: a VEVENT without a readable UID was rejected`,
      );
    }
    summary.rejects = plan.rejected;
    const refused = this.opts.force ? undefined : refusal(plan, read.total);
    if (refused) {
      summary.rejected = plan.rejected.length;
      summary.hint = refused.hint;
      summary.error = refused.error;
      return finish('refused', new PartialError(refused.error, refused.hint));
    }
    if (this.dryRun) {
      this.planned(summary, plan);
      return finish('planned');
    }
    // 3. The writes. A run killed from here on leaves no validators: the next one reads everything.
    this.state.setValidators(feed.name, { etag: null, lastModified: null, bodyHash: null, window: null });
    let done: Done = { created: 0, updated: 0, trashed: 0, unchanged: 0, ignored: 0, rejected: [] };
    try {
      // (nothing to write: the site is not asked anything, not even its zone)
      if (plan.actions.length > 0) done = await applyPlan(await apply(), plan.actions, owned);
    } catch (err) {
      finish('failed', err);
      throw err;
    }
    summary.created = done.created;
    summary.updated = done.updated;
    summary.trashed = done.trashed;
    summary.unchanged = plan.unchanged + done.unchanged;
    summary.ignored = plan.ignored + done.ignored;
    summary.rejects = [...plan.rejected, ...done.rejected].sort((a, b) => a.line - b.line);
    summary.rejected = summary.rejects.length;
    if (ctx.signal.aborted) throw new InterruptedError(`feeds run interrupted during feed ${feed.name}`);
    // (rejections are reported again by the next run, rather than hidden behind an unchanged body)
    if (summary.rejected === 0) {
      this.state.setValidators(feed.name, read.validators);
      // (every group the same as last time: nothing new to remember)
      const same = known.size === read.groups.size && [...read.groups.keys()].every((h) => known.has(h));
      if (!same) this.state.setGroups(feed.name, rememberGroups(read.groups, read.items, window));
    }
    return finish('ok');
  }

  /** The feed's window and its source read (the items the last run knew reused). */
  private async readFeed(
    feed: FeedSettings,
    origins: ReturnType<FeedState['origins']>,
    known: ReturnType<FeedState['groups']>,
  ) {
    const { ctx } = this.rt;
    const window = await windowOf(feed, ctx.now(), await this.siteZone());
    const followed = [...origins.values()]
      .filter((o) => o.state === 'active' && (o.end === '' || Date.parse(o.end) >= window.from.getTime()))
      .map((o) => o.key);
    const read = await readSource(feed, {
      validators: this.state.validators(feed.name),
      reuse: (hash) => reusable(known.get(hash), origins, feed),
      window,
      windowKey: window.key,
      siteZone: () => this.siteZone(),
      otherSite: () => this.otherSite(feed),
      followed: feed.kind === 'site' ? followed : [],
      defaultDuration: feed.defaultDuration,
      signal: ctx.signal,
      timeoutMs: this.rt.globals().timeout !== undefined ? Number(this.rt.globals().timeout) * 1000 : undefined,
      log: (line) => this.rt.debug?.(`feed ${feed.name}: ${line}`),
    });
    return { read, window };
  }

  /** Ends a feed's run: its status, time and error in the summary, and the run noted (a run that writes). */
  private finish(
    feed: FeedSettings,
    summary: FeedSummary,
    time: { started: Date; t0: number },
    status: FeedSummary['status'],
    error?: unknown,
  ): FeedSummary {
    summary.status = status;
    summary.seconds = Math.round((performance.now() - time.t0) / 100) / 10;
    if (error !== undefined) {
      summary.error = error instanceof Error ? error.message : String(error);
      summary.hint = error instanceof CalctlError ? (error.hint ?? null) : null;
    }
    if (!this.dryRun) {
      this.state.addRun({
        feed: feed.name,
        started: time.started.toISOString(),
        seconds: summary.seconds,
        status,
        summary: { ...summary, rejects: summary.rejects.slice(0, 100) },
        error: summary.error,
      });
    }
    return summary;
  }

  private planned(summary: FeedSummary, plan: Plan): FeedSummary {
    this.plan.push(...planEntries(plan));
    const count = (op: string) => plan.actions.filter((a) => a.op === op).length;
    summary.created = count('create');
    summary.updated = count('update') + count('restore') + count('recheck');
    summary.trashed = count('trash');
    summary.unchanged = plan.unchanged;
    summary.ignored = plan.ignored;
    summary.rejected = plan.rejected.length;
    return summary;
  }

  private async applyContext(feed: FeedSettings, owned: ReadonlySet<number>): Promise<ApplyContext> {
    const api = await this.rt.api();
    const siteZone = await this.siteZone();
    // (what this run writes is read in the zone it was parsed in; the next run uses the site's current one)
    await this.askZone();
    const { createLinkResolver } = await import('../../links/index.js');
    const { BATCH_LIMIT, createBatchWriter } = await import('../../api/batch.js');
    const { buildMatchIndex } = await import('../../import/engine.js');
    const { getResource } = await import('../../catalog/index.js');
    let links: ReturnType<typeof createLinkResolver> | undefined;
    let index: ReturnType<typeof buildMatchIndex> | undefined;
    let writer: ReturnType<typeof createBatchWriter> | undefined;
    const ctxWriter = () => {
      writer ??= createBatchWriter(api, { size: BATCH_LIMIT, slots: 4, signal: this.rt.ctx.signal });
      return writer;
    };
    return {
      api,
      state: this.state,
      feed,
      siteZone,
      now: this.rt.ctx.now(),
      signal: this.rt.ctx.signal,
      concurrency: 4,
      // Creates travel through WordPress's batch route where the site allows it, as import sends them.
      writer: ctxWriter,
      links: () => {
        const recorder = this.recorder;
        links ??= createLinkResolver({
          api,
          dryRun: false,
          signal: this.rt.ctx.signal,
          onCreated: recorder ? (linked, record) => recorder.linkCreated(linked, record) : undefined,
        });
        return links;
      },
      index: () => {
        if (index) return index;
        // (whether the site batches writes is asked while the index is built, as import does)
        ctxWriter().probe('/events/0');
        index = buildMatchIndex({ api, resource: getResource('events'), signal: this.rt.ctx.signal }).then((i) => {
          // An event another feed (or another source key) holds is never taken as a match.
          const find = i.find.bind(i);
          i.find = (id, body) => {
            const hit = find(id, body);
            if (!hit) return undefined;
            if (hit.candidates) {
              const free = hit.candidates.filter((c) => !owned.has(c));
              return free.length > 0 ? { ...hit, id: free[0] as number, candidates: free } : undefined;
            }
            return owned.has(hit.id) ? undefined : hit;
          };
          return i;
        });
        return index;
      },
      history: this.recorder?.journal,
      // (the context's crash seam: a test may throw after any write)
      onWrite: () => this.rt.ctx.fault?.('feeds-write'),
    };
  }
}
