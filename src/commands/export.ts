/**
 * `calctl export <resource> [filters] [--file PATH]`: every matching record, streamed as CSV
 * (default), NDJSON or a JSON array. The filters are the list command's, generated from the catalog.
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { ParamObject } from '../api/index.js';
import { catalog, type ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../cli/errors.js';
import { preferSmallHeap } from '../cli/heap.js';
import { type ExportFormat, runExport } from '../csv/export.js';
import { parseFieldList } from '../output/index.js';
import { addFlags, bindFlags, readFlags } from './resource/flags.js';
import { toQuery } from './resource/values.js';
import { dateZone } from './shared.js';
import type { CommandDeps, RegisterCommands, Runtime } from './types.js';

type Opts = Record<string, unknown>;

function parseDelimiter(value: string): string {
  const v = value === '\\t' || value.toLowerCase() === 'tab' ? '\t' : value;
  if (v.length !== 1) throw new InvalidArgumentError('expected one character (or "tab").');
  return v;
}

function exportFormat(rt: Runtime): ExportFormat {
  const g = rt.globals();
  const wanted = g.json ? 'json' : (g.output ?? 'csv');
  if (wanted === 'csv' || wanted === 'ndjson' || wanted === 'json') return wanted;
  throw new UsageError(`export writes csv, ndjson or json, not "${wanted}"`, 'use -o csv|ndjson|json', 'bad-format');
}

/**
 * Runs an export to stdout or `--file`.
 * @throws UsageError for bad flags; API errors as they come
 */
export async function exportRecords(rt: Runtime, resource: ResourceSpec, opts: Opts): Promise<number> {
  const { ctx } = rt;
  const g = rt.globals();
  const format = exportFormat(rt);
  const raw = readFlags(bindFlags(resource.listParams), opts);
  const query = (await toQuery(resource, raw, { now: ctx.now(), timezone: await dateZone(rt) })) as ParamObject;
  const fields = g.fields !== undefined ? parseFieldList(g.fields) : undefined;
  const site = opts.columns === 'site';
  const api = await rt.api();
  const file = typeof opts.file === 'string' ? resolve(ctx.cwd, opts.file) : undefined;
  const out: Writable = file ? createWriteStream(file) : ctx.io.stdout;
  try {
    const count = await runExport({
      api,
      resource,
      query,
      format,
      fields,
      siteLabels: site,
      delimiter: opts.delimiter as string | undefined,
      out,
      signal: ctx.signal,
    });
    if (file) ctx.io.stderr.write(`calctl: exported ${count} ${resource.name} to ${opts.file}\n`);
    return count;
  } finally {
    if (file) {
      out.end();
      await once(out, 'close');
    }
  }
}

function exportCommand(parent: Command, resource: ResourceSpec, deps: CommandDeps): void {
  const cmd = parent
    .command(resource.name)
    .description(`write every matching ${resource.singular} as CSV (default), NDJSON or JSON (-o)`);
  addFlags(cmd, bindFlags(resource.listParams.filter((p) => p.name !== 'page' && p.name !== 'per_page')));
  cmd
    .option('--file <path>', 'write there instead of stdout')
    .addOption(
      new Option('--columns <style>', 'CSV headers: ours (field names) or site (the site importer labels)').choices([
        'ours',
        'site',
      ]),
    )
    .addOption(new Option('--delimiter <char>', 'CSV field delimiter (default ","; "tab")').argParser(parseDelimiter))
    .addHelpText(
      'after',
      '\nCSV cells: venue → its name, organizer → names joined by ", ", categories/tags → names,\n' +
        'booleans → true/false, a website equal to the event page → empty. The default columns\n' +
        'import again unchanged (calctl import), so export → import → export gives the same file.\n' +
        '--fields (global) picks other columns or dotted paths. Events: every date unless filtered.',
    )
    .action(async (_opts: Opts, command: Command) => {
      preferSmallHeap();
      await exportRecords(deps.runtime(), resource, command.opts());
    });
}

/** Registers `calctl export <resource>`. */
export const registerExportCommand: RegisterCommands = (program, deps) => {
  const cmd = program.command('export').description('write every record of a resource as CSV, NDJSON or JSON');
  for (const resource of catalog) exportCommand(cmd, resource, deps);
};
