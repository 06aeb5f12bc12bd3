/**
 * Query and form encoding in the PHP style WordPress reads: arrays as repeated `key[]=v`, nested
 * objects as `key[sub]=v`.
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
