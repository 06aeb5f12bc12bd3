/**
 * Feedback while importing: a cli-progress bar on stderr when it is a terminal (rows, rate, ETA from
 * the bytes read), nothing otherwise; and the final summary, human text on stderr or JSON on stdout.
 */
import cliProgress from 'cli-progress';
import type { OutStream } from '../io/context.js';
import type { Counts } from './checkpoint.js';

/** What the progress display is told. */
export interface Progress {
  /** a row finished; `fraction` is the share of the input finished so far (0..1), when known */
  tick(rows: number, fraction: number | undefined): void;
  stop(): void;
}

const silent: Progress = { tick: () => {}, stop: () => {} };

/** Seconds left, or an ellipsis while cli-progress has no estimate yet (it says NULL or INF). */
function etaText(seconds: unknown, options: cliProgress.Options, round: number): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '…';
  return cliProgress.Format.TimeFormat(seconds, options, round);
}

/**
 * A bar on a terminal, silence elsewhere. When the size of the input is known (`sized`: a file), the
 * bar is the share of it finished, with an ETA; when it is not (stdin, a JSON array), a line with the
 * rows done and the rate, and no percentage that would have to be made up.
 */
export function createProgress(stderr: OutStream, label: string, sized = true): Progress {
  if (!stderr.isTTY) return silent;
  const format = sized
    ? `${label} [{bar}] {percentage}% | {rows} | {rate} rows/s | ETA {eta_formatted}`
    : `${label} {rows} | {rate} rows/s`;
  const bar = new cliProgress.SingleBar(
    { stream: stderr, format, formatTime: etaText, hideCursor: true, clearOnComplete: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  // (the bar counts thousandths of the input; without a size it only carries the payload)
  bar.start(1000, 0, { rows: plural(0, 'row'), rate: 0 });
  let done = 0;
  return {
    tick(rows, fraction) {
      const seconds = (performance.now() - started) / 1000;
      // (rows finish a little out of order: the bar never moves back)
      if (fraction !== undefined) done = Math.max(done, Math.min(999, Math.floor(fraction * 1000)));
      bar.update(done, { rows: plural(rows, 'row'), rate: seconds > 0 ? Math.round(rows / seconds) : 0 });
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
  const perSecond = s.seconds > 0 ? s.rows / s.seconds : s.rows;
  // (a few rows against a slow site: `0.5 rows/s`, not `0 rows/s`)
  const rate = perSecond < 10 ? String(Math.round(perSecond * 10) / 10) : String(Math.round(perSecond));
  const verb = dryRun ? 'dry run (nothing written): would have ' : '';
  // (blank rows are said only when there were some: most files have none)
  const blank =
    (s.blank > 0 ? `, ${plural(s.blank, 'blank row')} skipped` : '') +
    (s.warned ? `, ${plural(s.warned, 'row')} with a warning` : '') +
    (s.defaulted ? `, ${plural(s.defaulted, 'event')} given the default duration` : '');
  return (
    `${verb}created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}, ` +
    `rejected ${s.rejected}${blank} — ${plural(s.rows, 'row')} in ${s.seconds.toFixed(1)} s (${rate} rows/s)\n`
  );
}
