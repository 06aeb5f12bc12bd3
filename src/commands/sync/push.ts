/**
 * `sync push`: sends the copy's changes to the site, exactly once. Every write is noted in the journal
 * before it is sent; a create whose answer was lost is looked up on the site by its natural key before
 * it is sent again, among the records newer than the create (recover.ts: a few requests, however many
 * creates a killed push left unconfirmed and however large the site). Records made offline are
 * re-keyed to the site's ids as they land, links included (terms and linked records go first, so
 * events arrive linked to the site's ids). A record the site changed since the last sync is not
 * overwritten: it is a conflict.
 */

import { BATCH_LIMIT, createBatchWriter } from '../../api/batch.js';
import { coreRecordPath, coreRouteUrl } from '../../api/core-routes.js';
import { type ApiClient, ApiError, writeOnce } from '../../api/index.js';
import type { ResourceSpec } from '../../catalog/index.js';
import { modifiedOf, type WriteJournal } from '../../import/index.js';
import { mapLimit } from '../../primitives/index.js';
import { changedKeys, siteText, textKind } from '../../records/index.js';
import type { Counts } from './pull.js';
import { contentHash, fetchOne, naturalKey, type Rec, SYNC_ORDER, syncForm } from './records.js';
import { findLanded } from './recover.js';
import type { LocalView, Writer } from './replica.js';
import { type ConflictRow, type JournalRow, localStamp, type SyncState } from './state.js';

export interface PushResult {
  counts: Counts;
  conflicts: ConflictRow[];
  /** local id → site id of the records created on the site, by resource */
  mapping: Record<string, Record<string, number>>;
}

/** A write a dry run would send (`sync push --dry-run -o json` lists them). */
export interface PlannedWrite {
  action: 'create' | 'update' | 'trash' | 'delete';
  /** the resource's name (`events`) */
  resource: string;
  /** the record's id in the copy */
  id: number;
  /** creates: the record's title or name */
  title?: string;
}

/** A planned write in words: `create event 1000000000: Jazz`, `trash venue 12`. */
export function plannedText(w: PlannedWrite): string {
  const resource = SYNC_ORDER.find((r) => r.name === w.resource);
  const what = `${w.action} ${resource?.singular ?? w.resource} ${w.id}`;
  return w.title === undefined ? what : `${what}: ${w.title}`;
}

export interface PushOptions {
  dryRun?: boolean;
  /** called once per write sent (for progress, and for tests that stop a push midway) */
  onWrite?: (what: string) => void;
  /** dry run: each planned write */
  onPlan?: (write: PlannedWrite) => void;
  /** the run's abort signal: waits between attempts end with it */
  signal?: AbortSignal | undefined;
  /** the run's history (calctl history, undo): each write noted before it is sent, done after */
  journal?: WriteJournal | undefined;
}

const LINK_FIELDS: Record<string, string> = {
  venue: 'venues',
  organizer: 'organizers',
  categories: 'categories',
  tags: 'tags',
};

/**
 * The write body of a local record, its links to records made offline turned into the site's ids.
 * Its text goes as the copy stores it (`stored`), and text unchanged since the last sync (`base`)
 * not at all: the site keeps what it has instead of a copy of how it shows it.
 */
function bodyOf(
  resource: ResourceSpec,
  rec: Rec,
  mapping: PushResult['mapping'],
  stored: Record<string, string> = {},
  base?: Record<string, unknown>,
): Record<string, unknown> {
  const body = { ...syncForm(resource, rec) };
  for (const key of Object.keys(body)) {
    if (!textKind(resource, key)) continue;
    const text = typeof body[key] === 'string' ? (body[key] as string) : '';
    if (
      base &&
      typeof base[key] === 'string' &&
      siteText(resource, key, text) === siteText(resource, key, base[key] as string)
    ) {
      delete body[key];
    } else if (stored[key] !== undefined && siteText(resource, key, stored[key]) === siteText(resource, key, text)) {
      body[key] = stored[key];
    }
  }
  for (const [field, target] of Object.entries(LINK_FIELDS)) {
    const v = body[field];
    if (v === undefined) continue;
    const map = (x: unknown) => mapping[target]?.[String(x)] ?? x;
    body[field] = Array.isArray(v) ? v.map(map) : map(v);
  }
  return body;
}

/** Requests of one resource in flight at once (the site's create rate is the bound, as for import). */
const PUSH_SLOTS = 6;

type LocalChanges = Map<string, { records: Map<number, Rec>; present: Set<number> }>;

/** One push: what it read of the copy, what it learnt of the site, and each of its named steps. */
class PushRun {
  readonly counts: Counts = { created: 0, updated: 0, deleted: 0 };
  readonly mapping: PushResult['mapping'] = {};
  // Writes go through WordPress's batch route where the site allows it (25 per request), one by one
  // where it does not (a stock site), as import sends them.
  readonly batch: ReturnType<typeof createBatchWriter>;
  readonly conflicted: Set<string>;
  /**
   * The highest id of each resource the copy knows, kept up as records land: what a create sent now
   * is numbered above it on the site, where it is looked for if its answer is lost.
   */
  readonly floors: Map<string, number>;
  /** Records this push created on the site (or found there): in the base now, not in `local`. */
  readonly arrived = new Set<string>();

  constructor(
    readonly site: ApiClient,
    readonly view: LocalView,
    readonly state: SyncState,
    readonly writer: Writer,
    readonly opts: PushOptions,
    /** what the copy changed, read before anything is written: the records that may differ from the base, and every id it holds (what is not there was deleted) */
    readonly local: LocalChanges,
  ) {
    this.batch = createBatchWriter(site, { size: opts.dryRun ? 1 : BATCH_LIMIT, slots: PUSH_SLOTS });
    this.conflicted = new Set(state.conflicts().map((c) => `${c.resource}:${c.id}`));
    this.floors = new Map(
      SYNC_ORDER.map((r) => [r.name, [...state.baseIds(r.name)].reduce((a, b) => Math.max(a, b), 0)]),
    );
  }

  /** A record the site now holds as `rec` (created from local `from`, or updated): both sides agree. */
  landed(resource: ResourceSpec, rec: Rec, from?: number): void {
    this.arrived.add(`${resource.name}:${rec.id}`);
    this.floors.set(resource.name, Math.max(this.floors.get(resource.name) ?? 0, rec.id));
    this.writer.apply((w) => {
      if (from !== undefined && from !== rec.id) w.rekey(resource, from, rec.id);
      w.put(resource, rec);
    });
    // (core's modified_gmt is the plugin's modified_utc, written with a T; a draft's is unknown here)
    const utc = typeof rec.modified_utc === 'string' && !rec.modified_utc.startsWith('0000') ? rec.modified_utc : '';
    this.state.setBase({
      resource: resource.name,
      id: rec.id,
      hash: contentHash(resource, rec),
      record: rec,
      modified: utc.replace(' ', 'T'),
      local: localStamp(rec),
    });
    if (from !== undefined) {
      this.mapping[resource.name] ??= {};
      (this.mapping[resource.name] as Record<string, number>)[String(from)] = rec.id;
    }
  }

  /**
   * Writes a previous push left unfinished: creates that reached the site are found together, a
   * resource at a time, and finished here; the others are planned again (updates and deletes are
   * idempotent).
   */
  async finishUnfinished(): Promise<void> {
    const unfinished = this.state.pending();
    for (const resource of SYNC_ORDER) {
      const creates = unfinished.filter((row) => row.op === 'create' && row.resource === resource.name);
      if (creates.length === 0) continue;
      const found = await findLanded(this.site, resource, creates, this.state.baseIds(resource.name));
      for (const row of creates) {
        const siteRec = found.get(row.seq);
        if (!siteRec) continue;
        this.landed(resource, siteRec, row.localId);
        this.local.get(resource.name)?.records.delete(row.localId);
      }
    }
    for (const row of unfinished) this.state.settle(row.seq);
  }

  /** The site's record of a create whose answer was lost, if it landed. */
  async lookup(resource: ResourceSpec, row: Pick<JournalRow, 'natural' | 'floor' | 'sent'>): Promise<Rec | undefined> {
    const rows = [{ seq: 0, siteId: null, ...row }];
    return (await findLanded(this.site, resource, rows, this.state.baseIds(resource.name))).get(0);
  }

  conflict(c: ConflictRow): void {
    this.state.setConflict(c);
    this.conflicted.add(`${c.resource}:${c.id}`);
  }

  /** The site's record must still be the base: else a conflict (unless it already holds ours). */
  async siteAgrees(resource: ResourceSpec, id: number, mine: Rec | undefined): Promise<boolean> {
    const base = this.state.base(resource.name, id);
    const now = await fetchOne(this.site, resource, id);
    if (!now) {
      if (mine) this.conflict({ resource: resource.name, id, kind: 'update/delete', site: null });
      // (deleted on both sides: nothing left to do)
      else this.state.dropBase(resource.name, id);
      return false;
    }
    const hash = contentHash(resource, now);
    if (hash === base?.hash) return true;
    if (mine && hash === contentHash(resource, mine)) {
      this.landed(resource, now);
      return false;
    }
    this.conflict({ resource: resource.name, id, kind: mine ? 'update/update' : 'delete/update', site: now });
    return false;
  }

  /** The write body of a local record (see {@link bodyOf}). */
  body(resource: ResourceSpec, rec: Rec, base?: Record<string, unknown>): Record<string, unknown> {
    return bodyOf(resource, rec, this.mapping, this.view.stored(resource, rec.id), base);
  }

  /** A record made offline, created on the site exactly once (a create whose answer was lost is looked for first). */
  async create(resource: ResourceSpec, rec: Rec): Promise<void> {
    const { state, opts } = this;
    const title = String(rec[resource.titleField] ?? '');
    const body = this.body(resource, rec);
    if (opts.dryRun) {
      opts.onPlan?.({ action: 'create', resource: resource.name, id: rec.id, title });
      return;
    }
    const natural = naturalKey(resource, rec);
    const floor = this.floors.get(resource.name) ?? 0;
    const sent = new Date().toISOString();
    const seq = state.journal('create', resource.name, rec.id, natural, floor, sent);
    const token = opts.journal?.intent({ resource: resource.name, action: 'created', title, after: body });
    const created = await writeOnce({
      send: async () => (await this.batch.write<Rec>('POST', `/${resource.name}`, body)).body,
      landed: () => this.lookup(resource, { natural, floor, sent }),
      signal: opts.signal,
    }).catch((err: unknown) => {
      if (token !== undefined) opts.journal?.failed(token);
      throw err;
    });
    if (token !== undefined) opts.journal?.done(token, { id: created.id, modified: modifiedOf(created) });
    state.noteSent(seq, created.id);
    opts.onWrite?.(`create ${resource.name} ${rec.id}`);
    // (its base and the end of its journal entry in one commit of the status database)
    state.transaction(() => {
      this.landed(resource, created, rec.id);
      state.settle(seq);
    });
    this.counts.created++;
  }

  /** A record changed offline (or trashed), written over the site's when the site still has the base. */
  async update(resource: ResourceSpec, rec: Rec): Promise<void> {
    const { state, opts } = this;
    const trash =
      resource.kind === 'post' &&
      rec.status === 'trash' &&
      state.base(resource.name, rec.id)?.record.status !== 'trash';
    if (opts.dryRun) {
      opts.onPlan?.({ action: trash ? 'trash' : 'update', resource: resource.name, id: rec.id });
      return;
    }
    if (!(await this.siteAgrees(resource, rec.id, rec))) return;
    const seq = state.journal(trash ? 'trash' : 'update', resource.name, rec.id, '');
    const before = state.base(resource.name, rec.id)?.record ?? {};
    const sentBody = trash ? {} : this.body(resource, rec, before);
    const fields = trash ? [] : changedKeys(resource, sentBody, before);
    const token = opts.journal?.intent({
      resource: resource.name,
      action: trash ? 'deleted' : 'updated',
      id: rec.id,
      title: String(rec[resource.titleField] ?? before[resource.titleField] ?? ''),
      before: { ...before, status: before.status ?? 'publish' },
      after: trash ? undefined : Object.fromEntries(fields.map((k) => [k, sentBody[k]])),
      fields: trash ? undefined : fields,
    });
    const updated = await this.sendUpdate(resource, rec, trash).catch((err: unknown) => {
      if (token !== undefined) opts.journal?.failed(token);
      throw err;
    });
    if (token !== undefined) opts.journal?.done(token, { id: rec.id, modified: modifiedOf(updated) });
    opts.onWrite?.(`${trash ? 'trash' : 'update'} ${resource.name} ${rec.id}`);
    state.transaction(() => {
      this.landed(resource, updated);
      state.settle(seq);
    });
    this.counts.updated++;
  }

  /** Sends an update or a trash exactly once: one whose answer was lost may have landed, the site then shows its content. */
  sendUpdate(resource: ResourceSpec, rec: Rec, trash: boolean): Promise<Rec> {
    const wanted = contentHash(resource, rec);
    const already = async () => {
      const now = await fetchOne(this.site, resource, rec.id);
      return now && contentHash(resource, now) === wanted ? now : undefined;
    };
    const path = `/${resource.name}/${rec.id}`;
    return writeOnce({
      send: async () => {
        try {
          if (trash) return (await this.batch.write<Rec>('DELETE', path, undefined)).body;
          const base = this.state.base(resource.name, rec.id)?.record;
          return (await this.batch.write<Rec>('POST', path, this.body(resource, rec, base))).body;
        } catch (err) {
          // (a trash whose answer was lost and was sent again: it is in the trash)
          const found = trash && err instanceof ApiError && err.status === 410 ? await already() : undefined;
          if (found) return found;
          throw err;
        }
      },
      landed: already,
      signal: this.opts.signal,
    });
  }

  /** Deletes for good what the copy no longer holds, events first (a venue or term goes after the events that used it). */
  async deleteGone(): Promise<void> {
    for (const resource of [...SYNC_ORDER].reverse()) {
      const present = this.local.get(resource.name)?.present ?? new Set<number>();
      for (const id of this.state.baseIds(resource.name)) {
        const key = `${resource.name}:${id}`;
        if (present.has(id) || this.conflicted.has(key) || this.arrived.has(key)) continue;
        if (this.opts.dryRun) this.opts.onPlan?.({ action: 'delete', resource: resource.name, id });
        else if (await this.siteAgrees(resource, id, undefined)) await this.deleteOne(resource, id);
      }
    }
  }

  /** Deletes one record for good (one already gone is as good). */
  async deleteOne(resource: ResourceSpec, id: number): Promise<void> {
    const { site, state, opts } = this;
    const seq = state.journal('delete', resource.name, id, '');
    const gone = state.base(resource.name, id)?.record ?? {};
    const token = opts.journal?.intent({
      resource: resource.name,
      action: 'deleted',
      id,
      title: String(gone[resource.titleField] ?? ''),
      before: gone,
    });
    try {
      await site.delete(coreRouteUrl(site.baseUrl, coreRecordPath(resource, id)), {
        query: { force: true },
        finish: true,
      });
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== 404 && status !== 410) throw err;
    }
    if (token !== undefined) opts.journal?.done(token, { id });
    opts.onWrite?.(`delete ${resource.name} ${id}`);
    state.dropBase(resource.name, id);
    state.settle(seq);
    this.counts.deleted++;
  }
}

export async function push(
  site: ApiClient,
  view: LocalView,
  state: SyncState,
  writer: Writer,
  opts: PushOptions = {},
): Promise<PushResult> {
  const local: LocalChanges = new Map();
  for (const r of SYNC_ORDER) local.set(r.name, await view.candidates(r, state.baseMeta(r.name)));
  const run = new PushRun(site, view, state, writer, opts, local);
  await run.finishUnfinished();
  for (const resource of SYNC_ORDER) {
    const base = state.baseMeta(resource.name);
    const mine = local.get(resource.name)?.records ?? new Map<number, Rec>();
    // (records of one resource go side by side; the next resource waits for them: links need their ids)
    await mapLimit([...mine.values()], run.batch.capacity, async (rec) => {
      if (run.conflicted.has(`${resource.name}:${rec.id}`)) return;
      const b = base.get(rec.id);
      if (!b) await run.create(resource, rec);
      else if (contentHash(resource, rec) !== b.hash) await run.update(resource, rec);
    });
  }
  await run.deleteGone();
  return { counts: run.counts, conflicts: state.conflicts(), mapping: run.mapping };
}
