/** The body of create/update: `--data '{json}'|@file|-` first, field flags on top. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResourceSpec } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import { AS_NEW, recordToInput } from '../../records/index.js';
import { dateZone, siteZone } from '../shared.js';
import type { CliRuntime } from '../types.js';
import { settleEnd } from './event-dates.js';
import { bindFlags, readFlags } from './flags.js';
import { resolveLinks } from './links.js';
import { normalizeDataDates, toBody } from './values.js';

/** Reads `--data`: inline JSON, `@file.json` or `-` (stdin). The result must be a JSON object. */
export async function readDataOption(rt: CliRuntime, data: string): Promise<Record<string, unknown>> {
  let text: string;
  let source: string;
  if (data === '-') {
    text = await rt.stdinText('--data -');
    source = 'stdin';
  } else if (data.startsWith('@')) {
    const path = resolve(rt.ctx.cwd, data.slice(1));
    source = path;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      throw new UsageError(`--data: cannot read ${path}: ${(err as Error).message}`);
    }
  } else {
    text = data;
    source = 'the argument';
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UsageError(
      `--data: ${source} is not valid JSON (${(err as Error).message})`,
      `give an object, e.g. --data '{"title":"Party"}'`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`--data: ${source} must hold one JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/**
 * The options of create, update and copy: the resource's field flags (generated from the catalog,
 * by their commander attribute) and the body's own.
 */
export interface WriteOptions {
  /** `--data`: inline JSON, `@file.json` or `-` */
  data?: string;
  /** `--duration` of an event (its end counted from its start) */
  duration?: string;
  /** `--create-missing`: linked records named and not found are created */
  createMissing?: boolean;
  /** `--porcelain`: only the new id is printed (create, copy) */
  porcelain?: boolean;
  /** the field flags, read by readFlags */
  [flag: string]: unknown;
}

/**
 * The changes a create/update asks for, in input form with dates in the server format. The global
 * `--timezone` doubles as the event's `timezone` field (and naive dates are read in it). An event's
 * relative end (`--end-date +2h`) and `--duration` count from its start (the record's, on update).
 */
export async function buildChanges(
  rt: CliRuntime,
  resource: ResourceSpec,
  opts: WriteOptions,
  record?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const recordZone = typeof record?.timezone === 'string' ? record.timezone : undefined;
  const data = typeof opts.data === 'string' ? await readDataOption(rt, opts.data) : {};
  const raw = readFlags(bindFlags(resource.fields), opts);
  const g = rt.globals();
  if (g.timezone && resource.fields.some((f) => f.name === 'timezone')) raw.timezone = g.timezone;
  const explicitZone =
    typeof raw.timezone === 'string' ? raw.timezone : typeof data.timezone === 'string' ? data.timezone : undefined;
  const dates = {
    now: rt.ctx.now(),
    timezone: () => dateZone(rt, explicitZone ?? recordZone),
    siteZone: () => siteZone(rt),
    format: rt.globals().dateFormat,
  };
  const dropped: string[] = [];
  const fromData = await normalizeDataDates(resource, recordToInput(resource, data, { ...AS_NEW, dropped }), dates);
  if (dropped.length > 0) rt.debug(`--data: left out what a write does not take: ${dropped.join(', ')}`);
  const fromFlags = await toBody(resource, raw, dates);
  const changes = { ...fromData, ...fromFlags };
  if (resource.name === 'events') {
    const endText = typeof raw.end_date === 'string' ? raw.end_date : data.end_date;
    settleEnd(changes, {
      endText: typeof endText === 'string' ? endText : undefined,
      duration: typeof opts.duration === 'string' ? opts.duration : undefined,
      recordStart: typeof record?.start_date === 'string' ? record.start_date : undefined,
    });
  }
  await resolveLinks(rt, resource.fields, changes, {
    createMissing: opts.createMissing === true,
    dryRun: g.dryRun === true,
  });
  return changes;
}
