/** `calctl <resource> list`: one page by default, `--all` streams every page, `--limit N` caps. */
import { paginate } from '../../api/paginate.js';
import type { ResourceSpec } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import type { JsonRecord } from '../../output/index.js';
import { createRecordWriter, pacedStdout, printText, stderrNotes } from '../../output/index.js';
import { dateZone, outputFormat, writerOptions } from '../shared.js';
import type { Runtime } from '../types.js';
import { bindFlags, type FlagValues, readFlags } from './flags.js';
import { resolveLinks } from './links.js';
import { toQuery } from './values.js';

/** Options of the list action beyond the catalog's parameters. */
export interface ListOptions {
  all?: boolean;
  limit?: number;
}

/** Names of the premium geolocation filters (matched by name, never by description). */
const GEOLOC = ['geoloc', 'geoloc_lat', 'geoloc_lng'];

/**
 * Whether a returned event shows that geoloc filters were ignored: with the premium extension,
 * geoloc lists only events whose venue has coordinates, so an event without a venue, or whose venue
 * carries no `geo_lat`/`geo_lng`, can only come from a site that did not filter.
 */
export function showsGeolocIgnored(record: JsonRecord): boolean {
  const venue = record.venue;
  if (typeof venue !== 'object' || venue === null || Array.isArray(venue)) return true;
  const v = venue as JsonRecord;
  return v.geo_lat === undefined || v.geo_lat === '' || v.geo_lng === undefined || v.geo_lng === '';
}

/** Runs a list: streams records into the writer and awaits 'drain' when stdout is full. */
export async function listRecords(rt: Runtime, resource: ResourceSpec, opts: FlagValues & ListOptions): Promise<void> {
  if (opts.limit !== undefined && opts.limit < 0) throw new UsageError('--limit must be 0 or more');
  const raw = readFlags(bindFlags(resource.listParams), opts);
  await resolveLinks(rt, resource.listParams, raw, { split: true });
  const query = await toQuery(resource, raw, {
    now: rt.ctx.now(),
    timezone: () => dateZone(rt),
    format: rt.globals().dateFormat,
  });
  const target = await rt.target();
  if (query.per_page === undefined) {
    if (opts.all || (opts.limit !== undefined && opts.limit > 10)) query.per_page = 50;
    else if (target.kind === 'remote' && target.perPage !== undefined) query.per_page = target.perPage;
  }
  const geoloc = resource.name === 'events' && GEOLOC.some((k) => query[k] !== undefined);
  let warned = false;
  const warnGeoloc = (record: JsonRecord) => {
    if (!geoloc || warned || !showsGeolocIgnored(record)) return;
    warned = true;
    stderrNotes(rt.ctx).warn(
      'the site ignored the geoloc filters (they need the premium Events Calendar Pro extension); the results are not narrowed by location',
    );
  };
  if ((await outputFormat(rt)) === 'count') {
    printText(rt.ctx, `${await countRecords(rt, resource, query, opts, warnGeoloc)}\n`);
    return;
  }
  const stdout = pacedStdout(rt.ctx);
  const writer = createRecordWriter(await writerOptions(rt, resource, stdout));
  const { records, more } = await fetchRecords(rt, resource, query, opts);
  for await (const record of records) {
    warnGeoloc(record);
    writer.write(record);
    await stdout.ready();
  }
  writer.end();
  if (more && rt.ctx.io.stderr.isTTY) stderrNotes(rt.ctx).note(more);
}

/**
 * What a person at a terminal should know of the pages a one-page list left out (from the total the
 * site reports): `5 of 7 shown; --all lists every one, --page 2 the next page`.
 */
function morePages(shown: number, reported: unknown, pages: unknown, page: unknown): string | undefined {
  const total = Number(reported);
  const current = typeof page === 'number' ? page : 1;
  if (reported === undefined || pages === undefined || !Number.isFinite(total) || shown === 0) return undefined;
  if (current >= Number(pages)) return undefined;
  return `${shown} of ${total} shown; --all lists every one, --page ${current + 1} the next page`;
}

/**
 * `-o count`: every record the query matches, as the site counts it (`total` in the body, or the
 * `X-WP-Total`/`X-TEC-Total` header), with one request of one record, whatever the site's page size
 * and whatever page was asked for; `--limit` caps it. An empty first page counts 0 (a venue search
 * without matches reports the total of every venue). A site that reports no total is paged through.
 */
async function countRecords(
  rt: Runtime,
  resource: ResourceSpec,
  query: Record<string, unknown>,
  opts: ListOptions,
  look: (record: JsonRecord) => void,
): Promise<number> {
  const api = await rt.api();
  const path = `/${resource.name}`;
  const { page: _page, per_page: _perPage, ...rest } = query;
  const q = rest as Parameters<typeof paginate>[2];
  const res = await api.get<Record<string, unknown>>(path, { query: { ...q, per_page: 1 }, signal: rt.ctx.signal });
  const list = res.body?.[resource.name];
  const reported = res.body?.total ?? res.headers['x-wp-total'] ?? res.headers['x-tec-total'];
  let total: number;
  if (Array.isArray(list) && list[0] !== undefined) look(list[0] as JsonRecord);
  if (Array.isArray(list) && list.length === 0) total = 0;
  else if (reported !== undefined && Number.isFinite(Number(reported))) total = Number(reported);
  else {
    total = 0;
    for await (const _ of paginate(api, path, { ...q, per_page: 50 }, resource.name, { signal: rt.ctx.signal }))
      total++;
  }
  return opts.limit === undefined ? total : Math.min(total, opts.limit);
}

/** One page (default), every page (--all) or pages up to --limit records; `more` when a page left some out. */
async function fetchRecords(
  rt: Runtime,
  resource: ResourceSpec,
  query: Record<string, unknown>,
  opts: ListOptions,
): Promise<{ records: AsyncIterable<JsonRecord>; more?: string | undefined }> {
  const api = await rt.api();
  const path = `/${resource.name}`;
  const q = query as Parameters<typeof paginate>[2];
  if (opts.all || opts.limit !== undefined) {
    const startPage = typeof query.page === 'number' ? query.page : undefined;
    const { page: _page, ...rest } = q as Record<string, unknown>;
    const records = paginate<JsonRecord>(api, path, rest as typeof q, resource.name, {
      limit: opts.limit,
      startPage,
      signal: rt.ctx.signal,
    });
    return { records };
  }
  const res = await api.get<Record<string, unknown>>(path, { query: q, signal: rt.ctx.signal });
  const list = Array.isArray(res.body?.[resource.name]) ? (res.body[resource.name] as JsonRecord[]) : [];
  const reported = res.body?.total ?? res.headers['x-wp-total'] ?? res.headers['x-tec-total'];
  const pages = res.body?.total_pages ?? res.headers['x-wp-totalpages'] ?? res.headers['x-tec-totalpages'];
  const records = (async function* () {
    yield* list;
  })();
  return { records, more: morePages(list.length, reported, pages, query.page) };
}
