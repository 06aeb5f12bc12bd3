/**
 * What a feed run will do, decided from the source's items and what the feed remembers (its
 * origins) without asking the site anything: an item whose fingerprint is the one last written is
 * unchanged and costs nothing. Pure, so every rule is a table test:
 * - a new item is created when it falls in the window (it has not ended before `from` and starts by
 *   `until`), up to `--limit` events of the feed on the site;
 * - an item whose source changed is updated (never under `new-only`); one whose event the admin
 *   trashed or deleted is ignored, and looked at again only when its source changes (it may be back);
 * - an item the feed had trashed and that comes back is restored;
 * - an event whose item is gone from the source, or cancelled there, is trashed (`--on-removed
 *   trash`), unless it is over (past events leave feeds all the time) or the source is in doubt: a
 *   VEVENT that could not be read and whose UID is unknown stops every removal of the run.
 */
import { createHash } from 'node:crypto';
import { cellInstant, itemHash, itemInWindow, type PlanEntry, planEntry, type SourceItem } from '../../import/index.js';
import { type FeedSettings, MAX_TRASH_SHARE } from './settings.js';
import type { Origin } from './state.js';

/** One thing to do on the site. */
export type Action =
  | { op: 'create'; item: SourceItem; hash: string }
  | { op: 'update'; item: SourceItem; hash: string; origin: Origin }
  /** the admin had trashed it and its source changed: written only if it is out of the trash again */
  | { op: 'recheck'; item: SourceItem; hash: string; origin: Origin }
  | { op: 'restore'; item: SourceItem; hash: string; origin: Origin }
  | { op: 'trash'; origin: Origin; why: 'removed' | 'cancelled' };

/** A source item that cannot be imported. */
export interface Rejection {
  line: number;
  key: string;
  error: string;
}

/** The plan of one run. */
export interface Plan {
  actions: Action[];
  unchanged: number;
  ignored: number;
  rejected: Rejection[];
  /** new items left out: outside the window, over the limit, cancelled before they were imported */
  skipped: number;
  /** events the source no longer lists, trashing which was held back (in doubt) */
  removalsHeld: number;
  /** events of the feed on the site before the run (active origins) */
  active: number;
}

/** What a plan is made from. */
export interface PlanInput {
  feed: Pick<FeedSettings, 'authority' | 'onRemoved' | 'limit' | 'categories' | 'tags' | 'status'>;
  items: readonly SourceItem[];
  origins: ReadonlyMap<string, Origin>;
  window: { from: Date; until: Date };
  /** rejected VEVENTs whose UID is unknown: no removal this run */
  unknownRejected: number;
  /** keys (without occurrence) of rejected VEVENTs: their events are present */
  rejectedKeys: ReadonlySet<string>;
}

const baseKey = (key: string) => key.split('#')[0] ?? key;

/**
 * The fingerprint an event is remembered by: its item's, with the feed's settings that shape what is
 * written (categories, tags, status), so that changing them (`feeds add` again) updates every event
 * of the feed once.
 */
export function feedHash(item: string, feed: Pick<FeedSettings, 'categories' | 'tags' | 'status'>): string {
  // (the defaults add nothing: a feed that never set them hashes its items as they are)
  if (feed.categories.length === 0 && feed.tags.length === 0 && feed.status === 'publish') return item;
  const key = `${item}\u0001${JSON.stringify([feed.categories, feed.tags, feed.status])}`;
  let hash = salted.get(key);
  if (hash === undefined) {
    hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
    salted.set(key, hash);
  }
  return hash;
}

/** Salted fingerprints already worked out in this process (the plan and the reading both ask). */
const salted = new Map<string, string>();

/** Plans a run (see the module comment). */
export function planRun(input: PlanInput): Plan {
  const { feed, origins, window } = input;
  const plan: Plan = {
    actions: [],
    unchanged: 0,
    ignored: 0,
    rejected: [],
    skipped: 0,
    removalsHeld: 0,
    active: [...origins.values()].filter((o) => o.state === 'active').length,
  };
  const newOnly = feed.authority === 'new-only';
  const trashes = feed.onRemoved === 'trash' && !newOnly;
  const seen = new Map<string, number>();
  const fresh: { item: SourceItem; hash: string; start: number }[] = [];
  for (const item of input.items) {
    if (item.problem !== undefined) {
      plan.rejected.push({ line: item.line, key: item.key, error: item.problem });
      continue;
    }
    const twin = seen.get(item.key);
    if (twin !== undefined) {
      plan.rejected.push({
        line: item.line,
        key: item.key,
        error: `another event of the source has the same UID (line ${twin}): this one is left out`,
      });
      continue;
    }
    seen.set(item.key, item.line);
    const origin = origins.get(item.key);
    const hash = feedHash(itemHash(item), feed);
    if (item.cancelled) {
      if (origin?.state === 'active' && trashes) plan.actions.push({ op: 'trash', origin, why: 'cancelled' });
      else if (origin?.state === 'active') plan.unchanged++;
      else if (!origin) plan.skipped++;
      continue;
    }
    if (!origin) {
      // (an item known from the last run without an event was outside the window, or cancelled)
      if (!item.cached && itemInWindow(item, window)) {
        fresh.push({ item, hash, start: cellInstant(item, 'start_date') ?? Number.NaN });
      } else plan.skipped++;
      continue;
    }
    if (origin.state === 'ignored') {
      if (origin.sourceHash !== hash && !newOnly) plan.actions.push({ op: 'recheck', item, hash, origin });
      else plan.ignored++;
      continue;
    }
    if (origin.state === 'removed') {
      if (newOnly) plan.unchanged++;
      else plan.actions.push({ op: 'restore', item, hash, origin });
      continue;
    }
    if (origin.sourceHash === hash || newOnly) plan.unchanged++;
    else plan.actions.push({ op: 'update', item, hash, origin });
  }
  // New events by start date, up to the limit of events the feed keeps on the site.
  fresh.sort((a, b) => (Number.isNaN(a.start) ? 0 : a.start) - (Number.isNaN(b.start) ? 0 : b.start));
  const room = feed.limit === null ? fresh.length : Math.max(0, feed.limit - plan.active);
  for (const [i, f] of fresh.entries()) {
    if (i < room) plan.actions.push({ op: 'create', item: f.item, hash: f.hash });
    else plan.skipped++;
  }
  if (!trashes) return plan;
  for (const origin of origins.values()) {
    if (origin.state !== 'active' || seen.has(origin.key) || input.rejectedKeys.has(baseKey(origin.key))) continue;
    if (origin.end !== '' && Date.parse(origin.end) < window.from.getTime()) continue;
    if (input.unknownRejected > 0) {
      plan.removalsHeld++;
      continue;
    }
    plan.actions.push({ op: 'trash', origin, why: 'removed' });
  }
  return plan;
}

/** Events a plan trashes because the source no longer lists them (what the safety share counts). */
export const removals = (plan: Plan): number =>
  plan.actions.filter((a) => a.op === 'trash' && a.why === 'removed').length;

/** The words of a refusal to trash, or undefined when the plan is safe to carry out. */
export function refusal(plan: Plan, total: number): { error: string; hint: string } | undefined {
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

/**
 * A plan as the entries an import's dry run prints (import/plan.ts): one per event to write, then the
 * rejected items. A feed's plan asks the site nothing, so an update names no fields.
 */
export function planEntries(plan: Plan): PlanEntry[] {
  const out: PlanEntry[] = plan.actions.map((a) => {
    const resource = 'events';
    if (a.op === 'trash')
      return planEntry({
        resource,
        action: 'delete',
        id: a.origin.siteId,
        title: a.origin.title,
        warnings: [a.why === 'cancelled' ? 'cancelled at the source' : 'gone from the source'],
      });
    const title = a.item.cells.get('title') ?? '';
    if (a.op === 'create') return planEntry({ resource, action: 'create', line: a.item.line, title });
    return planEntry({
      resource,
      action: a.op === 'restore' ? 'restore' : 'update',
      line: a.item.line,
      id: a.origin.siteId,
      title,
      warnings: a.op === 'recheck' ? ['trashed on the site: written only if it is out of the trash'] : [],
    });
  });
  for (const r of plan.rejected)
    out.push(planEntry({ resource: 'events', action: 'reject', line: r.line, error: r.error }));
  return out;
}
