/**
 * Carries out a feed run's plan on the site, exactly once:
 * - a create goes through the import's exactly-once creation (`applyRow`: the POST is never sent
 *   again blindly; a lost answer is looked up first) and is noted in the journal before it is sent,
 *   so a run killed before it recorded the new id finds the event by title and start next time;
 * - an update reads the event first: one the admin trashed or deleted is ignored from then on;
 *   otherwise the source's fields are merged in by the feed's authority (preserve-edits keeps the
 *   fields the admin changed since the last write, told apart by the base, as sync does) and the
 *   whole event is sent (a real site resets what an update leaves out);
 * - a trash is the plugin's DELETE (to the trash, never for good).
 * An event belongs to one feed: the match of a create never takes an event another origin holds.
 */
import type { BatchWriter } from '../../api/batch.js';
import { type ApiClient, ApiError } from '../../api/index.js';
import { findRecord } from '../../api/records.js';
import { getResource } from '../../catalog/index.js';
import { parseWallTime, wallTimeToUtc } from '../../clock/index.js';
import {
  applyRow,
  isProblem,
  lookupOne,
  MatchIndex,
  mergeThreeWay,
  prepareRow,
  resolveSourceLinks,
} from '../../import/engine.js';
import { modifiedOf, type SourceItem, type WriteJournal } from '../../import/index.js';
import type { LinkResolver } from '../../links/index.js';
import { LinkError } from '../../links/index.js';
import { type KeyedLock, keyedLock, mapLimit } from '../../primitives/index.js';
import { type Body, changedKeys, naturalKeyFields, recordToInput, updateBody } from '../../records/index.js';
import type { Action, Rejection } from './plan.js';
import type { FeedSettings } from './settings.js';
import type { FeedState, JournalEntry, Origin } from './state.js';

const events = getResource('events');

type Rec = Record<string, unknown> & { id: number };

/** What a run did to the site. */
export interface Done {
  created: number;
  updated: number;
  trashed: number;
  unchanged: number;
  ignored: number;
  rejected: Rejection[];
}

/** What carrying out a plan needs. */
export interface ApplyContext {
  api: ApiClient;
  state: FeedState;
  feed: FeedSettings;
  /** the link resolver of the run (each name asked of the site once per run) */
  links: () => LinkResolver;
  /** the match index of the run's creates (built on the first create) */
  index: () => Promise<MatchIndex>;
  /** zone of dates without one */
  siteZone: string;
  now: Date;
  signal?: AbortSignal | undefined;
  /** updates and trashes in flight (creates: as many as the batch writer takes) */
  concurrency: number;
  /** sends the creates, in batches when the site takes them */
  writer: () => BatchWriter;
  /** told after each write the site answered, before the state records it (a test hook kills here) */
  onWrite?: (() => void) | undefined;
  /** the run's history (calctl history, undo): each write noted before it is sent */
  history?: WriteJournal | undefined;
}

/** The instant (ISO) an event body ends, for leaving past events alone. */
function endOf(body: Body): string {
  const wall = parseWallTime(String(body.end_date ?? body.start_date ?? ''));
  if (!wall) return '';
  try {
    return wallTimeToUtc(wall, String(body.timezone || 'UTC')).toISOString();
  } catch {
    return '';
  }
}

/** A 4xx the site answers about one event: that event is rejected, the run goes on. */
const refusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403;

/** The body a source item asks for: its fields validated, its linked records resolved. */
async function bodyOf(ctx: ApplyContext, item: SourceItem): Promise<Body | string> {
  const cells = new Map(item.cells);
  cells.delete('venue');
  // (a tentative event stays a draft; the rest take the feed's status)
  cells.set('status', cells.get('status') === 'draft' ? 'draft' : ctx.feed.status);
  const targets = new Map([...cells.keys()].map((k) => [k, k]));
  const row = await prepareRow(cells, { resource: events, targets, now: ctx.now, timezone: ctx.siteZone }, ctx.links());
  if (isProblem(row)) return row.column ? `${row.column}: ${row.message}` : row.message;
  try {
    const linked = await resolveSourceLinks(item.links, ctx.links(), {
      categories: ctx.feed.categories,
      tags: ctx.feed.tags,
    });
    return { ...row.body, ...linked };
  } catch (err) {
    if (err instanceof LinkError) return `${err.field}: ${err.message}`;
    throw err;
  }
}

/**
 * Finishes the writes a killed run left in the journal: a create that reached the site is found by
 * its title and start (and recorded), an update that landed makes its body the base; the rest are
 * planned again by this run.
 */
export async function recoverJournal(ctx: ApplyContext, owned: Set<number>): Promise<number> {
  let recovered = 0;
  for (const entry of ctx.state.pending(ctx.feed.name)) {
    if (entry.op === 'create') {
      const index = new MatchIndex(events, naturalKeyFields(events));
      const found = await lookupOne(
        { api: ctx.api, resource: events, index, onConflict: 'update', dryRun: false, signal: ctx.signal },
        entry.write,
      );
      if (found && !owned.has(found.id)) {
        record(ctx, entry, found.id);
        owned.add(found.id);
        recovered++;
      }
    } else if (entry.siteId !== null) {
      const now = await findRecord<Rec>(ctx.api, events, entry.siteId, ctx.signal);
      const origin = ctx.state.origins(ctx.feed.name).get(entry.key);
      if (now && origin && changedKeys(events, entry.write, recordToInput(events, now)).length === 0) {
        record(ctx, entry, entry.siteId);
        recovered++;
      }
    }
    ctx.state.settle(entry.seq);
  }
  return recovered;
}

/** Records an event the feed wrote: its origin with the new base (and settles the journal entry). */
function record(ctx: ApplyContext, entry: Omit<JournalEntry, 'seq'> & { seq?: number }, siteId: number) {
  ctx.state.transaction(() => {
    ctx.state.putOrigin({
      feed: ctx.feed.name,
      key: entry.key,
      siteId,
      state: 'active',
      sourceHash: entry.sourceHash,
      base: entry.body,
      title: entry.title,
      end: entry.end,
      reason: '',
    });
    if (entry.seq !== undefined) ctx.state.settle(entry.seq);
  });
}

/** One plan being carried out: its context, the events the feed owns, what was done, the lock of titles. */
interface PlanRun {
  ctx: ApplyContext;
  owned: Set<number>;
  done: Done;
  lock: KeyedLock;
}

const rejectItem = (run: PlanRun, item: SourceItem, error: string) =>
  run.done.rejected.push({ line: item.line, key: item.key, error });

/** Creates the event of a new item (or adopts the one it matches), one title at a time. */
async function createEvent(run: PlanRun, item: SourceItem, hash: string, body: Body): Promise<void> {
  const { ctx, done, owned } = run;
  const title = String(body.title ?? '').toLowerCase();
  await run.lock(title, async () => {
    const index = await ctx.index();
    const entry = {
      feed: ctx.feed.name,
      key: item.key,
      op: 'create' as const,
      siteId: null,
      body,
      write: body,
      sourceHash: hash,
      title: String(body.title ?? ''),
      end: endOf(body),
    };
    const seq = ctx.state.journal(entry);
    const outcome = await applyRow(
      {
        api: ctx.api,
        resource: events,
        index,
        onConflict: 'update',
        dryRun: false,
        signal: ctx.signal,
        writer: ctx.writer(),
        journal: ctx.history,
      },
      undefined,
      body,
      false,
    );
    if (outcome.kind === 'rejected') {
      ctx.state.settle(seq);
      rejectItem(run, item, outcome.message);
      return;
    }
    if (outcome.kind !== 'unchanged') ctx.onWrite?.();
    owned.add(outcome.id);
    record(ctx, { ...entry, seq }, outcome.id);
    // (a match of an event no feed held: adopted, counted as what was done to it)
    done[outcome.kind]++;
  });
}

/** Writes the merged body of an event that exists; false when it is in the trash or gone. */
async function updateEvent(run: PlanRun, item: SourceItem, hash: string, origin: Origin, body: Body, restore: boolean) {
  const { ctx, done, owned } = run;
  const current = await findRecord<Rec>(ctx.api, events, origin.siteId, ctx.signal);
  if (!current) {
    if (restore) {
      // (deleted for good since the feed trashed it: made again)
      ctx.state.dropOrigin(ctx.feed.name, origin.key);
      owned.delete(origin.siteId);
      return createEvent(run, item, hash, body);
    }
    ctx.state.setOriginState(ctx.feed.name, origin.key, 'ignored', 'deleted on the site');
    done.ignored++;
    return;
  }
  if (current.status === 'trash' && !restore) {
    ctx.state.putOrigin({ ...origin, state: 'ignored', sourceHash: hash, reason: 'trashed on the site' });
    done.ignored++;
    return;
  }
  const now = recordToInput(events, current);
  const keepEdits = ctx.feed.authority === 'preserve-edits' && !restore;
  const merged = mergeThreeWay(events, origin.base, now, body, keepEdits);
  const entry = {
    feed: ctx.feed.name,
    key: item.key,
    op: 'update' as const,
    siteId: origin.siteId,
    body: merged.base,
    write: merged.body,
    sourceHash: hash,
    title: String(merged.body.title ?? origin.title),
    end: endOf({ ...now, ...merged.body }),
  };
  if (merged.changed.length === 0 && current.status !== 'trash') {
    record(ctx, entry, origin.siteId);
    done.unchanged++;
    return;
  }
  const seq = ctx.state.journal(entry);
  const token = ctx.history?.intent({
    resource: 'events',
    action: current.status === 'trash' ? 'restored' : 'updated',
    id: origin.siteId,
    title: entry.title,
    before: { ...now, status: String(current.status ?? 'publish') },
    after: Object.fromEntries(merged.changed.map((k) => [k, merged.body[k]])),
    fields: merged.changed,
  });
  try {
    const res = await ctx.api.put<Rec>(`/events/${origin.siteId}`, updateBody(events, now, merged.body), {
      signal: ctx.signal,
      finish: true,
    });
    if (token !== undefined) ctx.history?.done(token, { id: origin.siteId, modified: modifiedOf(res.body) });
  } catch (err) {
    if (token !== undefined) ctx.history?.failed(token);
    ctx.state.settle(seq);
    if (!refusal(err)) throw err;
    rejectItem(run, item, `the site refused it: ${err.message} (${err.code})`);
    return;
  }
  ctx.onWrite?.();
  record(ctx, { ...entry, seq }, origin.siteId);
  done.updated++;
}

/** Trashes the event of an item gone from the source (or cancelled there). */
async function trashEvent(run: PlanRun, origin: Origin, why: 'removed' | 'cancelled') {
  const { ctx, done } = run;
  const token = ctx.history?.intent({
    resource: 'events',
    action: 'deleted',
    id: origin.siteId,
    title: origin.title,
    before: { ...origin.base, status: 'publish' },
  });
  try {
    const res = await ctx.api.delete<Rec>(`/events/${origin.siteId}`, { signal: ctx.signal, finish: true });
    if (token !== undefined) ctx.history?.done(token, { id: origin.siteId, modified: modifiedOf(res.body) });
    ctx.onWrite?.();
    done.trashed++;
    ctx.state.setOriginState(
      ctx.feed.name,
      origin.key,
      'removed',
      why === 'cancelled' ? 'cancelled at the source' : 'gone from the source',
    );
  } catch (err) {
    if (token !== undefined) ctx.history?.failed(token);
    const status = err instanceof ApiError ? err.status : 0;
    // (in the trash already, or deleted for good: nothing left to trash)
    if (status !== 410 && status !== 404 && status !== 400) throw err;
    ctx.state.setOriginState(
      ctx.feed.name,
      origin.key,
      'ignored',
      status === 410 ? 'trashed on the site' : 'deleted on the site',
    );
    done.ignored++;
  }
}

/** Carries out one action of a plan. */
async function applyAction(run: PlanRun, action: Action): Promise<void> {
  const { ctx } = run;
  if (ctx.signal?.aborted) return;
  if (action.op === 'trash') return trashEvent(run, action.origin, action.why);
  const body = await bodyOf(ctx, action.item);
  if (typeof body === 'string') {
    rejectItem(run, action.item, body);
    return;
  }
  if (action.op === 'create') return createEvent(run, action.item, action.hash, body);
  return updateEvent(run, action.item, action.hash, action.origin, body, action.op === 'restore');
}

/** Carries out the actions of a plan. */
export async function applyPlan(ctx: ApplyContext, actions: readonly Action[], owned: Set<number>): Promise<Done> {
  const done: Done = { created: 0, updated: 0, trashed: 0, unchanged: 0, ignored: 0, rejected: [] };
  const run: PlanRun = { ctx, owned, done, lock: keyedLock() };
  const one = (action: Action) => applyAction(run, action);
  // Updates and trashes a few at a time (each reads the event first); then the creates, as many in
  // flight as the batch writer groups (25 a request on a site that batches, one each on one that does not).
  await mapLimit(
    actions.filter((a) => a.op !== 'create'),
    ctx.concurrency,
    one,
  );
  const creates = actions.filter((a) => a.op === 'create');
  if (creates.length > 0) await mapLimit(creates, Math.max(ctx.concurrency, ctx.writer().capacity), one);
  return done;
}
