/**
 * stdout belongs to this room: every byte of data a command prints passes through these functions,
 * and what a command may know about stdout (a terminal and its width, or a pipe) is asked here.
 * Commands hand over a value, text they rendered, or records one at a time; notes, progress and
 * errors go to stderr, which stays the commands' own. `test/unit/stdout-owner.test.ts` fails when a
 * file outside this room (and the context in `io/`, the entry in `main.ts`) names stdout.
 */
import { once } from 'node:events';
import type { Context, OutStream } from '../io/context.js';
import type { OutputFormat } from './format.js';
import { yaml } from './lazy.js';

type WithIo = Pick<Context, 'io'>;

/** What stdout is: a terminal (with its width in columns, when it reports one) or not. */
export function stdoutTerminal(ctx: WithIo): { isTTY: boolean; columns: number | undefined } {
  return { isTTY: ctx.io.stdout.isTTY === true, columns: ctx.io.stdout.columns };
}

/** Prints text a command rendered (a table, a calendar, a script, one id per line). */
export function printText(ctx: WithIo, text: string): void {
  ctx.io.stdout.write(text);
}

/** The formats a value that is not a list of records (a summary) is printed in as data; none for the rest. */
export function dataFormat(format: OutputFormat): 'json' | 'ndjson' | 'yaml' | undefined {
  return format === 'json' || format === 'ndjson' || format === 'yaml' ? format : undefined;
}

/** One value as text: YAML for yaml, one line per item (or for the value) for ndjson, else indented JSON. */
export function valueText(value: unknown, format: OutputFormat): string {
  if (format === 'yaml') return yaml().stringify(value);
  if (format === 'ndjson' && Array.isArray(value)) return value.map((item) => `${JSON.stringify(item)}\n`).join('');
  if (format === 'ndjson') return `${JSON.stringify(value)}\n`;
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Prints one value as data (a summary, an answer that is not a list of records, a request a dry run
 * would send): the one JSON and YAML writer of the commands.
 */
export function printValue(ctx: WithIo, value: unknown, format: OutputFormat): void {
  ctx.io.stdout.write(valueText(value, format));
}

/** Where a stream of records is written, paced by the reader: `ready()` waits while stdout is full. */
export interface PacedStdout {
  write(chunk: string): void;
  /** resolves at once, or when a full stdout has drained (rejects when the run is aborted) */
  ready(): Promise<void>;
}

/** stdout for a long stream (a list of every page): written chunk by chunk, paced by the reader. */
export function pacedStdout(ctx: Pick<Context, 'io' | 'signal'>): PacedStdout {
  const stdout = ctx.io.stdout;
  let full = false;
  return {
    write(chunk) {
      if (!stdout.write(chunk)) full = true;
    },
    async ready() {
      if (!full) return;
      full = false;
      await once(stdout, 'drain', { signal: ctx.signal });
    },
  };
}

/**
 * stdout itself, for writers that stream a file format of their own (CSV and iCalendar exports)
 * into a stream they are given, stdout or a file.
 */
export function stdoutStream(ctx: WithIo): OutStream {
  return ctx.io.stdout;
}

/**
 * Watches stdout for a failed write (a closed pipe, a full disk) while a run lasts; the returned
 * function stops watching.
 */
export function watchStdout(ctx: WithIo, onError: (err: NodeJS.ErrnoException) => void): () => void {
  ctx.io.stdout.on?.('error', onError);
  return () => ctx.io.stdout.off?.('error', onError);
}

/**
 * Waits until what was written to stdout has left the process (a slow reader, an async pipe), so a
 * failed write is known before the exit code is chosen.
 */
export async function flushStdout(ctx: WithIo): Promise<void> {
  const stdout = ctx.io.stdout;
  const pending = typeof stdout.writableLength === 'number' && stdout.writableLength > 0;
  if (pending && !stdout.destroyed) await new Promise<void>((done) => stdout.write('', () => done()));
  // An 'error' event is emitted on a later tick than the failed write's callback.
  await new Promise<void>((done) => setImmediate(done));
}
