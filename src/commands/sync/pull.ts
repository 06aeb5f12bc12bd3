/**
 * `sync pull`: brings the site's changes into the working copy. The first pull lists everything; later
 * ones ask WordPress core's lists what changed since (ids and GMT modification times) and fetch only
 * those records. A record changed on both sides is a conflict: it is recorded, never overwritten.
 * The copy's store is written in one transaction, before the status database: an interrupted pull
 * leaves the copy as it was, or one the next pull recognises as already up to date.
 */
import type { ApiClient } from '../../api/index.js';
import { paginate } from '../../api/paginate.js';
import type { ResourceSpec } from '../../catalog/index.js';
import { everythingQuery } from '../../catalog/index.js';
import { mapLimit } from '../../primitives/index.js';
import { LOCAL_ID_FLOOR } from '../../server/index.js';
import { missingLinked } from './links.js';
import {
  ALL_STATUSES,
  confirmGone,
  contentHash,
  coreModified,
  coreModifiedSince,
  fetchOne,
  listEverything,
  naturalKey,
  type Rec,
  SYNC_ORDER,
} from './records.js';
import type { LocalView, Writer } from './replica.js';
import { type ConflictRow, localStamp, type SyncState } from './state.js';

export interface Counts {
  created: number;
  updated: number;
  deleted: number;
}

export interface PullResult {
  counts: Counts;
  conflicts: ConflictRow[];
}

/** What the site holds now for one resource: changed records, and the ids it no longer has. */
export interface SiteChanges {
  /** records new or with other content than the base */
  changed: Map<number, Rec>;
  /** records saved again with the same content (only their modification time moved) */
  touched: Map<number, Rec>;
  gone: number[];
  modified: Map<number, string>;
}

/** The site's changes of one resource since the base (everything when there is no base yet). */
export async function siteChanges(
  site: ApiClient,
  resource: ResourceSpec,
  bases: Map<number, { modified: string; hash: string; synced?: string | undefined }>,
  siteZone: string,
): Promise<SiteChanges> {
  if (resource.kind === 'term' || bases.size === 0) {
    const { records: all, modified } = await listEverything(site, resource);
    const missing = await confirmGone(
      site,
      resource,
      [...bases.keys()].filter((id) => !all.has(id)),
    );
    for (const [id, rec] of missing.still) all.set(id, rec);
    const changed = new Map([...all].filter(([id, rec]) => bases.get(id)?.hash !== contentHash(resource, rec)));
    return { changed, touched: new Map(), gone: missing.gone, modified };
  }
  const modified = await changedPosts(site, resource, bases, siteZone);
  // (a time equal to the base's may still hide a change made in the same second as the last sync)
  const wanted = [...modified]
    .filter(([id, m]) => {
      const b = bases.get(id);
      return b?.modified !== m || m >= (b.synced ?? '');
    })
    .map(([id]) => id);
  const changed = new Map<number, Rec>();
  const touched = new Map<number, Rec>();
  await mapLimit(wanted, 8, async (id) => {
    const rec = await fetchOne(site, resource, id);
    if (!rec) return;
    if (bases.get(id)?.hash === contentHash(resource, rec)) touched.set(id, rec);
    else changed.set(id, rec);
  });
  const missing = modified.complete ? [...bases.keys()].filter((id) => !modified.has(id)) : [];
  // (a record core's list left out is asked for by id: it is gone only when the site has it nowhere)
  const { gone, still } = await confirmGone(site, resource, missing);
  for (const [id, rec] of still) {
    if (bases.get(id)?.hash === contentHash(resource, rec)) touched.set(id, rec);
    else changed.set(id, rec);
  }
  return { changed, touched, gone, modified };
}

/**
 * The posts to look at: those core says were modified since the newest time in the base (two seconds
 * of margin for changes in the same second), when the site's count shows nothing was deleted for good
 * (it holds the base's records plus the new ones); else every id with its time (`complete`), from which
 * the deleted ones show. Trashing is a modification: it is in the first list.
 */
async function changedPosts(
  site: ApiClient,
  resource: ResourceSpec,
  bases: Map<number, { modified: string }>,
  siteZone: string,
): Promise<Map<number, string> & { complete?: boolean }> {
  const newest = [...bases.values()].reduce((max, b) => (b.modified > max ? b.modified : max), '');
  if (newest !== '') {
    const since = Date.parse(`${newest}Z`) - 2000;
    const { modified, total } = await coreModifiedSince(site, resource, since, siteZone);
    const added = [...modified.keys()].filter((id) => !bases.has(id)).length;
    if (total === bases.size + added) return modified;
  }
  return Object.assign(await coreModified(site, resource), { complete: true });
}

/**
 * Writes records the copy did not have, as the site has them: into the copy, then each with its base
 * (the same record, modified and stored at its own local modification time), so none counts as
 * changed on either side.
 */
function storeAsOnSite(writer: Writer, state: SyncState, items: readonly { resource: ResourceSpec; rec: Rec }[]) {
  writer.apply((w) => {
    for (const { resource, rec } of items) w.put(resource, rec);
  });
  state.transaction(() => {
    for (const { resource, rec } of items) {
      const stamp = localStamp(rec);
      const hash = contentHash(resource, rec);
      state.setBase({ resource: resource.name, id: rec.id, hash, record: rec, modified: stamp, local: stamp });
    }
  });
}

/** Records written per transaction by a first pull. */
const CHUNK = 500;

/**
 * A resource's first pull, page by page: nothing of the copy can conflict yet, so each chunk of the
 * site's records is written as it arrives (the copy, then its base), and memory stays flat however
 * large the calendar. Killed midway, the next pull finds the rest as records missing from the base.
 */
async function firstPull(
  site: ApiClient,
  resource: ResourceSpec,
  state: SyncState,
  writer: Writer,
  /** brings what a chunk's records link to and the copy lacks, before the chunk is written (links.ts) */
  bring: (records: Rec[]) => Promise<void>,
): Promise<Set<number>> {
  // (core's id list comes beside the plugin's pages, not before them; a record's own GMT modification
  // time is core's modified_gmt, except a draft's, which the next pull then reads once more)
  const listed = resource.kind === 'post' ? coreModified(site, resource) : Promise.resolve(new Map<number, string>());
  listed.catch(() => {});
  const seen = new Set<number>();
  let chunk: Rec[] = [];
  const flush = async () => {
    const records = chunk;
    chunk = [];
    await bring(records);
    storeAsOnSite(
      writer,
      state,
      records.map((rec) => ({ resource, rec })),
    );
  };
  const query: Record<string, string | number | boolean> = { ...everythingQuery(resource) };
  if (resource.kind === 'post') query.status = ALL_STATUSES;
  for await (const rec of paginate<Rec>(site, `/${resource.name}`, query, resource.name, { prefetch: 2 })) {
    if (seen.has(rec.id)) continue;
    seen.add(rec.id);
    chunk.push(rec);
    if (chunk.length >= CHUNK) await flush();
  }
  // (what only core's list names: events hidden from listings)
  const modified = await listed;
  await mapLimit(
    [...modified.keys()].filter((id) => !seen.has(id)),
    8,
    async (id) => {
      const rec = await fetchOne(site, resource, id);
      if (rec && !seen.has(rec.id)) {
        seen.add(rec.id);
        chunk.push(rec);
      }
    },
  );
  await flush();
  return seen;
}

/** What a pull will write, gathered resource by resource and written at its end (see the module note). */
interface PullPlan {
  counts: Counts;
  /** conflicts found */
  found: ConflictRow[];
  /** writes to the copy's store */
  plans: (() => void)[];
  /** writes to the status database, after the store's */
  bases: (() => void)[];
}

/** What the pull knows of one resource while it plans it. */
interface ResourceStep {
  resource: ResourceSpec;
  base: Map<number, { modified: string; hash: string; synced?: string | undefined }>;
  /** the copy's records the site's changes touch, and those made offline */
  mine: Map<number, Rec>;
  modified: Map<number, string>;
}

/** The content hash of the copy's record `id`, undefined when the copy has it not. */
const localHash = (step: ResourceStep, id: number): string | undefined => {
  const rec = step.mine.get(id);
  return rec ? contentHash(step.resource, rec) : undefined;
};

/**
 * The copy's records the site's changes are about (only records the copy had from the site can be
 * there under a site id) and those made offline: the copy is read only there.
 */
async function readMine(
  local: LocalView,
  resource: ResourceSpec,
  base: ResourceStep['base'],
  ids: readonly number[],
): Promise<Map<number, Rec>> {
  const mine = new Map<number, Rec>();
  for (const id of ids) {
    if (!base.has(id)) continue;
    const rec = await local.get(resource, id);
    if (rec) mine.set(id, rec);
  }
  for (const rec of await local.offline(resource)) mine.set(rec.id, rec);
  return mine;
}

/** Same content, a newer modification time: the base learns the time; an unchanged copy the dates. */
function planTouched(plan: PullPlan, step: ResourceStep, writer: Writer, state: SyncState, touched: Map<number, Rec>) {
  const { resource, base, modified } = step;
  for (const [id, rec] of touched) {
    const b = base.get(id) as { hash: string };
    const same = localHash(step, id) === b.hash;
    if (same) plan.plans.push(() => writer.put(resource, rec));
    const local = same ? localStamp(rec) : '';
    plan.bases.push(() =>
      state.setBase({
        resource: resource.name,
        id,
        hash: b.hash,
        record: rec,
        modified: modified.get(id) ?? '',
        local,
      }),
    );
  }
}

/**
 * Records the site changed or made: taken into the copy where the copy has not changed them (or
 * changed them alike); a conflict where it has, or where a record made offline has the same natural key.
 */
function planChanged(plan: PullPlan, step: ResourceStep, writer: Writer, state: SyncState, changed: Map<number, Rec>) {
  const { resource, base, modified } = step;
  const offline = new Map<string, Rec>();
  for (const rec of step.mine.values()) {
    if (rec.id >= LOCAL_ID_FLOOR && !base.has(rec.id)) offline.set(naturalKey(resource, rec), rec);
  }
  for (const [id, rec] of changed) {
    const b = base.get(id);
    const hash = contentHash(resource, rec);
    const take = () => {
      plan.plans.push(() => writer.put(resource, rec));
      plan.bases.push(() =>
        state.setBase({
          resource: resource.name,
          id,
          hash,
          record: rec,
          modified: modified.get(id) ?? '',
          local: localStamp(rec),
        }),
      );
    };
    if (!b) {
      const twin = offline.get(naturalKey(resource, rec));
      if (twin) {
        plan.found.push({ resource: resource.name, id: twin.id, kind: 'create/create', site: rec });
        continue;
      }
      take();
      plan.counts.created++;
      continue;
    }
    const mineHash = localHash(step, id);
    if (mineHash === b.hash || mineHash === hash) {
      take();
      if (hash !== b.hash) plan.counts.updated++;
      continue;
    }
    const kind = mineHash === undefined ? 'delete/update' : 'update/update';
    plan.found.push({ resource: resource.name, id, kind, site: rec });
  }
}

/** Records gone from the site: gone from the copy too, unless the copy changed them (a conflict). */
function planGone(plan: PullPlan, step: ResourceStep, writer: Writer, state: SyncState, gone: readonly number[]) {
  const { resource, base } = step;
  for (const id of gone) {
    const b = base.get(id) as { hash: string };
    const mineHash = localHash(step, id);
    if (mineHash !== undefined && mineHash !== b.hash) {
      plan.found.push({ resource: resource.name, id, kind: 'update/delete', site: null });
      continue;
    }
    plan.plans.push(() => writer.remove(resource, id));
    plan.bases.push(() => state.dropBase(resource.name, id));
    plan.counts.deleted++;
  }
}

/**
 * Pulls every resource; `local` is the copy as it is now (read before any write), `siteZone` the
 * site's zone as it names it (what its local modification times are in).
 */
export async function pull(
  site: ApiClient,
  local: LocalView,
  state: SyncState,
  writer: Writer,
  siteZone: string,
  afterStore?: () => void,
): Promise<PullResult> {
  const plan: PullPlan = { counts: { created: 0, updated: 0, deleted: 0 }, found: [], plans: [], bases: [] };
  // What this pull brings, by resource, and the records an event links to that neither the copy nor
  // this pull has (links.ts): written, with their bases, before the records that name them.
  const arrived = new Map<string, Set<number>>();
  const arrive = (resource: ResourceSpec, ids: Iterable<number>) => {
    const set = arrived.get(resource.name) ?? new Set<number>();
    for (const id of ids) set.add(id);
    arrived.set(resource.name, set);
  };
  const has = async (resource: ResourceSpec, id: number) =>
    arrived.get(resource.name)?.has(id) === true || (await local.get(resource, id)) !== undefined;
  const bring = async (resource: ResourceSpec, records: Rec[]) => {
    const extra = await missingLinked(site, resource, records, has);
    if (extra.length === 0) return;
    storeAsOnSite(writer, state, extra);
    for (const { resource: r, rec } of extra) arrive(r, [rec.id]);
    plan.counts.created += extra.length;
  };
  for (const resource of SYNC_ORDER) {
    const base = state.baseMeta(resource.name);
    if (base.size === 0 && (await local.offline(resource)).length === 0) {
      const brought = await firstPull(site, resource, state, writer, (records) => bring(resource, records));
      arrive(resource, brought);
      plan.counts.created += brought.size;
      continue;
    }
    const { changed, touched, gone, modified } = await siteChanges(site, resource, base, siteZone);
    arrive(resource, changed.keys());
    await bring(resource, [...changed.values(), ...touched.values()]);
    const mine = await readMine(local, resource, base, [...changed.keys(), ...touched.keys(), ...gone]);
    const step: ResourceStep = { resource, base, mine, modified };
    planTouched(plan, step, writer, state, touched);
    planChanged(plan, step, writer, state, changed);
    planGone(plan, step, writer, state, gone);
  }
  // (the store first, then the status database: see the module note)
  writer.apply(() => {
    for (const write of plan.plans) write();
  });
  afterStore?.();
  state.transaction(() => {
    for (const b of plan.bases) b();
    for (const c of plan.found) state.setConflict(c);
  });
  return { counts: plan.counts, conflicts: state.conflicts() };
}
