/**
 * Helpers every data command shares: output options from the globals, the zone for naive dates,
 * dry-run rendering, id parsing and confirmation.
 */
import { InvalidArgumentError } from 'commander';
import type { ParamObject } from '../api/params.js';
import { apiUrl } from '../api/rest-url.js';
import { aResource, type ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../errors/index.js';
import type { OutputFormat, RecordWriterOptions } from '../output/index.js';
import { colorLevel, loadColor, parseFieldList, resolveFormat, stderrNotes } from '../output/index.js';
import { printText, printValue, stdoutTerminal } from '../output/stdout.js';
import type { Runtime } from './types.js';

/** The output format of this run (flag, then profile default, then TTY → table / pipe → JSON). */
export async function outputFormat(rt: Runtime): Promise<OutputFormat> {
  const g = rt.globals();
  let profileDefault: string | undefined;
  if (g.output === undefined && !g.json) {
    const target = await rt.target();
    if (target.kind === 'remote') profileDefault = target.output;
  }
  return resolveFormat({
    output: g.output,
    json: g.json,
    isTTY: stdoutTerminal(rt.ctx).isTTY,
    profileDefault,
  });
}

/**
 * Prints a value that is not records of one resource (an API answer, a profile, a summary) in this
 * run's format: YAML, NDJSON, else JSON.
 */
export async function printData(rt: Runtime, value: unknown): Promise<void> {
  printValue(rt.ctx, value, await outputFormat(rt));
}

/** Writer options for a resource's records, from the global flags and the terminal. */
export async function writerOptions(
  rt: Runtime,
  resource: ResourceSpec,
  stream: RecordWriterOptions['stream'] = { write: (text: string) => printText(rt.ctx, text) },
): Promise<RecordWriterOptions> {
  const g = rt.globals();
  const format = await outputFormat(rt);
  const stdout = stdoutTerminal(rt.ctx);
  const color = colorLevel({ isTTY: stdout.isTTY, env: rt.ctx.env, format });
  await loadColor(color);
  return {
    format,
    stream,
    stderr: rt.ctx.io.stderr,
    resource,
    fields: g.fields !== undefined ? parseFieldList(g.fields) : undefined,
    field: g.field,
    isTTY: stdout.isTTY,
    columns: stdout.columns,
    env: rt.ctx.env,
    color,
    raw: g.raw === true,
  };
}

/** The site zone of each run's client (one lookup of the REST index per run, and only when needed). */
const siteZones = new WeakMap<object, Promise<string>>();

/**
 * The zone naive and relative dates are read in: `--timezone`, else the record's own zone (update),
 * else the site's time zone — UTC for the built-in local calendar, and for a remote site the zone its
 * REST index announces (the site reads naive dates in it). When the index does not say, UTC (the
 * WordPress default), with a warning.
 */
export async function dateZone(rt: Runtime, recordZone?: string): Promise<string> {
  const g = rt.globals();
  if (g.timezone) {
    const { isValidTimeZone, ZONE_FORMS_HINT } = await import('../clock/index.js');
    if (!isValidTimeZone(g.timezone)) {
      throw new UsageError(`--timezone: unknown time zone "${g.timezone}"`, ZONE_FORMS_HINT, 'invalid-timezone');
    }
    return g.timezone;
  }
  if (recordZone) return recordZone;
  return siteZone(rt);
}

/**
 * The site's time zone as the site names it (`UTC+5.5` for a manual offset): what it reads naive
 * dates and keeps its local modification times in. UTC for the built-in local calendar; for a remote
 * site the zone its REST index announces, UTC (WordPress's default) with a note when it says none.
 */
export async function siteZone(rt: Runtime): Promise<string> {
  const target = await rt.target();
  if (target.kind === 'local') return 'UTC';
  const api = await rt.api();
  let zone = siteZones.get(api);
  if (!zone) {
    zone = import('../api/site-zone.js')
      .then(({ siteTimeZone }) => siteTimeZone(api))
      .then((found) => {
        if (found) return found;
        // (the index answered but names no zone: the site works in UTC, WordPress's default)
        stderrNotes(rt.ctx).text(
          "calctl: note: the site's REST index names no time zone; dates are read in UTC (set --timezone)\n",
          'info',
        );
        return 'UTC';
      });
    siteZones.set(api, zone);
  }
  return zone;
}

/** Parses a record id; anything but a positive whole number is a usage error. */
export function parseId(text: string, resource: ResourceSpec): number {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) <= 0) {
    throw new UsageError(
      `"${text}" is not ${aResource(resource)} id`,
      resource.bySlug ? 'give a numeric id, or --slug NAME' : 'give a numeric id',
      'bad-id',
    );
  }
  return Number(t);
}

/** Path of one record, by id or by slug. */
export function recordPath(resource: ResourceSpec, ref: { id: number } | { slug: string }): string {
  return 'id' in ref ? `/${resource.name}/${ref.id}` : `/${resource.name}/by-slug/${encodeURIComponent(ref.slug)}`;
}

/**
 * `--dry-run`: prints the request that would be sent as one JSON object on stdout (so it can be
 * piped to jq or saved) and sends nothing. A note on stderr says nothing was sent.
 */
export function printDryRun(rt: Runtime, method: string, url: string, body?: unknown): void {
  const request = body === undefined ? { method, url } : { method, url, body };
  printValue(rt.ctx, request, 'json');
  stderrNotes(rt.ctx).info(`dry run: ${method} ${url} not sent`);
}

/** Full URL of a path under the client's base, for dry-run output (the site's URL form, {@link apiUrl}). */
export function fullUrl(baseUrl: string, path: string, query?: ParamObject): string {
  return apiUrl(baseUrl, path, query).href;
}

/** Whether prompts may be shown: stdin and stderr are terminals (prompts draw on stderr). */
export function canPrompt(rt: Runtime): boolean {
  return rt.ctx.io.stdin.isTTY === true && rt.ctx.io.stderr.isTTY === true;
}

/**
 * Asks before a destructive action. `--yes` skips the question; without a terminal and without
 * `--yes` it is a usage error naming `--yes`, so scripts never hang on a hidden prompt.
 */
export async function confirmOrThrow(rt: Runtime, message: string): Promise<boolean> {
  if (rt.globals().yes) return true;
  if (!canPrompt(rt)) {
    throw new UsageError(
      `${message.replace(/\?$/, '')}: confirmation needed`,
      'add --yes (-y) to confirm without a prompt',
      'confirm-needed',
    );
  }
  const { askConfirm } = await import('./prompts.js');
  return askConfirm(rt.ctx, message);
}

/** `--concurrency` of bulk commands: requests in flight, 1 to 64. */
export function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('expected a whole number from 1 to 64.');
  return n;
}
