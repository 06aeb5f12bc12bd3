/**
 * `--rejects FILE`: every rejected row as it was read, plus an `error` column, so that the user can
 * fix the file and import just those rows again (the `error` column is ignored on import). CSV by
 * default; NDJSON when the file name ends in .ndjson/.jsonl/.json.
 */

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { stringify } from 'csv-stringify';

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
  const file: WriteStream = createWriteStream(path, { flags: opts.append ? 'a' : 'w' });
  if (/\.(ndjson|jsonl|json)$/i.test(path)) {
    return {
      write: (cells, error) => void file.write(`${JSON.stringify({ ...Object.fromEntries(cells), error })}\n`),
      close: async () => {
        file.end();
        await once(file, 'close');
      },
    };
  }
  const header = [...columns.filter((c) => c !== 'error'), 'error'];
  const csv = stringify({ delimiter: opts.delimiter ?? ',', header: !exists, columns: header });
  csv.pipe(file);
  return {
    write: (cells, error) => void csv.write([...header.slice(0, -1).map((c) => cells.get(c) ?? ''), error]),
    close: async () => {
      csv.end();
      await once(file, 'close');
    },
  };
}
