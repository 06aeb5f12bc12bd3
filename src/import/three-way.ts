/**
 * Three-way merge of one record, field by field, for writers that keep the form they last wrote (the
 * base): `feeds` under `--authority preserve-edits`, in the manner of sync's bases. A field whose
 * current value on the site differs from the base was edited there since the last write, and keeps
 * the site's value; the others take the source's. Values are compared as the site stores them
 * (canon: `<p>x</p>` is `x`, `$25` is `25`), never byte for byte. An event's dates, all-day flag and
 * zone go together: an edit of one keeps all four, so an edited end never lands before a moved start.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { type Body, canon } from '../records/index.js';

/** Fields merged as one. */
const GROUPS: readonly (readonly string[])[] = [['start_date', 'end_date', 'all_day', 'timezone']];

const groupOf = (field: string): readonly string[] => GROUPS.find((g) => g.includes(field)) ?? [field];

/** The outcome of a merge. */
export interface Merged {
  /** the source's fields with the site's edits kept: what to write */
  body: Body;
  /** fields whose value on the site changes */
  changed: string[];
  /** fields edited on the site and kept */
  kept: string[];
  /** the base to keep once `body` is written: the old base where an edit was kept */
  base: Body;
}

/**
 * Merges `source` into `current`.
 * @param base the form last written, undefined when unknown (then nothing counts as edited)
 * @param keepEdits false: the source wins every field (`overwrite`)
 */
export function mergeThreeWay(
  resource: ResourceSpec,
  base: Body | undefined,
  current: Body,
  source: Body,
  keepEdits: boolean,
): Merged {
  const same = (key: string, a: unknown, b: unknown) => canon(resource, key, a) === canon(resource, key, b);
  const edited = (key: string) => base !== undefined && key in base && !same(key, base[key], current[key]);
  const out: Merged = { body: {}, changed: [], kept: [], base: {} };
  for (const key of Object.keys(source)) {
    const keep = keepEdits && groupOf(key).some((k) => k in source && edited(k));
    const value = keep ? current[key] : source[key];
    out.body[key] = value;
    out.base[key] = keep ? base?.[key] : source[key];
    if (keep && edited(key)) out.kept.push(key);
    if (!same(key, value, current[key])) out.changed.push(key);
  }
  return out;
}
