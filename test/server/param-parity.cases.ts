/**
 * The cases of the validation parity test, derived from the catalog: every list parameter and every
 * writable field of the five resources, each with valid and invalid values chosen by its type and
 * meaning. `{event}`, `{venue}` … stand for the id of a record the test creates first on each site.
 */
import { catalog, type FieldSpec, type ParamSpec, type ResourceSpec } from '../../src/catalog/index.js';

export interface ParityCase {
  /** a stable key: `GET events status="any"` */
  key: string;
  method: 'GET' | 'POST';
  resource: ResourceSpec['name'];
  name: string;
  value: unknown;
}

/** The records every site gets before the cases run: placeholders name them. */
export const PLACEHOLDERS = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
/** `{unique}`: a name no record has yet (a new one per request). */
export const UNIQUE = '{unique}';
const LINK_PLACEHOLDER: Record<string, string> = {
  events: '{event}',
  venues: '{venue}',
  organizers: '{organizer}',
  categories: '{category}',
  tags: '{tag}',
};

function paramValues(p: ParamSpec): unknown[] {
  if (p.name === 'status') return ['publish', 'draft,publish', 'draft,,trash', 'any', 'inherit', 'bogus', ''];
  if (p.choices && p.type !== 'boolean') return [...p.choices.filter((c) => c !== 'any'), 'bogus', ''];
  if (p.semantic === 'date') return ['2027-01-01', '2027-01-01 10:00:00', 'tomorrow', '1767225600', 'bogus', ''];
  if (p.type === 'boolean') return ['true', 'false', '1', '0', 'yes', 'bogus', ''];
  if (p.link) return [LINK_PLACEHOLDER[p.link], '999999', 'abc', '-1', ''];
  if (p.type === 'integer') return ['1', '0', '-1', 'abc', '1.5', ''];
  if (p.type === 'number') return ['45.5', '-200', 'abc', ''];
  if (p.type === 'list') return ['999999', 'no-such-slug', '1,abc', ''];
  return ['x', '', 'two words'];
}

function fieldValues(f: FieldSpec): unknown[] {
  if (f.semantic === 'date') return ['2027-01-01 10:00', 'tomorrow', 1767225600, 'bogus', ''];
  if (f.semantic === 'status') return ['draft', 'pending', 'inherit', 'any', 'bogus', ''];
  if (f.semantic === 'timezone') return ['Europe/Paris', 'UTC+2', 'Mars/Base', '', 5];
  if (f.semantic === 'url')
    return ['https://example.org/a', 'ftp://files.example.org', 'mailto:a@b.co', 'not a url', 'http://', '', 5];
  if (f.semantic === 'cost') return ['10', 'free', [5, 10], ''];
  if (f.type === 'boolean') return [true, 'true', 0, 'yes', '', 5];
  if (f.link) return [LINK_PLACEHOLDER[f.link], 999999, 'nope', '', 0, '0', [], false];
  if (f.type === 'list') return [[], [999999], ['a new one'], ''];
  if (f.type === 'integer') return [1, '1', 'abc', -1, 999999, ''];
  if (f.name === 'image') return ['', 0, 12, 'https://example.org/a.png'];
  if (f.semantic === 'name') return ['{unique}', '', '0', 5];
  return ['x', '', 0, '0', 5, ['a']];
}

export function parityCases(): ParityCase[] {
  const cases: ParityCase[] = [];
  const add = (method: 'GET' | 'POST', r: ResourceSpec, name: string, value: unknown) =>
    cases.push({ key: `${method} ${r.name} ${name}=${JSON.stringify(value)}`, method, resource: r.name, name, value });
  for (const r of catalog) {
    for (const p of r.listParams) for (const v of paramValues(p)) add('GET', r, p.name, v);
    for (const f of r.fields) for (const v of fieldValues(f)) add('POST', r, f.name, v);
  }
  return cases;
}

/**
 * What a site's answer says about a case: the status, and for a 400 the code, then each refused
 * parameter with `type` when WordPress's schema check refused it (a `details` entry), else `callback`.
 */
export function outcomeOf(status: number, body: unknown): string {
  if (status < 400) return String(status);
  const b = (body ?? {}) as { code?: string; data?: { params?: Record<string, string>; details?: unknown } };
  const details = (b.data?.details ?? {}) as Record<string, unknown>;
  const params = Object.keys(b.data?.params ?? {})
    .sort()
    .map((p) => `${p}:${Object.hasOwn(details, p) ? 'type' : 'callback'}`);
  return [status, b.code, ...params].join(' ');
}
