/**
 * `calctl feeds run [NAME...]`: each feed read, compared and written in turn, under the site's run
 * lock (lock.ts). A feed's own trouble — its source unreadable, broken, suddenly empty, or a run that
 * would trash too much — fails that feed alone and changes nothing of it; trouble with the site
 * itself (unreachable, credentials refused) stops the run with the site's error, as any command.
 */
import { copyName } from '../../config/copies.js';
import { itemInWindow, type KnownItem, type SourceItem } from '../../csv/source-item.js';
import { parseDateInput, parseWallTime, wallTimeToUtc } from '../../dates/index.js';
import { CalctlError, InterruptedError, PartialError, UsageError } from '../../errors/index.js';
import { dateZone } from '../shared.js';
import type { CommandDeps, Runtime } from '../types.js';
import { type ApplyContext, applyPlan, type Done, recoverJournal } from './apply.js';
import { acquireRunLock } from './lock.js';
import { feedHash, type Plan, planRun, type Rejection, removals } from './plan.js';
import { type FeedSettings, feedStatePath, LOCK_WAIT_SECONDS, MAX_TRASH_SHARE } from './settings.js';
import { readSource } from './source.js';
import { FeedState, type Origin } from './state.js';

/** How one feed's run went, as `-o json` gives it. */
export interface FeedSummary {
  feed: string;
  source: string;
  status: 'ok' | 'not-modified' | 'failed' | 'refused' | 'planned';
  not_modified: boolean;
  created: number;
  updated: number;
  trashed: number;
  unchanged: number;
  ignored: number;
  rejected: number;
  rejects: Rejection[];
  error: string | null;
  hint: string | null;
  notes: string[];
  seconds: number;
}

/** Options of `feeds run`. */
export interface RunOptions {
  names: string[];
  force: boolean;
  quiet: boolean;
  wait: number | undefined;
}

/** The name a site's feeds are kept under: its profile, its host, or `local`. */
export async function siteName(rt: Runtime): Promise<string> {
  const target = await rt.target();
  return target.kind === 'local' ? 'local' : copyName(target);
}

/** Opens the state of the run's site. */
export async function openState(rt: Runtime): Promise<FeedState> {
  return new FeedState(feedStatePath(rt.ctx.env, rt.ctx.home, await siteName(rt)), () => rt.ctx.now());
}

const blank = (feed: FeedSettings): FeedSummary => ({
  feed: feed.name,
  source: feed.source,
  status: 'ok',
  not_modified: false,
  created: 0,
  updated: 0,
  trashed: 0,
  unchanged: 0,
  ignored: 0,
  rejected: 0,
  rejects: [],
  error: null,
  hint: null,
  notes: [],
  seconds: 0,
});

/**
 * A feed's window in instants, whole days of the site (from the start of `from`'s day to the end of
 * `until`'s: `+1y` is a day, not an instant, so the window stays the same all day), and as days
 * (what validators and known groups are kept for).
 */
async function windowOf(feed: FeedSettings, now: Date, zone: string) {
  const at = async (text: string, endOfDay: boolean) => {
    const day = (await parseDateInput(text, { now, timezone: zone, endOfDay })).slice(0, 10);
    const wall = parseWallTime(`${day} ${endOfDay ? '23:59:59' : '00:00:00'}`);
    if (!wall) throw new UsageError(`feed ${feed.name}: cannot read the date "${text}"`);
    return wallTimeToUtc(wall, zone);
  };
  const from = await at(feed.from, false);
  const until = await at(feed.until, true);
  const key = `${from.toISOString().slice(0, 10)}..${until.toISOString().slice(0, 10)}`;
  return { from, until, key };
}

/**
 * What the last run knew of a group of VEVENTs, if it can stand for the group's text: every one of
 * its events is on the site as that run wrote it (or ignored there, or was trashed because the
 * source cancelled it), or has none because it is outside the window or cancelled. Anything else
 * (an event not written yet, one over the limit) needs the text, and the group is read again.
 */
function reusable(known: readonly KnownItem[] | undefined, origins: ReadonlyMap<string, Origin>, feed: FeedSettings) {
  if (!known) return undefined;
  for (const k of known) {
    const o = origins.get(k.key);
    if (!o) {
      if (k.cancelled || k.outside) continue;
      return undefined;
    }
    if (o.sourceHash !== feedHash(k.hash, feed) && !(k.cancelled && o.state === 'removed')) return undefined;
    if (o.state === 'removed' && !k.cancelled) return undefined;
    if (o.state === 'active' && k.cancelled) return undefined;
  }
  return known;
}

/** The groups to remember after a complete run, with whether each event is outside the window. */
function rememberGroups(
  groups: ReadonlyMap<string, readonly KnownItem[]>,
  items: readonly SourceItem[],
  window: { from: Date; until: Date },
): Map<string, KnownItem[]> {
  const read = new Map(items.filter((i) => !i.cached).map((i) => [i.key, i]));
  const out = new Map<string, KnownItem[]>();
  for (const [hash, known] of groups) {
    out.set(
      hash,
      known.map((k) => {
        const item = read.get(k.key);
        return item ? { ...k, outside: !itemInWindow(item, window) } : k;
      }),
    );
  }
  return out;
}

/** The words of a refusal to trash, or undefined when the plan is safe to carry out. */
function refusal(plan: Plan, total: number): { error: string; hint: string } | undefined {
  if (total === 0 && plan.active > 0) {
    return {
      error: `the source has no events now, and ${plan.active} event(s) on the site came from it: nothing was changed`,
      hint: 'a feed that empties at once is more often broken than emptied; if it really is empty now, run it with --force to trash them',
    };
  }
  const n = removals(plan);
  if (n > 0 && n > plan.active * MAX_TRASH_SHARE) {
    return {
      error: `the source no longer lists ${n} of the ${plan.active} events that came from it (more than ${Math.round(MAX_TRASH_SHARE * 100)} %): nothing was changed`,
      hint: 'check the source; if it really dropped them, run it with --force to trash them',
    };
  }
  return undefined;
}

/** Runs the feeds of a site (see the module comment); throws PartialError (exit 3) when any failed. */
export async function runFeeds(rt: Runtime, deps: CommandDeps, opts: RunOptions): Promise<void> {
  const { ctx } = rt;
  const g = rt.globals();
  const dryRun = g.dryRun === true;
  const state = await openState(rt);
  const summaries: FeedSummary[] = [];
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
      if (!opts.quiet) ctx.io.stderr.write('calctl: no feeds on this site yet; add one: calctl feeds add NAME URL\n');
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
      const run = new FeedRun(rt, deps, state, opts, dryRun);
      try {
        for (const feed of feeds) {
          const summary = await run.one(feed);
          summaries.push(summary);
          print(rt, summary, opts.quiet, dryRun);
        }
      } finally {
        await run.close();
      }
    } finally {
      lock?.release();
    }
  } finally {
    state.close();
    if (g.json === true || g.output === 'json') ctx.io.stdout.write(`${JSON.stringify(summaries, null, 2)}\n`);
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

function print(rt: Runtime, s: FeedSummary, quiet: boolean, dryRun: boolean): void {
  const say = (line: string) => rt.ctx.io.stderr.write(`calctl: ${line}\n`);
  const troubled = s.status === 'failed' || s.status === 'refused' || s.rejected > 0;
  if (quiet && !troubled) return;
  for (const r of s.rejects.slice(0, 20))
    say(`feed ${s.feed}: rejected${r.line ? ` line ${r.line}` : ''}${r.key ? ` (${r.key})` : ''}: ${r.error}`);
  if (s.rejects.length > 20)
    say(`feed ${s.feed}: … and ${s.rejects.length - 20} more rejected (calctl feeds show ${s.feed})`);
  if (s.status === 'failed' || s.status === 'refused') {
    say(`feed ${s.feed} ${s.status === 'refused' ? 'refused' : 'failed'}: ${s.error}`);
    if (s.hint) say(`  hint: ${s.hint}`);
    return;
  }
  if (s.not_modified) {
    say(`feed ${s.feed}: ${s.notes[0] ?? 'not modified'}`);
    return;
  }
  for (const n of s.notes) say(`feed ${s.feed}: note: ${n}`);
  const verb = dryRun ? 'would be ' : '';
  say(
    `feed ${s.feed}: ${s.created} ${verb}created, ${s.updated} ${verb}updated, ${s.trashed} ${verb}trashed, ` +
      `${s.unchanged} unchanged, ${s.ignored} ignored, ${s.rejected} rejected (${s.seconds} s)`,
  );
}

/** One invocation's feeds: the site's client, zone and linked records, shared by its feeds. */
class FeedRun {
  private zone: Promise<string> | undefined;
  private readonly others: Runtime[] = [];
  private readonly killAfter: number;
  private writes = 0;

  constructor(
    private readonly rt: Runtime,
    private readonly deps: CommandDeps,
    private readonly state: FeedState,
    private readonly opts: RunOptions,
    private readonly dryRun: boolean,
  ) {
    // (a test hook: the process kills itself after N writes, to prove a run survives SIGKILL)
    this.killAfter = Number(rt.ctx.env.CALCTL_FEEDS_KILL_AFTER_WRITES ?? 0);
  }

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
    const finish = (status: FeedSummary['status'], error?: unknown) => {
      summary.status = status;
      summary.seconds = Math.round((performance.now() - t0) / 100) / 10;
      if (error !== undefined) {
        summary.error = error instanceof Error ? error.message : String(error);
        summary.hint = error instanceof CalctlError ? (error.hint ?? null) : null;
      }
      if (!this.dryRun) {
        this.state.addRun({
          feed: feed.name,
          started: started.toISOString(),
          seconds: summary.seconds,
          status,
          summary: { ...summary, rejects: summary.rejects.slice(0, 100) },
          error: summary.error,
        });
      }
      return summary;
    };
    // 1. The source: any failure here is the feed's alone.
    let read: Awaited<ReturnType<typeof readSource>>;
    let window: Awaited<ReturnType<typeof windowOf>>;
    let origins = this.state.origins(feed.name);
    const known = this.state.groups(feed.name);
    try {
      window = await windowOf(feed, ctx.now(), await this.siteZone());
      const followed = [...origins.values()]
        .filter((o) => o.state === 'active' && (o.end === '' || Date.parse(o.end) >= window.from.getTime()))
        .map((o) => o.key);
      read = await readSource(feed, {
        validators: this.state.validators(feed.name),
        reuse: (hash) => reusable(known.get(hash), origins, feed),
        window,
        windowKey: window.key,
        siteZone: () => this.siteZone(),
        otherSite: () => this.otherSite(feed),
        followed: feed.kind === 'site' ? followed : [],
        signal: ctx.signal,
        timeoutMs: this.rt.globals().timeout !== undefined ? Number(this.rt.globals().timeout) * 1000 : undefined,
        log: (line) => this.rt.debug?.(`feed ${feed.name}: ${line}`),
      });
    } catch (err) {
      if (err instanceof InterruptedError || ctx.signal.aborted) throw err;
      return finish('failed', err);
    }
    if (read.kind === 'not-modified') {
      if (read.validators && !this.dryRun) this.state.setValidators(feed.name, read.validators);
      summary.not_modified = true;
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

  private planned(summary: FeedSummary, plan: Plan): FeedSummary {
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
    const { createLinkResolver } = await import('../../csv/links.js');
    const { BATCH_LIMIT, createBatchWriter } = await import('../../api/batch.js');
    const { buildMatchIndex } = await import('../../csv/match-loader.js');
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
        links ??= createLinkResolver({ api, dryRun: false, signal: this.rt.ctx.signal });
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
      onWrite: () => {
        this.writes++;
        if (this.killAfter > 0 && this.writes >= this.killAfter) process.kill(process.pid, 'SIGKILL');
      },
    };
  }
}
