/**
 * `calctl events|venues|organizers restore ID…`: takes records out of the trash, as a real site does
 * when an update sets a trashed record's status back: the record is read, and the update that
 * restores it carries its whole writable state (a site resets what an update omits) with the new
 * status (`publish`, or `--status draft` …). The site gives the slug it had before trashing back.
 */
import type { ResourceSpec } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import type { JsonRecord } from '../../output/index.js';
import { mergeUpdate } from '../../records/index.js';
import { fullUrl, printDryRun, recordPath } from '../shared.js';
import type { CliRuntime } from '../types.js';
import type { NamedRecords } from './delete.js';
import { forEachRecord } from './each.js';
import { requireRecord } from './record.js';

/** Restores every ref (exit 3 when some failed, 2 when a record is not in the trash). */
export async function restoreRecords(
  rt: CliRuntime,
  resource: ResourceSpec,
  named: NamedRecords,
  status: string,
): Promise<void> {
  const { refs } = named;
  if (refs.length === 0)
    throw new UsageError(`which ${resource.name}? give one or more ids, or - to read them from stdin`);
  const api = await rt.api();
  const dryRun = rt.globals().dryRun === true;
  const bodies: [string, JsonRecord][] = [];
  await forEachRecord(
    rt,
    resource,
    named,
    'restored',
    async (ref) => {
      const record = await requireRecord(rt, resource, ref);
      if (record.status !== 'trash') {
        throw new UsageError(
          `${resource.singular} ${String(record.id)} is not in the trash (its status is ${String(record.status)})`,
          `the trash is listed by calctl ${resource.name} list --status trash`,
          'not-trashed',
        );
      }
      const path = recordPath(resource, { id: Number(record.id) });
      const body = mergeUpdate(resource, record, { status });
      if (dryRun) {
        bodies.push([path, body as JsonRecord]);
        return record;
      }
      return (await api.put<JsonRecord>(path, body, { signal: rt.ctx.signal })).body;
    },
    dryRun,
  );
  for (const [path, body] of bodies) printDryRun(rt, 'PUT', fullUrl(api.baseUrl, path), body);
}
