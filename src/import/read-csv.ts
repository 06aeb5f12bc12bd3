/**
 * CSV records read with csv-parse, each with the line it starts on: the header, then the rows, a
 * ragged row or a stray quote handed on as a row's problem (the import rejects it and goes on).
 */
import { CsvError, parse } from 'csv-parse';
import { checkUtf8, isBlankCell, MalformedInputError, type SourceRow } from './source-row.js';

/** Why a row with the wrong number of cells is rejected, and how to mend it. */
function raggedProblem(cells: number, columns: number): string {
  return (
    `the row has ${cells} cells and the header ${columns} columns: ` +
    `${cells > columns ? 'an extra delimiter, or a value with an unquoted delimiter' : 'a delimiter missing'} (ragged row)`
  );
}

function csvErrorMessage(err: CsvError): { message: string; hint?: string } {
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return {
        message: 'a quoted value is never closed (unbalanced quotes)',
        hint: 'the quote opens on this line and runs to the end of the file: close it, or double a quote meant as text ("")',
      };
    case 'INVALID_OPENING_QUOTE':
      return {
        message: 'a quote inside a value that does not start with one',
        hint: 'quote the whole value and double the quotes inside it ("")',
      };
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return {
        message: 'unexpected text after a closing quote',
        hint: 'a quote inside a quoted value must be doubled ("")',
      };
    default:
      return { message: err.message };
  }
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** A parsed CSV record, the line of the file where it starts and the bytes read up to its end. */
interface CsvRecord {
  record: string[];
  line: number;
  offset: number;
  /** the record could not be parsed (a stray quote): why, and no cells */
  problem?: string;
}

/**
 * The records of a CSV stream, each with the line it starts on, in order; a parse error is thrown
 * only after every record parsed before it has been yielded.
 *
 * csv-parse is fed one chunk at a time and hands its records over synchronously (`on_record`), so
 * nothing it has parsed can be lost: reading its output stream instead, a parse error overtook the
 * records still buffered in it, and an unclosed quote (which makes the parser consume the rest of
 * the file) dropped the rows above it and was reported at the line the reader had reached.
 * Memory: the records of one chunk of input (64 KiB) at most.
 */
async function* csvRecords(input: AsyncIterable<Buffer | string>, delimiter: string): AsyncGenerator<CsvRecord> {
  const queue: CsvRecord[] = [];
  // Where the last record ended, and how many empty lines had been skipped by then: the next record
  // (or the one that fails) starts on the line after, plus the empty lines skipped in between.
  let lastEnd = 0;
  let lastEmpty = 0;
  // A record that breaks the quoting rules inside one line (a stray quote) is skipped by the parser
  // and handed on as a problem, with its line, so that the import rejects it and goes on; a quote
  // never closed swallows the rest of the file, and stays the file's failure.
  let skipped: { line: number; problem: string } | undefined;
  const parser = parse({
    bom: true,
    delimiter,
    skip_empty_lines: true,
    relax_column_count: true,
    skip_records_with_error: true,
    raw: true,
    on_skip: (err: CsvError | undefined, raw: string | undefined) => {
      if (!err || err.code === 'CSV_QUOTE_NOT_CLOSED') throw err;
      const { message, hint } = csvErrorMessage(err);
      const start = (raw ?? '').split(LINE_BREAK)[0]?.slice(0, 60) ?? '';
      const line = typeof err.lines === 'number' ? err.lines : lastEnd + 1;
      skipped = { line, problem: `${message}${hint ? ` (${hint})` : ''}${start ? `; the line starts: ${start}` : ''}` };
      queue.push({ record: [], line, offset: typeof err.bytes === 'number' ? err.bytes : 0, problem: skipped.problem });
    },
    // (with `raw`, a record comes as {record, raw}: the cells are what is kept)
    on_record: (given: string[] | { record: string[] }, info) => {
      const record = Array.isArray(given) ? given : given.record;
      if (skipped) {
        // (the record after a skipped one starts on the line after it)
        lastEnd = Math.max(lastEnd, skipped.line);
        lastEmpty = info.empty_lines;
        skipped = undefined;
      }
      const line = lastEnd + 1 + (info.empty_lines - lastEmpty);
      queue.push({ record, line, offset: info.bytes });
      // The line breaks inside quoted values, counted here: csv-parse counts a CRLF inside quotes twice.
      lastEnd = line + record.reduce((n, cell) => n + (cell.match(LINE_BREAK)?.length ?? 0), 0);
      lastEmpty = info.empty_lines;
      return null;
    },
  });
  let failure: unknown;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.resume(); // nothing is pushed to the readable side, but let it end
  const step = (run: (done: (err?: Error | null) => void) => void) =>
    new Promise<void>((resolve) =>
      run((err) => {
        if (err) failure ??= err;
        resolve();
      }),
    );
  const drain = function* () {
    while (queue.length > 0) yield queue.shift() as CsvRecord;
  };
  for await (const chunk of input) {
    await step((done) => parser.write(chunk, done));
    yield* drain();
    if (failure !== undefined) break;
  }
  if (failure === undefined) {
    await step((done) => {
      parser.once('finish', () => done());
      parser.once('error', done);
      parser.end();
    });
    yield* drain();
  }
  if (failure instanceof CsvError) {
    const { message, hint } = csvErrorMessage(failure);
    // The failing record starts after the last good one (csv-parse reports where it noticed, e.g.
    // the end of the file for an unclosed quote).
    const empty = typeof failure.empty_lines === 'number' ? failure.empty_lines : lastEmpty;
    throw new MalformedInputError(message, lastEnd + 1 + (empty - lastEmpty), hint);
  }
  if (failure !== undefined) throw failure;
}

/** Yields the header (first) and then the rows of a CSV stream. */
export async function* readCsv(
  input: AsyncIterable<Buffer | string>,
  delimiter: string,
): AsyncGenerator<SourceRow | string[]> {
  // Ragged rows are caught here rather than by csv-parse, so that every row before one is handed on
  // and the import stops at the ragged row's line.
  let header: string[] | undefined;
  let index = 0;
  for await (const { record, line, offset, problem } of csvRecords(input, delimiter)) {
    if (problem !== undefined) {
      if (!header) throw new MalformedInputError(problem, line);
      yield { index: ++index, line, cells: new Map(header.map((h) => [h, ''])), offset, problem };
      continue;
    }
    checkUtf8(record, line);
    if (!header) {
      header = record.map((h) => h.trim());
      const seen = new Set<string>();
      for (const h of header) {
        if (seen.has(h)) throw new MalformedInputError(`the column "${h}" appears twice in the header`, line);
        seen.add(h);
      }
      yield header;
      continue;
    }
    const cells = new Map<string, string>();
    // A row of nothing but delimiters (`;;;;` left at the end of a spreadsheet) is blank, whatever
    // its number of cells: the import skips and counts it (see isBlankRow), it is no ragged row.
    if (record.every(isBlankCell)) {
      for (const h of header) cells.set(h, '');
      yield { index: ++index, line, cells, offset };
      continue;
    }
    header.forEach((h, i) => void cells.set(h, record[i] ?? ''));
    if (record.length !== header.length) {
      // (the cells as read, so that the rejects file holds what can be mended; extra cells in the error)
      const extra = record.slice(header.length).map((c) => `"${c}"`);
      const problem = `${raggedProblem(record.length, header.length)}${extra.length > 0 ? `; extra cells: ${extra.join(', ')}` : ''}`;
      yield { index: ++index, line, cells, offset, problem };
      continue;
    }
    yield { index: ++index, line, cells, offset };
  }
}
