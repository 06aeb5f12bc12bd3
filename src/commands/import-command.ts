/**
 * `calctl import <resource> FILE|-`: the command's flags (cheap to load, for --help and the command
 * tree); the pipeline (import.ts) loads when the command runs.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { BATCH_LIMIT } from '../api/batch.js';
import { catalog, type ResourceSpec } from '../catalog/index.js';
import { DURATION_FORMS } from '../dates/duration.js';
import { DEFAULT_LOSSY_ACTION, durationText, IMPORT_CONCURRENCY, LOSSY_ACTIONS } from '../import/index.js';
import type { ImportFlags } from './import.js';
import { parseConcurrency } from './shared.js';
import type { CommandDeps, RegisterCommands } from './types.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

function parseBatchSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100)
    throw new InvalidArgumentError('expected a whole number from 1 to 100.');
  return n;
}

function parseDefaultDuration(value: string): string {
  const length = durationText(value);
  if (!length) throw new InvalidArgumentError(`expected a length of time: ${DURATION_FORMS}.`);
  return length;
}

function parseDelimiter(value: string): string {
  const v = value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
  if (v.length !== 1) throw new InvalidArgumentError('expected one character (or "tab").');
  return v;
}

/** Options shared by import and export. */
export const delimiterOption = () =>
  new Option(
    '--delimiter <char>',
    'CSV field delimiter (default: found in the header line among , ; tab and |; Excel in some locales writes ";"; "tab" for a tab)',
  ).argParser(parseDelimiter);

function importCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  parent
    .command(resource.name)
    .description(`create or update ${resource.name} from a file (re-running it changes nothing)`)
    .argument(
      '<file>',
      'CSV, Excel (.xlsx), NDJSON, JSON or iCalendar (.ics) file, an http(s):// or webcal:// address, or - for stdin',
    )
    .addOption(
      new Option('--format <format>', 'input format (default: from the extension, else csv)').choices([
        'csv',
        'ndjson',
        'json',
        'xlsx',
        'ics',
      ]),
    )
    .option('--sheet <name>', 'Excel workbook: the sheet to read, by name or position (default: the first)')
    .option('--until <date>', 'iCalendar: occurrences of recurring events up to this date (default: +1y)')
    .addOption(delimiterOption())
    .option(
      '--encoding <name>',
      'CSV text encoding (default: UTF-8; a file that is not is read as Windows-1252, UTF-16 by its byte order mark)',
    )
    .option(
      '--map <column=field>',
      "map a column to a field, e.g. --map 'Start=start_date' (repeatable; 'Col=' ignores it)",
      collect,
    )
    .option('--map-file <file>', 'JSON object of column → field mappings')
    .option(
      '--strict',
      'unknown columns are an error instead of a warning, and a row the site would keep otherwise than written is rejected',
    )
    .option(
      '--default-duration <length>',
      `events given no end (no end column or DTEND) last this long, e.g. 2h (default: they end as they start)`,
      parseDefaultDuration,
    )
    .addOption(
      new Option(
        '--on-lossy <action>',
        'a cell the site would keep otherwise than written (a cost such as "£2 per head", shown "£ per head2"): keep it and warn, describe (the price in cost, the words in the description), number (only the price), reject the row',
      )
        .choices([...LOSSY_ACTIONS])
        .default(DEFAULT_LOSSY_ACTION),
    )
    .option(
      '--match-by <fields>',
      'match existing records by these fields (comma list) instead of id, slug, then name/title+start',
    )
    .addOption(
      new Option(
        '--on-conflict <action>',
        'a row that matches an existing, different record: update it, skip it, or reject it (fail)',
      )
        .choices(['update', 'skip', 'fail'])
        .default('update'),
    )
    .option(
      '--concurrency <n>',
      'requests in flight (lower it to spare a busy site)',
      parseConcurrency,
      IMPORT_CONCURRENCY,
    )
    .option(
      '--batch-size <n>',
      `writes per request through the site's batch route, when it takes them (1: one request per row)`,
      parseBatchSize,
      BATCH_LIMIT,
    )
    .option('--resume', 'continue an interrupted import from its checkpoint (FILE.calctl-checkpoint.json)')
    .option(
      '--rejects <file>',
      'write rejected rows there, as read plus an "error" column (CSV, or NDJSON for .ndjson)',
    )
    .option('--fail-fast', 'stop at the first rejected row')
    .option(
      '-q, --quiet',
      'print nothing when every row is done (rejects, warnings and failures still go to stderr; the summary on stdout only with -o json)',
    )
    .addHelpText(
      'after',
      `\nColumns: our field names or the site importer's labels, any order, case- and space-insensitive.\n` +
        `Exit codes: 0 every row done, 3 some rows rejected, 2 bad flags or a malformed file, 130 interrupted (resume with --resume).\n` +
        'Global --dry-run reads, validates and matches everything and prints the plan of every row (create, update with each field before → after, unchanged, reject), writing nothing.\n' +
        'A run that writes is recorded in the history: calctl history lists it, calctl undo takes it back.',
    )
    .action(async (file: string, opts: ImportFlags) => {
      const { importFile } = await import('./import.js');
      await importFile(deps.runtime(), resource, file, opts);
    });
}

/** Registers `calctl import <resource> FILE`. */
export const registerImportCommand: RegisterCommands = (program, deps) => {
  const cmd = program
    .command('import')
    .description('create or update records from CSV, NDJSON or JSON (idempotent, resumable)');
  for (const resource of catalog) importCommand(cmd, resource, deps);
};
