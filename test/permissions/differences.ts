/**
 * Where the embedded server answers a cell of the permission matrix otherwise than the reference site,
 * on purpose: each difference with the rule that picks its cells and the reason. The offline and the
 * real-site tests show every one of them in their output and fail on any other difference.
 */
import type { Cell } from './matrix.js';

export interface Difference {
  key: string;
  expected?: Cell;
  actual?: Cell;
}

export interface Intended {
  name: string;
  reason: string;
  /** the cells it explains: the site's answer (expected) and the embedded server's (actual) */
  covers(d: Difference): boolean;
}

const parts = (key: string) => {
  const [caller = '', what = '', target = ''] = key.split(' | ');
  return { caller, what, target };
};

export const INTENDED: readonly Intended[] = [
  {
    name: 'by-slug writes of records the caller may not edit',
    reason:
      "the plugin's by-slug permission callbacks check only the post type's capability, so on the site a " +
      "contributor or an author updates and trashes anyone's events, venues and organizers by slug; the " +
      'embedded server checks the post the slug names (edit_post, delete_post) as the by-id routes do, ' +
      'and answers their 403 (docs/fidelity/permissions.md)',
    covers: (d) => {
      const { caller, what, target } = parts(d.key);
      return (
        (caller === 'contributor' || caller === 'author') &&
        /^tribe (POST|DELETE) \/\w+\/by-slug\/\{slug\}$/.test(what) &&
        // (a contributor's own published or scheduled post is one they may not edit either)
        (!target.startsWith('own:') || caller === 'contributor') &&
        d.actual?.s === 403
      );
    },
  },
];

/** Splits differences into those an intended difference explains (by name) and the rest. */
export function classify(diffs: readonly Difference[]): {
  intended: Map<string, Difference[]>;
  other: Difference[];
} {
  const intended = new Map<string, Difference[]>();
  const other: Difference[] = [];
  for (const d of diffs) {
    const hit = INTENDED.find((i) => i.covers(d));
    if (hit) intended.set(hit.name, [...(intended.get(hit.name) ?? []), d]);
    else other.push(d);
  }
  return { intended, other };
}

const show = (c?: Cell) =>
  c
    ? `${c.s}${c.c ? ` ${c.c}` : ''}${c.st ? ` →${c.st}` : ''}${c.f ? ` f=${c.f.join(',')}` : ''}${c.l ? ` l=[${c.l.join(',')}]` : ''}`
    : '(none)';

/** The lines a test prints: each intended difference with its reason and cells, then the rest. */
export function report(diffs: readonly Difference[], cells: number): string {
  const { intended, other } = classify(diffs);
  const lines = [`permission matrix: ${cells} cells, ${diffs.length} differ from the reference site`];
  for (const i of INTENDED) {
    const hit = intended.get(i.name) ?? [];
    lines.push(`  intended — ${i.name} (${hit.length} cells): ${i.reason}`);
    for (const d of hit.slice(0, 6)) lines.push(`    ${d.key}: site ${show(d.expected)}, here ${show(d.actual)}`);
    if (hit.length > 6) lines.push(`    … and ${hit.length - 6} more`);
  }
  if (other.length) lines.push(`  NOT intended (${other.length} cells):`);
  for (const d of other) lines.push(`    ${d.key}: site ${show(d.expected)}, here ${show(d.actual)}`);
  return lines.join('\n');
}
