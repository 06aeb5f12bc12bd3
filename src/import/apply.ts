/**
 * Applies one valid row to the target: create, update or leave alone. Creation is exactly-once: a
 * POST is never retried blindly; when its outcome is unknown (network error, timeout) the record is
 * looked up by the match rule first, and only sent again when it is not there.
 */
import type { BatchWriter } from '../api/batch.js';
import { type ApiClient, ApiError, writeOnce } from '../api/index.js';
import { everythingQuery, type ResourceSpec } from '../catalog/index.js';
import {
  type Body,
  changedKeys,
  indexedKeys,
  keptWhenUnchanged,
  keyOf,
  recordToInput,
  siteSlug,
  updateBody,
} from '../records/index.js';
import { modifiedOf, type WriteJournal } from './journal.js';
import type { IndexEntry, MatchIndex } from './match.js';

type Obj = Record<string, unknown>;

/** What happened to a row. */
export type Outcome =
  | { kind: 'created'; id: number }
  | { kind: 'updated'; id: number }
  | { kind: 'unchanged'; id: number }
  | { kind: 'rejected'; message: string };

/** Options shared by every row of a run. */
export interface ApplyOptions {
  api: ApiClient;
  resource: ResourceSpec;
  index: MatchIndex;
  onConflict: 'update' | 'skip' | 'fail';
  dryRun: boolean;
  signal?: AbortSignal | undefined;
  /** called just before a POST whose outcome may become unknown (the checkpoint marks the row) */
  beforeCreate?: (() => void) | undefined;
  /** sends creates and updates, grouped in batches when the site takes them (default: one request each) */
  writer?: BatchWriter | undefined;
  /** the run's history: each write noted before it is sent, marked done after */
  journal?: WriteJournal | undefined;
}

let dryRunIds = 0;

async function fetchBody(opts: ApplyOptions, id: number): Promise<Body> {
  const res = await opts.api.get<Obj>(`/${opts.resource.name}/${id}`, { signal: opts.signal });
  return recordToInput(opts.resource, res.body);
}

/**
 * Looks one record up by the row's match rule, for the rare rows the index cannot answer: a create
 * whose outcome is unknown, and events hidden from listings (never listed, observed #11).
 */
export async function lookupOne(opts: ApplyOptions, body: Body): Promise<IndexEntry | undefined> {
  const { resource, api, index } = opts;
  const want = keyOf(resource, body, index.keyFields);
  const slugs: string[] = [];
  if (typeof body.slug === 'string' && body.slug !== '') slugs.push(body.slug);
  const title = String(body[resource.titleField] ?? '');
  if (resource.bySlug && title !== '') slugs.push(siteSlug(resource, title));
  for (const slug of new Set(slugs)) {
    try {
      const res = await api.get<Obj>(`/${resource.name}/by-slug/${encodeURIComponent(slug)}`, { signal: opts.signal });
      const found = recordToInput(resource, res.body);
      if (slug === body.slug || keyOf(resource, found, index.keyFields) === want) return index.add(res.body, true);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  }
  if (title === '') return undefined;
  const query: Obj = { ...everythingQuery(resource), search: title };
  const res = await api.get<Obj>(`/${resource.name}`, { query: query as never, signal: opts.signal });
  const list = res.body[resource.name];
  for (const r of Array.isArray(list) ? (list as Obj[]) : []) {
    if (keyOf(resource, recordToInput(resource, r), index.keyFields) === want) return index.add(r, true);
  }
  return undefined;
}

/**
 * What a row will do, decided from reads only (the match index, a lookup, the matched record): the
 * one decision a dry run prints and a real run carries out ({@link applyDecision}), so the two
 * cannot disagree.
 */
export type Decision =
  | { kind: 'create'; body: Body }
  | {
      kind: 'update';
      entry: IndexEntry;
      /** the record as it is (write form) */
      current: Body;
      /** the fields that change */
      changed: string[];
      /** what the row sends (changed fields, and fields the site would reset) */
      sent: Body;
    }
  | { kind: 'unchanged'; id: number; current?: Body | undefined }
  | { kind: 'rejected'; message: string; id?: number | undefined; current?: Body | undefined; changed?: string[] };

async function createNow(opts: ApplyOptions, body: Body): Promise<Outcome> {
  const { api, resource, index } = opts;
  const title = String(body[resource.titleField] ?? '');
  let token: number | undefined;
  let modified: string | undefined;
  const send = async () => {
    opts.beforeCreate?.();
    token ??= opts.journal?.intent({ resource: resource.name, action: 'created', title, after: body });
    // Only what the match index keeps is asked for: the whole record is most of the answer's weight
    // (and its modified time, for the history).
    const keys = indexedKeys(resource, index.keyFields);
    const fields = keys && opts.journal && resource.kind === 'post' ? [...keys, 'modified_utc'] : keys;
    const path = `/${resource.name}${fields ? `?_fields=${fields.join(',')}` : ''}`;
    const res = opts.writer
      ? await opts.writer.write<Obj>('POST', path, body)
      : await api.post<Obj>(path, body, { retry: false, signal: opts.signal });
    modified = modifiedOf(res.body);
    return index.add(res.body, false, body).id;
  };
  // POST is never re-sent blindly: after a transient failure the record is looked up first (the site
  // may have created it before the answer was lost or a gateway failed), and sent again only when it
  // is not there.
  try {
    const id = await writeOnce({ send, landed: async () => (await lookupOne(opts, body))?.id, signal: opts.signal });
    if (token !== undefined) opts.journal?.done(token, { id, modified });
    return { kind: 'created', id };
  } catch (err) {
    if (token !== undefined) opts.journal?.failed(token);
    const termId = err instanceof ApiError ? Number(err.data?.term_id) : Number.NaN;
    if (!(err instanceof ApiError && err.code === 'term_exists' && termId > 0)) throw err;
    const entry = { id: termId, body: await fetchBody(opts, termId) };
    return applyDecision(opts, decideUpdate(opts, entry, entry.body, body));
  }
}

/**
 * The record among `candidates` (created by this run, found by the hash of the row's natural key)
 * whose natural key really is the row's, with its body; undefined when the hash only collided.
 */
async function confirmCandidate(
  opts: ApplyOptions,
  candidates: readonly number[],
  body: Body,
): Promise<IndexEntry | undefined> {
  const { resource, index } = opts;
  const want = keyOf(resource, body, index.keyFields);
  for (const id of candidates) {
    const current = await fetchBody(opts, id);
    if (keyOf(resource, current, index.keyFields) === want) return { id, body: current };
  }
  return undefined;
}

function decideUpdate(opts: ApplyOptions, entry: IndexEntry, current: Body, body: Body): Decision {
  const changed = changedKeys(opts.resource, body, current);
  if (changed.length === 0 || opts.onConflict === 'skip') return { kind: 'unchanged', id: entry.id, current };
  if (opts.onConflict === 'fail') {
    return {
      kind: 'rejected',
      message: `matches ${opts.resource.singular} ${entry.id}, which differs (${changed.join(', ')})`,
      id: entry.id,
      current,
      changed,
    };
  }
  // Text the row repeats unchanged stays out: the site keeps its own, and sending back the row's
  // would rewrite it.
  const sent = Object.fromEntries(
    Object.entries(body).filter(([k]) => changed.includes(k) || !keptWhenUnchanged(opts.resource, k)),
  );
  return { kind: 'update', entry, current, changed, sent };
}

async function updateNow(opts: ApplyOptions, d: Extract<Decision, { kind: 'update' }>): Promise<Outcome> {
  const { resource } = opts;
  const { entry, current, sent, changed } = d;
  // The full merged body: the site resets whatever an event update leaves out.
  const merged = updateBody(resource, current, sent);
  const title = String(current[resource.titleField] ?? sent[resource.titleField] ?? '');
  const after = Object.fromEntries(changed.map((k) => [k, sent[k]]));
  const token = opts.journal?.intent({
    resource: resource.name,
    action: 'updated',
    id: entry.id,
    title,
    before: current,
    after,
    fields: changed,
  });
  const path = `/${resource.name}/${entry.id}`;
  let res: { body: Obj };
  try {
    res = opts.writer
      ? await opts.writer.write<Obj>('PUT', path, merged)
      : await opts.api.put<Obj>(path, merged, { signal: opts.signal });
  } catch (err) {
    if (token !== undefined) opts.journal?.failed(token);
    throw err;
  }
  if (token !== undefined) opts.journal?.done(token, { id: entry.id, modified: modifiedOf(res.body) });
  entry.body = recordToInput(resource, res.body);
  return { kind: 'updated', id: entry.id };
}

/**
 * Decides what a row does to the target, from reads only.
 * @param id the row's `id` cell
 * @param verify the row's create may have reached the site in an earlier run (look it up first)
 */
export async function decideRow(
  opts: ApplyOptions,
  id: number | undefined,
  body: Body,
  verify: boolean,
): Promise<Decision> {
  const { index, resource } = opts;
  await index.prepare(id, body);
  let entry = index.find(id, body);
  if (entry?.candidates) entry = await confirmCandidate(opts, entry.candidates, body);
  const hidden = resource.name === 'events' && body.hide_from_listings === true;
  if (!entry && (verify || hidden)) entry = await lookupOne(opts, body);
  if (!entry) return { kind: 'create', body };
  const current = entry.body ?? (await fetchBody(opts, entry.id));
  if (entry.body === undefined) entry.body = current;
  return decideUpdate(opts, entry, current, body);
}

/** Carries out exactly what {@link decideRow} decided (a dry run writes nothing). */
export async function applyDecision(opts: ApplyOptions, d: Decision): Promise<Outcome> {
  switch (d.kind) {
    case 'unchanged':
      return { kind: 'unchanged', id: d.id };
    case 'rejected':
      return { kind: 'rejected', message: d.message };
    case 'update':
      return opts.dryRun ? { kind: 'updated', id: d.entry.id } : updateNow(opts, d);
    case 'create':
      if (opts.dryRun) {
        // (kept whole: a later duplicate row cannot fetch a record that was never created)
        opts.index.add({ ...d.body, id: --dryRunIds }, true);
        return { kind: 'created', id: dryRunIds };
      }
      return createNow(opts, d.body);
  }
}

/** A 4xx answer (but a refusal of the credentials) rejects the row; other failures stop the run. */
export function asRejection(err: unknown): Outcome {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403) {
    return { kind: 'rejected', message: `the site refused it: ${err.message} (${err.code})` };
  }
  throw err;
}

/**
 * Creates, updates or keeps the record a row describes: {@link decideRow}, then {@link applyDecision}.
 * @param id the row's `id` cell
 * @param verify the row's create may have reached the site in an earlier run (look it up first)
 * @param onDecision told what was decided, before it is carried out (the plan of a dry run)
 * @throws ApiError 4xx answers are returned as rejections; other failures are thrown (the run stops)
 */
export async function applyRow(
  opts: ApplyOptions,
  id: number | undefined,
  body: Body,
  verify: boolean,
  onDecision?: (d: Decision) => void,
): Promise<Outcome> {
  try {
    const d = await decideRow(opts, id, body, verify);
    onDecision?.(d);
    return await applyDecision(opts, d);
  } catch (err) {
    return asRejection(err);
  }
}
