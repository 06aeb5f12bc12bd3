/** `calctl history` (the runs, newest first) and `calctl history show RUN` (one run and its records). */

import { stderrNotes } from '../../output/notes.js';
import { printText, printValue, stdoutTerminal } from '../../output/stdout.js';
import { renderKeyValue, renderTable } from '../../output/table.js';
import { outputFormat } from '../shared.js';
import type { Runtime } from '../types.js';
import { History, type HistoryRun, historyName, historyPath } from './store.js';
import { runNumber } from './undo.js';

const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([k, v]) => v > 0 && k !== 'rows' && k !== 'seconds')
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

const row = (run: HistoryRun) => ({
  id: run.id,
  started: run.started.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
  command: run.command,
  source: run.source ?? '',
  counts: countsText(run.counts),
  status: run.undoes !== null ? `${run.status} (undoes ${run.undoes})` : run.status,
});

async function open(rt: Runtime): Promise<History | undefined> {
  const path = historyPath(rt.ctx.env, rt.ctx.home, await historyName(rt));
  return History.exists(path) ? new History(path, () => rt.ctx.now()) : undefined;
}

/** Lists the runs of the profile, newest first. */
export async function listRuns(rt: Runtime, limit: number): Promise<void> {
  const history = await open(rt);
  const runs = history?.runs(limit) ?? [];
  history?.close();
  const format = await outputFormat(rt);
  if (format !== 'table') {
    printValue(rt.ctx, runs, format === 'ndjson' || format === 'yaml' ? format : 'json');
    return;
  }
  if (runs.length === 0) {
    stderrNotes(rt.ctx).text('calctl: no runs that wrote are recorded for this profile yet\n', 'info');
    return;
  }
  const { columns } = stdoutTerminal(rt.ctx);
  printText(
    rt.ctx,
    renderTable(runs.map(row), ['id', 'started', 'command', 'source', 'counts', 'status'], { width: columns }),
  );
}

/** Shows one run and its records. */
export async function showRun(rt: Runtime, arg: string): Promise<void> {
  const history =
    (await open(rt)) ?? new History(historyPath(rt.ctx.env, rt.ctx.home, await historyName(rt)), () => rt.ctx.now());
  try {
    const run = runNumber(history, arg);
    const records = history.records(run.id);
    const format = await outputFormat(rt);
    if (format !== 'table') {
      printValue(rt.ctx, { ...run, records }, format === 'ndjson' || format === 'yaml' ? format : 'json');
      return;
    }
    const { columns } = stdoutTerminal(rt.ctx);
    const shown = records.map((r) => ({
      action: r.action,
      resource: r.resource,
      id: r.id ?? '',
      title: r.title,
      fields: (r.fields ?? []).join(', '),
      state: r.state,
    }));
    printText(rt.ctx, renderKeyValue(row(run), undefined, { width: columns }));
    if (shown.length > 0)
      printText(
        rt.ctx,
        `\n${renderTable(shown, ['action', 'resource', 'id', 'title', 'fields', 'state'], { width: columns })}`,
      );
  } finally {
    history.close();
  }
}
