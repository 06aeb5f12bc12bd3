/**
 * `sync push`: sends the copy's changes to the site, exactly once. Every write is noted in the journal
 * before it is sent; a create whose answer was lost is looked up on the site by its natural key before
 * it is sent again. Records made offline are re-keyed to the site's ids as they land, links included
 * (terms and linked records go first, so events arrive linked to the site's ids). A record the site
 * changed since the last sync is not overwritten: it is a conflict.
 */

import { coreRecordPath, coreRouteUrl } from '../../api/core-routes.js';
import type { ApiClient } from '../../api/index.js';
import type { ResourceSpec } from '../../catalog/index.js';
import type { Records, Writer } from './copy.js';
import type { Counts } from './pull.js';
import { contentHash, fetchOne, naturalKey, type Rec, SYNC_ORDER, writeForm } from './records.js';
import type { ConflictRow, JournalRow, SyncState } from './state.js';

export interface PushResult {
  counts: Counts;
  conflicts: ConflictRow[];
  /** local id → site id of the records created on the site, by resource */
  mapping: Record<string, Record<string, number>>;
}

export interface PushOptions {
  dryRun?: boolean;
  /** called once per write sent (for progress, and for tests that stop a push midway) */
  onWrite?: (what: string) => void;
  /** dry run: each planned write */
  onPlan?: (line: string) => void;
}

const LINK_FIELDS: Record<string, string> = {
  venue: 'venues',
  organizer: 'organizers',
  categories: 'categories',
  tags: 'tags',
};

/** The write body of a local record, its links to records made offline turned into the site's ids. */
function bodyOf(resource: ResourceSpec, rec: Rec, mapping: PushResult['mapping']): Record<string, unknown> {
  const body = writeForm(resource, rec);
  for (const [field, target] of Object.entries(LINK_FIELDS)) {
    const v = body[field];
    if (v === undefined) continue;
    const map = (x: unknown) => mapping[target]?.[String(x)] ?? x;
    body[field] = Array.isArray(v) ? v.map(map) : map(v);
  }
  return body;
}

/** Finds a record on the site by natural key (a create that may have landed before a crash). */
async function lookup(site: ApiClient, resource: ResourceSpec, natural: string, known: Set<number>) {
  const name = natural.split('|')[0] ?? '';
  const query: Record<string, string | number | boolean> = { search: name, per_page: 50 };
  if (resource.kind === 'post') query.status = 'publish,future,draft,pending,private,trash';
  if (resource.kind === 'term') query.hide_empty = false;
  if (resource.name === 'events') Object.assign(query, { start_date: '1900-01-01', end_date: '2100-12-31' });
  const res = await site.get<Record<string, Rec[]>>(`/${resource.name}`, { query });
  const list = res.body?.[resource.name] ?? [];
  return list.find((r) => !known.has(r.id) && naturalKey(resource, r) === natural);
}

export async function push(
  site: ApiClient,
  local: Records,
  state: SyncState,
  writer: Writer,
  opts: PushOptions = {},
): Promise<PushResult> {
  const counts: Counts = { created: 0, updated: 0, deleted: 0 };
  const mapping: PushResult['mapping'] = {};
  const conflicted = new Set(state.conflicts().map((c) => `${c.resource}:${c.id}`));
  const byName = new Map(SYNC_ORDER.map((r) => [r.name as string, r]));
  /** Records this push created on the site (or found there): in the base now, not in `local`. */
  const arrived = new Set<string>();

  /** A record the site now holds as `rec` (created from local `from`, or updated): both sides agree. */
  const landed = (resource: ResourceSpec, rec: Rec, from?: number) => {
    arrived.add(`${resource.name}:${rec.id}`);
    writer.apply((w) => {
      if (from !== undefined && from !== rec.id) w.rekey(resource, from, rec.id);
      w.put(resource, rec);
    });
    // (core's modified_gmt is the plugin's modified_utc, written with a T; a draft's is unknown here)
    const utc = typeof rec.modified_utc === 'string' && !rec.modified_utc.startsWith('0000') ? rec.modified_utc : '';
    const modified = utc.replace(' ', 'T');
    state.setBase({ resource: resource.name, id: rec.id, hash: contentHash(resource, rec), record: rec, modified });
    if (from !== undefined) {
      mapping[resource.name] ??= {};
      (mapping[resource.name] as Record<string, number>)[String(from)] = rec.id;
    }
  };

  // Writes a previous push left unfinished: creates that reached the site are finished here; the
  // others are planned again below (updates and deletes are idempotent).
  for (const row of state.pending()) await recover(row);
  async function recover(row: JournalRow): Promise<void> {
    const resource = byName.get(row.resource) as ResourceSpec;
    if (row.op === 'create') {
      const known = new Set(state.bases(resource.name).keys());
      const siteRec =
        row.siteId !== null
          ? await fetchOne(site, resource, row.siteId)
          : await lookup(site, resource, row.natural, known);
      if (siteRec) {
        landed(resource, siteRec, row.localId);
        local.get(resource.name)?.delete(row.localId);
      }
    }
    state.settle(row.seq);
  }

  const conflict = (c: ConflictRow) => {
    state.setConflict(c);
    conflicted.add(`${c.resource}:${c.id}`);
  };

  /** The site's record must still be the base: else a conflict (unless it already holds ours). */
  const siteAgrees = async (resource: ResourceSpec, id: number, mine: Rec | undefined): Promise<boolean> => {
    const base = state.bases(resource.name).get(id);
    const now = await fetchOne(site, resource, id);
    if (!now) {
      if (mine) conflict({ resource: resource.name, id, kind: 'update/delete', site: null });
      // (deleted on both sides: nothing left to do)
      else state.dropBase(resource.name, id);
      return false;
    }
    const hash = contentHash(resource, now);
    if (hash === base?.hash) return true;
    if (mine && hash === contentHash(resource, mine)) {
      landed(resource, now);
      return false;
    }
    conflict({ resource: resource.name, id, kind: mine ? 'update/update' : 'delete/update', site: now });
    return false;
  };

  for (const resource of SYNC_ORDER) {
    const base = state.bases(resource.name);
    const mine = local.get(resource.name) ?? new Map<number, Rec>();
    for (const rec of mine.values()) {
      if (conflicted.has(`${resource.name}:${rec.id}`)) continue;
      const b = base.get(rec.id);
      if (!b) {
        const body = bodyOf(resource, rec, mapping);
        if (opts.dryRun) {
          opts.onPlan?.(`create ${resource.singular} ${rec.id}: ${String(rec[resource.titleField] ?? '')}`);
          continue;
        }
        const seq = state.journal('create', resource.name, rec.id, naturalKey(resource, rec));
        const res = await site.post<Rec>(`/${resource.name}`, body, { finish: true });
        state.noteSent(seq, res.body.id);
        opts.onWrite?.(`create ${resource.name} ${rec.id}`);
        landed(resource, res.body, rec.id);
        state.settle(seq);
        counts.created++;
        continue;
      }
      if (contentHash(resource, rec) === b.hash) continue;
      const trash = resource.kind === 'post' && rec.status === 'trash' && b.record.status !== 'trash';
      if (opts.dryRun) {
        opts.onPlan?.(`${trash ? 'trash' : 'update'} ${resource.singular} ${rec.id}`);
        continue;
      }
      if (!(await siteAgrees(resource, rec.id, rec))) continue;
      const seq = state.journal(trash ? 'trash' : 'update', resource.name, rec.id, '');
      const res = trash
        ? await site.delete<Rec>(`/${resource.name}/${rec.id}`, { finish: true })
        : await site.post<Rec>(`/${resource.name}/${rec.id}`, bodyOf(resource, rec, mapping), { finish: true });
      opts.onWrite?.(`${trash ? 'trash' : 'update'} ${resource.name} ${rec.id}`);
      landed(resource, res.body);
      state.settle(seq);
      counts.updated++;
    }
  }
  // Deletes for good, events first (a venue or term goes after the events that used it).
  for (const resource of [...SYNC_ORDER].reverse()) {
    const mine = local.get(resource.name) ?? new Map<number, Rec>();
    for (const [id] of state.bases(resource.name)) {
      const key = `${resource.name}:${id}`;
      if (mine.has(id) || conflicted.has(key) || arrived.has(key)) continue;
      if (opts.dryRun) {
        opts.onPlan?.(`delete ${resource.singular} ${id}`);
        continue;
      }
      if (!(await siteAgrees(resource, id, undefined))) continue;
      const seq = state.journal('delete', resource.name, id, '');
      try {
        await site.delete(coreRouteUrl(site.baseUrl, coreRecordPath(resource, id)), {
          query: { force: true },
          finish: true,
        });
      } catch (err) {
        const status = (err as { status?: number }).status;
        if (status !== 404 && status !== 410) throw err;
      }
      opts.onWrite?.(`delete ${resource.name} ${id}`);
      state.dropBase(resource.name, id);
      state.settle(seq);
      counts.deleted++;
    }
  }
  return { counts, conflicts: state.conflicts(), mapping };
}
