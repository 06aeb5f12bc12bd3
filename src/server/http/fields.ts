/**
 * WordPress's `_fields` parameter (core, every route, batched items included): a successful answer
 * keeps only the listed keys, `a.b` naming a key inside an object. A list answer is filtered item
 * by item; an object is filtered itself, so on a collection such as `{events: [...]}` a nested path
 * cannot reach into the items (WordPress behaves the same). Errors are never filtered.
 */

import { JsonText } from './json-text.js';

type Tree = { [key: string]: Tree | true };

/**
 * `id,title start_date` → its names, split on commas and spaces; a list (`_fields[]=id`) → its
 * items, trimmed but not split (WordPress's wp_parse_list).
 */
function namesOf(param: unknown): string[] {
  const scalar = (v: unknown): v is string | number | boolean =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  const names = Array.isArray(param)
    ? param.filter(scalar).map((v) => String(v).trim())
    : scalar(param)
      ? String(param).split(/[\s,]+/)
      : [];
  return names.filter((s) => s !== '');
}

function treeOf(names: string[]): Tree {
  const tree: Tree = {};
  for (const name of names) {
    const parts = name.split('.');
    let node = tree;
    let covered = false;
    while (parts.length > 1) {
      const next = parts.shift() as string;
      const child = node[next];
      // A parent already kept whole keeps all of its children.
      if (child === true) {
        covered = true;
        break;
      }
      node[next] = child ?? {};
      node = node[next] as Tree;
    }
    if (!covered) node[parts[0] as string] = true;
  }
  return tree;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function keep(text: unknown, tree: Tree): unknown {
  // (a part already written as JSON text is trimmed as the value it holds)
  const value = text instanceof JsonText ? text.toJSON() : text;
  if (!isObject(value)) return value;
  // (a PHP array: a list keeps the items whose indexes are named, which is how WordPress does it)
  const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  for (const [key, v] of Object.entries(value)) {
    const rule = tree[key];
    if (rule === undefined) continue;
    const kept = rule !== true && isObject(v) ? keep(v, rule) : v;
    if (Array.isArray(out)) out.push(kept);
    else out[key] = kept;
  }
  // (PHP arrays: an object left with no key is an empty array, `[]` in JSON)
  return Array.isArray(out) || Object.keys(out).length > 0 ? out : [];
}

/** Parsed `_fields` values: an importer sends the same one with every create. */
const trees = new Map<string, Tree | null>();

function treeFor(param: unknown): Tree | null {
  const memo = typeof param === 'string' ? param : undefined;
  const known = memo === undefined ? undefined : trees.get(memo);
  if (known !== undefined) return known;
  const names = namesOf(param);
  const tree = names.length === 0 ? null : treeOf(names);
  if (memo !== undefined) {
    // (bounded: the values come from clients)
    if (trees.size >= 64) trees.clear();
    trees.set(memo, tree);
  }
  return tree;
}

/** The answer as `_fields` trims it; the same value when the parameter is absent or empty. */
export function filterFields(data: unknown, param: unknown): unknown {
  if (param === undefined || param === null || !isObject(data)) return data;
  const tree = treeFor(param);
  if (tree === null) return data;
  return Array.isArray(data) ? data.map((item) => keep(item, tree)) : keep(data, tree);
}

/** `_fields` as WordPress reads it: from the body first on writes, then the query string. */
export function fieldsParam(sources: readonly (Record<string, unknown> | null | undefined)[]): unknown {
  for (const src of sources) {
    const v = src?._fields;
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}
