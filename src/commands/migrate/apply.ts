/**
 * Carrying out a migration's plan, resource by resource in the order links need (a category's
 * parent before it), a few records at a time. Creates go through the one exactly-once write: after an
 * unknown outcome the target is asked for the record by its natural key before it is sent again. The
 * id map is written as each record lands. A record the target refuses (4xx) is listed as failed and
 * the rest goes on; an image that cannot be copied is a warning and its record goes without it.
 */
import { type ApiClient, ApiError, writeOnce } from '../../api/index.js';
import { everythingQuery, getResource, type ResourceSpec } from '../../catalog/index.js';
import type { Context } from '../../io/context.js';
import { keyOf } from '../../records/index.js';
import type { IdMap } from './idmap.js';
import { downloadImage, uploadImage } from './media.js';
import { depthOf, inOrder, type Plan, type PlanItem, type Side } from './plan.js';
import {
  bodyHash,
  EVERY_VISIBLE,
  imageOf,
  MEDIA,
  MIGRATE_ORDER,
  type MigratedResource,
  type Rec,
  targetBody,
} from './records.js';

/** Records of one resource written at once. */
export const MIGRATE_SLOTS = 4;

/** What was done, per resource. */
export interface Done {
  created: number;
  updated: number;
  adopted: number;
  unchanged: number;
  failed: number;
}
export const zeroDone = (): Done => ({ created: 0, updated: 0, adopted: 0, unchanged: 0, failed: 0 });

/** A record that could not be copied. */
export interface Failure {
  resource: string;
  source_id: number;
  title: string;
  error: string;
}

export interface Outcome {
  done: Record<string, Done>;
  failed: Failure[];
  warnings: string[];
}

/**
 * Runs `fn` over `items`, at most `limit` at a time; on the first error no new item starts, the ones
 * under way finish (their records land in the map), then the error is thrown.
 */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let error: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !error) {
      try {
        await fn(items[next++] as T);
      } catch (err) {
        error ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (error) throw error.err;
}

/** A failure that is the record's alone: the target refused it (not the credentials, not the network). */
const refusedRecord = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403;

/** The target's record that a create whose answer was lost left, found by its natural key. */
async function findCreated(
  target: ApiClient,
  resource: ResourceSpec,
  body: Record<string, unknown>,
  taken: Set<number>,
  signal?: AbortSignal,
): Promise<Rec | undefined> {
  const key = keyOf(resource, body);
  if (key === undefined) return undefined;
  const query: Record<string, string | number | boolean> = {
    ...everythingQuery(resource),
    search: String(body[resource.titleField] ?? ''),
  };
  if (resource.kind === 'post') query.status = EVERY_VISIBLE;
  const res = await target.get<Record<string, unknown>>(`/${resource.name}`, { query, signal });
  const list = (res.body?.[resource.name] ?? []) as Rec[];
  return list.find((r) => !taken.has(r.id) && keyOf(resource, r) === key);
}

/** What carrying out one plan shares between its records. */
interface Run {
  ctx: Context;
  sides: { source: ApiClient; target: ApiClient };
  map: IdMap;
  outcome: Outcome;
  copyImage: (id: number, url: string) => Promise<number | undefined>;
  onDone: ((item: PlanItem) => void) | undefined;
}

/** The counts of one resource, started at zero when first asked. */
function doneOf(outcome: Outcome, name: string): Done {
  const known = outcome.done[name];
  if (known) return known;
  const fresh = zeroDone();
  outcome.done[name] = fresh;
  return fresh;
}

/**
 * Copies an image once per run (by source media id; undefined: it could not be copied, a warning),
 * or takes the one the id map already holds for the same address.
 */
function imageCopier(
  signal: AbortSignal,
  sides: { source: ApiClient; target: ApiClient },
  map: IdMap,
  outcome: Outcome,
): (id: number, url: string) => Promise<number | undefined> {
  /** images under way or copied in this run, by source media id (undefined: could not be copied) */
  const images = new Map<number, Promise<number | undefined>>();
  return (id, url) => {
    let p = images.get(id);
    if (p) return p;
    const known = map.get(MEDIA, id);
    if (known?.hash === url) p = Promise.resolve(known.id);
    else {
      p = (async () => {
        try {
          const file = await downloadImage(sides.source, url, signal);
          const newId = await writeOnce({ send: () => uploadImage(sides.target, file, signal), signal });
          map.set(MEDIA, id, newId, url);
          doneOf(outcome, MEDIA).created++;
          return newId;
        } catch (err) {
          if (signal.aborted) throw err;
          outcome.warnings.push(
            `image ${url} could not be copied: ${err instanceof Error ? err.message : String(err)}`,
          );
          doneOf(outcome, MEDIA).failed++;
          return undefined;
        }
      })();
    }
    images.set(id, p);
    return p;
  };
}

/** The plan's items per resource and source id (images are copied with their records). */
function itemsByResource(plan: Plan): Map<string, Map<number, PlanItem>> {
  const byResource = new Map<string, Map<number, PlanItem>>();
  for (const item of plan.items) {
    if (item.resource === MEDIA) continue;
    const m = byResource.get(item.resource) ?? new Map<number, PlanItem>();
    byResource.set(item.resource, m);
    m.set(item.source_id, item);
  }
  return byResource;
}

/** Writes one record as its plan item says: adopted, updated or created on the target. */
async function writeRecord(run: Run, resource: ResourceSpec, rec: Rec, item: PlanItem, taken: Set<number>) {
  const { ctx, sides, map } = run;
  const { signal } = ctx;
  const name = resource.name;
  const counts = doneOf(run.outcome, name);
  const image = imageOf(rec);
  if (image) await run.copyImage(image.id, image.url);
  const out: { missing: string[]; noImage?: boolean } = { missing: [] };
  const body = targetBody(resource, rec, (res: string, id: number) => map.targetId(res, id), out);
  if (out.missing.length > 0) throw new Error(`not copied: its ${out.missing.join(', ')} did not arrive`);
  const hash = out.noImage ? '' : bodyHash(body);
  if (item.action === 'adopt' && item.target_id !== undefined) {
    map.set(name, rec.id, item.target_id, hash);
    counts.adopted++;
  } else if (item.action === 'update' && item.target_id !== undefined) {
    const targetId = item.target_id;
    await writeOnce({
      send: () => sides.target.post(`/${name}/${targetId}`, body, { signal, finish: true }),
      signal,
    });
    map.set(name, rec.id, targetId, hash);
    counts.updated++;
  } else {
    const created = await writeOnce({
      send: async () => (await sides.target.post<Rec>(`/${name}`, body, { signal, finish: true })).body,
      landed: () => findCreated(sides.target, resource, body, taken, signal),
      signal,
    });
    taken.add(created.id);
    // (the crash seam: a run that stops between a create and the map's write)
    ctx.fault?.('migrate-created');
    map.set(name, rec.id, created.id, hash);
    item.target_id = created.id;
    counts.created++;
  }
}

/** One resource's records, a few at a time; categories level by level (a parent before its children). */
async function applyResource(
  run: Run,
  source: Side,
  name: MigratedResource,
  items: Map<number, PlanItem>,
): Promise<void> {
  const resource = getResource(name);
  const records = source.get(name) ?? new Map<number, Rec>();
  const counts = doneOf(run.outcome, name);
  const taken = run.map.targetIds(name);
  const one = async (rec: Rec) => {
    const item = items.get(rec.id);
    if (!item) return;
    if (item.action === 'unchanged') {
      counts.unchanged++;
      return;
    }
    try {
      await writeRecord(run, resource, rec, item, taken);
      run.onDone?.(item);
    } catch (err) {
      if (!refusedRecord(err) && !(err instanceof Error && err.message.startsWith('not copied:'))) throw err;
      counts.failed++;
      run.outcome.failed.push({
        resource: name,
        source_id: rec.id,
        title: item.title,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  };
  const ordered = inOrder(name, records);
  if (name === 'categories') {
    // (level by level: a parent lands before its children are sent)
    const levels = new Map<number, Rec[]>();
    for (const rec of ordered) {
      const d = depthOf(records, rec);
      levels.set(d, [...(levels.get(d) ?? []), rec]);
    }
    for (const d of [...levels.keys()].sort((a, b) => a - b)) await eachLimit(levels.get(d) ?? [], MIGRATE_SLOTS, one);
  } else {
    await eachLimit(ordered, MIGRATE_SLOTS, one);
  }
}

export async function applyPlan(
  ctx: Context,
  sides: { source: ApiClient; target: ApiClient },
  source: Side,
  plan: Plan,
  map: IdMap,
  onDone?: (item: PlanItem) => void,
): Promise<Outcome> {
  const outcome: Outcome = { done: {}, failed: [], warnings: [] };
  const copyImage = imageCopier(ctx.signal, sides, map, outcome);
  const run: Run = { ctx, sides, map, outcome, copyImage, onDone };
  const byResource = itemsByResource(plan);
  for (const name of MIGRATE_ORDER) {
    await applyResource(run, source, name, byResource.get(name) ?? new Map<number, PlanItem>());
  }
  return outcome;
}
