/**
 * `calctl venues duplicates` and `calctl organizers duplicates`: the groups of records that are likely
 * the same place or person (links/duplicates.ts says why), each member with its address and the
 * number of events it holds, so that the one to keep is plain to see; `venues merge` then joins them.
 */
import type { ApiClient } from '../../api/index.js';
import { paginate } from '../../api/paginate.js';
import { everythingQuery, getResource, type ResourceSpec } from '../../catalog/index.js';
import { type Candidate, type DuplicateGroup, duplicateGroups } from '../../links/duplicates.js';
import { stderrNotes } from '../../output/notes.js';
import { decodeEntities } from '../../wptext/index.js';
import { outputFormat, printData } from '../shared.js';
import type { Runtime } from '../types.js';

type Obj = Record<string, unknown>;

/** The events list's filter that names a venue's or an organizer's events. */
export const EVENT_FILTER: Record<string, 'venue' | 'organizer'> = { venues: 'venue', organizers: 'organizer' };

/** One member of a group, as it is shown. */
export interface DuplicateMember {
  id: number;
  name: string;
  address: string;
  events: number;
  status: string;
}

const text = (v: unknown) => (typeof v === 'string' ? decodeEntities(v) : '');

/** Every venue or organizer the caller may see (every status but the trash). */
export async function everyRecord(api: ApiClient, resource: ResourceSpec, signal?: AbortSignal): Promise<Obj[]> {
  const out: Obj[] = [];
  for await (const r of paginate<Obj>(api, `/${resource.name}`, everythingQuery(resource), resource.name, {
    signal,
  }))
    out.push(r);
  return out;
}

/** The comparison form of a venue or an organizer. */
export function candidateOf(resource: ResourceSpec, r: Obj): Candidate {
  return {
    id: Number(r.id),
    name: text(r[resource.titleField]),
    address: text(r.address),
    city: text(r.city),
    zip: text(r.zip),
    email: text(r.email),
  };
}

/** How many events (every status but the trash, every date) name the record. */
export async function eventCount(api: ApiClient, resource: ResourceSpec, id: number, signal?: AbortSignal) {
  const filter = EVENT_FILTER[resource.name] as string;
  const res = await api.get<Obj>('/events', {
    query: { ...everythingQuery(getResource('events')), per_page: 1, [filter]: id },
    signal,
  });
  return Number(res.body.total ?? (Array.isArray(res.body.events) ? res.body.events.length : 0));
}

/** The groups of a resource, with their members as shown. */
export async function findDuplicates(
  rt: Runtime,
  resource: ResourceSpec,
): Promise<{ group: DuplicateGroup; members: DuplicateMember[] }[]> {
  const api = await rt.api();
  const records = await everyRecord(api, resource, rt.ctx.signal);
  const byId = new Map(records.map((r) => [Number(r.id), r]));
  const groups = duplicateGroups(records.map((r) => candidateOf(resource, r)));
  const out: { group: DuplicateGroup; members: DuplicateMember[] }[] = [];
  for (const group of groups) {
    const members: DuplicateMember[] = [];
    for (const id of group.ids) {
      const r = byId.get(id) ?? {};
      const where = [text(r.address), text(r.city), text(r.zip), text(r.email)].filter(Boolean).join(', ');
      members.push({
        id,
        name: text(r[resource.titleField]),
        address: where,
        events: await eventCount(api, resource, id, rt.ctx.signal),
        status: String(r.status ?? ''),
      });
    }
    out.push({ group, members });
  }
  return out;
}

/** `calctl venues|organizers duplicates`: a table on a terminal, JSON when piped. */
export async function listDuplicates(rt: Runtime, resource: ResourceSpec): Promise<void> {
  const found = await findDuplicates(rt, resource);
  const format = await outputFormat(rt);
  if (format !== 'table') {
    await printData(
      rt,
      found.map(({ group, members }, i) => ({ group: i + 1, reasons: group.reasons, [resource.name]: members })),
    );
    return;
  }
  if (found.length === 0) {
    stderrNotes(rt.ctx).info(`no likely duplicates among the ${resource.name}`);
    return;
  }
  const { printText } = await import('../../output/index.js');
  const lines: string[] = [];
  found.forEach(({ group, members }, i) => {
    lines.push(`group ${i + 1} (${group.reasons.join(', ')}):`);
    for (const m of members) {
      lines.push(`  ${String(m.id).padStart(6)}  ${m.name}${m.address ? ` — ${m.address}` : ''}  (${m.events} events)`);
    }
    const keep = [...members].sort((a, b) => b.events - a.events || a.id - b.id)[0] as DuplicateMember;
    const rest = members.filter((m) => m.id !== keep.id).map((m) => m.id);
    lines.push(`  merge: calctl ${resource.name} merge ${keep.id} ${rest.join(' ')} --fill`);
  });
  printText(rt.ctx, `${lines.join('\n')}\n`);
}
