/**
 * `calctl export <resource> [filters] [--file PATH]`: every matching record, streamed as CSV
 * (default), NDJSON or a JSON array. The filters are the list command's, generated from the catalog.
 */

import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { ParamObject } from '../api/index.js';
import { ALL_EVENTS_WINDOW, catalog, type ResourceSpec } from '../catalog/index.js';
import { acceptsOutputFormats } from '../completion/output-formats.js';
import { UsageError } from '../errors/index.js';
import { EXPORT_CONCURRENCY, EXPORT_FORMATS, type ExportFormat, runExport } from '../export/export.js';
import { checkOutputPath, openOutputFile } from '../export/outfile.js';
import { parseFieldList, stderrNotes, stdoutStream } from '../output/index.js';
import { growYoungGenerationAtOnce } from './heap.js';
import { addFlags, bindFlags, readFlags } from './resource/flags.js';
import { resolveLinks } from './resource/links.js';
import { toQuery } from './resource/values.js';
import { dateZone, parseConcurrency } from './shared.js';
import type { CommandDeps, RegisterCommands, Runtime } from './types.js';

/** The options of `calctl export <resource>`: its own, and the list's filters (by commander attribute). */
export interface ExportCommandOptions {
  /** `--file PATH` */
  file?: string;
  /** `--quiet`: no "exported N" line */
  quiet?: boolean;
  /** `--columns ours|site` */
  columns?: 'ours' | 'site';
  /** `--delimiter`, parsed to one character */
  delimiter?: string;
  /** `--concurrency`, parsed to a number */
  concurrency?: number;
  /** the list filters, read by readFlags */
  [filter: string]: unknown;
}

function parseDelimiter(value: string): string {
  const v = value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
  if (v.length !== 1) throw new InvalidArgumentError('expected one character (or "tab").');
  return v;
}

function exportFormat(rt: Runtime, resource: ResourceSpec): ExportFormat | 'ics' {
  const g = rt.globals();
  const wanted = g.json ? 'json' : (g.output ?? 'csv');
  if ((EXPORT_FORMATS as readonly string[]).includes(wanted)) return wanted as ExportFormat;
  if (wanted === 'ics' && resource.name === 'events') return 'ics';
  const formats = resource.name === 'events' ? 'csv, ndjson, json or ics' : 'csv, ndjson or json';
  throw new UsageError(
    `export writes ${formats}, not "${wanted}"`,
    `use -o ${formats.replace(/,? or |, /g, '|')}`,
    'bad-format',
  );
}

/**
 * Runs an export to stdout or `--file`.
 * @throws UsageError for bad flags or a --file that cannot be written (before any request); API
 *   errors as they come
 */
export async function exportRecords(rt: Runtime, resource: ResourceSpec, opts: ExportCommandOptions): Promise<number> {
  const { ctx } = rt;
  const g = rt.globals();
  const format = exportFormat(rt, resource);
  const file = typeof opts.file === 'string' ? resolve(ctx.cwd, opts.file) : undefined;
  // Checked before any request (the site's time zone is one): a path that cannot be written stops
  // here, exit 2. The file itself is opened once the API is set up.
  if (file) await checkOutputPath(file, '--file');
  const raw = readFlags(bindFlags(resource.listParams), opts);
  await resolveLinks(rt, resource.listParams, raw, { split: true });
  const query = (await toQuery(resource, raw, {
    now: ctx.now(),
    timezone: () => dateZone(rt),
    format: rt.globals().dateFormat,
  })) as ParamObject;
  const fields = g.fields !== undefined ? parseFieldList(g.fields) : undefined;
  const site = opts.columns === 'site';
  const api = await rt.api();
  const stream = file ? await openOutputFile(file, 'w', '--file') : undefined;
  let failure: Error | undefined;
  stream?.on('error', (err) => {
    failure ??= err;
  });
  const closed = stream ? new Promise<void>((r) => stream.once('close', r)) : undefined;
  const out: Writable = stream ?? stdoutStream(ctx);
  let count: number;
  try {
    count =
      format === 'ics'
        ? await (await import('./ics-export.js')).exportIcs(rt, {
            resource,
            query,
            siteZone: await dateZone(rt),
            out,
            concurrency: opts.concurrency,
          })
        : await runExport({
            api,
            resource,
            query,
            format,
            fields,
            siteLabels: site,
            delimiter: opts.delimiter,
            concurrency: opts.concurrency,
            out,
            signal: ctx.signal,
            raw: g.raw === true,
          });
  } catch (err) {
    // A write that failed (a full disk) surfaces as whatever the pipeline noticed: name the file.
    if (failure) throw new Error(`--file ${opts.file}: ${failure.message}`);
    throw err;
  } finally {
    if (stream) {
      stream.end();
      await closed;
    }
  }
  if (failure) throw new Error(`--file ${opts.file}: ${failure.message}`);
  if (file) {
    stderrNotes(ctx, { quiet: opts.quiet === true }).info(
      `exported ${count} ${count === 1 ? resource.singular : resource.name} to ${opts.file}`,
    );
  }
  return count;
}

/**
 * The list's help for the event window describes the site's defaults (from yesterday to two years
 * ahead); export asks for every date instead (see exportQuery).
 */
const EXPORT_WINDOW_HELP: Record<string, string> = {
  start_date: `events that start on or after this day (default: any; export asks from ${ALL_EVENTS_WINDOW.start_date})`,
  end_date: `events that end on or before this day (default: any; export asks up to ${ALL_EVENTS_WINDOW.end_date})`,
};

function exportParams(resource: ResourceSpec): ResourceSpec['listParams'] {
  return resource.listParams
    .filter((p) => p.name !== 'page' && p.name !== 'per_page')
    .map((p) => {
      const help = resource.name === 'events' ? EXPORT_WINDOW_HELP[p.name] : undefined;
      return help ? { ...p, description: help } : p;
    });
}

function exportCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent
    .command(resource.name)
    .description(
      `write every matching ${resource.singular} as CSV (default), NDJSON or JSON (-o)${resource.name === 'events' ? ', or iCalendar (-o ics)' : ''}`,
    );
  acceptsOutputFormats(cmd, resource.name === 'events' ? [...EXPORT_FORMATS, 'ics'] : EXPORT_FORMATS);
  addFlags(cmd, bindFlags(exportParams(resource)));
  cmd
    .option('--file <path>', 'write there instead of stdout')
    .option('-q, --quiet', 'print nothing but the records (no "exported N" line on stderr; warnings still go there)')
    .addOption(
      new Option('--columns <style>', 'CSV headers: ours (field names) or site (the site importer labels)').choices([
        'ours',
        'site',
      ]),
    )
    .addOption(new Option('--delimiter <char>', 'CSV field delimiter (default ","; "tab")').argParser(parseDelimiter))
    .option(
      '--concurrency <n>',
      'requests in flight: the next pages are asked for while one is written (1 spares a busy site)',
      parseConcurrency,
      EXPORT_CONCURRENCY,
    )
    .addHelpText(
      'after',
      '\nCSV cells: venue → its name, organizer → names joined by ", ", categories/tags → names,\n' +
        'booleans → true/false, a website equal to the event page → empty. The default columns\n' +
        'import again unchanged (calctl import), so export → import → export gives the same file.\n' +
        '--fields (global) picks other columns or dotted paths. Events: every date unless filtered:\n' +
        `export asks for ${ALL_EVENTS_WINDOW.start_date} to ${ALL_EVENTS_WINDOW.end_date} (not the site's default of yesterday to\n` +
        'two years ahead); --start-date or --end-date replaces one end of that window.',
    )
    .action(async (_opts: ExportCommandOptions, command: Command) => {
      // (not the import's tight old generation: an export keeps little alive, and a full
      // collection every few pages cost it more than it saved)
      growYoungGenerationAtOnce();
      await exportRecords(deps.runtime(), resource, command.opts<ExportCommandOptions>());
    });
}

/** Registers `calctl export <resource>`. */
export const registerExportCommand: RegisterCommands = (program, deps) => {
  const cmd = program.command('export').description('write every record of a resource as CSV, NDJSON or JSON');
  for (const resource of catalog) exportCommand(cmd, resource, deps);
};
