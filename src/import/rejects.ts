/**
 * `--rejects FILE`: every rejected row as it was read, plus an `error` column, so that the user can
 * fix the file and import just those rows again (the `error` column is ignored on import). CSV by
 * default; NDJSON when the file name ends in .ndjson/.jsonl/.json.
 */

import type { WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { stringify } from 'csv-stringify';
import { openOutputFile } from '../export/outfile.js';

/** Receives rejected rows. */
export interface RejectsWriter {
  write(cells: ReadonlyMap<string, string>, error: string): void;
  close(): Promise<void>;
}

/** A writer that drops everything (no `--rejects`). */
export const noRejects: RejectsWriter = { write: () => {}, close: async () => {} };

/**
 * Opens the rejects file. With `append` (a resumed run) rows are added after the existing ones and
 * the header is not repeated.
 * @throws UsageError (exit 2) when the file cannot be written, before any row is read
 */
export async function openRejects(
  path: string,
  columns: readonly string[],
  opts: { delimiter?: string; append?: boolean } = {},
): Promise<RejectsWriter> {
  const exists = opts.append
    ? await stat(path).then(
        (s) => s.size > 0,
        () => false,
      )
    : false;
  const file: WriteStream = await openOutputFile(path, opts.append ? 'a' : 'w', '--rejects');
  // A failure while writing (a full disk) is reported when the file is closed, not as a crash.
  let failure: Error | undefined;
  file.on('error', (err) => {
    failure ??= err;
  });
  const closed = new Promise<void>((resolve) => file.once('close', resolve));
  const finish = async () => {
    await closed;
    if (failure) throw new Error(`--rejects ${path}: ${failure.message}`);
  };
  if (/\.(ndjson|jsonl|json)$/i.test(path)) {
    return {
      write: (cells, error) => {
        if (!failure) file.write(`${JSON.stringify({ ...Object.fromEntries(cells), error })}\n`);
      },
      close: async () => {
        file.end();
        await finish();
      },
    };
  }
  const header = [...columns.filter((c) => c !== 'error'), 'error'];
  const csv = stringify({ delimiter: opts.delimiter ?? ',', header: !exists, columns: header });
  csv.pipe(file);
  return {
    write: (cells, error) => {
      if (!failure) csv.write([...header.slice(0, -1).map((c) => cells.get(c) ?? ''), error]);
    },
    close: async () => {
      csv.end();
      await finish();
    },
  };
}
