/**
 * Query and form encoding in the PHP style WordPress reads: arrays as repeated `key[]=v`, nested
 * objects as `key[sub]=v`. PHP reads `x[]=a&x[]=b` and `http_build_query`'s `x[0]=a&x[1]=b` into the
 * same array; checked on a real site (WordPress 7.0, The Events Calendar 6.16.5) for every list filter
 * and for the writes' `categories`, `tags` and `organizer`. Comma lists are read by the list filters
 * but NOT by a write's `organizer` (400 `could-not-create-organizer`), so writes send arrays.
 */

/** A value a query or form parameter may take. */
export type ParamValue = string | number | boolean | null | undefined | readonly ParamValue[] | ParamObject;
/** An object of parameters (nested objects are sent with bracket keys). */
export interface ParamObject {
  readonly [key: string]: ParamValue;
}

/**
 * Appends one parameter to `params`. `undefined` is skipped (an unset option); `null` is sent as an
 * empty value, which WordPress reads as "clear this".
 */
export function appendParam(params: URLSearchParams, key: string, value: ParamValue): void {
  if (value === undefined) return;
  if (value === null) {
    params.append(key, '');
  } else if (Array.isArray(value)) {
    (value as readonly ParamValue[]).forEach((item, index) => {
      // Arrays of objects need indices, or PHP would merge the objects into one.
      const itemKey = typeof item === 'object' && item !== null ? `${key}[${index}]` : `${key}[]`;
      appendParam(params, itemKey, item);
    });
  } else if (typeof value === 'object') {
    for (const [sub, inner] of Object.entries(value as ParamObject)) appendParam(params, `${key}[${sub}]`, inner);
  } else {
    params.append(key, String(value));
  }
}

/** Encodes an object of parameters (for a query string or a form body). */
export function encodeParams(values: ParamObject): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) appendParam(params, key, value);
  return params;
}

/** The URL as it may be shown: credentials in the user-info part are masked. */
export function redactUrl(url: URL | string): string {
  const copy = new URL(typeof url === 'string' ? url : url.href);
  if (copy.username || copy.password) {
    copy.username = '***';
    copy.password = '';
  }
  return copy.href;
}

/** A value put together from PHP-style keys ({@link assignPhpKey}). */
export type PhpValue = unknown;

/**
 * The segments of a PHP-style parameter name, as PHP splits it (`main/php_variables.c`): `a[b][]`
 * → `['a', 'b', '']` (`''` appends). A name whose brackets do not close is one plain name.
 */
export function phpKeySegments(key: string): string[] {
  const match = /^([^[]+)((?:\[[^\]]*\])+)$/.exec(key);
  if (!match) return [key];
  const subs = [...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? key, ...subs];
}

/** The next index PHP gives `x[]`: one past the largest integer key so far (0 for none). */
function nextIndex(target: Record<string, PhpValue>): string {
  let next = 0;
  for (const k of Object.keys(target)) if (/^(0|[1-9]\d*)$/.test(k)) next = Math.max(next, Number(k) + 1);
  return String(next);
}

/**
 * Sets `key=value` in `target` the way PHP fills `$_GET`/`$_POST` from a query or form: `a[]=v`
 * appends, `a[0]=v` and `a[k]=v` set a key, `a[k][]=v` nests. Read the result with
 * {@link phpLists} to turn PHP's lists (keys 0…n-1) into arrays, as `json_encode` does.
 */
export function assignPhpKey(target: Record<string, PhpValue>, key: string, value: PhpValue): void {
  const segments = phpKeySegments(key);
  let node = target;
  segments.forEach((segment, i) => {
    const name = segment === '' && i > 0 ? nextIndex(node) : segment;
    if (i === segments.length - 1) {
      node[name] = value;
      return;
    }
    const inner = node[name];
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) node[name] = {};
    node = node[name] as Record<string, PhpValue>;
  });
}

/** Objects whose keys are 0…n-1 in order become arrays (PHP's lists), at every depth. */
export function phpLists(value: PhpValue): PhpValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, PhpValue>).map(([k, v]) => [k, phpLists(v)] as const);
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}
