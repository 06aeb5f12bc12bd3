/**
 * A row made ready to write, shared by `import` (rows of a file) and `feeds` (events of a source):
 * the cells converted and validated (row.ts), then the linked records resolved to the target's ids,
 * found by id, slug or name or created once when missing (links.ts). A row that cannot be written
 * comes back as the problem that rejects it, with its column.
 */

import { LinkError, type LinkResolver } from '../links/index.js';
import type { Body } from '../records/index.js';
import { convertRow, isProblem, type RowInput, type RowOptions, type RowProblem } from './row.js';
import type { SourceLinks } from './source-item.js';

/**
 * Converts a row and resolves the link columns it maps (venue, organizer, categories, tags, parent).
 * @returns the row with its body ready to send, or the problem that rejects it
 * @throws what the site answers besides a link that cannot be resolved (network, server failures)
 */
export async function prepareRow(
  cells: ReadonlyMap<string, string>,
  opts: RowOptions,
  links: LinkResolver,
): Promise<RowInput | RowProblem> {
  const converted = await convertRow(cells, opts);
  if (isProblem(converted)) return converted;
  const { body } = converted;
  try {
    for (const [field, text] of converted.links) {
      const details = field === 'venue' ? converted.venueDetails : undefined;
      const value = await links.resolve(opts.resource.name, field, text, details);
      if (value !== undefined) body[field] = value;
    }
  } catch (err) {
    if (!(err instanceof LinkError)) throw err;
    return { column: converted.columnOf.get(err.field), message: err.message };
  }
  return converted;
}

/**
 * The ids of the linked records a source names (venue, organizers, categories and tags, each a name
 * even when it looks like a number), found by name on the target or created once when missing,
 * with the details the source gives (another site's venue address, an organizer's email).
 * @param extra categories and tags added to every event (`feeds add --category/--tag`): names,
 *   slugs or ids, as on the command line
 */
export async function resolveSourceLinks(
  links: SourceLinks,
  resolver: LinkResolver,
  extra: { categories: readonly string[]; tags: readonly string[] },
): Promise<Body> {
  const body: Body = {};
  if (links.venue) {
    body.venue = await resolver.resolveOne('venues', links.venue.name, 'venue', {
      asName: true,
      details: links.venue.details,
    });
  }
  const organizers: number[] = [];
  for (const o of links.organizers) {
    const id = await resolver.resolveOne('organizers', o.name, 'organizer', { asName: true, details: o.details });
    if (!organizers.includes(id)) organizers.push(id);
  }
  body.organizer = organizers;
  for (const field of ['categories', 'tags'] as const) {
    const linked = field === 'categories' ? 'categories' : 'tags';
    const ids: number[] = [];
    for (const name of links[field]) {
      const id = await resolver.resolveOne(linked, name, field, { asName: true });
      if (!ids.includes(id)) ids.push(id);
    }
    for (const given of extra[field]) {
      const id = await resolver.resolveOne(linked, given, field);
      if (!ids.includes(id)) ids.push(id);
    }
    body[field] = ids;
  }
  return body;
}
