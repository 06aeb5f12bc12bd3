/**
 * What a run reads of its feed's past: the window of days it takes events from, and which groups of
 * VEVENTs the last complete run read can stand for their text (see ics/items.ts).
 */

import { parseWallTime, wallTimeToUtc } from '../../clock/index.js';
import { parseDateInput } from '../../dates/index.js';
import { UsageError } from '../../errors/index.js';
import { itemInWindow, type KnownItem, type SourceItem } from '../../import/index.js';
import { feedHash } from './plan.js';
import type { FeedSettings } from './settings.js';
import type { Origin } from './state.js';

/**
 * A feed's window in instants, whole days of the site (from the start of `from`'s day to the end of
 * `until`'s: `+1y` is a day, not an instant, so the window stays the same all day), and as days
 * (what validators and known groups are kept for).
 */
export async function windowOf(feed: FeedSettings, now: Date, zone: string) {
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
export function reusable(
  known: readonly KnownItem[] | undefined,
  origins: ReadonlyMap<string, Origin>,
  feed: FeedSettings,
) {
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
export function rememberGroups(
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
