/**
 * Prints a plan (import/plan.ts) as a command decided to show it: a table on a terminal (one row per
 * entry, the changed fields as `field: before → after`), NDJSON when piped or with `-o ndjson` (one
 * object per entry, then `{"summary": …}`), a JSON array of the same objects with `-o json`.
 */
import { type PlanEntry, planRow } from '../import/index.js';
import { printText, printValue, stdoutTerminal } from '../output/stdout.js';
import { renderTable } from '../output/table.js';
import { outputFormat } from './shared.js';
import type { Runtime } from './types.js';

/** How a plan is printed, decided once per command. */
export type PlanForm = 'table' | 'ndjson' | 'json' | 'yaml';

/** The form of a plan for this run: JSON only when asked outright, a table on a terminal, else NDJSON. */
export async function planForm(rt: Runtime): Promise<PlanForm> {
  const g = rt.globals();
  if (g.json || g.output === 'json') return 'json';
  if (g.output === 'yaml') return 'yaml';
  if (g.output === 'ndjson') return 'ndjson';
  const format = await outputFormat(rt);
  return format === 'table' ? 'table' : 'ndjson';
}

/**
 * Prints the entries (in line order) and, in the machine forms, the counts last as `{"summary": …}`.
 * The table leaves the counts to the summary line on stderr.
 */
export function printPlan(
  rt: Runtime,
  form: PlanForm,
  entries: readonly PlanEntry[],
  summary: Record<string, unknown> | undefined,
): void {
  const sorted = [...entries].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (form === 'table') {
    if (sorted.length === 0) return;
    const { columns } = stdoutTerminal(rt.ctx);
    printText(
      rt.ctx,
      renderTable(sorted.map(planRow), ['line', 'action', 'id', 'title', 'changes'], { width: columns }),
    );
    return;
  }
  const all: unknown[] = summary ? [...sorted, { summary }] : sorted;
  printValue(rt.ctx, all, form);
}
