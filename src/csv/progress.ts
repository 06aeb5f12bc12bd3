/**
 * Feedback while importing: a cli-progress bar on stderr when it is a terminal (rows, rate, ETA from
 * the bytes read), nothing otherwise; and the final summary, human text on stderr or JSON on stdout.
 */
import cliProgress from 'cli-progress';
import type { OutStream } from '../io/context.js';
import type { Counts } from './checkpoint.js';

/** What the progress display is told. */
export interface Progress {
  /** a row finished; `fraction` is the share of the input read so far (0..1), when known */
  tick(rows: number, fraction: number | undefined): void;
  stop(): void;
}

const silent: Progress = { tick: () => {}, stop: () => {} };

/** A bar on a terminal, silence elsewhere. */
export function createProgress(stderr: OutStream, label: string): Progress {
  if (!stderr.isTTY) return silent;
  const bar = new cliProgress.SingleBar(
    {
      stream: stderr,
      format: `${label} [{bar}] {percentage}% | {rows} rows | {rate} rows/s | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(1000, 0, { rows: 0, rate: 0 });
  return {
    tick(rows, fraction) {
      const seconds = (performance.now() - started) / 1000;
      bar.update(Math.round((fraction ?? 0) * 1000), { rows, rate: seconds > 0 ? Math.round(rows / seconds) : 0 });
    },
    stop: () => bar.stop(),
  };
}

/** The summary of an import (`-o json` prints exactly these keys). */
export interface ImportSummary extends Counts {
  rows: number;
  seconds: number;
}

/** `1 row`, `2 rows`, `0 rows`. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The summary as one line of text for people. */
export function summaryText(s: ImportSummary, dryRun: boolean): string {
  const rate = s.seconds > 0 ? Math.round(s.rows / s.seconds) : s.rows;
  const verb = dryRun ? 'dry run (nothing written): would have ' : '';
  return (
    `${verb}created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}, ` +
    `rejected ${s.rejected} — ${plural(s.rows, 'row')} in ${s.seconds.toFixed(1)} s (${rate} rows/s)\n`
  );
}
