/**
 * stderr for words to people, through one helper as stdout goes through stdout.ts: how a run went (a
 * summary, a note) and what went wrong (a warning that data is not what was asked, a reject, a
 * failure). With `--quiet` (a cron job: cron mails whatever a job prints) the words that only say a
 * run went well are left out; what says data went wrong always goes out, and the exit code says which.
 */
import { Writable } from 'node:stream';
import type { Context, OutStream } from '../io/context.js';
import type { OutputFormat } from './format.js';
import { dataFormat } from './stdout.js';

/** What a line on stderr says: how the run went (`info`, `note`), or that something went wrong. */
export type NoteLevel = 'info' | 'note' | 'warning' | 'trouble';

/** The stderr of one command's run. */
export interface Notes {
  /** `--quiet`: only warnings and trouble are written */
  readonly quiet: boolean;
  /** `calctl: LINE` — how the run went (a summary line); left out with --quiet */
  info(line: string): void;
  /** `calctl: note: LINE`; left out with --quiet */
  note(line: string): void;
  /** `calctl: warning: LINE` — data is not what was asked; always written */
  warn(line: string): void;
  /** `calctl: LINE` — a failure or a reject; always written */
  trouble(line: string): void;
  /** text worded elsewhere (whole lines with their own prefix and newline), at a level */
  text(text: string, level: NoteLevel): void;
  /**
   * A line worded elsewhere that names its kind (`note: …`, `warning: …`), written as `calctl: LINE`:
   * a note unless it starts with `warning:` or `error:`.
   */
  line(line: string): void;
  /** whether words at this level are written */
  shows(level: NoteLevel): boolean;
  /** stderr when words at this level are written, else a stream that drops them (for writers given a stream) */
  stream(level: NoteLevel): OutStream;
}

/** A stream that takes everything and writes nothing (not a terminal: no progress bar is drawn on it). */
const dropped = (): OutStream =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** The stderr of one run; `quiet` leaves out what only says the run went well. */
export function stderrNotes(ctx: Pick<Context, 'io'>, opts: { quiet?: boolean | undefined } = {}): Notes {
  const quiet = opts.quiet === true;
  const shows = (level: NoteLevel) => !quiet || level === 'warning' || level === 'trouble';
  const text = (t: string, level: NoteLevel) => {
    if (shows(level)) ctx.io.stderr.write(t);
  };
  return {
    quiet,
    info: (line) => text(`calctl: ${line}\n`, 'info'),
    note: (line) => text(`calctl: note: ${line}\n`, 'note'),
    warn: (line) => text(`calctl: warning: ${line}\n`, 'warning'),
    trouble: (line) => text(`calctl: ${line}\n`, 'trouble'),
    text,
    line: (line) => text(`calctl: ${line}\n`, /^(warning|error):/.test(line) ? 'warning' : 'note'),
    shows,
    stream: (level) => (shows(level) ? ctx.io.stderr : dropped()),
  };
}

/**
 * The format a run's summary is printed in as data on stdout: a machine format (JSON when piped);
 * with `--quiet`, only one asked for outright on the command line (`-o json`, `--json`; not a
 * profile's default, not a pipe), so a quiet cron job prints nothing at all when it succeeds.
 * @param opts.output, opts.json the global `-o`/`--json` as given on the command line
 */
export function summaryFormat(
  format: OutputFormat,
  opts: { quiet: boolean; output?: string | undefined; json?: boolean | undefined },
): 'json' | 'ndjson' | 'yaml' | undefined {
  if (opts.quiet && opts.output === undefined && opts.json !== true) return undefined;
  return dataFormat(format);
}
