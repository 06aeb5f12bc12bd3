/**
 * Arguments as the plugin's routes declare and check them (register_rest_route's `args`: a validate
 * callback, then the schema type), and the PHP value rules those checks use.
 */
import { phpArrayValues } from '../http/php-vars.js';
import type { RequestScope } from '../site.js';

/** A typed validation failure, reported under `data.details` like WordPress's schema checks. */
export interface Detail {
  code: string;
  message: string;
  data?: Record<string, unknown>;
}

/** true = valid; false = invalid (no detail); Detail = invalid with a typed detail. */
export type Verdict = true | false | Detail;

export interface ArgDef {
  name: string;
  required: boolean;
  description: string;
  /** advertised in the namespace root and /doc */
  schema: { type?: string; items?: { type: string }; format?: string; default?: unknown };
  /** the plugin's `validate_callback`: every one runs first, and any failure ends the request */
  validate?: (value: unknown, scope: RequestScope, all: Record<string, unknown>) => Verdict;
  /**
   * WordPress's sanitize step (rest_parse_request_arg): the schema type, checked only once every
   * validate callback has passed (WP_REST_Server validates, then sanitizes).
   */
  typeCheck?: (value: unknown, scope: RequestScope, all: Record<string, unknown>) => Verdict;
}

/** PHP's `empty()`: null, false, 0, '0', '' and an empty array (a list or an object without keys). */
export const phpEmpty = (v: unknown): boolean =>
  v === null || v === undefined || v === false || v === 0 || v === '0' || v === '' || phpArrayValues(v)?.length === 0;

export const isDigits = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'string' && /^\d+$/.test(v));

export const typeDetail = (param: string, type: string): Detail => ({
  code: 'rest_invalid_type',
  message: `${param} is not of type ${type}.`,
  data: { param },
});

/** JSON-schema booleans as WordPress accepts them: true/false, "true"/"false", "1"/"0", 1/0. */
export function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  const s = typeof v === 'string' ? v.toLowerCase() : v;
  if (s === 1 || s === '1' || s === 'true') return true;
  if (s === 0 || s === '0' || s === 'false' || s === '') return false;
  return undefined;
}

/**
 * The plugin's tribe_is_truthy: a boolean as it is; a string true only when it is one of `1`,
 * `enable`, `enabled`, `on`, `y`, `yes`, `true` in any case; anything else by PHP's cast to boolean.
 */
export function tribeIsTruthy(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return ['1', 'enable', 'enabled', 'on', 'y', 'yes', 'true'].includes(v.toLowerCase());
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (v === null || v === undefined) return false;
  return phpArrayValues(v)?.length !== 0;
}

/** Loose truthiness of PHP for settings such as show_map on venues ("false", "0", "" → false). */
export function looseBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    return !(s === '' || s === '0' || s === 'false' || s === 'no' || s === 'off');
  }
  return v !== null && v !== undefined;
}

export function typed(name: string, type: string): NonNullable<ArgDef['validate']> {
  return (v) => {
    // (rest_is_boolean: an empty string is not a boolean)
    if (type === 'boolean') return v === '' || toBool(v) === undefined ? typeDetail(name, 'boolean') : true;
    if (type === 'integer')
      return isDigits(v) || (typeof v === 'string' && /^-\d+$/.test(v)) ? true : typeDetail(name, 'integer');
    if (type === 'number')
      return typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))
        ? true
        : typeDetail(name, 'number');
    if (type === 'string') return typeof v === 'string' ? true : typeDetail(name, 'string');
    return true;
  };
}

/**
 * Splits an array-or-CSV parameter into trimmed, non-empty strings; undefined when not a list. Any PHP
 * array counts, whatever its keys (`x[0]=a`, `x[]=a`, `x[k]=a`), as Tribe__Utils__Array::list_to_array
 * reads one: by its values.
 */
export function listOf(v: unknown): string[] | undefined {
  const values = phpArrayValues(v);
  if (values) {
    if (!values.every((x) => typeof x === 'string' || typeof x === 'number')) return undefined;
    return values.map((x) => String(x).trim()).filter((x) => x !== '');
  }
  if (typeof v === 'number') return [String(v)];
  if (typeof v === 'string')
    return v
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
  return undefined;
}

/** The plugin's is_string: a string that is not empty in PHP's sense (`'0'` is empty) nor blank. */
export const isNonEmptyString = (v: unknown): boolean => typeof v === 'string' && v !== '' && v !== '0';
