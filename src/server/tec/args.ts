/**
 * Arguments of the `tec/v1` routes: their schema (as the namespace index and `/docs` show it), how the
 * site validates each kind (common/src/Common/REST/TEC/V1/Parameter_Types/*::get_validator) and how it
 * sanitizes the value before the handler sees it (…::get_sanitizer). See docs/fidelity/tec-v1.md.
 */
import { sanitizeTextField as wpSanitizeTextField } from '../../wptext/index.js';
import type { Detail } from '../rest/args.js';
import { parseTimeToWall } from '../time/strtotime.js';

/** How a value is checked and cleaned, one per parameter class of the plugin. */
export type ArgKind =
  | 'positive' // Positive_Integer
  | 'integer' // Integer
  | 'text' // Text without enum or pattern
  | 'enum' // Text with an enum
  | 'datetime' // Date_Time (any strtotime text or a number)
  | 'datetime-strict' // Date_Time with a pattern (request bodies): the pattern is checked first
  | 'uri' // URI (filter_var … FILTER_VALIDATE_URL)
  | 'email' // Email (is_email)
  | 'boolean' // Boolean: anything goes
  | 'ids' // Array_Of_Type of Positive_Integer
  | 'statuses'; // Array_Of_Type of Text checked by Post_Entity_Endpoint::validate_status

export interface TecArg {
  name: string;
  kind: ArgKind;
  /** our own words */
  description: string;
  type: 'integer' | 'string' | 'boolean' | 'array';
  default?: unknown;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  /** for `ids`/`statuses`: a custom check replacing the item check (venue and organizer filters) */
  check?: (value: unknown) => boolean;
  /** example value for `/docs` */
  example?: unknown;
}

export const STRICT_DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';
export const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$';
export const ALLOWED_STATUS = ['publish', 'pending', 'draft', 'future', 'private'] as const;

/** PHP's is_numeric for the values a request carries. */
export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'string') return false;
  return /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(v);
}

/** `(int) $v == $v` for a numeric value: a whole number. */
const isWhole = (v: unknown) => Number.isInteger(Number(v));

const detail = (name: string, code: string, message: string, more: string): Detail => ({
  code,
  message,
  data: { status: 400, argument: name, details: more },
});

function positiveDetail(name: string): Detail {
  return detail(
    name,
    'tec_rest_invalid_positive_integer_argument',
    `Argument \`{${name}}\` must be a whole number above zero.`,
    `The value given for \`{${name}}\` is not a whole number above zero.`,
  );
}

/** Positive_Integer's check; its failure names the parameter (`example` inside arrays, as on the site). */
export function checkPositive(v: unknown, name: string): true | Detail {
  return isNumeric(v) && isWhole(v) && Number(v) > 0 ? true : positiveDetail(name);
}

/** PHP's is_serialized, enough to refuse serialized payloads in text fields. */
const SERIALIZED = /^(?:N;|b:[01];|i:-?\d+;|d:[^;]+;|s:\d+:".*";|a:\d+:\{.*\}|O:\d+:".*":\d+:\{.*\})$/s;

/** The two comma forms the plugin accepts for list parameters: an array, or a text with a comma. */
function listValue(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (v !== null && typeof v === 'object') return Object.values(v as Record<string, unknown>);
  if (typeof v === 'string' && v.includes(',')) return v.split(',');
  return null;
}

/** PHP's FILTER_VALIDATE_URL, closely enough: a scheme, then a host or a path. */
function isUrl(v: unknown): boolean {
  if (typeof v !== 'string' || /\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return /^[a-z][a-z0-9+.-]*:$/i.test(u.protocol) && (u.host !== '' || /^(mailto|news|file):$/.test(u.protocol));
  } catch {
    return false;
  }
}

/** WordPress's is_email: local part, `@`, a domain of at least two labels, 6 characters or more. */
function isEmail(v: unknown): boolean {
  if (typeof v !== 'string' || v.length < 6) return false;
  const at = v.lastIndexOf('@');
  if (at < 1) return false;
  const local = v.slice(0, at);
  const labels = v.slice(at + 1).split('.');
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) || labels.length < 2) return false;
  return labels.every((l) => /^[a-z0-9-]+$/i.test(l) && !l.startsWith('-') && !l.endsWith('-'));
}

/** Validates one argument: true, false (the generic "invalid" entry) or the plugin's typed detail. */
export function validateArg(arg: TecArg, v: unknown): true | false | Detail {
  const { name } = arg;
  switch (arg.kind) {
    case 'positive':
      return checkPositive(v, name);
    case 'integer':
      return isNumeric(v) && isWhole(v)
        ? true
        : detail(
            name,
            'tec_rest_invalid_integer_argument',
            `Argument \`{${name}}\` must be a whole number.`,
            `The value given for \`{${name}}\` is not a whole number.`,
          );
    case 'text':
      return typeof v === 'string' && !SERIALIZED.test(v.trim());
    case 'enum':
      return typeof v === 'string' && (arg.enum ?? []).includes(v);
    case 'boolean':
      return true;
    case 'uri':
      return isUrl(v)
        ? true
        : detail(
            name,
            'tec_rest_invalid_uri_argument',
            `Argument \`{${name}}\` must be a URL.`,
            `The value given for \`{${name}}\` is not a URL.`,
          );
    case 'email':
      return isEmail(v)
        ? true
        : detail(
            name,
            'tec_rest_invalid_email_argument',
            `Argument \`{${name}}\` must be an e-mail address.`,
            `The value given for \`{${name}}\` is not an e-mail address.`,
          );
    case 'datetime':
    case 'datetime-strict': {
      const code = 'tec_rest_invalid_date_time_argument';
      const pattern = arg.kind === 'datetime-strict' ? (arg.pattern ?? STRICT_DATE) : null;
      if (pattern !== null && !new RegExp(pattern).test(String(v)))
        return detail(
          name,
          code,
          `Argument \`{${name}}\` does not have the expected form.`,
          `The value given for \`{${name}}\` does not have the form of the pattern \`${pattern}\`.`,
        );
      const parsed =
        isNumeric(v) || (typeof v === 'string' && parseTimeToWall(v, { now: new Date(), timezone: 'UTC' }) !== null);
      return parsed
        ? true
        : detail(
            name,
            code,
            `Argument \`{${name}}\` must be a date and time.`,
            `The value given for \`{${name}}\` cannot be read as a date-time.`,
          );
    }
    case 'statuses': {
      const list = typeof v === 'string' ? v.split(',') : listValue(v);
      return list?.every((s) => (ALLOWED_STATUS as readonly unknown[]).includes(s)) ?? false;
    }
    case 'ids': {
      if (arg.check) return arg.check(v);
      const list = listValue(v);
      if (list === null) return false;
      for (const item of list) {
        const verdict = checkPositive(item, 'example');
        if (verdict !== true) return verdict;
      }
      return true;
    }
  }
}

/** WordPress's sanitize_text_field: no tags, no line breaks or runs of blanks, no %-octets, trimmed. */
export function sanitizeTextField(v: unknown): string {
  return wpSanitizeTextField(typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
}

/** PHP's `(bool)` of a request value. */
export const phpBool = (v: unknown): boolean =>
  !(v === false || v === 0 || v === '' || v === '0' || v === null || (Array.isArray(v) && v.length === 0));

/** The value after the parameter's sanitizer, as the handler and the paging links see it. */
export function sanitizeArg(arg: TecArg, v: unknown): unknown {
  switch (arg.kind) {
    case 'positive':
      return Math.abs(Math.trunc(Number(v)));
    case 'integer':
      return Math.trunc(Number(v));
    case 'text':
    case 'datetime':
    case 'datetime-strict':
      return arg.pattern || arg.enum ? v : sanitizeTextField(v);
    case 'boolean':
      return phpBool(v);
    case 'ids': {
      const list = listValue(v) ?? [v];
      return list.map((x) => Math.abs(Math.trunc(Number(x))) || 0);
    }
    case 'statuses':
      return typeof v === 'string' ? (v.includes(',') ? v.split(',') : [v]) : (listValue(v) ?? [v]);
    default:
      return v;
  }
}

/** The argument as the namespace index lists it (WordPress's route description). */
export function describeArg(arg: TecArg): Record<string, unknown> {
  const out: Record<string, unknown> = { description: arg.description, type: arg.type };
  if (arg.kind === 'ids') out.items = { type: 'integer' };
  if (arg.kind === 'statuses') out.items = { type: 'string', enum: [...ALLOWED_STATUS] };
  if (arg.default !== undefined) out.default = arg.default;
  if (arg.maximum !== undefined) out.maximum = arg.maximum;
  if (arg.minimum !== undefined) out.minimum = arg.minimum;
  if (arg.format) out.format = arg.format;
  if (arg.pattern) out.pattern = arg.pattern;
  if (arg.type === 'array') out.uniqueItems = true;
  if (arg.enum && arg.type !== 'array') out.enum = [...arg.enum];
  out.required = false;
  return out;
}
