/**
 * Column mapping for imports, derived from the catalog: a column is recognised by our field name or
 * by one of the site importer's labels (`csvLabels`), case-, space- and underscore-insensitively.
 * The few importer columns that are not API fields (separate time columns, currency parts, a second
 * address line) are "virtual" targets folded into real fields when a row is converted.
 */
import type { ResourceName, ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../errors/index.js';

/** A column target that is not a catalog field. */
export interface VirtualColumn {
  name: string;
  labels: readonly string[];
  description: string;
}

const ID_COLUMN: VirtualColumn = { name: 'id', labels: ['ID'], description: 'record ID: matches an existing record' };

/** Importer columns without an API field of their own, per resource. */
const VIRTUAL: Partial<Record<ResourceName, readonly VirtualColumn[]>> = {
  events: [
    { name: 'start_time', labels: ['Event Start Time'], description: 'time joined to start_date' },
    { name: 'end_time', labels: ['Event End Time'], description: 'time joined to end_date' },
    { name: 'currency_symbol', labels: ['Event Currency Symbol'], description: 'symbol added to cost' },
    {
      name: 'currency_position',
      labels: ['Event Currency Position'],
      description: 'suffix/after puts the symbol after the cost',
    },
  ],
  venues: [
    { name: 'address2', labels: ['Venue Address 2'], description: 'joined to address with a space' },
    { name: 'slug', labels: ['Venue Slug'], description: 'URL name: matches an existing record (as exported)' },
  ],
  organizers: [
    { name: 'slug', labels: ['Organizer Slug'], description: 'URL name: matches an existing record (as exported)' },
  ],
};

/** The virtual columns a resource accepts (always including `id`). */
export function virtualColumns(resource: ResourceSpec): readonly VirtualColumn[] {
  return [ID_COLUMN, ...(VIRTUAL[resource.name] ?? [])];
}

/** The comparison form of a column name: lower case, without blanks and underscores. */
export function normalizeLabel(label: string): string {
  return label
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_]+/g, '');
}

/** Every accepted spelling (normalized) → its target, built once per resource. */
export function columnAliases(resource: ResourceSpec): Map<string, string> {
  const aliases = new Map<string, string>();
  const add = (label: string, target: string) => {
    const key = normalizeLabel(label);
    if (!aliases.has(key)) aliases.set(key, target);
  };
  // Our own names win over importer labels when both spell the same.
  for (const f of resource.fields) add(f.name, f.name);
  for (const v of virtualColumns(resource)) add(v.name, v.name);
  for (const f of resource.fields) for (const l of f.csvLabels ?? []) add(l, f.name);
  for (const v of virtualColumns(resource)) for (const l of v.labels) add(l, v.name);
  return aliases;
}

/** All valid targets of `--map` for a resource. */
export function columnTargets(resource: ResourceSpec): string[] {
  return [...resource.fields.map((f) => f.name), ...virtualColumns(resource).map((v) => v.name)];
}

/**
 * Parses `--map 'Column=field'` values and a `--map-file` object into one normalized map. An empty
 * target (`'Notes='`) means "ignore this column" without a warning.
 * @throws UsageError for a malformed entry or an unknown field
 */
export function parseMapOptions(
  resource: ResourceSpec,
  maps: readonly string[],
  mapFile?: Record<string, unknown>,
): Map<string, string | null> {
  const targets = new Set(columnTargets(resource));
  const out = new Map<string, string | null>();
  const add = (column: string, field: string, source: string) => {
    const target = field.trim();
    if (target !== '' && !targets.has(target)) {
      // (the two sides the other way round, `title=Titel`: say which way they go)
      const swapped = targets.has(column.trim())
        ? `the form is COLUMN=field: did you mean "${target}=${column.trim()}"? `
        : '';
      throw new UsageError(
        `${source}: "${target}" is not a field of ${resource.name}`,
        `${swapped}fields: ${[...targets].join(', ')}`,
        'bad-map',
      );
    }
    out.set(normalizeLabel(column), target === '' ? null : target);
  };
  for (const [column, field] of Object.entries(mapFile ?? {})) {
    if (typeof field !== 'string') throw new UsageError(`--map-file: the value for "${column}" must be a string`);
    add(column, field, '--map-file');
  }
  for (const entry of maps) {
    const at = entry.lastIndexOf('=');
    if (at <= 0) throw new UsageError(`--map "${entry}": expected 'Column Name=field'`, undefined, 'bad-map');
    add(entry.slice(0, at), entry.slice(at + 1), `--map "${entry}"`);
  }
  return out;
}

/** How the columns of one input map onto fields. */
export interface ColumnMapping {
  /** column name → target field (absent: ignored) */
  targets: Map<string, string>;
  /** columns that matched nothing (warned once, or an error with --strict) */
  unknown: string[];
}

/**
 * Maps the columns of a header. `--map` entries win, then field names, then importer labels.
 * @throws UsageError when two columns feed the same field, or for unknown columns with `strict`
 */
export function mapColumns(
  resource: ResourceSpec,
  header: readonly string[],
  overrides: Map<string, string | null>,
  strict: boolean,
): ColumnMapping {
  const aliases = columnAliases(resource);
  const targets = new Map<string, string>();
  const used = new Map<string, string>();
  const unknown: string[] = [];
  // Keys a record carries but that cannot be written (count, url, rest_url …): a file of exported
  // records has them, and skipping them is expected, not worth a warning.
  const generated = new Set(resource.recordKeys.map(normalizeLabel));
  for (const column of header) {
    const key = normalizeLabel(column);
    if (key === 'error') continue; // the column our own rejects file adds: re-importing it is normal
    const target = overrides.has(key) ? overrides.get(key) : aliases.get(key);
    if (target === null) continue;
    if (target === undefined) {
      if (!generated.has(key)) unknown.push(column);
      continue;
    }
    const other = used.get(target);
    if (other !== undefined) {
      throw new UsageError(
        `columns "${other}" and "${column}" both map to ${target}`,
        `keep one, or map one elsewhere with --map '${column}=…'`,
        'bad-map',
      );
    }
    used.set(target, column);
    targets.set(column, target);
  }
  if (strict && unknown.length > 0) {
    throw new UsageError(
      `unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      `map them with --map 'Column=field' (fields: ${columnTargets(resource).join(', ')}) or drop --strict`,
      'unknown-column',
    );
  }
  return { targets, unknown };
}
