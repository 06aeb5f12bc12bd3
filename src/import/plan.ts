/**
 * The plan of a run: one entry per row (or per feed item, per undone record) saying what will
 * happen to it — create, update, unchanged, reject — and for an update each changed field as
 * before → after, linked records by name. A dry run prints it; a real run carries out the same
 * decisions (apply.ts: `decideRow` then `applyDecision`). Its JSON keys are stable (docs/csv.md).
 */
import type { ResourceName } from '../catalog/index.js';
import { type Body, idOf, ids } from '../records/index.js';

/** What a plan entry does. */
export type PlanAction = 'create' | 'update' | 'unchanged' | 'reject' | 'delete' | 'restore' | 'conflict';

/** One changed field. */
export interface PlanChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One row of a plan (every key always present: null or empty when it says nothing). */
export interface PlanEntry {
  /** the row's line in the file (null for an item without one) */
  line: number | null;
  action: PlanAction;
  resource: string;
  /** the record's id on the site (null for a create) */
  id: number | null;
  title: string;
  changes: PlanChange[];
  /** the linked records the row names, by name */
  links: Record<string, string | string[]>;
  warnings: string[];
  error: string | null;
}

/** The keys of a plan entry, in their order (the NDJSON and JSON forms). */
export const PLAN_KEYS = [
  'line',
  'action',
  'resource',
  'id',
  'title',
  'changes',
  'links',
  'warnings',
  'error',
] as const satisfies readonly (keyof PlanEntry)[];

/** The linked resource of a link field. */
export const LINK_FIELDS: Record<string, ResourceName> = {
  venue: 'venues',
  organizer: 'organizers',
  categories: 'categories',
  tags: 'tags',
};

/** Names of linked records by resource and id, as far as a run has seen them. */
export type LinkNames = (linked: ResourceName, id: number) => string | undefined;

/** A link field's value by name: one name, or a list of them. */
export function namesOf(field: string, value: unknown, names: LinkNames): unknown {
  const linked = LINK_FIELDS[field];
  if (!linked) return value;
  const one = (id: number) => (id < 0 ? '(new)' : (names(linked, id) ?? `#${id}`));
  if (field === 'venue') {
    const id = idOf(value);
    return id === undefined ? null : one(id);
  }
  return ids(value).map(one);
}

/** Splits a link cell as the row named it (one name for a venue, a comma list for the others). */
export function rowLinkNames(links: ReadonlyMap<string, string> | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [field, text] of links ?? []) {
    if (!LINK_FIELDS[field]) continue;
    out[field] =
      field === 'venue'
        ? text
        : text
            .split(',')
            .map((t) => t.trim())
            .filter((t) => t !== '');
  }
  return out;
}

/**
 * The changes of an update: each field before → after, linked records by name (the row's own words
 * for the names it gives, `after`).
 */
export function planChanges(
  fields: readonly string[],
  before: Body,
  after: Body,
  names: LinkNames,
  rowLinks: Record<string, string | string[]> = {},
): PlanChange[] {
  return fields.map((field) => ({
    field,
    before: namesOf(field, before[field] ?? null, names),
    after:
      LINK_FIELDS[field] && rowLinks[field] !== undefined
        ? rowLinks[field]
        : namesOf(field, after[field] ?? null, names),
  }));
}

/** A plan entry with every key. */
export function planEntry(partial: Partial<PlanEntry> & Pick<PlanEntry, 'action' | 'resource'>): PlanEntry {
  return {
    line: partial.line ?? null,
    action: partial.action,
    resource: partial.resource,
    id: partial.id ?? null,
    title: partial.title ?? '',
    changes: partial.changes ?? [],
    links: partial.links ?? {},
    warnings: partial.warnings ?? [],
    error: partial.error ?? null,
  };
}

/** A value in a table cell: lists joined, none as an empty pair of quotes. */
function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '""';
  if (Array.isArray(v)) return v.length === 0 ? '[]' : v.map(String).join(', ');
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** An entry as a table row: the changed fields as `field: before → after`, one per line. */
export function planRow(entry: PlanEntry): Record<string, unknown> {
  const changes = entry.changes.map((c) => `${c.field}: ${shown(c.before)} → ${shown(c.after)}`);
  const notes = [...(entry.error ? [entry.error] : []), ...entry.warnings];
  return {
    line: entry.line ?? '',
    action: entry.action,
    id: entry.id ?? '',
    title: entry.title,
    changes: [...changes, ...notes].join('; '),
  };
}
