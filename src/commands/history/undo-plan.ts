/**
 * The plan of an undo, from reads only: for each record a run wrote, what taking it back does (delete,
 * restore, update to the fields it had, nothing, or keep as a conflict), whether a linked record it
 * created is still used, and the plan entry that shows it.
 */
import { type ApiClient, ApiError } from '../../api/index.js';
import {
  ALL_EVENTS_WINDOW,
  getResource,
  type ResourceName,
  type ResourceSpec,
  VISIBLE_STATUSES,
} from '../../catalog/index.js';
import { LINK_FIELDS, type LinkNames, modifiedOf, type PlanEntry, planChanges, planEntry } from '../../import/index.js';
import { type Body, changedKeys, ids, recordToInput } from '../../records/index.js';
import { decodeEntities } from '../../wptext/index.js';
import type { Runtime } from '../types.js';
import type { HistoryRecord } from './store.js';

type Obj = Record<string, unknown>;

/** Linked resources: deleted by an undo only when no event uses them any more. */
const LINKED_FILTER: Partial<Record<ResourceName, string>> = {
  venues: 'venue',
  organizers: 'organizer',
  categories: 'categories',
  tags: 'tags',
};

/** Statuses an event that uses a linked record may have (the trash does not count). */
const LIVE_STATUSES = VISIBLE_STATUSES.join(',');

/** What the undo of one record does. */
export type Step =
  | { kind: 'done'; why: string }
  | { kind: 'conflict'; why: string }
  | { kind: 'keep'; why: string }
  | { kind: 'delete'; current: Obj }
  | { kind: 'restore'; current: Obj; status: string }
  | { kind: 'update'; current: Obj; wanted: Body; fields: string[] };

/**
 * The order records are taken back in: linked records to restore before the events that use them,
 * then the events, then linked records to delete once no event uses them.
 */
export const order = (r: HistoryRecord): number => (r.resource === 'events' ? 1 : r.action === 'deleted' ? 0 : 2);

async function fetchCurrent(
  api: ApiClient,
  resource: ResourceSpec,
  id: number,
  signal: AbortSignal,
): Promise<Obj | undefined> {
  try {
    return (await api.get<Obj>(`/${resource.name}/${id}`, { signal })).body;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 410 || err.status === 400)) return undefined;
    throw err;
  }
}

/** The fields of a body; a field it did not have is null (none: a venue the record had not). */
const pick = (body: Body | null, fields: readonly string[]): Body =>
  Object.fromEntries(fields.map((f) => [f, body?.[f] ?? null]));

/** Whether the record changed on the site since the run left it. */
function changedSince(resource: ResourceSpec, r: HistoryRecord, current: Obj, fields: readonly string[]): boolean {
  const now = modifiedOf(current);
  if (r.modified && now && now !== r.modified) return true;
  if (!r.after || fields.length === 0) return false;
  return changedKeys(resource, pick(r.after, fields), recordToInput(resource, current)).length > 0;
}

/**
 * How many live events use a linked record, leaving out those this undo trashes (`leaving`): the
 * first page of them is enough to tell.
 */
async function usedBy(
  api: ApiClient,
  linked: ResourceName,
  id: number,
  leaving: ReadonlyMap<number, Body | null>,
  signal: AbortSignal,
): Promise<number> {
  const filter = LINKED_FILTER[linked];
  if (!filter) return 0;
  const res = await api.get<Obj>('/events', {
    query: {
      [filter]: id,
      per_page: 50,
      status: LIVE_STATUSES,
      ...ALL_EVENTS_WINDOW,
    } as never,
    signal,
  });
  const events = Array.isArray(res.body.events) ? (res.body.events as Obj[]) : [];
  const uses = (wanted: Body) => ids(wanted[filter]).includes(id);
  const staying = events.filter((e) => {
    const event = Number(e.id);
    if (!leaving.has(event)) return true;
    const wanted = leaving.get(event);
    // (trashed by this undo, or given back links that leave this one out)
    return wanted !== null && wanted !== undefined && (!(filter in wanted) || uses(wanted));
  }).length;
  const total = Number(res.body.total);
  return Number.isFinite(total) && total > events.length ? total - (events.length - staying) : staying;
}

/** Decides the undo of one record, from reads only. */
export async function decide(
  rt: Runtime,
  api: ApiClient,
  r: HistoryRecord,
  force: boolean,
  leaving: ReadonlyMap<number, Body | null>,
): Promise<Step> {
  const resource = getResource(r.resource as ResourceName);
  if (r.id === null) return { kind: 'keep', why: 'its create had no answer: look it up by its title' };
  const current = await fetchCurrent(api, resource, r.id, rt.ctx.signal);
  const gone = current === undefined;
  const trashed = current?.status === 'trash';
  switch (r.action) {
    case 'created':
    case 'restored': {
      if (gone || trashed) return { kind: 'done', why: gone ? 'already deleted' : 'already in the trash' };
      const fields = r.after ? Object.keys(r.after) : [];
      if (!force && changedSince(resource, r, current, fields))
        return { kind: 'conflict', why: 'changed on the site since the run' };
      if (r.action === 'created' && LINKED_FILTER[resource.name] && r.undoes === null) {
        const n = await usedBy(api, resource.name, r.id, leaving, rt.ctx.signal);
        if (n > 0) return { kind: 'keep', why: `used by ${n} event${n === 1 ? '' : 's'}` };
      }
      return { kind: 'delete', current };
    }
    case 'deleted': {
      if (gone) return { kind: 'conflict', why: 'deleted for good: it cannot be restored' };
      if (!trashed) return { kind: 'done', why: 'not in the trash' };
      const status = typeof r.before?.status === 'string' && r.before.status !== 'trash' ? r.before.status : 'publish';
      return { kind: 'restore', current, status };
    }
    case 'updated': {
      if (gone || trashed)
        return { kind: 'conflict', why: gone ? 'deleted since the run' : 'in the trash since the run' };
      const fields = r.fields ?? (r.after ? Object.keys(r.after) : []);
      const wanted = pick(r.before, fields);
      if (changedKeys(resource, wanted, recordToInput(resource, current)).length === 0)
        return { kind: 'done', why: 'already as before the run' };
      if (!force && changedSince(resource, r, current, fields))
        return { kind: 'conflict', why: 'changed on the site since the run' };
      return { kind: 'update', current, wanted, fields };
    }
  }
}

/** The names of the linked records an undo's updates name, asked of the site once each. */
export async function linkNames(
  api: ApiClient,
  steps: readonly [HistoryRecord, Step][],
  signal: AbortSignal,
): Promise<LinkNames> {
  const known = new Map<string, string>();
  const wanted = new Set<string>();
  for (const [, step] of steps) {
    if (step.kind !== 'update') continue;
    for (const field of step.fields) {
      const linked = LINK_FIELDS[field];
      if (!linked) continue;
      // (the record as it is embeds its links' names)
      const shown = step.current[field];
      for (const o of Array.isArray(shown) ? shown : [shown]) {
        if (typeof o === 'object' && o !== null) {
          const rec = o as Obj;
          const name = rec.venue ?? rec.organizer ?? rec.name;
          if (typeof name === 'string') known.set(`${linked}:${Number(rec.id)}`, decodeEntities(name));
        }
      }
      for (const id of ids(step.wanted[field])) wanted.add(`${linked}:${id}`);
    }
  }
  for (const key of wanted) {
    if (known.has(key)) continue;
    const [linked, id] = key.split(':');
    try {
      const rec = (await api.get<Obj>(`/${linked}/${id}`, { signal })).body;
      const name = rec.venue ?? rec.organizer ?? rec.name;
      if (typeof name === 'string') known.set(key, decodeEntities(name));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return (linked, id) => known.get(`${linked}:${id}`);
}

/** The plan entry of one record's undo. */
export function entryOf(r: HistoryRecord, step: Step, force: boolean, names: LinkNames): PlanEntry {
  const common = { resource: r.resource, id: r.id, title: r.title, line: null };
  switch (step.kind) {
    case 'done':
    case 'keep':
      return planEntry({ ...common, action: 'unchanged', warnings: [step.why] });
    case 'conflict':
      return planEntry({ ...common, action: 'conflict', error: `${step.why}: kept (--force to undo it anyway)` });
    case 'delete':
      return planEntry({ ...common, action: 'delete', warnings: force && r.action === 'created' ? ['for good'] : [] });
    case 'restore':
      return planEntry({
        ...common,
        action: 'restore',
        changes: [{ field: 'status', before: 'trash', after: step.status }],
      });
    case 'update': {
      const resource = getResource(r.resource as ResourceName);
      const now = recordToInput(resource, step.current);
      return planEntry({ ...common, action: 'update', changes: planChanges(step.fields, now, step.wanted, names) });
    }
  }
}
