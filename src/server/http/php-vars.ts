/**
 * How PHP turns the name=value pairs of a request into variables, as WordPress then reads them from
 * `$_GET`, `$_POST` and `parse_str()` (PHP 8.2's `php_register_variable_ex` in main/php_variables.c,
 * and the limits of php.ini: `max_input_vars`, `max_input_nesting_level`). Our own code; the rules:
 *
 * - Leading spaces of a name are dropped; a name is cut at a NUL byte.
 * - In the base name (before the first `[`), spaces and dots become `_`: `a.b c` is `a_b_c`.
 * - `a[k]` sets key `k` of array `a`; `a[]` (or `a[ ]`) appends at the next integer key (0 in an
 *   array without integer keys, else one above the largest so far: `a[-3]` then `a[]` is -2);
 *   `a[x][y]` nests. Keys that are canonical decimal
 *   integers (`0`, `12`, `-3`, not `01` or `+1`) are integer keys, everything else a string key.
 * - Text after a closing `]` that does not open another `[` is ignored: `a[x]junk` is `a[x]`.
 * - A `[` that is never closed is not an index: it and any later space, dot or `[` become `_`
 *   (`a[b` is `a_b`); deeper down, the pair lands on the last complete index (`a[x][y` is `a[x]`).
 * - A pair whose base name is empty (`[x]=1`, `=1`) is dropped.
 * - A later pair replaces an earlier value of the same key, and a scalar in the way of an index
 *   becomes an array (`a=1&a[x]=2` gives `a[x]`), keeping its place in the order.
 * - More than {@link MAX_NESTING} levels of `[...]` drops the whole variable, earlier values too.
 *
 * PHP arrays are ordered maps; they reach the server's code as JavaScript values: an array whose
 * keys are exactly 0, 1, … n-1 in that order (PHP's "list", what `array_values($a) === $a` tests) is
 * a JavaScript array, any other a plain object (a `__proto__` key is dropped). So `x[0]=a&x[1]=b` is `['a', 'b']` and `x[1]=b&x[0]=a`
 * is `{ 0: 'a', 1: 'b' }` (JavaScript orders integer-like keys: the only loss of PHP's order).
 */

/** A decoded request value: strings, and PHP arrays as lists or objects (see the module doc). */
export type ParamValue = string | ParamValue[] | { [key: string]: ParamValue };
export type Params = Record<string, ParamValue>;

/** php.ini `max_input_vars` (PHP's default, which the reference sites keep). */
export const MAX_INPUT_VARS = 1000;
/** php.ini `max_input_nesting_level`. */
export const MAX_NESTING = 64;

/** One PHP array under construction: insertion-ordered, integer keys kept apart from string keys. */
class PhpArray<T> {
  readonly entries = new Map<string, T | PhpArray<T>>();
  /** the key `[]` appends at: 0 until an integer key is set, then one above the largest so far */
  private next: bigint | null = null;

  get(key: string): T | PhpArray<T> | undefined {
    return this.entries.get(key);
  }

  set(key: string | null, value: T | PhpArray<T>): void {
    if (key === null) {
      // (an append past the largest integer PHP holds is refused: the pair is dropped)
      if (this.next !== null && this.next > INT_MAX) return;
      key = String(this.next ?? 0n);
    }
    this.entries.set(key, value);
    if (isIntKey(key)) {
      const n = BigInt(key);
      if (this.next === null || n >= this.next) this.next = n + 1n;
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

const INT_MAX = 9223372036854775807n;
const INT_MIN = -9223372036854775808n;

/** PHP's numeric string keys (ZEND_HANDLE_NUMERIC_STR): canonical decimal integers within 64 bits. */
function isIntKey(key: string): boolean {
  if (!/^(0|-?[1-9]\d*)$/.test(key) || key.length > 20) return false;
  const n = BigInt(key);
  return n >= INT_MIN && n <= INT_MAX;
}

/** A variable name split as PHP reads it: the base name and the indexes (`null` for `[]`). */
export interface VarPath {
  base: string;
  indexes: (string | null)[];
}

/**
 * Reads a decoded variable name into its base and indexes; `undefined` when PHP drops the pair
 * (empty base name). Indexes beyond {@link MAX_NESTING} are kept: {@link PhpVars.add} refuses them.
 */
export function readVarName(raw: string): VarPath | undefined {
  let name = raw;
  const nul = name.indexOf('\0');
  if (nul >= 0) name = name.slice(0, nul);
  name = name.replace(/^ +/, '');
  const open = name.indexOf('[');
  const underscore = (s: string) => s.replace(/[ .]/g, '_');
  if (open < 0) return name === '' ? undefined : { base: underscore(name), indexes: [] };
  const base = underscore(name.slice(0, open));
  if (base === '') return undefined;
  const indexes: (string | null)[] = [];
  let at = open;
  while (name[at] === '[') {
    const start = at + 1;
    const afterSpace = name[start] === ' ' ? start + 1 : start;
    if (name[afterSpace] === ']') {
      indexes.push(null);
      at = afterSpace + 1;
      continue;
    }
    const close = name.indexOf(']', afterSpace);
    if (close < 0) {
      // An unclosed bracket: at the first level the whole name becomes a plain one, deeper the
      // pair stays on the indexes read so far.
      if (indexes.length === 0) return { base: `${base}_${name.slice(start).replace(/[ .[]/g, '_')}`, indexes: [] };
      return { base, indexes };
    }
    indexes.push(name.slice(start, close));
    at = close + 1;
  }
  return { base, indexes };
}

/** The variables of one request source (`$_GET`, `$_POST`, a `parse_str` result), built pair by pair. */
export class PhpVars<T = string> {
  private readonly root = new PhpArray<T>();

  /** Registers one decoded pair as PHP does; refused pairs change nothing (or drop the variable). */
  add(rawName: string, value: T): void {
    const path = readVarName(rawName);
    if (!path) return;
    if (path.indexes.length === 0) {
      this.root.set(path.base, value);
      return;
    }
    if (path.indexes.length > MAX_NESTING) {
      this.root.delete(path.base);
      return;
    }
    let table = this.root;
    let key: string | null = path.base;
    for (const index of path.indexes) {
      let child: T | PhpArray<T> | undefined = key === null ? undefined : table.get(key);
      if (!(child instanceof PhpArray)) {
        child = new PhpArray<T>();
        table.set(key, child);
      }
      table = child;
      key = index;
    }
    table.set(key, value);
  }

  /** The variables as JavaScript values (lists as arrays, other arrays as plain objects). */
  toObject(): Record<string, T | ParamTree<T>> {
    return toRecord(this.root, true);
  }
}

/** A converted PHP array holding leaves of type T. */
export type ParamTree<T> = (T | ParamTree<T>)[] | { [key: string]: T | ParamTree<T> };

function convert<T>(node: T | PhpArray<T>): T | ParamTree<T> {
  if (!(node instanceof PhpArray)) return node;
  let i = 0;
  let isList = true;
  for (const key of node.entries.keys()) {
    if (key !== String(i++)) {
      isList = false;
      break;
    }
  }
  if (isList) return [...node.entries.values()].map(convert);
  return toRecord(node);
}

function toRecord<T>(node: PhpArray<T>, top = false): Record<string, T | ParamTree<T>> {
  // (the variables themselves have no prototype, as before; nested arrays are plain objects, so any
  // code may print them; a `__proto__` key, which would reach the prototype, is the one dropped)
  const out = (top ? Object.create(null) : {}) as Record<string, T | ParamTree<T>>;
  for (const [key, value] of node.entries) if (key !== '__proto__') out[key] = convert(value);
  return out;
}

/**
 * Converts a JSON body as PHP's `json_decode($body, true)` gives it to WordPress: a JSON object is a
 * PHP array, so one whose keys are `"0"`, `"1"`, … in order is a list (an array here), as a JSON
 * array is. `JSON.parse` has already ordered integer-like keys, so an object with keys `"1","0"` is
 * taken for a list too (PHP would keep it a map): the one difference.
 */
export function phpJsonValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(phpJsonValue);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).filter((k) => k !== '__proto__');
  const entries = keys.map((k) => [k, phpJsonValue((value as Record<string, unknown>)[k])] as const);
  // (`{}` is PHP's empty array, a list like `[]`)
  if (keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** The members of a JSON body object, each as {@link phpJsonValue} reads it (the body stays an object). */
export function phpJsonParams(body: Record<string, unknown>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(body)) if (k !== '__proto__') out[k] = phpJsonValue(v);
  return out;
}

/**
 * The values of a PHP array as the server holds one (a list, or an object for any other array), in
 * order; undefined for anything else. What `(array)`, `foreach` and `array_values` see: the plugin
 * reads most of its list arguments so, whatever their keys.
 */
export function phpArrayValues(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (typeof v === 'object' && v !== null) return Object.values(v);
  return undefined;
}
