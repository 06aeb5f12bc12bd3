/** `calctl api`, `calctl info`, `calctl doc`: raw requests through the same client (auth, retries, errors). */

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ApiError } from '../../api/index.js';
import { assignPhpKey, type ParamObject, phpLists } from '../../api/params.js';
import { siteRouteUrl } from '../../api/rest-url.js';
import { CalctlError, UsageError } from '../../errors/index.js';
import type { OutputFormat } from '../../output/index.js';
import { pacedStdout } from '../../output/stdout.js';

import { readDataOption } from '../resource/body.js';
import { fullUrl, outputFormat, printData, printDryRun } from '../shared.js';
import type { CliRuntime } from '../types.js';
import type { ApiOptions } from './options.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

function splitPair(text: string, flag: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} ${text}: expected key=value`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** `-F` values: true/false/null and numbers become JSON values, `@file` the file's text. */
async function typedValue(rt: CliRuntime, value: string): Promise<unknown> {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value.startsWith('@')) return readFile(resolve(rt.ctx.cwd, value.slice(1)), 'utf8');
  return value;
}

/**
 * The Events Calendar's newer namespace (`tec/v1`) answers 400 unless every request carries this
 * acknowledgement in `X-TEC-EEA` (the plugin's exact sentence; compared case-insensitively).
 */
export const TEC_ACK_HEADER = 'x-tec-eea';
export const TEC_ACK =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';
const TEC_NAMESPACE = /^\/?tec\/v1(?:[/?]|$)/;

/**
 * Where `calctl api PATH` goes: a path under the namespace (`/events/9?per_page=5`), or any route of
 * the same site, written as on a pretty-permalink site (`/wp-json/wp/v2/tags`), as on a plain one
 * (`/?rest_route=/wp/v2/tags`), or `/tec/v1/…` (the plugin's other namespace). Any route is sent in
 * the site's own URL form ({@link siteRouteUrl}), whatever form it was written in.
 * @returns the path or URL for the client, and the site route it names (undefined: under the namespace)
 */
function requestTarget(baseUrl: string, rawPath: string): { target: string; route: string | undefined } {
  if (/^https?:\/\//i.test(rawPath)) {
    throw new UsageError('give a path, not a full URL', 'the site comes from the profile or --url');
  }
  const plain = /^\/?(?:index\.php)?\?(.*)$/.exec(rawPath);
  const params = new URLSearchParams(plain?.[1] ?? '');
  let route: string | undefined;
  if (plain && params.has('rest_route')) {
    const rest = (plain[1] ?? '').split('&').filter((p) => p !== '' && !p.startsWith('rest_route='));
    route = `${params.get('rest_route') ?? '/'}${rest.length > 0 ? `?${rest.join('&')}` : ''}`;
  } else if (TEC_NAMESPACE.test(rawPath)) route = `/${rawPath.replace(/^\//, '')}`;
  else if (rawPath === '/wp-json' || /^\/wp-json[/?]/.test(rawPath)) route = rawPath.slice('/wp-json'.length) || '/';
  if (route !== undefined) return { target: siteRouteUrl(baseUrl, route).href, route };
  return { target: rawPath.startsWith('/') || rawPath === '' ? rawPath : `/${rawPath}`, route: undefined };
}

/** Formats that print the records of `--paginate` (the answer without it: json, ndjson, yaml). */
const PAGED_FORMATS: readonly OutputFormat[] = ['json', 'ndjson', 'yaml', 'ids', 'count'];

/**
 * The output format of `api`. Answers are JSON, not one resource's records: a table (the default on
 * a terminal) or a profile default without meaning here prints JSON; asking for one with -o is a
 * usage error, checked before any request is sent.
 */
async function apiFormat(rt: CliRuntime, paginate: boolean): Promise<OutputFormat> {
  const format = await outputFormat(rt);
  const allowed = paginate ? PAGED_FORMATS : PAGED_FORMATS.slice(0, 3);
  if (allowed.includes(format)) return format;
  if (rt.globals().output === undefined) return 'json';
  throw new UsageError(
    `-o ${format} does not apply to calctl api`,
    paginate
      ? `with --paginate use -o ${allowed.join(', ')}; for a table or CSV use a resource command (calctl events list --all -o ${format})`
      : `use -o ${allowed.join(', ')} (with --paginate also ids, count); for a table or CSV use a resource command (calctl events list -o ${format})`,
    'bad-format',
  );
}

/** Runs `calctl api METHOD PATH …` and prints the answer's JSON body. */
export async function runApi(rt: CliRuntime, rawMethod: string, path: string, opts: ApiOptions) {
  const method = rawMethod.toUpperCase();
  if (!METHODS.has(method))
    throw new UsageError(`unknown method "${rawMethod}"`, `use one of: ${[...METHODS].join(', ')}`);
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
  const format = await apiFormat(rt, opts.paginate === true);
  // Keys are read as PHP reads a query or form (`a[]`, `a[0]`, `a[k][]` …), so that the same values
  // reach the site in a query and in a JSON body, where bracket keys would mean nothing.
  const filled: Record<string, unknown> = {};
  for (const pair of opts.rawField ?? []) {
    const [k, v] = splitPair(pair, '-f');
    assignPhpKey(filled, k, v);
  }
  for (const pair of opts.fieldTyped ?? []) {
    const [k, v] = splitPair(pair, '-F');
    assignPhpKey(filled, k, await typedValue(rt, v));
  }
  const params = Object.fromEntries(Object.entries(filled).map(([k, v]) => [k, phpLists(v)]));
  const headers: Record<string, string> = {};
  for (const h of opts.header ?? []) {
    const at = h.indexOf(':');
    if (at <= 0) throw new UsageError(`-H ${h}: expected name:value`);
    const name = h.slice(0, at).trim().toLowerCase();
    if (name === 'authorization')
      throw new UsageError('-H authorization is not allowed', 'credentials come from the profile');
    headers[name] = h.slice(at + 1).trim();
  }
  const inQuery = method === 'GET' || method === 'HEAD' || method === 'DELETE';
  const data = typeof opts.data === 'string' ? await readDataOption(rt, opts.data) : undefined;
  const body = inQuery ? data : { ...(data ?? {}), ...params };
  const query = (inQuery ? params : {}) as ParamObject;
  const api = await rt.api();
  const { target, route } = requestTarget(api.baseUrl, path);
  if (route !== undefined && TEC_NAMESPACE.test(route) && headers[TEC_ACK_HEADER] === undefined)
    headers[TEC_ACK_HEADER] = TEC_ACK;
  if (rt.globals().dryRun && method !== 'GET' && method !== 'HEAD') {
    printDryRun(rt, method, fullUrl(api.baseUrl, target, query), body);
    return;
  }
  if (opts.paginate) {
    await paginateAll(rt, target, query, format);
    return;
  }
  const res = await api
    .request(method, target, { query, body, headers, signal: rt.ctx.signal })
    .catch((err: unknown) => {
      throw refusedParams(err, path, { ...query, ...(typeof body === 'object' && body !== null ? body : {}) });
    });
  if (res.body !== undefined) await printData(rt, res.body);
}

/**
 * A 400 naming refused parameters, told as parameters of this request (its path and its -f/-F/--data
 * values), not as the flags of a resource command: `api GET /events/99999` has no `--id`.
 */
function refusedParams(err: unknown, path: string, sent: Record<string, unknown>): unknown {
  const params = err instanceof ApiError && err.status === 400 ? err.data?.params : undefined;
  if (!(err instanceof ApiError) || !params || Object.keys(params).length === 0) return err;
  const last = /\/([^/?]+)\/?(?:\?.*)?$/.exec(path)?.[1];
  const each = Object.entries(params).map(([name, why]) => {
    const reason = typeof why === 'string' && why.trim() !== '' ? `: ${why.trim()}` : '';
    if (name in sent) return `${name}=${String(sent[name])}${reason}`;
    if ((name === 'id' || name === 'slug') && last !== undefined) {
      return `${name} ${decodeURIComponent(last)} (from the path ${path}): no record has it`;
    }
    return `${name}${reason}`;
  });
  return new CalctlError(err.message, {
    code: err.code,
    exitCode: err.exitCode,
    status: err.status,
    hint: `the site refused ${each.join('; ')}`,
    cause: err,
  });
}

/**
 * The key holding the records of a list answer (`events`, `venues`, `categories` …): its first array.
 * A record (it has an `id`) is no list, though it holds arrays (`categories`, `global_id_lineage`).
 */
function listKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'id' in body) return undefined;
  const record = body as Record<string, unknown>;
  return Object.keys(record).find((k) => Array.isArray(record[k]));
}

/**
 * Streams the records of every page (the list key, such as `events`, is found on the first page),
 * waiting for 'drain' when stdout is full. An answer without a list is printed as it is.
 */
async function paginateAll(rt: CliRuntime, path: string, query: ParamObject, format: OutputFormat) {
  const api = await rt.api();
  const { paginate } = await import('../../api/index.js');
  const first = await api.get<Record<string, unknown>>(path, { query: { ...query, page: 1 }, signal: rt.ctx.signal });
  const body = first.body;
  const key = listKey(body);
  if (!Array.isArray(body) && key === undefined && (format === 'json' || format === 'ndjson' || format === 'yaml')) {
    await printData(rt, body);
    return;
  }
  const stdout = pacedStdout(rt.ctx);
  const { createValueWriter } = await import('../../output/writer.js');
  const writer = createValueWriter(format, stdout);
  const records: AsyncIterable<unknown> | unknown[] = Array.isArray(body)
    ? body
    : key === undefined
      ? [body]
      : paginate<unknown>(api, path, query, key, { signal: rt.ctx.signal });
  for await (const record of records) {
    writer.write(record);
    await stdout.ready();
  }
  writer.end();
}

/** `calctl info` (path '') and `calctl doc` (path '/doc'). */
export async function showInfo(rt: CliRuntime, path: string): Promise<void> {
  const api = await rt.api();
  const res = await api.get(path, { signal: rt.ctx.signal });
  await printData(rt, res.body);
}
