/**
 * `calctl events copy ID`: a new event from an existing one ("the same event next week"). Everything
 * is kept and the linked venue, organizers and terms are reused; flags change what they name. A new
 * start moves the end with it, keeping the duration. The copy gets a slug of its own.
 */
import type { ResourceSpec } from '../../catalog/index.js';
import { fieldsToMs, formatWall, parseWallTime } from '../../clock/index.js';
import { AS_NEW, recordToInput } from '../../records/index.js';
import type { CliRuntime } from '../types.js';
import { buildChanges, type WriteOptions } from './body.js';
import { postRecord } from './create.js';
import { type RecordRef, requireRecord } from './record.js';

/** Keys of the source that the copy must not take over: its identity and publication date. */
const NOT_COPIED = ['id', 'slug', 'date', 'date_utc'];

/** The end that keeps the source's duration from a new start. */
function keepDuration(record: Record<string, unknown>, start: string): string | undefined {
  const from = typeof record.start_date === 'string' ? parseWallTime(record.start_date) : undefined;
  const to = typeof record.end_date === 'string' ? parseWallTime(record.end_date) : undefined;
  const begin = parseWallTime(start);
  if (!from || !to || !begin) return undefined;
  return formatWall(fieldsToMs(begin) + (fieldsToMs(to) - fieldsToMs(from)));
}

/** Copies one event and prints the new one (`--porcelain`: its id only). */
export async function copyRecord(
  rt: CliRuntime,
  resource: ResourceSpec,
  ref: RecordRef,
  opts: WriteOptions,
): Promise<void> {
  const record = await requireRecord(rt, resource, ref);
  const changes = await buildChanges(rt, resource, opts, record);
  const base = recordToInput(resource, record, { ...AS_NEW, omit: NOT_COPIED });
  if (typeof changes.start_date === 'string' && changes.end_date === undefined) {
    const end = keepDuration(record, changes.start_date);
    if (end !== undefined) changes.end_date = end;
  }
  await postRecord(rt, resource, { ...base, ...changes }, opts.porcelain === true);
}
