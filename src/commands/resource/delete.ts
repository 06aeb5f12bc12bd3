/**
 * `calctl <resource> delete ID… | - | --slug S`: asks first on a terminal (`--yes` skips), deletes
 * one by one and prints what the site returned. Events, venues and organizers go to the trash;
 * categories and tags are deleted for good.
 */
import type { ResourceSpec } from '../../catalog/index.js';
import { CalctlError, exitCodeOf, PartialError, UsageError } from '../../cli/errors.js';
import type { CliRuntime } from '../../cli/runtime.js';
import type { JsonRecord } from '../../output/index.js';
import { confirmOrThrow, fullUrl, outputFormat, parseId, printDryRun, recordPath, writerOptions } from '../shared.js';
import { notFound, type RecordRef } from './record.js';

/** The ids to delete: arguments, `-` for ids on stdin (one per line, blank lines ignored). */
export async function deleteRefs(
  rt: CliRuntime,
  resource: ResourceSpec,
  args: readonly string[],
  slug: string | undefined,
): Promise<RecordRef[]> {
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
  return refs;
}

const label = (ref: RecordRef) => ('id' in ref ? String(ref.id) : `slug ${ref.slug}`);

/** Deletes every ref; failures are reported and the rest go on (exit 3 when some failed). */
export async function deleteRecords(rt: CliRuntime, resource: ResourceSpec, refs: RecordRef[]): Promise<void> {
  if (refs.length === 0) {
    rt.ctx.io.stderr.write(`calctl: no ${resource.name} to delete\n`);
    return;
  }
  const api = await rt.api();
  if (rt.globals().dryRun) {
    for (const ref of refs) printDryRun(rt, 'DELETE', fullUrl(api.baseUrl, recordPath(resource, ref)));
    return;
  }
  const what =
    refs.length === 1 ? `${resource.singular} ${label(refs[0] as RecordRef)}` : `${refs.length} ${resource.name}`;
  const verb = resource.kind === 'term' ? 'Delete' : 'Move to the trash';
  if (!(await confirmOrThrow(rt, `${verb} ${what}?`))) {
    rt.ctx.io.stderr.write('calctl: nothing deleted\n');
    return;
  }
  const { createRecordWriter, writeError } = await import('../../output/index.js');
  const writer = createRecordWriter(await writerOptions(rt, resource));
  const format = await outputFormat(rt);
  const failures: unknown[] = [];
  for (const ref of refs) {
    try {
      const res = await api.delete<JsonRecord>(recordPath(resource, ref), { signal: rt.ctx.signal });
      writer.write(res.body);
    } catch (caught) {
      const err = notFound(resource, ref, caught);
      if (rt.ctx.signal.aborted || refs.length === 1) throw err;
      failures.push(err);
      writeError(err, { stderr: rt.ctx.io.stderr, format });
    }
  }
  writer.end();
  if (failures.length === refs.length) {
    throw new CalctlError(`none of the ${refs.length} ${resource.name} could be deleted`, {
      code: 'delete_failed',
      exitCode: exitCodeOf(failures[0]),
      hint: 'see the errors above',
    });
  }
  if (failures.length > 0) {
    throw new PartialError(
      `${failures.length} of ${refs.length} ${resource.name} could not be deleted`,
      'see the errors above',
    );
  }
}
