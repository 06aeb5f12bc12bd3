/** Finding one record (by id or slug), shared by get, update and delete. */
import type { ResourceSpec } from '../../catalog/index.js';
import { CalctlError, EXIT, exitCodeOf, UsageError } from '../../errors/index.js';
import type { JsonRecord } from '../../output/index.js';
import { parseId, recordPath } from '../shared.js';
import type { Runtime } from '../types.js';

/** A record reference as given on the command line. */
export type RecordRef = { id: number } | { slug: string };

/** Reads `ID` or `--slug`; exactly one is needed (slugs only where the resource has by-slug routes). */
export function recordRef(resource: ResourceSpec, idText: string | undefined, slug: string | undefined): RecordRef {
  if (idText !== undefined && idText !== '') return { id: parseId(idText, resource) };
  if (slug !== undefined && slug !== '') {
    if (!resource.bySlug) throw new UsageError(`${resource.name} cannot be looked up by slug`, 'give the id');
    return { slug };
  }
  throw new UsageError(
    `which ${resource.singular}? give its id${resource.bySlug ? ' or --slug NAME' : ''}`,
    `e.g. calctl ${resource.name} get 42`,
    'missing-id',
  );
}

/** GETs one record (the admin view: drafts and trashed records included); throws a user error when it is not found. */
export async function requireRecord(rt: Runtime, resource: ResourceSpec, ref: RecordRef): Promise<JsonRecord> {
  const api = await rt.api();
  try {
    const res = await api.get<JsonRecord>(recordPath(resource, ref), { signal: rt.ctx.signal });
    return res.body;
  } catch (err) {
    throw notFound(resource, ref, err);
  }
}

/**
 * Words for "no such record": the site answers an unknown id or slug with 400 `rest_invalid_param`
 * ("Invalid parameter(s): id"), which says nothing to a user. Other errors pass unchanged.
 */
export function notFound(resource: ResourceSpec, ref0: RecordRef, err: unknown): unknown {
  if (exitCodeOf(err) !== EXIT.notFound) return err;
  const what = 'id' in ref0 ? `id ${ref0.id}` : `slug "${ref0.slug}"`;
  const e = err as CalctlError;
  const trashed = e.status === 410;
  const ref = 'id' in ref0 ? String(ref0.id) : `--slug ${ref0.slug}`;
  return new CalctlError(
    trashed ? `the ${resource.singular} with ${what} is already in the trash` : `no ${resource.singular} with ${what}`,
    {
      code: typeof e.code === 'string' ? e.code : 'not_found',
      exitCode: EXIT.notFound,
      status: e.status,
      hint: trashed
        ? `take it out with: calctl ${resource.name} restore ${ref}; or delete it for good with --force`
        : `list them with: calctl ${resource.name} list`,
      cause: err,
    },
  );
}

/** `calctl <resource> get ID|--slug S`: prints one record. */
export async function getRecord(rt: Runtime, resource: ResourceSpec, ref: RecordRef): Promise<void> {
  const { writeOne } = await import('../../output/index.js');
  const { writerOptions } = await import('../shared.js');
  const opts = await writerOptions(rt, resource);
  writeOne(await requireRecord(rt, resource, ref), opts);
}
