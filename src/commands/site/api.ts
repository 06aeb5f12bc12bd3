/** `calctl api`, `calctl info`, `calctl doc`: raw requests through the same client (auth, retries, errors). */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import type { CliRuntime } from '../../cli/runtime.js';
import { writeJson } from '../json-output.js';
import { readDataOption } from '../resource/body.js';
import { printDryRun } from '../shared.js';

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

/** Puts `key=value` in an object; `key[]=v` appends to an array (PHP style, as WordPress reads it). */
function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key.endsWith('[]')) {
    const name = key.slice(0, -2);
    const list = Array.isArray(target[name]) ? (target[name] as unknown[]) : [];
    target[name] = [...list, value];
  } else {
    target[key] = value;
  }
}

/** The path relative to the namespace base; `/wp-json/…` addresses any route of the same site. */
function requestPath(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) {
    throw new UsageError('give a path, not a full URL', 'the site comes from the profile or --url');
  }
  if (path.startsWith('/wp-json/') || path === '/wp-json') {
    const at = baseUrl.indexOf('/wp-json');
    return at >= 0 ? `${baseUrl.slice(0, at)}${path}` : new URL(path, baseUrl).href;
  }
  return path.startsWith('/') || path === '' ? path : `/${path}`;
}

/** Runs `calctl api METHOD PATH …` and prints the answer's JSON body. */
export async function runApi(rt: CliRuntime, rawMethod: string, path: string, opts: Record<string, unknown>) {
  const method = rawMethod.toUpperCase();
  if (!METHODS.has(method))
    throw new UsageError(`unknown method "${rawMethod}"`, `use one of: ${[...METHODS].join(', ')}`);
  const params: Record<string, unknown> = {};
  for (const pair of (opts.rawField as string[] | undefined) ?? []) {
    const [k, v] = splitPair(pair, '-f');
    assign(params, k, v);
  }
  for (const pair of (opts.fieldTyped as string[] | undefined) ?? []) {
    const [k, v] = splitPair(pair, '-F');
    assign(params, k, await typedValue(rt, v));
  }
  const headers: Record<string, string> = {};
  for (const h of (opts.header as string[] | undefined) ?? []) {
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
  const query = (inQuery ? params : {}) as import('../../api/index.js').ParamObject;
  const api = await rt.api();
  const target = requestPath(api.baseUrl, path);
  if (rt.globals().dryRun && method !== 'GET' && method !== 'HEAD') {
    const { buildUrl } = await import('../../api/index.js');
    printDryRun(rt, method, buildUrl(api.baseUrl, target, query).href, body);
    return;
  }
  if (opts.paginate) {
    if (method !== 'GET') throw new UsageError('--paginate works with GET only');
    await paginateAll(rt, target, query);
    return;
  }
  const res = await api.request(method, target, { query, body, headers, signal: rt.ctx.signal });
  if (res.body !== undefined) await writeJson(rt, res.body);
}

/** Streams every page of a list as one JSON array (the list key is found on the first page). */
async function paginateAll(rt: CliRuntime, path: string, query: import('../../api/index.js').ParamObject) {
  const api = await rt.api();
  const { paginate } = await import('../../api/index.js');
  const first = await api.get<Record<string, unknown>>(path, { query: { ...query, page: 1 }, signal: rt.ctx.signal });
  const body = first.body;
  const key = Array.isArray(body) ? undefined : Object.keys(body ?? {}).find((k) => Array.isArray(body[k]));
  const out = rt.ctx.io.stdout;
  if (Array.isArray(body) || key === undefined) {
    await writeJson(rt, body);
    return;
  }
  let count = 0;
  for await (const record of paginate<unknown>(api, path, query, key, { signal: rt.ctx.signal })) {
    out.write(`${count++ === 0 ? '[\n' : ',\n'}${JSON.stringify(record, null, 2).replace(/^/gm, '  ')}`);
  }
  out.write(count === 0 ? '[]\n' : '\n]\n');
}

/** `calctl info` (path '') and `calctl doc` (path '/doc'). */
export async function showInfo(rt: CliRuntime, path: string): Promise<void> {
  const api = await rt.api();
  const res = await api.get(path, { signal: rt.ctx.signal });
  await writeJson(rt, res.body);
}
