/**
 * The plan of a migration: for each source record, what the target needs (create, update, nothing),
 * from the id map and the target's records. A mapped record whose translated write form hashes as it
 * did when last written is unchanged (no request); one whose target is gone is created again; an
 * unmapped one the target already holds by its natural key (an event's title and start, a name) is
 * adopted rather than duplicated — which is also how a run killed between a create and the map's
 * write finds its record.
 */
import type { ApiClient } from '../../api/index.js';
import { getResource, type ResourceSpec } from '../../catalog/index.js';
import { keyOf } from '../../records/index.js';
import { fetchOne } from '../sync/records.js';
import type { IdMap } from './idmap.js';
import {
  bodyHash,
  imageOf,
  MEDIA,
  MIGRATE_ORDER,
  type MigratedResource,
  type Rec,
  sameOnTarget,
  targetBody,
} from './records.js';

/** What happens to one source record. */
export type Action = 'create' | 'update' | 'adopt' | 'unchanged';

/** One line of the plan (`-o json` lists them). */
export interface PlanItem {
  resource: string;
  source_id: number;
  /** the target's record, when there is one already (mapped or adopted) */
  target_id?: number;
  action: Action;
  title: string;
}

export type Counts = Record<Action, number>;
export const zeroCounts = (): Counts => ({ create: 0, update: 0, adopt: 0, unchanged: 0 });

/** Records of each resource on one side. */
export type Side = Map<MigratedResource, Map<number, Rec>>;

/** The plan, with the records it was made of. */
export interface Plan {
  items: PlanItem[];
  counts: Record<string, Counts>;
  /** source media id → its full-size URL, for the images of the records copied */
  media: Map<number, string>;
}

/** Categories with every parent before its children (a parent the source lacks counts as none). */
export function parentsFirst(records: Map<number, Rec>): Rec[] {
  const depth = new Map<number, number>();
  const of = (rec: Rec, seen: Set<number>): number => {
    const known = depth.get(rec.id);
    if (known !== undefined) return known;
    const parent = records.get(Number(rec.parent));
    const d = parent && !seen.has(parent.id) ? of(parent, new Set([...seen, rec.id])) + 1 : 0;
    depth.set(rec.id, d);
    return d;
  };
  const all = [...records.values()];
  for (const r of all) of(r, new Set());
  return all.sort((a, b) => (depth.get(a.id) ?? 0) - (depth.get(b.id) ?? 0) || a.id - b.id);
}

/** The depth of a category among `records` (0: no parent in them). */
export function depthOf(records: Map<number, Rec>, rec: Rec): number {
  let d = 0;
  let parent = records.get(Number(rec.parent));
  const seen = new Set([rec.id]);
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id);
    d++;
    parent = records.get(Number(parent.parent));
  }
  return d;
}

const titleOf = (resource: ResourceSpec, rec: Rec) => String(rec[resource.titleField] ?? '');

/** The source records of a resource in the order they are written. */
export const inOrder = (name: MigratedResource, records: Map<number, Rec>): Rec[] =>
  name === 'categories' ? parentsFirst(records) : [...records.values()];

export async function makePlan(
  target: ApiClient,
  source: Side,
  targetSide: Side,
  map: IdMap,
  signal?: AbortSignal,
): Promise<Plan> {
  const items: PlanItem[] = [];
  const counts: Record<string, Counts> = {};
  /** target ids decided by this plan (mapped and present, or adopted), by resource and source id */
  const planned = new Map<string, Map<number, number>>();
  const translate = (res: string, id: number) => planned.get(res)?.get(id);
  const media = new Map<number, string>();
  const mediaCounts = zeroCounts();
  for (const name of MIGRATE_ORDER) {
    const resource = getResource(name);
    const mine = new Map<number, number>();
    planned.set(name, mine);
    const theirs = targetSide.get(name) ?? new Map<number, Rec>();
    const taken = map.targetIds(name);
    // The target's records no map entry names, by natural key: what a first run adopts.
    const byKey = new Map<string, Rec[]>();
    for (const rec of theirs.values()) {
      if (taken.has(rec.id)) continue;
      const key = keyOf(resource, rec);
      if (key === undefined) continue;
      byKey.set(key, [...(byKey.get(key) ?? []), rec]);
    }
    const c = zeroCounts();
    counts[name] = c;
    for (const rec of inOrder(name, source.get(name) ?? new Map())) {
      const image = imageOf(rec);
      if (image && !media.has(image.id)) {
        media.set(image.id, image.url);
        if (map.get(MEDIA, image.id)?.hash === image.url) {
          // (copied by an earlier run)
          const copied = planned.get(MEDIA) ?? new Map<number, number>();
          copied.set(image.id, map.targetId(MEDIA, image.id) as number);
          planned.set(MEDIA, copied);
          mediaCounts.unchanged++;
        } else {
          mediaCounts.create++;
          items.push({ resource: MEDIA, source_id: image.id, action: 'create', title: image.url });
        }
      }
      const out: { missing: string[]; noImage?: boolean } = { missing: [] };
      const body = targetBody(resource, rec, translate, out);
      const entry = map.get(name, rec.id);
      let present: Rec | undefined;
      if (entry) {
        present = theirs.get(entry.id);
        // (a record the target's lists do not show may be hidden from them, or in the trash)
        if (!present && resource.kind === 'post') present = await fetchOne(target, resource, entry.id);
      }
      const item: PlanItem = { resource: name, source_id: rec.id, action: 'create', title: titleOf(resource, rec) };
      if (entry && present) {
        mine.set(rec.id, entry.id);
        item.target_id = entry.id;
        item.action =
          out.missing.length === 0 && !out.noImage && bodyHash(body) === entry.hash ? 'unchanged' : 'update';
      } else {
        const key = keyOf(resource, rec);
        const found = key === undefined ? undefined : byKey.get(key)?.shift();
        if (found) {
          mine.set(rec.id, found.id);
          item.target_id = found.id;
          item.action =
            out.missing.length === 0 && !out.noImage && sameOnTarget(resource, body, found) ? 'adopt' : 'update';
        }
      }
      c[item.action]++;
      items.push(item);
      if (signal?.aborted) break;
    }
  }
  counts[MEDIA] = mediaCounts;
  return { items, counts, media };
}
