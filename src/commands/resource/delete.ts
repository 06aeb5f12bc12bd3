/**
 * `calctl <resource> delete ID… | - | --slug S`: asks first on a terminal (`--yes` skips), deletes
 * one by one and prints what the site returned. Events, venues and organizers go to the trash;
 * categories and tags are deleted for good.
 */
import { ApiError, coreRecordPath, coreRouteUrl } from '../../api/index.js';
import type { ResourceSpec } from '../../catalog/index.js';
import { CalctlError, EXIT, UsageError } from '../../errors/index.js';
import { modifiedOf, type WriteJournal } from '../../import/index.js';
import type { JsonRecord } from '../../output/index.js';
import { stderrNotes } from '../../output/notes.js';
import { recordToInput } from '../../records/index.js';
import { confirmOrThrow, fullUrl, parseId, printDryRun, recordPath } from '../shared.js';
import type { CliRuntime } from '../types.js';
import { forEachRecord } from './each.js';
import { notFound, type RecordRef, requireRecord } from './record.js';

/**
 * The records an action names, and whether it names exactly one (one id or `--slug`): that one is
 * printed as an object, as `get` prints it; several, or ids read from stdin, as an array.
 */
export interface NamedRecords {
  refs: RecordRef[];
  single: boolean;
}

/** The ids to delete: arguments, `-` for ids on stdin (one per line, blank lines ignored). */
export async function deleteRefs(
  rt: CliRuntime,
  resource: ResourceSpec,
  args: readonly string[],
  slug: string | undefined,
): Promise<NamedRecords> {
  const refs: RecordRef[] = [];
  for (const arg of args) {
    if (arg === '-') {
      const text = await rt.stdinText('ids (delete -)');
      for (const word of text.split(/\s+/)) if (word !== '') refs.push({ id: parseId(word, resource) });
    } else {
      refs.push({ id: parseId(arg, resource) });
    }
  }
  if (slug !== undefined) {
    if (!resource.bySlug) throw new UsageError(`${resource.name} cannot be looked up by slug`, 'give the id');
    refs.push({ slug });
  }
  if (refs.length === 0 && !args.includes('-')) {
    throw new UsageError(`which ${resource.name}? give one or more ids, or - to read them from stdin`);
  }
  return { refs, single: refs.length === 1 && !args.includes('-') };
}

const label = (ref: RecordRef) => ('id' in ref ? String(ref.id) : `slug ${ref.slug}`);

/**
 * Deletes every ref; failures are reported and the rest go on (exit 3 when some failed). With
 * `force`, events, venues and organizers are deleted for good through WordPress core's routes (the
 * plugin's routes only trash them), after a confirmation that says it cannot be undone.
 */
export async function deleteRecords(
  rt: CliRuntime,
  resource: ResourceSpec,
  named: NamedRecords,
  force = false,
): Promise<void> {
  const { refs } = named;
  if (refs.length === 0) {
    stderrNotes(rt.ctx).info(`no ${resource.name} to delete`);
    return;
  }
  const api = await rt.api();
  const forGood = force && resource.kind === 'post';
  if (rt.globals().dryRun) {
    for (const ref of refs) {
      const url = forGood
        ? coreRouteUrl(
            api.baseUrl,
            `${coreRecordPath(resource, 'id' in ref ? ref.id : `{id of ${ref.slug}}`)}?force=true`,
          )
        : fullUrl(api.baseUrl, recordPath(resource, ref));
      printDryRun(rt, 'DELETE', url);
    }
    return;
  }
  const what =
    refs.length === 1 ? `${resource.singular} ${label(refs[0] as RecordRef)}` : `${refs.length} ${resource.name}`;
  const question = forGood
    ? `Delete ${what} for good? This cannot be undone.`
    : `${resource.kind === 'term' ? 'Delete' : 'Move to the trash'} ${what}?`;
  if (!(await confirmOrThrow(rt, question))) {
    stderrNotes(rt.ctx).info('nothing deleted');
    return;
  }
  // (recorded in the profile's history: each record's state before it goes, so `calctl undo` restores it)
  const { recordRun } = await import('../history/store.js');
  const recorder = await recordRun(rt, { kind: 'delete' });
  let deleted = 0;
  let failed = 0;
  try {
    await forEachRecord(rt, resource, named, 'deleted', async (ref) => {
      const token = recorder ? await noteDelete(rt, resource, ref, recorder.journal) : undefined;
      try {
        const answer = forGood
          ? await deleteForGood(rt, resource, ref)
          : await api.delete<JsonRecord>(recordPath(resource, ref), { signal: rt.ctx.signal }).then(
              (res) => res.body,
              (caught: unknown) => {
                throw notFound(resource, ref, caught);
              },
            );
        if (token) recorder?.journal.done(token.seq, { id: token.id, modified: modifiedOf(answer) });
        deleted++;
        return answer;
      } catch (err) {
        if (token) recorder?.journal.failed(token.seq);
        failed++;
        throw err;
      }
    });
  } finally {
    recorder?.finish('done', { deleted, failed });
  }
}

/** DELETE …/wp/v2/<type>/<id>?force=true; prints the id and title of what is gone. */
async function deleteForGood(rt: CliRuntime, resource: ResourceSpec, ref: RecordRef): Promise<JsonRecord> {
  const api = await rt.api();
  const id = 'id' in ref ? ref.id : Number((await requireRecord(rt, resource, ref)).id);
  const url = coreRouteUrl(api.baseUrl, `${coreRecordPath(resource, id)}?force=true`);
  try {
    const res = await api.request<JsonRecord>('DELETE', url, { signal: rt.ctx.signal });
    const previous = (res.body.previous ?? {}) as JsonRecord;
    const title = (previous.title as JsonRecord | undefined)?.rendered ?? previous.title;
    return { id, [resource.titleField]: title ?? null, deleted: res.body.deleted === true };
  } catch (err) {
    throw coreRouteFailure(resource, ref, err);
  }
}

/** Words for a core route that is missing or closed to these credentials. */
function coreRouteFailure(resource: ResourceSpec, ref: RecordRef, err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  if (err.code === 'rest_no_route') {
    return new CalctlError(
      `this site does not serve WordPress core's routes for ${resource.name} (/wp/v2/${resource.coreBase})`,
      {
        code: 'core_route_missing',
        exitCode: EXIT.failure,
        hint: 'a plugin may hide them; delete it for good in wp-admin (Trash → Delete permanently), or ask the site admin',
        cause: err,
      },
    );
  }
  if (err.status === 401 || err.status === 403) {
    return new CalctlError(`the site refused to delete ${resource.singular} ${label(ref)} for good (${err.code})`, {
      code: err.code,
      exitCode: EXIT.auth,
      hint: "deleting for good needs a user who may delete others' posts (an editor or administrator)",
      cause: err,
    });
  }
  return notFound(resource, ref, err);
}

/** Notes a delete in the run's history before it is sent: the record's state, to restore it. */
async function noteDelete(
  rt: CliRuntime,
  resource: ResourceSpec,
  ref: RecordRef,
  journal: WriteJournal,
): Promise<{ seq: number; id: number } | undefined> {
  let record: JsonRecord;
  try {
    record = await requireRecord(rt, resource, ref);
  } catch {
    return undefined;
  }
  const before = recordToInput(resource, record);
  if (typeof record.status === 'string') before.status = record.status;
  const id = Number(record.id);
  const title = record[resource.titleField];
  const seq = journal.intent({
    resource: resource.name,
    action: 'deleted',
    id,
    title: typeof title === 'string' ? title : String((title as JsonRecord | undefined)?.rendered ?? ''),
    before,
  });
  return { seq, id };
}
