/**
 * The records a pulled record links to (an event's venue, organizers, categories and tags: the
 * catalog's fields with a `link`), brought into the copy when it has not got them. A pull lists the
 * resources one after the other, so a venue, organizer or term made on the site after its list was
 * read and before the events' were is named by an event and in no list the pull read. Stored without
 * it, the event would lose that link in the copy: it would then differ from its base, count as changed
 * offline, and the next push would take the link off the site's event.
 */
import type { ApiClient } from '../../api/index.js';
import { getResource, type ResourceSpec } from '../../catalog/index.js';
import { mapLimit } from '../../primitives/index.js';
import { fetchOne, type Rec, syncForm } from './records.js';

/** The ids `rec` links to, by the linked resource (read from its write form, which has them as ids). */
export function linkedIds(resource: ResourceSpec, rec: Rec): Map<ResourceSpec, Set<number>> {
  const form = syncForm(resource, rec);
  const out = new Map<ResourceSpec, Set<number>>();
  for (const field of resource.fields) {
    const value = form[field.name];
    if (!field.link || value === undefined) continue;
    const ids = (Array.isArray(value) ? value : [value]).map(Number).filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length > 0) out.set(getResource(field.link), new Set(ids));
  }
  return out;
}

/**
 * The linked records of `records` that `has` says the copy lacks, as the site shows them now (a
 * record gone from the site meanwhile is left out: the link then names nothing, as on the site).
 */
export async function missingLinked(
  site: ApiClient,
  resource: ResourceSpec,
  records: readonly Rec[],
  has: (resource: ResourceSpec, id: number) => Promise<boolean>,
): Promise<{ resource: ResourceSpec; rec: Rec }[]> {
  const wanted: { resource: ResourceSpec; id: number }[] = [];
  const asked = new Set<string>();
  for (const rec of records) {
    for (const [target, ids] of linkedIds(resource, rec)) {
      for (const id of ids) {
        const key = `${target.name}:${id}`;
        if (asked.has(key)) continue;
        asked.add(key);
        if (!(await has(target, id))) wanted.push({ resource: target, id });
      }
    }
  }
  const found: { resource: ResourceSpec; rec: Rec }[] = [];
  await mapLimit(wanted, 8, async ({ resource: target, id }) => {
    const rec = await fetchOne(site, target, id);
    if (rec) found.push({ resource: target, rec });
  });
  return found;
}
