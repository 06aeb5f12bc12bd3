/**
 * Records chosen by filter for a bulk change: `--where NAME=VALUE` with every filter of the list
 * (`category=music`, `venue="Town Hall"`, `status=draft`, `search=jazz`), dates with a comparison
 * (`end_date<2025-01-01`, `start_date>=2026-06-01`), and `--before DATE` for events that ended
 * before it. A filter is written apart from the fields an update sets (`--venue Y` sets the venue,
 * `--where venue=X` chooses by it), so one can never be taken for the other.
 */
import { ALL_EVENTS_WINDOW, type ParamSpec, type ResourceSpec } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import { dateZone } from '../shared.js';
import type { Runtime } from '../types.js';
import { resolveLinks } from './links.js';
import { toQuery } from './values.js';

/** Words people write for a filter's name (`category` for `categories`). */
const ALIASES: Record<string, string> = { category: 'categories', tag: 'tags', start: 'start_date', end: 'end_date' };

/** A date filter with a comparison, as the list's parameters say it. */
const DATE_OPS: Record<string, Record<string, string>> = {
  start_date: { '<': 'starts_before', '>': 'starts_after', '>=': 'start_date', '=': 'start_date' },
  end_date: { '<': 'ends_before', '>': 'ends_after', '<=': 'end_date', '=': 'end_date' },
};

const WHERE = /^\s*([A-Za-z][\w -]*?)\s*(<=|>=|<|>|=)\s*(.*)$/s;

/** A day written alone (`2025-01-01`) as the first second of it; anything else as written. */
const dayStart = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()} 00:00:00` : value);

/** `--where` entries and `--before` as the list's raw parameters. */
export function parseWhere(
  resource: ResourceSpec,
  entries: readonly string[],
  before?: string | undefined,
): Record<string, unknown> {
  const names = new Map(resource.listParams.map((p) => [p.name, p]));
  const usable = resource.listParams.filter((p) => !['page', 'per_page'].includes(p.name)).map((p) => p.name);
  const raw: Record<string, unknown> = {};
  const set = (name: string, value: string, entry: string) => {
    if (raw[name] !== undefined)
      throw new UsageError(`--where ${entry}: ${name} is chosen twice`, 'give each filter once', 'bad-where');
    raw[name] = value;
  };
  for (const entry of entries) {
    const m = WHERE.exec(entry);
    if (!m) {
      throw new UsageError(
        `--where "${entry}": expected NAME=VALUE (or a date with <, >, <=, >=)`,
        `e.g. --where category=music --where "end_date<2025-01-01"`,
        'bad-where',
      );
    }
    const typed = (m[1] ?? '').trim().toLowerCase().replace(/[ -]+/g, '_');
    const name = ALIASES[typed] ?? typed;
    const op = m[2] as string;
    const value = (m[3] ?? '').trim();
    const dated = DATE_OPS[name];
    if (resource.name === 'events' && dated) {
      const param = dated[op];
      if (!param)
        throw new UsageError(
          `--where ${entry}: ${name} takes ${Object.keys(dated).join(' ')}`,
          `${name} < DATE chooses what ${name === 'start_date' ? 'starts' : 'ends'} before it`,
          'bad-where',
        );
      // (`< 2025-01-01` is before that day begins: a date alone would be read as its last second)
      set(param, op === '<' || op === '>=' ? dayStart(value) : value, entry);
      continue;
    }
    const spec: ParamSpec | undefined = names.get(name);
    if (!spec || name === 'page' || name === 'per_page') {
      throw new UsageError(
        `--where ${entry}: ${resource.name} have no filter "${typed}"`,
        `filters: ${usable.join(', ')}`,
        'bad-where',
      );
    }
    if (op !== '=') throw new UsageError(`--where ${entry}: ${name} is compared with = only`, undefined, 'bad-where');
    set(name, value, entry);
  }
  if (before !== undefined) {
    if (resource.name !== 'events') throw new UsageError('--before is for events', 'use --where for other resources');
    set('ends_before', dayStart(before), `--before ${before}`);
  }
  // (the plugin widens a date filter to the end of its day unless asked for strict dates: `< 2025-01-01
  // 00:00` must not take an event that ends that morning)
  if (Object.values(DATE_OPS).some((ops) => Object.values(ops).some((p) => raw[p] !== undefined)))
    raw.strict_dates = 'true';
  return raw;
}

/** Whether any filter was given (a bulk change with none would touch every record). */
export const hasFilters = (raw: Record<string, unknown>) => Object.keys(raw).length > 0;

/**
 * The list query that names exactly the filtered records, every page and every date the filters leave
 * open (a list's own default window, "from yesterday on", would hide past events from a bulk change).
 */
export async function whereQuery(
  rt: Runtime,
  resource: ResourceSpec,
  raw: Record<string, unknown>,
): Promise<Record<string, string | number | boolean>> {
  const values = { ...raw };
  await resolveLinks(rt, resource.listParams, values, { split: true });
  const query = (await toQuery(resource, values, {
    now: rt.ctx.now(),
    timezone: () => dateZone(rt),
    format: rt.globals().dateFormat,
  })) as Record<string, string | number | boolean>;
  query.per_page = 50;
  if (resource.name === 'events') {
    // (the site applies its default window to a bound left open unless a starts_/ends_ filter is given)
    const relative = ['starts_before', 'starts_after', 'ends_before', 'ends_after'].some((k) => query[k] !== undefined);
    if (!relative) {
      query.start_date ??= ALL_EVENTS_WINDOW.start_date;
      query.end_date ??= ALL_EVENTS_WINDOW.end_date;
    }
  }
  if (resource.kind === 'term' && query.hide_empty === undefined) query.hide_empty = false;
  return query;
}
