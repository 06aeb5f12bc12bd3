/**
 * Column mapping for imports, derived from the catalog: a column is recognised by our field name or
 * by one of the site importer's labels (`csvLabels`), case-, space- and underscore-insensitively.
 * The few importer columns that are not API fields (separate time columns, currency parts, a second
 * address line) are "virtual" targets folded into real fields when a row is converted.
 */
import type { ResourceName, ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../errors/index.js';
import { COLUMN_WORDS } from './column-words.js';
import { VENUE_DETAILS } from './source-item.js';

export { VENUE_DETAILS };

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
    {
      name: 'day',
      labels: [],
      description: 'the day of the event: start and end cells that hold only a time (or nothing) fall on it',
    },
    { name: 'duration', labels: [], description: 'how long the event lasts (90m, 2h, 1:30): end = start + it' },
    ...VENUE_DETAILS.map(([name, field]) => ({
      name,
      labels: [],
      description: `the venue's ${field}, used when the venue is created`,
    })),
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

/**
 * The comparison form of a column name: lower case, accents folded, without blanks, underscores and
 * punctuation (`Début` = `debut`, `All-day` = `All Day`, `E-mail` = `Email`).
 */
export function normalizeLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\s_\-.:'’"()[\]/]+/g, '');
}

/**
 * Field names that are everyday words in a sheet: a column headed `Date` holds the event's day, not
 * WordPress's publication date (which a sheet names `Publish date` or `post_date`). Records (JSON,
 * NDJSON: keys exactly as a site shows them) keep the field.
 */
const EVERYDAY_NAMES: Partial<Record<ResourceName, ReadonlySet<string>>> = { events: new Set(['date']) };

/**
 * Every accepted spelling (normalized) → its target, built once per resource.
 * @param records the input is records (JSON, NDJSON) whose keys are field names as a site writes them
 */
export function columnAliases(resource: ResourceSpec, records = false): Map<string, string> {
  const aliases = new Map<string, string>();
  const add = (label: string, target: string) => {
    const key = normalizeLabel(label);
    if (!aliases.has(key)) aliases.set(key, target);
  };
  const everyday = records ? undefined : EVERYDAY_NAMES[resource.name];
  // Our own names win over importer labels when both spell the same.
  for (const f of resource.fields) if (!everyday?.has(f.name)) add(f.name, f.name);
  for (const v of virtualColumns(resource)) add(v.name, v.name);
  for (const f of resource.fields) for (const l of f.csvLabels ?? []) add(l, f.name);
  for (const v of virtualColumns(resource)) for (const l of v.labels) add(l, v.name);
  for (const [target, words] of Object.entries(COLUMN_WORDS[resource.name] ?? {}))
    for (const w of words) add(w, target);
  return aliases;
}

/**
 * Whether a header names its target in our words or the site importer's (`start_date`, `Event Start
 * Date`), as opposed to an everyday word (`Date`, `Beginn`): the columns read from everyday words are
 * said once, so that nobody has to guess how a sheet was read.
 */
export function isOwnLabel(resource: ResourceSpec, column: string, target: string): boolean {
  const key = normalizeLabel(column);
  if (normalizeLabel(target) === key) return true;
  const field = resource.fields.find((f) => f.name === target);
  const labels = field?.csvLabels ?? virtualColumns(resource).find((v) => v.name === target)?.labels ?? [];
  return labels.some((l) => normalizeLabel(l) === key);
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
  records = false,
): ColumnMapping {
  const aliases = columnAliases(resource, records);
  const targets = new Map<string, string>();
  const used = new Map<string, string>();
  const unknown: string[] = [];
  // Keys a record carries but that cannot be written (count, url, rest_url …): a file of exported
  // records has them, and skipping them is expected, not worth a warning.
  const generated = new Set(resource.recordKeys.map(normalizeLabel));
  // Two passes: `--map`, field names and importer labels first, then everyday words for the targets
  // still free, so that `Event Start Date` wins over `When` whatever their order; a second everyday
  // word for a taken target is left unread (and warned), never an error.
  const everyday: string[] = [];
  for (const column of header) {
    const key = normalizeLabel(column);
    if (key === 'error') continue; // the column our own rejects file adds: re-importing it is normal
    const target = overrides.has(key) ? overrides.get(key) : aliases.get(key);
    if (target === null) continue;
    if (target === undefined) {
      if (!generated.has(key)) unknown.push(column);
      continue;
    }
    if (!overrides.has(key) && !isOwnLabel(resource, column, target)) {
      everyday.push(column);
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
  for (const column of everyday) {
    const target = aliases.get(normalizeLabel(column)) as string;
    if (used.has(target)) {
      unknown.push(column);
      continue;
    }
    used.set(target, column);
    targets.set(column, target);
  }
  // (back in the header's order, for messages and the note on how the columns were read)
  const order = new Map(header.map((c, i) => [c, i]));
  const sorted = new Map([...targets].sort((a, b) => (order.get(a[0]) ?? 0) - (order.get(b[0]) ?? 0)));
  unknown.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  if (strict && unknown.length > 0) {
    throw new UsageError(
      `unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      `map them with --map 'Column=field' (fields: ${columnTargets(resource).join(', ')}) or drop --strict`,
      'unknown-column',
    );
  }
  return { targets: sorted, unknown };
}
