/**
 * `calctl <resource> update`: reads the record, merges the changes and sends every field the site
 * would otherwise reset (see ../merge.ts). Always by id: a body `slug` on a by-slug route would
 * replace the lookup slug on a real site.
 */
import type { ResourceSpec } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import type { JsonRecord } from '../../output/index.js';
import { mergeUpdate, siteText, textKind } from '../../records/index.js';
import { dateZone, fullUrl, printDryRun, recordPath, writerOptions } from '../shared.js';
import type { CliRuntime } from '../types.js';
import { buildChanges, type WriteOptions } from './body.js';
import { checkOrder } from './event-dates.js';
import { type RecordRef, requireRecord } from './record.js';

/** Updates one record and prints the result. */
export async function updateRecord(
  rt: CliRuntime,
  resource: ResourceSpec,
  ref: RecordRef,
  opts: WriteOptions,
): Promise<void> {
  const record = await requireRecord(rt, resource, ref);
  const changes = await buildChanges(rt, resource, opts, record);
  if (Object.keys(changes).length === 0) {
    throw new UsageError('nothing to update', `give field flags (see calctl ${resource.name} update --help) or --data`);
  }
  // Text the record already shows (the site's `Kids&#8217; Club` for `Kids' Club`, or `-o json`'s
  // decoded `Kids’ Club`) is left out: the site keeps what it stores instead of a copy of its display.
  for (const [key, value] of Object.entries(changes)) {
    const shown = record[key];
    if (!textKind(resource, key) || typeof value !== 'string' || typeof shown !== 'string') continue;
    if (siteText(resource, key, value) === siteText(resource, key, shown)) delete changes[key];
  }
  const body = mergeUpdate(resource, record, changes);
  if (resource.name === 'events') {
    checkOrder(body, await dateZone(rt, typeof body.timezone === 'string' ? body.timezone : undefined));
  }
  const api = await rt.api();
  const path = recordPath(resource, { id: Number(record.id) });
  // PUT: the body is complete, so repeating it is harmless and the client may retry it.
  if (rt.globals().dryRun) {
    printDryRun(rt, 'PUT', fullUrl(api.baseUrl, path), body);
    return;
  }
  const res = await api.put<JsonRecord>(path, body, { signal: rt.ctx.signal });
  const { writeOne } = await import('../../output/index.js');
  writeOne(res.body, await writerOptions(rt, resource));
}
