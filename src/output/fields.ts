/**
 * `--fields a,b,venue.venue` and `--field x`: dotted paths into records. A path through an array
 * (`organizer.organizer`, `categories.name`) collects the value of every element; a number picks
 * one element (`organizer.0.organizer`, `categories.0.slug`). On an object a number is a key as any
 * other.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../errors/index.js';

/** A record as the server sends it (snake_case keys, nested objects). */
export type JsonRecord = Record<string, unknown>;

const isObject = (v: unknown): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A path segment that indexes an array: a whole number without sign or leading zeros. */
const isIndex = (segment: string): boolean => /^(0|[1-9]\d*)$/.test(segment);

/** Splits `--fields` values (comma lists, repeatable flag) into trimmed, unique paths. */
export function parseFieldList(input: string | readonly string[]): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((s) => s.split(','));
  return [...new Set(parts.map((s) => s.trim()).filter((s) => s !== ''))];
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The candidate closest to `word` when it is close enough to be a typo, else undefined. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const score = c.startsWith(word) || word.startsWith(c) ? 0.5 : distance(word, c);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/**
 * Checks the first segment of every path against the resource's record keys.
 * @throws UsageError naming the unknown field, with a "did you mean" hint when one is close
 */
export function validateFields(paths: readonly string[], resource: ResourceSpec): void {
  for (const path of paths) {
    const head = path.split('.')[0] ?? '';
    if (resource.recordKeys.includes(head) && !path.split('.').includes('')) continue;
    const guess = closest(head, resource.recordKeys);
    const hint = guess
      ? `did you mean "${guess}"?`
      : `${resource.name} have these fields: ${resource.recordKeys.join(', ')}`;
    throw new UsageError(`unknown field "${path}" for ${resource.name}`, hint, 'bad-field');
  }
}

/**
 * The value at a dotted path, or undefined. On an array a numeric segment picks that element
 * (`organizer.0.organizer`); any other segment continues into every element and the results are
 * collected into one flat array (`organizer.organizer`).
 */
export function getPath(value: unknown, path: string | readonly string[]): unknown {
  const segments = typeof path === 'string' ? path.split('.') : path;
  if (segments.length === 0) return value;
  if (Array.isArray(value)) {
    const [head = '', ...rest] = segments;
    if (isIndex(head)) return getPath(value[Number(head)], rest);
    return value
      .flatMap((item) => {
        const v = getPath(item, segments);
        return v === undefined ? [] : [v];
      })
      .flat();
  }
  if (!isObject(value)) return undefined;
  const [head = '', ...rest] = segments;
  return getPath(value[head], rest);
}

type Tree = Map<string, Tree | null>;

function buildTree(paths: readonly string[]): Tree {
  const root: Tree = new Map();
  for (const path of paths) {
    let node = root;
    const segments = path.split('.');
    for (const [i, seg] of segments.entries()) {
      const existing = node.get(seg);
      if (existing === null) break; // the whole value is already taken
      if (i === segments.length - 1) {
        node.set(seg, null);
        break;
      }
      const child: Tree = existing ?? new Map();
      node.set(seg, child);
      node = child;
    }
  }
  return root;
}

/** Both selections at once; null (the whole value) absorbs any part of it. */
function mergeTrees(a: Tree | null, b: Tree | null): Tree | null {
  if (a === null || b === null) return null;
  const out: Tree = new Map(a);
  for (const [key, sub] of b) out.set(key, out.has(key) ? mergeTrees(out.get(key) ?? null, sub) : sub);
  return out;
}

/**
 * An array under a selection with indexes (`organizer.0.organizer`): as jq's `pick`, elements keep
 * their positions, unpicked ones before the last index are null; keys that are not indexes still
 * apply to every element (`organizer.email` next to `organizer.0.organizer`).
 */
function projectArray(value: readonly unknown[], tree: Tree): unknown[] {
  const indexes = [...tree.keys()].filter(isIndex).map(Number);
  const others: Tree = new Map([...tree].filter(([key]) => !isIndex(key)));
  const last = Math.max(...indexes);
  const length = others.size > 0 ? Math.max(value.length, last + 1) : last + 1;
  return Array.from({ length }, (_, i) => {
    const own = tree.get(String(i));
    const sub = own === undefined ? others : mergeTrees(others, own);
    if (sub !== null && sub.size === 0) return null;
    const item = value[i];
    return item === undefined ? null : sub === null ? item : project(item, sub);
  });
}

function project(value: unknown, tree: Tree): unknown {
  if (Array.isArray(value)) {
    if ([...tree.keys()].some(isIndex)) return projectArray(value, tree);
    return value.map((item) => project(item, tree));
  }
  if (!isObject(value)) return null;
  const out: JsonRecord = {};
  for (const [key, sub] of tree) {
    const v = value[key];
    out[key] = v === undefined ? null : sub === null ? v : project(v, sub);
  }
  return out;
}

/**
 * Keeps only the given paths of a record.
 * - `nested: false` (table, csv): keys are the path strings; values from arrays of scalars are joined
 *   with ", " (`{"organizer.organizer": "Jane Doe, Acme"}`).
 * - `nested: true` (json, yaml, ndjson): the record's own shape is kept
 *   (`{"id": 1, "venue": {"venue": "Hall"}}`); missing values are null, as jq's `pick` does.
 */
export function pick(record: JsonRecord, paths: readonly string[], opts: { nested?: boolean } = {}): JsonRecord {
  if (opts.nested) return project(record, buildTree(paths)) as JsonRecord;
  const out: JsonRecord = {};
  for (const path of paths) {
    const v = getPath(record, path);
    out[path] = Array.isArray(v) && v.every((x) => !isObject(x) && !Array.isArray(x)) ? plainText(v) : v;
  }
  return out;
}

/** Keys that name a record, in the order they are tried. */
const NAME_KEYS = ['name', 'venue', 'organizer', 'title'] as const;

/**
 * A value as one line of plain text: objects by their name (venue → its `venue`, a term → its
 * `name`), arrays joined with ", ", null and missing as "", booleans as `true`/`false` or `yes`/`no`.
 */
export function plainText(value: unknown, opts: { yesNo?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return opts.yesNo ? (value ? 'yes' : 'no') : String(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    return value
      .map((v) => plainText(v, opts))
      .filter((s) => s !== '')
      .join(', ');
  }
  if (isObject(value)) {
    for (const key of NAME_KEYS) {
      const name = value[key];
      if (typeof name === 'string') return name;
    }
    if (typeof value.id === 'number' || typeof value.id === 'string') return String(value.id);
  }
  return JSON.stringify(value);
}
