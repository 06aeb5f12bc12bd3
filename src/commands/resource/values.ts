/**
 * Raw flag values → what the API takes: dates in the server format, switches as true/false, lists
 * as comma lists (query) or arrays with numeric ids (JSON body).
 */

import type { ParamObject, ParamValue } from '../../api/index.js';
import { costFromText, expandStatus, type FieldSpec, type ParamSpec, type ResourceSpec } from '../../catalog/index.js';
import type { DateFormat } from '../../dates/numeric.js';
import { UsageError } from '../../errors/index.js';
import { isSwitch } from './flags.js';

/**
 * How date flags are read. The zone may be a lookup (a remote site's zone comes from its REST index):
 * it runs only when a date value is actually given.
 */
export interface DateContext {
  now: Date;
  timezone: string | (() => Promise<string>);
  /** the site's own zone, for dates a site reads in it (publication dates); absent: `timezone` */
  siteZone?: string | (() => Promise<string>) | undefined;
  /** `--date-format`: the order of numeric dates */
  format?: DateFormat | undefined;
}

/** The zone a date of this field is read in: the site reads publication dates in its own zone or UTC. */
async function zoneFor(readIn: FieldSpec['dateZone'], dates: DateContext): Promise<string> {
  if (readIn === 'utc') return 'UTC';
  const zone = readIn === 'site' && dates.siteZone !== undefined ? dates.siteZone : dates.timezone;
  return typeof zone === 'function' ? await zone() : zone;
}

/** Bare days of these names mean their last second (an "until" bound). */
const END_OF_DAY = new Set(['end_date', 'ends_before']);

/**
 * A date flag in the server format, as wall time in the date zone; with `instant`, as the instant it
 * names (`2026-12-10T01:00:00Z`), for filters a site reads as exact times: the events list's
 * `strict_dates` reads a time without a zone as UTC (PHP's default zone on WordPress), whatever the
 * site's zone, so a wall time would be hours off west or east of UTC.
 */
async function parseDate(
  name: string,
  value: string,
  dates: DateContext,
  instant = false,
  readIn?: FieldSpec['dateZone'],
): Promise<string> {
  const { parseDateInput } = await import('../../dates/index.js');
  const timezone = await zoneFor(readIn, dates);
  try {
    const wall = await parseDateInput(value, {
      now: dates.now,
      timezone,
      endOfDay: END_OF_DAY.has(name),
      dateFormat: dates.format,
    });
    if (!instant) return wall;
    const { wallToUtc } = await import('../../clock/index.js');
    return `${wallToUtc(wall, timezone).replace(' ', 'T')}Z`;
  } catch (err) {
    if (err instanceof UsageError)
      throw new UsageError(`--${name.replace(/_/g, '-')}: ${err.message}`, err.hint, err.code);
    throw err;
  }
}

const numeric = (s: string): string | number => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : s);

function asBool(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The query of a list request from the raw flags (only the flags that were given). */
export async function toQuery(
  resource: ResourceSpec,
  raw: Record<string, unknown>,
  dates: DateContext,
): Promise<Record<string, ParamValue>> {
  const out: Record<string, ParamValue> = {};
  const exact = asBool(raw.strict_dates);
  for (const spec of resource.listParams) {
    const value = raw[spec.name];
    if (value === undefined) continue;
    out[spec.name] = await paramValue(spec, value, dates, exact);
  }
  return out;
}

async function paramValue(spec: ParamSpec, value: unknown, dates: DateContext, exact: boolean): Promise<ParamValue> {
  if (isSwitch(spec)) return asBool(value) ? 'true' : 'false';
  // A site refuses `status=any`: calctl's `any` is sent as the statuses it stands for.
  if (spec.semantic === 'status') return expandStatus((Array.isArray(value) ? value : [value]).map(String).join(','));
  if (Array.isArray(value)) return value.map(String).join(',');
  if (spec.semantic === 'date' && typeof value === 'string') return parseDate(spec.name, value, dates, exact);
  return value as ParamValue;
}

function parseJsonValue(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--${name}: not valid JSON: ${text}`, 'give an id, or a JSON object such as {"venue":"Hall"}');
  }
}

/** A linked value: an id stays a number, `{…}` is inline JSON for a new record, anything else a name. */
function linkValue(name: string, text: string): unknown {
  const t = text.trim();
  if (t.startsWith('{')) return parseJsonValue(name, t);
  return numeric(t);
}

async function fieldValue(spec: FieldSpec, value: unknown, dates: DateContext): Promise<unknown> {
  if (isSwitch(spec)) return asBool(value);
  if (Array.isArray(value)) {
    // `--organizer ''` and `--categories ''` clear the links.
    if (value.length === 1 && value[0] === '') return [];
    return value.map((v) => linkValue(spec.name, String(v)));
  }
  if (typeof value !== 'string') return value;
  if (spec.semantic === 'date') return parseDate(spec.name, value, dates, false, spec.dateZone);
  if (spec.semantic === 'cost') return costFromText(value);
  if (spec.link) return linkValue(spec.name, value);
  return value;
}

/** The JSON body of a write from the raw field flags (only the flags that were given). */
export async function toBody(
  resource: ResourceSpec,
  raw: Record<string, unknown>,
  dates: DateContext,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const spec of resource.fields) {
    const value = raw[spec.name];
    if (value === undefined) continue;
    out[spec.name] = await fieldValue(spec, value, dates);
  }
  return out;
}

/** Re-reads date strings of a `--data` body so `"start_date": "tomorrow 7pm"` works there too. */
export async function normalizeDataDates(
  resource: ResourceSpec,
  body: Record<string, unknown>,
  dates: DateContext,
): Promise<Record<string, unknown>> {
  const out = { ...body };
  for (const spec of resource.fields) {
    const value = out[spec.name];
    // Exact server dates (also WordPress's 0000-00-00 "not set") pass unchanged.
    if (spec.semantic === 'date' && typeof value === 'string' && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) {
      out[spec.name] = await parseDate(spec.name, value, dates, false, spec.dateZone);
    }
  }
  return out;
}

export type { ParamObject };
