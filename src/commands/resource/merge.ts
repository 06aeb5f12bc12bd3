/**
 * `calctl venues merge KEEP DUP…` and `calctl organizers merge KEEP DUP…`: every event of the
 * duplicates is re-pointed to the record kept (an organizer keeps its place in the event's list), the
 * kept record's empty fields are filled from the duplicates when asked (`--fill`), then the duplicates
 * go to the trash. The plan comes first (`--dry-run` prints it and stops; on a terminal it is asked
 * about). A merge stopped midway is finished by running it again: the events already moved are no
 * longer listed under a duplicate, and a duplicate already in the trash is not sent there twice.
 */
import type { ApiClient } from '../../api/index.js';
import { paginate } from '../../api/paginate.js';
import { everythingQuery, getResource, type ResourceSpec } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import { parsePlace, placeDetails } from '../../links/place.js';
import { stderrNotes } from '../../output/notes.js';
import { mapLimit } from '../../primitives/index.js';
import { mergeUpdate } from '../../records/index.js';
import { decodeEntities } from '../../wptext/index.js';
import { confirmOrThrow, outputFormat, parseId, printData } from '../shared.js';
import type { Runtime } from '../types.js';
import { journaled } from './bulk.js';
import { EVENT_FILTER } from './duplicates.js';

type Obj = Record<string, unknown>;

/** The fields `--fill` copies into the kept record when it has none, per resource. */
const FILLED: Record<string, readonly string[]> = {
  venues: [
    'address',
    'city',
    'stateprovince',
    'province',
    'state',
    'zip',
    'country',
    'phone',
    'website',
    'description',
  ],
  organizers: ['email', 'phone', 'website', 'description'],
};

/** Events re-pointed at once. */
const MERGE_CONCURRENCY = 4;

/** What a merge will do. */
export interface MergePlan {
  resource: string;
  keep: { id: number; name: string };
  /** the kept record's empty fields, filled from a duplicate */
  fill: Record<string, string>;
  /** every event of a duplicate, and the field that changes */
  events: { id: number; title: string; field: string; before: number[]; after: number[] }[];
  /** the duplicates, to the trash */
  trash: { id: number; name: string; status: string }[];
}

const nameOf = (resource: ResourceSpec, r: Obj) =>
  typeof r[resource.titleField] === 'string' ? decodeEntities(r[resource.titleField] as string) : '';

/** The ids of the venue or organizers an event names, as the site shows them. */
function linkedIds(event: Obj, field: string): number[] {
  const v = event[field];
  const list = Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : [];
  return list.map((x) => Number((x as Obj).id)).filter((n) => Number.isInteger(n) && n > 0);
}

/** Works out the plan (reads only). */
export async function planMerge(
  api: ApiClient,
  resource: ResourceSpec,
  keepId: number,
  dupIds: readonly number[],
  fill: boolean,
  signal?: AbortSignal,
): Promise<{ plan: MergePlan; events: Map<number, Obj>; keep: Obj }> {
  const get = async (id: number) => (await api.get<Obj>(`/${resource.name}/${id}`, { signal })).body;
  const keep = await get(keepId);
  const plan: MergePlan = {
    resource: resource.name,
    keep: { id: keepId, name: nameOf(resource, keep) },
    fill: {},
    events: [],
    trash: [],
  };
  const field = EVENT_FILTER[resource.name] as string;
  const events = new Map<number, Obj>();
  for (const id of dupIds) {
    const dup = await get(id);
    plan.trash.push({ id, name: nameOf(resource, dup), status: String(dup.status ?? '') });
    if (fill) {
      // (a venue named with its address, `Hall A, 1 Main St`, gives that address too)
      const named = resource.name === 'venues' ? (placeDetails(parsePlace(nameOf(resource, dup))) ?? {}) : {};
      for (const f of FILLED[resource.name] ?? []) {
        const mine = typeof keep[f] === 'string' ? (keep[f] as string).trim() : '';
        const given = typeof dup[f] === 'string' ? decodeEntities(dup[f] as string).trim() : '';
        const theirs = given || named[f] || '';
        if (mine === '' && theirs !== '' && plan.fill[f] === undefined) plan.fill[f] = theirs;
      }
    }
    const query = { ...everythingQuery(getResource('events')), [field]: id };
    for await (const ev of paginate<Obj>(api, '/events', query, 'events', { signal })) {
      const evId = Number(ev.id);
      const known = events.get(evId) ?? ev;
      events.set(evId, known);
      const before = linkedIds(known, field);
      const planned = plan.events.find((e) => e.id === evId);
      const current = planned?.after ?? before;
      const after = [...new Set(current.map((x) => (dupIds.includes(x) ? keepId : x)))];
      if (planned) planned.after = after;
      else plan.events.push({ id: evId, title: nameOf(getResource('events'), ev), field, before, after });
    }
  }
  return { plan, events, keep };
}

/** Prints the plan in the run's format: text on a terminal, JSON when piped. */
async function printPlan(rt: Runtime, plan: MergePlan, dryRun: boolean): Promise<void> {
  if ((await outputFormat(rt)) !== 'table') {
    await printData(rt, { dry_run: dryRun, ...plan });
    return;
  }
  const lines = [
    `${dryRun ? 'would merge' : 'merging'} into ${plan.resource} ${plan.keep.id} (${plan.keep.name}):`,
    ...Object.entries(plan.fill).map(([f, v]) => `  fill ${f}: "" → ${JSON.stringify(v)}`),
    ...plan.events.map((e) => `  event ${e.id} (${e.title}): ${e.field} ${e.before.join(',')} → ${e.after.join(',')}`),
    ...plan.trash.map((t) => `  trash ${t.id} (${t.name})${t.status === 'trash' ? ': already in the trash' : ''}`),
  ];
  const { printText } = await import('../../output/index.js');
  printText(rt.ctx, `${lines.join('\n')}\n`);
}

/** Options of {@link mergeRecords}. */
export interface MergeOptions {
  fill: boolean;
}

/** Parses and checks KEEP DUP… */
export function mergeIds(resource: ResourceSpec, keep: string, dups: readonly string[]): [number, number[]] {
  const keepId = parseId(keep, resource);
  const dupIds = [...new Set(dups.map((d) => parseId(d, resource)))];
  if (dupIds.length === 0)
    throw new UsageError(`which ${resource.name} go into ${keepId}?`, `calctl ${resource.name} merge KEEP DUP…`);
  if (dupIds.includes(keepId))
    throw new UsageError(`${keepId} is the ${resource.singular} kept: it cannot be merged into itself`);
  return [keepId, dupIds];
}

/** `calctl venues|organizers merge KEEP DUP…`. */
export async function mergeRecords(
  rt: Runtime,
  resource: ResourceSpec,
  keepId: number,
  dupIds: readonly number[],
  opts: MergeOptions,
): Promise<MergePlan> {
  const api = await rt.api();
  const signal = rt.ctx.signal;
  const { plan, events, keep } = await planMerge(api, resource, keepId, dupIds, opts.fill, signal);
  const dryRun = rt.globals().dryRun === true;
  await printPlan(rt, plan, dryRun);
  if (dryRun) return plan;
  const n = plan.events.length;
  if (!(await confirmOrThrow(rt, `move ${n} event(s) to ${resource.singular} ${keepId} and trash ${dupIds.length}?`)))
    return plan;
  // (recorded in the profile's history, each write before it is sent: `calctl undo` takes the merge back)
  const { recordRun } = await import('../history/store.js');
  const recorder = await recordRun(rt, { kind: 'merge', source: `${resource.name} ${dupIds.join(' ')} → ${keepId}` });
  const journal = recorder?.journal;
  let finished = false;
  try {
    if (Object.keys(plan.fill).length > 0) {
      await journaled(journal, { resource, action: 'updated', record: keep, after: plan.fill }, async () => {
        return (await api.put<Obj>(`/${resource.name}/${keepId}`, mergeUpdate(resource, keep, plan.fill), { signal }))
          .body;
      });
    }
    const eventSpec = getResource('events');
    await mapLimit(plan.events, MERGE_CONCURRENCY, async (e) => {
      const event = events.get(e.id) as Obj;
      const value = e.field === 'venue' ? e.after[0] : e.after;
      const after = { [e.field]: value };
      await journaled(journal, { resource: eventSpec, action: 'updated', record: event, after }, async () => {
        return (await api.put<Obj>(`/events/${e.id}`, mergeUpdate(eventSpec, event, after), { signal })).body;
      });
    });
    for (const t of plan.trash) {
      if (t.status === 'trash') continue;
      const dup = (await api.get<Obj>(`/${resource.name}/${t.id}`, { signal })).body;
      await journaled(journal, { resource, action: 'deleted', record: dup }, async () => {
        return (await api.delete<Obj>(`/${resource.name}/${t.id}`, { signal })).body;
      });
    }
    finished = true;
  } finally {
    recorder?.finish(finished ? 'done' : signal.aborted ? 'interrupted' : 'failed', {
      events: n,
      trashed: plan.trash.length,
    });
  }
  stderrNotes(rt.ctx).text(
    `calctl: merged ${plan.trash.length} ${resource.name} into ${keepId}: ${n} event(s) moved, ${plan.trash.length} trashed\n`,
    'info',
  );
  return plan;
}
