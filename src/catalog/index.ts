import { events } from './events.js';
import { organizers } from './organizers.js';
import { categories, tags } from './terms.js';
import type { ResourceName, ResourceSpec, WpPostType, WpTaxonomy } from './types.js';
import { venues } from './venues.js';

export { costFromText, costInput } from './cost.js';
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
export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, message, translated } from './messages/index.js';
export { isRole, ROLE_NAMES, type RoleName } from './roles.js';
export { POST_STATUSES } from './shared.js';
export { VENUE_ADDRESS_FIELDS } from './venues.js';

import { POST_HEAD_KEYS } from './shared.js';

export type {
  FieldSpec,
  ParamSpec,
  ResourceName,
  ResourceSpec,
  Semantic,
  TecFacet,
  ValueType,
  WpPostType,
  WpTaxonomy,
} from './types.js';

/** The five resources, in the order the interface registers them. */
export const catalog: readonly ResourceSpec[] = [events, venues, organizers, categories, tags];

/** Looks a resource up by its plural name; throws for an unknown one (a programming error). */
export function getResource(name: string): ResourceSpec {
  const found = catalog.find((r) => r.name === name);
  if (!found) throw new Error(`unknown resource: ${name}`);
  return found;
}

export function isResourceName(name: string): name is ResourceName {
  return catalog.some((r) => r.name === name);
}

/** The post type of a post-like resource (throws for a term-like one: a programming error). */
export function postTypeOf(resource: Pick<ResourceSpec, 'kind' | 'wpType' | 'name'>): WpPostType {
  if (resource.kind !== 'post') throw new Error(`${resource.name} are not posts`);
  return resource.wpType as WpPostType;
}

/** The taxonomy of a term-like resource (throws for a post-like one: a programming error). */
export function taxonomyOf(resource: Pick<ResourceSpec, 'kind' | 'wpType' | 'name'>): WpTaxonomy {
  if (resource.kind !== 'term') throw new Error(`${resource.name} are not terms`);
  return resource.wpType as WpTaxonomy;
}

const BY_WP_TYPE = new Map(catalog.map((r) => [r.wpType as string, r]));

/** The resource of a WordPress post type or taxonomy (`tribe_venue` → venues); throws for an unknown one. */
export function resourceOfWpType(wpType: string): ResourceSpec {
  const found = BY_WP_TYPE.get(wpType);
  if (!found) throw new Error(`unknown post type or taxonomy: ${wpType}`);
  return found;
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
