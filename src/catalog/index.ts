import { events } from './events.js';
import { organizers } from './organizers.js';
import { categories, tags } from './terms.js';
import type { FieldSpec, ParamSpec, ResourceName, ResourceSpec } from './types.js';
import { venues } from './venues.js';

export { costInput } from './cost.js';
export {
  ALL_EVENTS_WINDOW,
  ANY_STATUS,
  CORE_EVERY_EVENT_DATE,
  coreEverythingQuery,
  everythingQuery,
  expandStatus,
  MAX_PER_PAGE,
  VISIBLE_STATUSES,
} from './everything.js';
export { POST_STATUSES } from './shared.js';

import { POST_HEAD_KEYS } from './shared.js';

export type { FieldSpec, ParamSpec, ResourceName, ResourceSpec, Semantic, ValueType } from './types.js';

/** The five resources, in the order the interface registers them. */
export const catalog: readonly ResourceSpec[] = [events, venues, organizers, categories, tags];

export const RESOURCE_NAMES: readonly ResourceName[] = catalog.map((r) => r.name);

/** Looks a resource up by its plural name; throws for an unknown one (a programming error). */
export function getResource(name: string): ResourceSpec {
  const found = catalog.find((r) => r.name === name);
  if (!found) throw new Error(`unknown resource: ${name}`);
  return found;
}

export function isResourceName(name: string): name is ResourceName {
  return catalog.some((r) => r.name === name);
}

export function findField(resource: ResourceSpec, name: string): FieldSpec | undefined {
  return resource.fields.find((f) => f.name === name);
}

export function findParam(resource: ResourceSpec, name: string): ParamSpec | undefined {
  return resource.listParams.find((p) => p.name === name);
}

export function requiredFields(resource: ResourceSpec): FieldSpec[] {
  return resource.fields.filter((f) => f.required);
}

/**
 * Keys of a venue or organizer record that the site keeps as post meta (address, city … / phone,
 * email …), in the record's order: everything but the shared post keys, the name and the
 * always-present keys.
 */
export function metaKeys(resource: ResourceSpec): string[] {
  const common = new Set<string>([
    ...POST_HEAD_KEYS,
    resource.titleField,
    'description',
    'excerpt',
    'slug',
    'image',
    'show_map',
    'show_map_link',
    'global_id',
    'global_id_lineage',
  ]);
  return resource.recordKeys.filter((k) => !common.has(k));
}

/** "an event", "a venue", "an organizer": the singular with its indefinite article, for messages. */
export function aResource(resource: Pick<ResourceSpec, 'singular'>): string {
  return `${/^[aeiou]/i.test(resource.singular) ? 'an' : 'a'} ${resource.singular}`;
}
